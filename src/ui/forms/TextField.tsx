import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame } from './FieldFrame';

type TextFieldProps = {
  label: string;
  value: string;
  error?: string | undefined;
  /** Marks the label with the asterisk and the input as required (spec §5). */
  required?: boolean | undefined;
  onValue: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'required'>;

/** A labelled input with its error below, tied together for screen readers. */
export function TextField({
  label,
  value,
  error,
  required,
  onValue,
  ref,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          value={value}
          onChange={(event) => {
            onValue(event.target.value);
          }}
        />
      )}
    </FieldFrame>
  );
}
