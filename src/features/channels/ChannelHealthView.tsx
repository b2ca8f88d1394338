import type { ChannelHealth } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { healthState } from './channel-list';

/**
 * How the channel is doing (issue 19: shown to the people who depend on it): connected or not,
 * the last message in and out, and the provider's last error with its time.
 */
export function ChannelHealthView({ health }: { health: ChannelHealth | undefined }) {
  const { t, intl } = useI18n();
  const when = (at: string | null | undefined) =>
    at
      ? intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })
      : t('channels.health.never');
  const state = healthState(health);
  return (
    <>
      {state === 'reauthorize' ? (
        <p className="channels__warning" role="alert" data-testid="channel-reauthorize">
          {t('channels.health.reauthorizeHint')}
        </p>
      ) : null}
      <dl className="channels__facts" data-testid="channel-health">
        <dt>{t('channels.health.state')}</dt>
        <dd data-testid="channel-health-state">{t(`channels.health.${state}`)}</dd>
        <dt>{t('channels.health.lastIn')}</dt>
        <dd>{when(health?.lastInboundAt)}</dd>
        <dt>{t('channels.health.lastOut')}</dt>
        <dd>{when(health?.lastOutboundAt)}</dd>
        <dt>{t('channels.health.lastError')}</dt>
        <dd data-testid="channel-health-error">
          {health?.lastError
            ? `${health.lastError} (${when(health.lastErrorAt)})`
            : t('channels.health.noError')}
        </dd>
      </dl>
    </>
  );
}
