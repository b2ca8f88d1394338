import { useId } from 'react';
import { STATUS_COLOUR_NAMES, STATUS_COLOURS } from '../../protocol';
import { useI18n } from '../../ui/i18n';

/**
 * The 13 colours of the palette (spec §3) as a radio group: each a swatch with its name, so the
 * choice does not rest on telling colours apart. Native radios give the group's semantics and its
 * keyboard (Tab into the group, arrows between colours) for free.
 */
export function ColourPicker({
  label,
  value,
  error,
  onValue,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (colour: string) => void;
}) {
  const { t } = useI18n();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="colour-picker"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      data-testid="status-colours"
    >
      <legend className="field__label required">{label}</legend>
      <div className="colour-picker__options">
        {STATUS_COLOUR_NAMES.map((colour) => (
          <label key={colour} className="colour-picker__option">
            <input
              type="radio"
              name={name}
              value={colour}
              checked={value === colour}
              required
              onChange={() => {
                onValue(colour);
              }}
            />
            <span
              className="colour-swatch"
              style={{ background: STATUS_COLOURS[colour] }}
              aria-hidden="true"
            />
            <span>{t(`clientSettings.colour.${colour}`)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
