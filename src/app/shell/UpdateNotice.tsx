import { useSyncExternalStore, type ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import type { AppUpdate } from './app-update';

/** "New app version, reload the page" (spec §2, §8), shown over any screen while a new version waits. */
export function UpdateNotice({ appUpdate }: { appUpdate: AppUpdate }): ReactNode {
  const { t } = useI18n();
  const update = useSyncExternalStore(appUpdate.subscribe, appUpdate.getSnapshot);
  if (!update) return null;
  return (
    <div className="toast" role="status" data-testid="update-notice">
      <span>{t('notice.update')}</span>
      <button className="button button--primary" type="button" onClick={update}>
        {t('notice.reload')}
      </button>
    </div>
  );
}
