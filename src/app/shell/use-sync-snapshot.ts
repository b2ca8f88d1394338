import { useSyncExternalStore } from 'react';
import type { SyncSnapshot } from '../session/sync-snapshot';
import type { SyncView } from '../session/sync-view';

export const useSyncSnapshot = (view: SyncView): SyncSnapshot =>
  useSyncExternalStore(view.subscribe, view.getSnapshot);
