import type { InboxDb, StoredSession } from '../store';
import { loadSession } from '../store/session-store';
import { openStore } from '../store/open-store';
import { AuthLostError, SyncApi } from '../sync/api-client';
import { flushOutbox, type FlushOutcome } from '../sync/outbox-flush';

/** What a Background Sync flush needs; the defaults are the real store, API and Web Locks. */
export type OutboxSyncDeps = {
  loadSession: () => Promise<StoredSession | undefined>;
  openStore: (orgId: string, userId: string) => Promise<InboxDb>;
  createApi: (session: StoredSession) => SyncApi;
  flush: typeof flushOutbox;
  locks: LockManager | undefined;
};

export const defaultOutboxSyncDeps = (locks: LockManager | undefined): OutboxSyncDeps => ({
  loadSession,
  openStore,
  createApi: (session) => new SyncApi(session),
  flush: flushOutbox,
  locks,
});

/** A flush that sent what it could but holds commands the server failed on, for a later try. */
export class CommandsHeldBack extends Error {
  constructor(readonly count: number) {
    super(`${String(count)} commands held back for a later try`);
    this.name = 'CommandsHeldBack';
  }
}

/**
 * Sends the signed-in user's outbox on a Background Sync event, when no tab may be open
 * (DESIGN §5). It takes the same Web Lock as the sync worker, so the two never flush at once.
 *
 * Resolves with the outcome, or null when nobody is signed in or the server refused the token
 * (the session is over: retrying cannot help, and the page handles the sign-out). Any other
 * failure (no network, a 5xx, commands the server failed on) rejects, so the browser fires the
 * sync again later.
 */
export async function flushOutboxInBackground(deps: OutboxSyncDeps): Promise<FlushOutcome | null> {
  const session = await deps.loadSession();
  if (!session) return null;
  const db = await deps.openStore(session.orgId, session.userId);
  try {
    const outcome = await deps.flush(
      db,
      deps.createApi(session),
      { userId: session.userId },
      deps.locks,
    );
    // Commands the server failed on wait for a later try: the browser fires the sync again.
    if (outcome.heldBack.length > 0) throw new CommandsHeldBack(outcome.heldBack.length);
    return outcome;
  } catch (error) {
    if (error instanceof AuthLostError) return null;
    throw error;
  } finally {
    // A service worker lives on after the event: an open connection would block the page's
    // schema rebuild (a version change) until the browser stops the worker.
    db.close();
  }
}
