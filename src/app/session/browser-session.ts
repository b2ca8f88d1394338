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
    // Its own chunk (Dexie, the store, the sync client): fetched beside the app's script when a
    // token is stored (vite.config.ts), after sign-in otherwise.
    runtime: async () => (await import('../workspace')).sessionRuntime,
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
