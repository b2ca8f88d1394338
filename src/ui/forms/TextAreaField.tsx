import { useId, type TextareaHTMLAttributes } from 'react';

type TextAreaFieldProps = {
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'>;

/** A labelled multi-line input with its error below, like TextField. */
export function TextAreaField({ label, value, error, onValue, ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => {
          onValue(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
