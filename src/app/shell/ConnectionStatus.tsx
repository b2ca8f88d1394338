import { useI18n } from '../../ui/i18n';
import type { SyncView } from '../session/sync-view';
import { useSyncSnapshot } from './use-sync-snapshot';

/** The live connection and the changes still waiting for the server, at the foot of the menu. */
export function ConnectionStatus({ view }: { view: SyncView }) {
  const { t } = useI18n();
  const { state } = useSyncSnapshot(view);
  return (
    <div
      className="connection"
      data-testid="connection"
      data-connection={state.connection}
      data-bootstrap={state.bootstrap.state}
      data-pending={state.outbox.pending}
    >
      <span className={`connection__dot connection__dot--${state.connection}`} aria-hidden="true" />
      <span>{t(`connection.${state.connection}`)}</span>
      {state.outbox.pending > 0 ? (
        <span className="connection__pending">
          {t('connection.pending', { count: state.outbox.pending })}
        </span>
      ) : null}
    </div>
  );
}
