import * as v from 'valibot';
import type { CurrentUser } from '../../protocol';
import { CurrentUserSchema } from '../../protocol';

/** Spec §3: the token is kept in the browser under `token`. */
export const TOKEN_KEY = 'token';
/**
 * The last current user loaded for this token, so a reload without network still opens the
 * workspace and its outbox (DESIGN §5). It is written only after a successful load and goes
 * with the token.
 */
export const USER_KEY = 'sc-user';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session's browser storage. Storage can throw (disabled, private modes): then there is simply no session. */
export class SessionStorage {
  constructor(private readonly storage: StorageLike) {}

  readToken(): string | null {
    return this.read(TOKEN_KEY) || null;
  }

  /** A new token starts a new session: the user cached for the old one is dropped. */
  storeToken(token: string): void {
    this.write(USER_KEY, null);
    this.write(TOKEN_KEY, token);
  }

  forget(): void {
    this.write(TOKEN_KEY, null);
    this.write(USER_KEY, null);
  }

  readCachedUser(): CurrentUser | null {
    const text = this.read(USER_KEY);
    if (!text) return null;
    try {
      const parsed = v.safeParse(CurrentUserSchema, JSON.parse(text));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  }

  storeCachedUser(user: CurrentUser): void {
    this.write(USER_KEY, JSON.stringify(user));
  }

  private read(key: string): string | null {
    try {
      return this.storage.getItem(key);
    } catch {
      return null;
    }
  }

  private write(key: string, value: string | null): void {
    try {
      if (value === null) this.storage.removeItem(key);
      else this.storage.setItem(key, value);
    } catch (error) {
      console.warn(`Browser storage ${key} could not be written`, error);
    }
  }
}
