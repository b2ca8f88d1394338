import { useId, type ReactNode } from 'react';

/** What the control inside a field frame takes to be tied to its label and its error. */
export type FieldControlProps = {
  id: string;
  className: 'field__input';
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required'?: true;
};

/**
 * A field's label above its control and its error below, tied together for screen readers.
 * A required field's label carries the asterisk (spec §5) and its control says it is required.
 */
export function FieldFrame({
  label,
  required = false,
  error,
  children,
}: {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className={required ? 'field__label required' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
