import type { EventsPage } from '../protocol';
import {
  applyEvents,
  currentCursor,
  validateEvents,
  type ApplyReport,
  type InboxDb,
  type PredictContext,
} from '../store';
import type { SyncApi } from './api-client';
import { countedApply, syncStats } from './sync-stats';

/** Events per request for the log: the first write waits for the first page to arrive. */
export const CATCH_UP_PAGE = 1000;

/**
 * Events written in one transaction at most, and fetched ahead of the writes at most. Pages that
 * arrive while a write runs are written together in the next one: each transaction also reads the
 * outbox and the bases and stamps the cursor, and a transaction per 1,000 events kept the worker
 * near 2,000 events a second. The page's indexes take a transaction's rows in one post.
 */
export const CATCH_UP_BATCH = 5000;

/** The log can no longer serve the local cursor: the local database must bootstrap again. */
export class ResetRequired extends Error {
  constructor() {
    super('reset required');
    this.name = 'ResetRequired';
  }
}

/**
 * Pages through the events after the local cursor until the server has no more. Pages are asked
 * for one after another while earlier ones are written, up to CATCH_UP_BATCH events ahead, so a
 * long absence costs about the larger of the server's time and the writes', not their sum; every
 * page that has arrived when a write starts goes into it, with its cursor, in one transaction.
 * Returns the new cursor and what was skipped as malformed.
 */
export async function catchUp(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
): Promise<{ cursor: number; skipped: ApplyReport['skipped'] }> {
  let cursor = await currentCursor(db);
  const skipped: ApplyReport['skipped'] = [];
  const pages = new PagesAhead(api, cursor);
  try {
    for (;;) {
      const waited = performance.now();
      const batch = await pages.take(CATCH_UP_BATCH);
      syncStats.pageWaitMs += performance.now() - waited;
      const reset = batch.findIndex(({ page }) => page.reset);
      const written = reset === -1 ? batch : batch.slice(0, reset);
      for (const { checked } of written) skipped.push(...checked.skipped);
      const target = Math.max(cursor, ...written.map(({ page }) => page.cursor));
      const events = written.flatMap(({ checked }) => checked.events);
      if (target > cursor || events.length > 0) {
        await countedApply(events.length, () => applyEvents(db, events, target, ctx));
        cursor = target;
      }
      if (reset !== -1) throw new ResetRequired();
      if (batch.at(-1)?.page.hasMore !== true) return { cursor, skipped };
    }
  } finally {
    pages.stop();
  }
}

/** A page of the log with its events checked. */
type CheckedPage = { page: EventsPage; checked: ReturnType<typeof validateEvents> };

/**
 * The log's pages, asked for one after another ahead of the writes that take them, and checked as
 * they arrive: the check of one page runs while the worker waits on the write of the pages before
 * it, instead of between two writes.
 */
class PagesAhead {
  private readonly arrived: CheckedPage[] = [];
  private failure: { error: unknown } | undefined;
  private stopped = false;
  /** Wakes the writer waiting for a page, or the reader waiting for room. */
  private wakeTaker: (() => void) | undefined;
  private wakeReader: (() => void) | undefined;

  constructor(
    private readonly api: SyncApi,
    after: number,
  ) {
    void this.read(after);
  }

  /** Every page arrived so far, at least one, up to about `events` events. */
  async take(events: number): Promise<CheckedPage[]> {
    while (this.arrived.length === 0) {
      if (this.failure) throw this.failure.error;
      await new Promise<void>((resolve) => {
        this.wakeTaker = resolve;
      });
    }
    let count = 0;
    let pages = 0;
    for (const { page } of this.arrived) {
      if (pages > 0 && count + page.events.length > events) break;
      count += page.events.length;
      pages += 1;
    }
    const taken = this.arrived.splice(0, pages);
    this.wakeReader?.();
    return taken;
  }

  stop(): void {
    this.stopped = true;
    this.wakeReader?.();
  }

  /** A method, not the field, so checks after an await are not narrowed away. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private queued(): number {
    return this.arrived.reduce((sum, { page }) => sum + page.events.length, 0);
  }

  private async read(from: number): Promise<void> {
    let after = from;
    try {
      while (!this.isStopped()) {
        while (!this.isStopped() && this.queued() >= CATCH_UP_BATCH)
          await new Promise<void>((resolve) => {
            this.wakeReader = resolve;
          });
        if (this.isStopped()) return;
        const page = await this.api.events(after, CATCH_UP_PAGE);
        const checking = performance.now();
        const checked = validateEvents(page.events);
        syncStats.checkMs += performance.now() - checking;
        this.arrived.push({ page, checked });
        this.wakeTaker?.();
        if (page.reset || !page.hasMore) return;
        after = Math.max(after, page.cursor);
      }
    } catch (error) {
      // Handed to the writer once it has written the pages before it.
      this.failure = { error };
      this.wakeTaker?.();
    }
  }
}
