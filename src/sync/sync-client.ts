import { wrap, proxy, type Remote } from 'comlink';
import { BehaviorSubject, type Observable } from 'rxjs';
import { INITIAL_SYNC_STATE, type SyncSession, type SyncState } from './sync-state';
import type { SyncWorkerApi } from '../workers/sync-worker-api';

/** The UI's handle on the sync worker: its state as an observable, and a few requests. */
export type SyncHandle = {
  state$: Observable<SyncState>;
  /** Something was enqueued: send it as soon as there is a connection. */
  flush: () => void;
  /** Fetches a chat's thread once when it is not local (closed chats). */
  fetchChat: (chatId: string) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Starts this tab's sync worker. Every tab runs one; a Web Lock elects the one that holds the
 * live connection, and the others take over within a second when it goes.
 */
export function startSync(session: SyncSession): SyncHandle {
  const worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sync',
  });
  const api: Remote<SyncWorkerApi> = wrap<SyncWorkerApi>(worker);
  const state$ = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);
  const ready = api.start(
    session,
    proxy((state: SyncState) => {
      state$.next(state);
    }),
  );
  // The page's 'online' reaches the worker too: not every browser fires it in a worker.
  const onOnline = () => {
    void ready.then(() => api.nudge());
  };
  addEventListener('online', onOnline);
  return {
    state$: state$.asObservable(),
    flush: () => {
      void ready.then(() => api.flush());
    },
    fetchChat: async (chatId) => {
      await ready;
      await api.fetchChat(chatId);
    },
    stop: async () => {
      removeEventListener('online', onOnline);
      try {
        await ready;
        await api.stop();
      } finally {
        worker.terminate();
        state$.complete();
      }
    },
  };
}
