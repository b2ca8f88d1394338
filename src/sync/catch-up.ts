import {
  applyEvents,
  currentCursor,
  validateEvents,
  type ApplyReport,
  type InboxDb,
  type PredictContext,
} from '../store';
import type { SyncApi } from './api-client';

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
 * with its cursor in one transaction. Returns the new cursor and what was skipped as malformed.
 */
export async function catchUp(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
): Promise<{ cursor: number; skipped: ApplyReport['skipped'] }> {
  let cursor = await currentCursor(db);
  const skipped: ApplyReport['skipped'] = [];
  for (;;) {
    const page = await api.events(cursor, CATCH_UP_PAGE);
    if (page.reset) throw new ResetRequired();
    const checked = validateEvents(page.events);
    skipped.push(...checked.skipped);
    if (page.cursor > cursor || checked.events.length > 0) {
      await applyEvents(db, checked.events, Math.max(cursor, page.cursor), ctx);
      cursor = Math.max(cursor, page.cursor);
    }
    if (!page.hasMore) return { cursor, skipped };
  }
}
