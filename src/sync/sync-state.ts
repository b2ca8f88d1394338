import type { ErrorName } from '../protocol';

/**
 * The live connection as the user should understand it: `online` once the server's live socket
 * is ready; `offline` when the last attempt to reach the server failed or the socket dropped (a
 * retry is due); `connecting` while an attempt is under way with nothing failed yet, which is
 * also where a page starts.
 */
export type ConnectionState = 'offline' | 'connecting' | 'online';

/** What the sync engine publishes to the UI, as an RxJS observable. */
export type SyncState = {
  connection: ConnectionState;
  /** This tab's worker holds the one live connection of the browser profile. */
  leader: boolean;
  bootstrap: { state: 'idle' | 'loading' | 'done'; rows: number };
  /** Commands waiting for the server, and those it refused. */
  outbox: { pending: number; rejected: number };
  /** The token was refused (401): the session is over. */
  authLost: boolean;
  /** A problem the user must hear of, e.g. storage full (QuotaExceededError). */
  problem: { name: ErrorName | 'STORAGE_FULL'; at: string } | null;
};

export const INITIAL_SYNC_STATE: SyncState = {
  // Nothing has failed before the first attempt: a page that loads must not say the connection
  // is lost before it has tried.
  connection: 'connecting',
  leader: false,
  bootstrap: { state: 'idle', rows: 0 },
  outbox: { pending: 0, rejected: 0 },
  authLost: false,
  problem: null,
};

/** Who the engine syncs for. */
export type SyncSession = { baseUrl: string; token: string; orgId: string; userId: string };
