import {
  applyEvents,
  currentCursor,
  validateEvents,
  type ApplyReport,
  type InboxDb,
  type PredictContext,
} from '../store';
import type { SyncApi } from './api-client';
import { countedApply } from './sync-stats';

/** Events per catch-up page: one transaction each, well inside a frame budget per page. */
export const CATCH_UP_PAGE = 1000;

/** The log can no longer serve the local cursor: the local database must bootstrap again. */
export class ResetRequired extends Error {
  constructor() {
    super('reset required');
    this.name = 'ResetRequired';
  }
}

/**
 * Pages through the events after the local cursor until the server has no more, each page applied
 * with its cursor in one transaction. The next page is asked for as soon as a page arrives, so the
 * server reads it while this one is written: a long absence costs about the larger of the two, not
 * their sum. Returns the new cursor and what was skipped as malformed.
 */
export async function catchUp(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
): Promise<{ cursor: number; skipped: ApplyReport['skipped'] }> {
  let cursor = await currentCursor(db);
  const skipped: ApplyReport['skipped'] = [];
  let next = api.events(cursor, CATCH_UP_PAGE);
  for (;;) {
    const page = await next;
    if (page.reset) throw new ResetRequired();
    if (page.hasMore) {
      next = api.events(Math.max(cursor, page.cursor), CATCH_UP_PAGE);
      // Awaited on the next turn; a failure of this page's write must not leave it unhandled.
      next.catch(() => undefined);
    }
    const checked = validateEvents(page.events);
    skipped.push(...checked.skipped);
    if (page.cursor > cursor || checked.events.length > 0) {
      const events = checked.events;
      const target = Math.max(cursor, page.cursor);
      await countedApply(events.length, () => applyEvents(db, events, target, ctx));
      cursor = target;
    }
    if (!page.hasMore) return { cursor, skipped };
  }
}
