import Dexie from 'dexie';
import { clearSession, openStore, storeName } from '../../store';
import { startSync } from '../../sync/sync-client';
import type { SessionRuntime } from './auth-session';

/** This browser's IndexedDB store and sync worker, as a running session uses them. */
export const sessionRuntime: SessionRuntime = {
  openStore,
  deleteStore: (orgId, userId) => Dexie.delete(storeName(orgId, userId)),
  startSync,
  forgetWorkerSession: clearSession,
};
