import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

type TextAreaFieldProps = {
  label: string;
  value: string;
  error?: string | undefined;
  /** Marks the label with the asterisk and the text area as required (spec §5). */
  required?: boolean | undefined;
  onValue: (value: string) => void;
  /** The text area itself, for a caller that inserts at the caret (the template editor). */
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id' | 'required'>;

/** A labelled multi-line input with its error below, like TextField. */
export function TextAreaField({
  label,
  value,
  error,
  required,
  onValue,
  ref,
  ...area
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error}>
      {(control) => (
        <textarea
          {...area}
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
