import Dexie, { type Table } from 'dexie';

/**
 * Who is signed in, kept in IndexedDB so the service worker (which cannot read localStorage) can
 * flush the outbox by Background Sync when no tab is open. Written at sign-in, removed at logout.
 */
export type StoredSession = {
  id: 'current';
  baseUrl: string;
  token: string;
  orgId: string;
  userId: string;
};

class SessionDb extends Dexie {
  sessions!: Table<StoredSession, string>;
  constructor() {
    super('sc-session');
    this.version(1).stores({ sessions: 'id' });
  }
}

let sessionDb: SessionDb | undefined;
const open = (): SessionDb => (sessionDb ??= new SessionDb());

export async function saveSession(session: Omit<StoredSession, 'id'>): Promise<void> {
  await open().sessions.put({ id: 'current', ...session });
}

export async function loadSession(): Promise<StoredSession | undefined> {
  return open().sessions.get('current');
}

export async function clearSession(): Promise<void> {
  await open().sessions.delete('current');
}
