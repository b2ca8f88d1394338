import Dexie from 'dexie';
import {
  clearSession,
  currentCursor,
  firstScreenOf,
  forgetListCopy,
  forgetOpenedSchema,
  openStore,
  openStoreAtOnce,
  storeName,
  type InboxDb,
} from '../../store';
import { startSync } from '../../sync/sync-client';
import type { SessionRuntime } from './auth-session';
import { forgetScreenCopy } from '../shell/screen-copy';

/**
 * When the sync worker starts: a store that holds a cursor has a first screen to draw, and the
 * worker waits until it is drawn (first-screen.ts: a chat list is waited for, a screen without one
 * at most FIRST_SCREEN_WAIT_MS), so its script is not fetched and parsed, nor the catch-up asked
 * for, beside that screen on a machine with few cores; the live connection follows a few frames
 * later and catches up from the cursor. A store with nothing in it has nothing to draw: the
 * bootstrap starts at once.
 */
async function afterFirstScreen(db: InboxDb): Promise<void> {
  if ((await currentCursor(db)) > 0) await firstScreenOf(db).passed;
}

/**
 * The store, open or opening: a store this browser last opened under this schema is handed out
 * at once and opens while the workspace draws (open-store.ts). If that open fails after all, the
 * page starts again, and the careful open says what is wrong.
 */
async function openSessionStore(orgId: string, userId: string): Promise<InboxDb> {
  const atOnce = openStoreAtOnce(orgId, userId);
  if (!atOnce) return openStore(orgId, userId);
  atOnce.opened.catch((error: unknown) => {
    console.warn(
      'The local store did not open as this browser last left it; starting again',
      error,
    );
    location.reload();
  });
  return atOnce.db;
}

/** This browser's IndexedDB store and sync worker, as a running session uses them. */
export const sessionRuntime: SessionRuntime = {
  openStore: openSessionStore,
  deleteStore: (orgId, userId) => {
    const name = storeName(orgId, userId);
    forgetOpenedSchema(name);
    forgetListCopy(name);
    forgetScreenCopy();
    return Dexie.delete(name);
  },
  startSync: (session, db) => startSync(session, afterFirstScreen(db)),
  forgetWorkerSession: clearSession,
};
