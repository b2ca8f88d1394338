import type { SyncSession, SyncState } from '../sync/sync-state';

/** The one typed bridge between the UI and the sync worker (comlink). */
export interface SyncWorkerApi {
  start(session: SyncSession, onState: (state: SyncState) => void): Promise<void>;
  flush(): void;
  /** The page heard the network come back: try the connection now instead of after a backoff. */
  nudge(): void;
  fetchChat(chatId: string): Promise<void>;
  stop(): Promise<void>;
}
