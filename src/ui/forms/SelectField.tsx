import type { SelectHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  label: string;
  value: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  /** Marks the label with the asterisk and the drop-down as required (spec §5). */
  required?: boolean | undefined;
  onValue: (value: string) => void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id' | 'required'>;

/** A labelled drop-down with its error below, like TextField. */
export function SelectField({
  label,
  value,
  options,
  error,
  required,
  onValue,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error}>
      {(control) => (
        <select
          {...select}
          {...control}
          value={value}
          onChange={(event) => {
            onValue(event.target.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
