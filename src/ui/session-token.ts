/**
 * The session's token in the browser's storage, as both the workspace's session
 * (src/app/session) and the landing page (src/landing) keep it. Storage can throw (disabled,
 * private modes): then there is simply no session.
 */

/** Spec §3: the token is kept in the browser under `token`. */
export const TOKEN_KEY = 'token';
/**
 * The last current user loaded for this token, so a reload without network still opens the
 * workspace and its outbox (DESIGN §5). It is written only after a successful load and goes
 * with the token.
 */
export const USER_KEY = 'sc-user';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readItem(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes the value, or removes the item for null. */
export function writeItem(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  key: string,
  value: string | null,
): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) {
    console.warn(`Browser storage ${key} could not be written`, error);
  }
}

/** A new token starts a new session: the user cached for the old one is dropped. */
export function storeToken(storage: StorageLike, token: string): void {
  writeItem(storage, USER_KEY, null);
  writeItem(storage, TOKEN_KEY, token);
}

/** Another tab signed in or out: this one follows by reloading into the new state. */
export function followOtherTabs(target: Pick<Window, 'addEventListener'>, reload: () => void) {
  target.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) reload();
  });
}
