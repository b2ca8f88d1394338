import Dexie from 'dexie';
import { clearSession, openStore, storeName } from '../../store';
import { startSync } from '../../sync/sync-client';
import type { ApiClient } from '../../ui/http';
import { AuthSession } from './auth-session';
import { isStandalone } from './current-user';
import type { SessionStorage } from './session-storage';

/** The session wired to this browser: localStorage, IndexedDB, the sync worker and page reloads. */
export function browserSession(
  api: ApiClient,
  storage: SessionStorage,
  onUserChanged: () => void,
): AuthSession {
  const session = new AuthSession({
    api,
    storage,
    baseUrl: location.origin,
    isStandalone,
    openStore,
    deleteStore: (orgId, userId) => Dexie.delete(storeName(orgId, userId)),
    startSync,
    forgetWorkerSession: clearSession,
    reloadAtLogin: () => {
      location.assign('/');
    },
    onUserChanged,
  });
  session.followOtherTabs(window, () => {
    location.reload();
  });
  return session;
}
