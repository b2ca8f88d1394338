import * as v from 'valibot';
import type { CurrentUser } from '../../protocol';
import { CurrentUserSchema } from '../../protocol';
import {
  TOKEN_KEY,
  USER_KEY,
  readItem,
  storeToken,
  writeItem,
  type StorageLike,
} from '../../ui/session-token';

/** The session's browser storage. Storage can throw (disabled, private modes): then there is simply no session. */
export class SessionStorage {
  constructor(private readonly storage: StorageLike) {}

  readToken(): string | null {
    return this.read(TOKEN_KEY) || null;
  }

  /** A new token starts a new session: the user cached for the old one is dropped. */
  storeToken(token: string): void {
    storeToken(this.storage, token);
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
    return readItem(this.storage, key);
  }

  private write(key: string, value: string | null): void {
    writeItem(this.storage, key, value);
  }
}
