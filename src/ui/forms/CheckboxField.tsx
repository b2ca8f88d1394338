import { useId, type InputHTMLAttributes } from 'react';

type CheckboxFieldProps = {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'onChange' | 'id' | 'type'>;

/** A checkbox with its label to the right; the hint, if any, is read with it. */
export function CheckboxField({ label, checked, onChecked, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field field--check">
      <input
        {...input}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChecked(event.target.checked);
        }}
        aria-describedby={hint ? hintId : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
