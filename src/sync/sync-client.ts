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
 * live connection, and the others take over within a second when it goes. The worker's script is
 * fetched and started once `startAfter` settles: a returning user's first screen is drawn from the
 * store without it, and its 200 KB would otherwise be parsed while that screen is drawn.
 */
export function startSync(
  session: SyncSession,
  startAfter: Promise<unknown> = Promise.resolve(),
): SyncHandle {
  let worker: Worker | undefined;
  let stopped = false;
  const state$ = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);
  // Not knowing when the first screen is drawn (its store closed under it) must not keep the
  // worker from starting: the wait is only for speed, so the worker starts either way.
  const ready: Promise<Remote<SyncWorkerApi> | undefined> = startAfter
    .catch(() => undefined)
    .then(async () => {
      if (stopped) return undefined;
      worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), {
        type: 'module',
        name: 'sync',
      });
      const api = wrap<SyncWorkerApi>(worker);
      await api.start(
        session,
        proxy((state: SyncState) => {
          state$.next(state);
        }),
      );
      return api;
    });
  // The page's 'online' reaches the worker too: not every browser fires it in a worker.
  const onOnline = () => {
    void ready.then((api) => api?.nudge());
  };
  addEventListener('online', onOnline);
  return {
    state$: state$.asObservable(),
    flush: () => {
      void ready.then((api) => api?.flush());
    },
    fetchChat: async (chatId) => {
      await (await ready)?.fetchChat(chatId);
    },
    stop: async () => {
      stopped = true;
      removeEventListener('online', onOnline);
      try {
        await (await ready)?.stop();
      } finally {
        worker?.terminate();
        state$.complete();
      }
    },
  };
}
