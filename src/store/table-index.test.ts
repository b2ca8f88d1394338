import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxDb } from './db';
import { applyEvents } from './apply-events';
import { chatIndexOf, type ChatIndex, type ChatIndexSnapshot } from './chat-index';
import { TABLE_PAGE_ROWS } from './table-index';
import { enqueue } from './outbox';
import { readMarksOf } from './read-marks';
import { markChatRead } from './hooks';
import type { ReadRow } from './tables';
import { ME, bootstrappedDb, chatId, chatRow, event } from './test-fixtures';

const ctx = { userId: ME };

/** Resolves with the first snapshot that passes `test`. */
function until(index: ChatIndex, test: (snapshot: ChatIndexSnapshot) => boolean) {
  return new Promise<ChatIndexSnapshot>((resolve) => {
    const check = () => {
      const snapshot = index.current();
      if (!test(snapshot)) return;
      stop();
      resolve(snapshot);
    };
    const stop = index.subscribe(check);
    check();
  });
}

describe('chat index', () => {
  let db: InboxDb;
  let index: ChatIndex;
  let keepAlive: () => void;
  beforeEach(async () => {
    db = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
    index = chatIndexOf(db);
    keepAlive = index.subscribe(() => undefined);
  });
  afterEach(async () => {
    keepAlive();
    await db.delete();
  });

  it('holds every local chat once loaded', async () => {
    const snapshot = await until(index, (s) => s.loaded);
    expect([...snapshot.rows.keys()].sort()).toEqual([chatId(1), chatId(2)]);
  });

  it('follows synced changes: a new chat, a changed one, a deleted one', async () => {
    await until(index, (s) => s.loaded);
    await applyEvents(
      db,
      [
        event(11, [
          { table: 'chats', op: 'put', key: chatId(3), row: chatRow(chatId(3)) },
          {
            table: 'chats',
            op: 'put',
            key: chatId(1),
            row: chatRow(chatId(1), { status: 'closed' }),
          },
          { table: 'chats', op: 'delete', key: chatId(2) },
        ]),
      ],
      11,
      ctx,
    );
    const snapshot = await until(index, (s) => s.rows.has(chatId(3)) && !s.rows.has(chatId(2)));
    expect(snapshot.rows.get(chatId(1))?.status).toBe('closed');
    expect(snapshot.rows.size).toBe(2);
  });

  it('shows a prediction as soon as it is in the outbox', async () => {
    await until(index, (s) => s.loaded);
    await enqueue(db, { type: 'chat.take', payload: { chatId: chatId(1) } }, ctx);
    const snapshot = await until(index, (s) => s.rows.get(chatId(1))?.status === 'assigned');
    expect(snapshot.rows.get(chatId(1))?.operatorId).toBe(ME);
  });

  it('starts over from a full read after a clear', async () => {
    await until(index, (s) => s.loaded);
    await db.chats.clear();
    await db.chats.put(chatRow(chatId(5)));
    const snapshot = await until(index, (s) => s.rows.size === 1);
    expect([...snapshot.rows.keys()]).toEqual([chatId(5)]);
  });

  it('gives each change a new snapshot, and the same one while nothing changes', async () => {
    const first = await until(index, (s) => s.loaded);
    expect(index.current()).toBe(first);
    await db.chats.put(chatRow(chatId(1), { status: 'closed' }));
    const second = await until(index, (s) => s.rows.get(chatId(1))?.status === 'closed');
    expect(second).not.toBe(first);
    expect(first.rows.get(chatId(1))?.status).not.toBe('closed');
  });

  it('is caught up only while its snapshot holds every chat write it has heard of', async () => {
    await until(index, (s) => s.loaded && index.caughtUp());
    await db.chats.put(chatRow(chatId(6)));
    // Heard at the commit, read a moment later: until then the snapshot lacks the new chat.
    expect(index.caughtUp()).toBe(false);
    expect(index.current().rows.has(chatId(6))).toBe(false);
    const snapshot = await until(index, () => index.caughtUp());
    expect(snapshot.rows.has(chatId(6))).toBe(true);
  });
});

describe('a chat index over more chats than one read page', () => {
  it('holds every chat, and changes written while it was reading them', async () => {
    const count = TABLE_PAGE_ROWS * 2 + TABLE_PAGE_ROWS / 2;
    const db = await bootstrappedDb(
      Array.from({ length: count }, (_, i) => chatRow(chatId(i + 1))),
    );
    const index = chatIndexOf(db);
    const keepAlive = index.subscribe(() => undefined);
    // Written while the first page is being read: one chat of it changes, one of the last goes.
    await applyEvents(
      db,
      [
        event(11, [
          {
            table: 'chats',
            op: 'put',
            key: chatId(1),
            row: chatRow(chatId(1), { status: 'closed' }),
          },
          { table: 'chats', op: 'delete', key: chatId(count) },
        ]),
      ],
      11,
      ctx,
    );
    const snapshot = await until(
      index,
      (s) => s.loaded && index.caughtUp() && s.rows.get(chatId(1))?.status === 'closed',
    );
    expect(snapshot.rows.size).toBe(count - 1);
    expect(snapshot.rows.has(chatId(count))).toBe(false);
    expect(snapshot.rows.get(chatId(count - 1))?.status).toBe('pending');
    keepAlive();
    await db.delete();
  });
});

describe('read marks', () => {
  it('hold the latest read of each chat, kept apart from the chats and current as chats are read', async () => {
    const db = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
    const marks = readMarksOf(db);
    const stop = marks.subscribe(() => undefined);
    try {
      await markChatRead(db, chatId(1), '2026-11-05T10:00:00.000Z');
      await untilRows(marks, (rows) => rows.get(chatId(1))?.readAt === '2026-11-05T10:00:00.000Z');
      // An older look never moves the mark back; another chat's read is its own.
      await markChatRead(db, chatId(1), '2026-11-05T09:00:00.000Z');
      await markChatRead(db, chatId(2), '2026-11-05T11:00:00.000Z');
      const rows = await untilRows(marks, (r) => r.has(chatId(2)));
      expect(rows.get(chatId(1))?.readAt).toBe('2026-11-05T10:00:00.000Z');
      expect([...rows.keys()].sort()).toEqual([chatId(1), chatId(2)]);
    } finally {
      stop();
      await db.delete();
    }
  });
});

/** Resolves with the first rows of a read-marks snapshot that pass `test`. */
function untilRows(
  marks: ReturnType<typeof readMarksOf>,
  test: (rows: ReadonlyMap<string, ReadRow>) => boolean,
) {
  return new Promise<ReadonlyMap<string, ReadRow>>((resolve) => {
    const check = () => {
      const { loaded, rows } = marks.current();
      if (!loaded || !test(rows)) return;
      stop();
      resolve(rows);
    };
    const stop = marks.subscribe(check);
    check();
  });
}
