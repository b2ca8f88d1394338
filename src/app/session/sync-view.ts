import type { Observable, Subscription } from 'rxjs';
import type { SyncState } from '../../sync/sync-state';
import { INITIAL_SYNC_SNAPSHOT, nextSyncSnapshot, type SyncSnapshot } from './sync-snapshot';

/**
 * The sync engine's state$ held as a current value, for React's useSyncExternalStore. It lives
 * with the session, not a component, so remounts neither miss a state nor subscribe twice.
 */
export class SyncView {
  private snapshot: SyncSnapshot = INITIAL_SYNC_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private readonly subscription: Subscription;

  constructor(state$: Observable<SyncState>, onAuthLost: () => void) {
    this.subscription = state$.subscribe((state) => {
      this.snapshot = nextSyncSnapshot(this.snapshot, state);
      for (const listener of this.listeners) listener();
      if (state.authLost) onAuthLost();
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): SyncSnapshot => this.snapshot;

  close(): void {
    this.subscription.unsubscribe();
    this.listeners.clear();
  }
}
