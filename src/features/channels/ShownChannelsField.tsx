import type { Channel } from '../../protocol';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { useI18n } from '../../ui/i18n';
import { shownChannelChoices, toggleShownChannel } from './channel-form';

/**
 * A site chat's "channels shown" (spec §3): checkboxes of the organization's channels a customer
 * can open, from the local store, so the page works offline like the rest of the form. The
 * widget offers the checked ones as "Also write to us in: Telegram · E-mail".
 */
export function ShownChannelsField({
  channels,
  selfId,
  value,
  onValue,
  error,
}: {
  channels: readonly Channel[];
  selfId: string;
  /** The checked ids, one per line, as the form keeps its lists. */
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const choices = shownChannelChoices(channels, selfId, value);
  return (
    <fieldset className="channels__fieldset" data-testid="channel-setting-shownChannelIds">
      <legend>{t('channels.form.shownChannelIds')}</legend>
      <p className="form__hint">{t('channels.form.shownChannelIdsHint')}</p>
      {choices.length === 0 ? (
        <p className="form__hint" data-testid="shown-channels-none">
          {t('channels.form.shownChannelIdsNone')}
        </p>
      ) : (
        choices.map((choice) => (
          <CheckboxField
            key={choice.id}
            label={`${choice.name} — ${t(`channelType.${choice.type}`)}`}
            hint={
              choice.active
                ? choice.link.replace(/^mailto:/, '')
                : t('channels.form.shownChannelIdsOff')
            }
            name="shownChannelIds"
            value={choice.id}
            checked={choice.checked}
            disabled={choice.disabled}
            data-testid={`shown-channel-${choice.id}`}
            onChecked={(checked) => {
              onValue(toggleShownChannel(value, choices, choice.id, checked));
            }}
          />
        ))
      )}
      {error ? <span className="field__error">{error}</span> : null}
    </fieldset>
  );
}
