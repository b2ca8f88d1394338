import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventsPage } from '../protocol';
import { currentCursor, type InboxDb } from '../store';
import { ME, bootstrappedDb, chatId, chatRow, event, messageRow } from '../store/test-fixtures';
import type { SyncApi } from './api-client';
import { CATCH_UP_BATCH, CATCH_UP_PAGE, catchUp, ResetRequired } from './catch-up';

const messageId = (i: number) => `00000000-0000-7000-8000-0000000b${String(i).padStart(4, '0')}`;

/** The log after the local cursor (10), served in pages of `size` as the server does. */
function serverLog(count: number, size: number, resetAt?: number, malformed = new Set<number>()) {
  const log = Array.from({ length: count }, (_, i) =>
    event(11 + i, [
      {
        table: 'messages',
        op: 'put',
        key: messageId(i),
        // A row its table's schema refuses: no text.
        row: malformed.has(11 + i)
          ? { ...messageRow(messageId(i), chatId(1)), text: undefined }
          : messageRow(messageId(i), chatId(1)),
      },
    ]),
  );
  const asked: { after: number; localCursor: Promise<number> }[] = [];
  return {
    asked,
    api: (db: InboxDb) =>
      ({
        events(after: number): Promise<EventsPage> {
          asked.push({ after, localCursor: currentCursor(db) });
          if (resetAt !== undefined && asked.length === resetAt)
            return Promise.resolve({ events: [], hasMore: false, cursor: 0, reset: true });
          const served = log.filter((e) => e.seq > after).slice(0, size);
          const hasMore = log.some((e) => e.seq > (served.at(-1)?.seq ?? Infinity));
          return Promise.resolve({ events: served, hasMore, cursor: served.at(-1)?.seq ?? after });
        },
      }) as unknown as SyncApi,
  };
}

describe('catching up with the log', () => {
  let db: InboxDb;
  afterEach(async () => {
    await db.delete();
  });

  it('applies every page in order up to the head, asking for the next pages before writing', async () => {
    db = await bootstrappedDb([chatRow(chatId(1))]);
    const { api, asked } = serverLog(2500, 1000);
    const result = await catchUp(db, api(db), { userId: ME });
    expect(result.cursor).toBe(2510);
    expect(await currentCursor(db)).toBe(2510);
    expect(await db.messages.count()).toBe(2500);
    expect(asked.map((a) => a.after)).toEqual([10, 1010, 2010]);
    // The server answered at once: every page was asked for before the first write.
    expect(await Promise.all(asked.map((a) => a.localCursor))).toEqual([10, 10, 10]);
  });

  it('writes the pages that have arrived together, at most CATCH_UP_BATCH events a transaction', async () => {
    db = await bootstrappedDb([chatRow(chatId(1))]);
    const count = CATCH_UP_BATCH + 3 * CATCH_UP_PAGE;
    const { api } = serverLog(count, CATCH_UP_PAGE);
    const cursors: number[] = [];
    db.meta.hook('updating', (changes, key) => {
      const value = (changes as { value?: unknown }).value;
      if (key === 'cursor' && typeof value === 'number') cursors.push(value);
    });
    await catchUp(db, api(db), { userId: ME });
    // The first write takes the first page; the pages that arrive meanwhile go in together.
    const steps = cursors.map((at, i) => at - (cursors[i - 1] ?? 10));
    expect(steps[0]).toBe(CATCH_UP_PAGE);
    expect(Math.max(...steps)).toBe(CATCH_UP_BATCH);
    expect(cursors.at(-1)).toBe(10 + count);
    expect(cursors.length).toBeLessThan(count / CATCH_UP_PAGE);
    expect(await db.messages.count()).toBe(count);
  });

  it('leaves out a malformed event of any page, reports it and moves the cursor past it', async () => {
    db = await bootstrappedDb([chatRow(chatId(1))]);
    const { api } = serverLog(2500, 1000, undefined, new Set([12, 1500, 2510]));
    const result = await catchUp(db, api(db), { userId: ME });
    expect(result.skipped.map((one) => one.seq)).toEqual([12, 1500, 2510]);
    expect(result.cursor).toBe(2510);
    expect(await currentCursor(db)).toBe(2510);
    expect(await db.messages.count()).toBe(2497);
    expect(await db.messages.get(messageId(1))).toBeUndefined();
  });

  it('stops at a reset with the pages before it kept, so the bootstrap that follows starts clean', async () => {
    db = await bootstrappedDb([chatRow(chatId(1))]);
    const { api } = serverLog(2500, 1000, 2);
    await expect(catchUp(db, api(db), { userId: ME })).rejects.toBeInstanceOf(ResetRequired);
    expect(await currentCursor(db)).toBe(1010);
  });
});
