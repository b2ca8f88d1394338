/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { Subscription } from 'rxjs';
import {
  openStore,
  postWrittenRows,
  requestPersistence,
  saveSession,
  writtenRowsChannel,
  type InboxDb,
} from '../store';
import { SyncApi } from '../sync/api-client';
import { SyncEngine } from '../sync/sync-engine';
import type { SyncSession, SyncState } from '../sync/sync-state';
import { syncStats, type SyncStats } from '../sync/sync-stats';
import type { SyncWorkerApi } from './sync-worker-api';

declare const self: DedicatedWorkerGlobalScope & { __syncStats: SyncStats };

// Read by the benchmarks through the worker's global (bench/browser-sync.ts).
self.__syncStats = syncStats;

let engine: SyncEngine | undefined;

/**
 * Every page of this database hears the rows this worker commits (written-rows.ts) and patches
 * its in-memory indexes from them, instead of reading them back from IndexedDB.
 */
function postRowsToPages(db: InboxDb): void {
  const channel = new BroadcastChannel(writtenRowsChannel(db.name));
  db.on('close', () => {
    channel.close();
  });
  postWrittenRows(db, (written) => {
    try {
      channel.postMessage(written);
    } catch (error) {
      // The pages read these rows back once the post is overdue (table-index.ts).
      console.warn('[sync] could not post written rows', error);
    }
  });
}
let subscription: Subscription | undefined;

const api: SyncWorkerApi = {
  async start(session: SyncSession, onState: (state: SyncState) => void) {
    const db = await openStore(session.orgId, session.userId, postRowsToPages);
    // The service worker flushes the outbox with this when no tab is open.
    await saveSession(session);
    void requestPersistence().catch(() => false);
    engine = new SyncEngine({
      db,
      api: new SyncApi(session),
      ctx: { userId: session.userId },
      createSocket: (url) => new WebSocket(url),
      locks: self.navigator.locks,
      createChannel: (name) => new BroadcastChannel(name),
    });
    subscription = engine.state$.subscribe((state) => {
      onState(state);
    });
    self.addEventListener('online', () => engine?.nudge());
    engine.start();
  },
  flush() {
    engine?.flushSoon('new work');
  },
  nudge() {
    engine?.nudge();
  },
  async fetchChat(chatId: string) {
    await engine?.fetchChat(chatId);
  },
  async stop() {
    subscription?.unsubscribe();
    await engine?.stop();
    engine = undefined;
  },
};

expose(api);
