import { useState } from 'react';
import { Notice } from '../../ui/Notice';
import { useI18n } from '../../ui/i18n';
import type { SyncView } from '../session/sync-view';
import { useSyncSnapshot } from './use-sync-snapshot';

/** The notices of spec §2/§8 that come from the sync engine: connection lost, and a problem to hear of. */
export function SyncNotices({ view }: { view: SyncView }) {
  const { t, error } = useI18n();
  const { state, connectionLost } = useSyncSnapshot(view);
  // A dismissed problem stays dismissed until a new one (a new `at`) arrives.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const problem = state.problem && state.problem.at !== dismissedAt ? state.problem : null;
  return (
    <div className="notices" data-testid="notices">
      {connectionLost ? (
        <Notice
          tone="warning"
          title={t('notice.connectionLost')}
          actions={
            <button
              className="button"
              type="button"
              onClick={() => {
                location.reload();
              }}
            >
              {t('notice.refresh')}
            </button>
          }
        />
      ) : null}
      {problem ? (
        <Notice
          tone="danger"
          title={t('notice.problem')}
          actions={
            <button
              className="button button--link"
              type="button"
              onClick={() => {
                setDismissedAt(problem.at);
              }}
            >
              {t('notice.dismiss')}
            </button>
          }
        >
          {problem.name === 'STORAGE_FULL' ? t('notice.storageFull') : error(problem.name)}
        </Notice>
      ) : null}
    </div>
  );
}
