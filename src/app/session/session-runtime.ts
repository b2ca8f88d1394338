import Dexie from 'dexie';
import {
  clearSession,
  currentCursor,
  firstScreenOf,
  openStore,
  storeName,
  type InboxDb,
} from '../../store';
import { startSync } from '../../sync/sync-client';
import type { SessionRuntime } from './auth-session';

/**
 * When the sync worker starts: a store that holds a cursor has a first screen to draw, and the
 * worker waits until it is drawn (at most FIRST_SCREEN_WAIT_MS), so its script is not fetched and
 * parsed beside that screen on a machine with few cores; the live connection follows a few frames
 * later and catches up from the cursor. A store with nothing in it has nothing to draw: the
 * bootstrap starts at once.
 */
async function afterFirstScreen(db: InboxDb): Promise<void> {
  if ((await currentCursor(db)) > 0) await firstScreenOf(db).passed;
}

/** This browser's IndexedDB store and sync worker, as a running session uses them. */
export const sessionRuntime: SessionRuntime = {
  openStore,
  deleteStore: (orgId, userId) => Dexie.delete(storeName(orgId, userId)),
  startSync: (session, db) => startSync(session, afterFirstScreen(db)),
  forgetWorkerSession: clearSession,
};
