import 'fake-indexeddb/auto';
import type { DBCoreTable } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEvents } from './apply-events';
import { beginBootstrap, finishBootstrap } from './bootstrap-write';
import { chatIndexOf, type ChatIndex, type ChatIndexSnapshot } from './chat-index';
import { InboxDb } from './db';
import { firstScreenOf } from './first-screen';
import { postWrittenRows } from './post-written-rows';
import { TABLE_PAGE_ROWS } from './table-index';
import {
  ME,
  bootstrappedDb,
  chatId,
  chatRow,
  event,
  messageRow,
  userRow,
  writeBootstrapRows,
} from './test-fixtures';
import {
  POSTED_MESSAGES_MAX,
  writtenRowsChannel,
  writtenRowsOf,
  type WrittenRows,
} from './written-rows';

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

/** The sync worker's own connection to the database, posting each transaction it commits. */
async function workerDb(name: string, post: (written: WrittenRows) => void): Promise<InboxDb> {
  const db = new InboxDb(name);
  postWrittenRows(db, post);
  await db.open();
  return db;
}

/** The page's connection, counting the requests its reads of the chats send to IndexedDB. */
async function pageDb(name: string): Promise<{ db: InboxDb; chatReads: () => number }> {
  const db = new InboxDb(name);
  let reads = 0;
  db.use({
    stack: 'dbcore',
    name: 'CountChatReads',
    create: (down) => ({
      ...down,
      table: (tableName): DBCoreTable => {
        const table = down.table(tableName);
        if (tableName !== 'chats') return table;
        const count = () => {
          reads += 1;
        };
        return {
          ...table,
          get: (req) => {
            count();
            return table.get(req);
          },
          getMany: (req) => {
            count();
            return table.getMany(req);
          },
          query: (req) => {
            count();
            return table.query(req);
          },
          openCursor: (req) => {
            count();
            return table.openCursor(req);
          },
          count: (req) => {
            count();
            return table.count(req);
          },
        };
      },
    }),
  });
  await db.open();
  return { db, chatReads: () => reads };
}

const closeChat1 = (seq: number) =>
  event(seq, [
    { table: 'chats', op: 'put', key: chatId(1), row: chatRow(chatId(1), { status: 'closed' }) },
  ]);

describe('rows posted by the sync worker', () => {
  let page: InboxDb;
  let worker: InboxDb;
  let chatReads: () => number;
  let index: ChatIndex;
  let keepAlive: () => void;
  /** What the worker's posts do: reach the page at once, wait to be handed over, or get lost. */
  let delivery: 'at once' | 'held' | 'lost';
  let held: WrittenRows[];

  beforeEach(async () => {
    const seeded = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
    seeded.close();
    ({ db: page, chatReads } = await pageDb(seeded.name));
    delivery = 'at once';
    held = [];
    worker = await workerDb(seeded.name, (written) => {
      if (delivery === 'at once') writtenRowsOf(page).deliver(written);
      else if (delivery === 'held') held.push(written);
    });
    index = chatIndexOf(page);
    keepAlive = index.subscribe(() => undefined);
    firstScreenOf(page).shown();
    await until(index, (s) => s.loaded && index.caughtUp());
  });
  afterEach(async () => {
    keepAlive();
    worker.close();
    await page.delete();
  });

  it('bring a synced change into the chat index without reading IndexedDB', async () => {
    const before = chatReads();
    await applyEvents(
      worker,
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
    const snapshot = await until(index, (s) => s.rows.has(chatId(3)) && index.caughtUp());
    expect([...snapshot.rows.keys()].sort()).toEqual([chatId(1), chatId(3)]);
    expect(snapshot.rows.get(chatId(1))?.status).toBe('closed');
    expect(chatReads()).toBe(before);
  });

  it('reach the page over the database’s broadcast channel', async () => {
    delivery = 'lost';
    const channel = new BroadcastChannel(writtenRowsChannel(worker.name));
    const sent = await workerDb(worker.name, (written) => {
      channel.postMessage(written);
    });
    try {
      const before = chatReads();
      await applyEvents(sent, [closeChat1(11)], 11, ctx);
      const snapshot = await until(
        index,
        (s) => s.rows.get(chatId(1))?.status === 'closed' && index.caughtUp(),
      );
      expect(snapshot.rows.size).toBe(2);
      expect(chatReads()).toBe(before);
    } finally {
      sent.close();
      channel.close();
    }
  });

  it('are awaited when the change notice comes first, and nothing is read meanwhile', async () => {
    delivery = 'held';
    const before = chatReads();
    await applyEvents(worker, [closeChat1(11)], 11, ctx);
    // The commit's notice has been heard; its rows have not come yet.
    expect(index.caughtUp()).toBe(false);
    expect(index.current().rows.get(chatId(1))?.status).toBe('pending');
    for (const written of held) writtenRowsOf(page).deliver(written);
    const snapshot = await until(index, () => index.caughtUp());
    expect(snapshot.rows.get(chatId(1))?.status).toBe('closed');
    expect(chatReads()).toBe(before);
  });

  it('that never come are read back from IndexedDB once overdue', async () => {
    delivery = 'lost';
    await applyEvents(worker, [closeChat1(11)], 11, ctx);
    const snapshot = await until(
      index,
      (s) => s.rows.get(chatId(1))?.status === 'closed' && index.caughtUp(),
    );
    expect(snapshot.rows.size).toBe(2);
  });

  it('never undo a newer write of the page’s own that the index read before they came', async () => {
    delivery = 'held';
    await applyEvents(worker, [closeChat1(11)], 11, ctx);
    // The page writes the same chat after the worker (a prediction): its notice is read back.
    await page.chats.put(chatRow(chatId(1), { status: 'assigned', operatorId: ME }));
    await until(index, (s) => s.rows.get(chatId(1))?.status === 'assigned');
    // The worker's older rows arrive late.
    for (const written of held) writtenRowsOf(page).deliver(written);
    const snapshot = await until(index, () => index.caughtUp());
    expect(snapshot.rows.get(chatId(1))?.status).toBe('assigned');
    expect(await page.chats.get(chatId(1))).toMatchObject({ status: 'assigned' });
  });

  it('empty the index and fill it again through a bootstrap, reading nothing', async () => {
    const before = chatReads();
    await beginBootstrap(worker, 20);
    await writeBootstrapRows(worker, 'chats', [chatRow(chatId(3)), chatRow(chatId(4))]);
    await finishBootstrap(worker, 20, ctx);
    const snapshot = await until(index, (s) => s.rows.has(chatId(4)) && index.caughtUp());
    expect([...snapshot.rows.keys()].sort()).toEqual([chatId(3), chatId(4)]);
    expect(chatReads()).toBe(before);
  });
});

describe('rows posted around an index’s first read', () => {
  it('are kept when they come before the whole table is read, as the read then finds them', async () => {
    const seeded = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
    const page = seeded;
    const worker = await workerDb(seeded.name, (written) => {
      writtenRowsOf(page).deliver(written);
    });
    const index = chatIndexOf(page);
    // Subscribed, but the whole read waits for the first screen: the post comes first.
    const keepAlive = index.subscribe(() => undefined);
    try {
      await applyEvents(
        worker,
        [
          event(11, [
            { table: 'chats', op: 'put', key: chatId(3), row: chatRow(chatId(3)) },
            { table: 'chats', op: 'delete', key: chatId(2) },
          ]),
        ],
        11,
        ctx,
      );
      expect(index.current().loaded).toBe(false);
      firstScreenOf(page).shown();
      const snapshot = await until(index, (s) => s.loaded && index.caughtUp());
      expect([...snapshot.rows.keys()].sort()).toEqual([chatId(1), chatId(3)]);
    } finally {
      keepAlive();
      worker.close();
      await page.delete();
    }
  });

  it('and while it reads a table of several pages, end in the table as it is', async () => {
    const count = TABLE_PAGE_ROWS * 2 + TABLE_PAGE_ROWS / 2;
    const page = await bootstrappedDb(
      Array.from({ length: count }, (_, i) => chatRow(chatId(i + 1))),
    );
    const worker = await workerDb(page.name, (written) => {
      writtenRowsOf(page).deliver(written);
    });
    const index = chatIndexOf(page);
    const keepAlive = index.subscribe(() => undefined);
    firstScreenOf(page).shown();
    try {
      // Written while the pages are being read: a chat of the first page changes, a chat of the
      // last page goes, and a new one comes after every key read so far.
      await applyEvents(
        worker,
        [
          event(11, [
            {
              table: 'chats',
              op: 'put',
              key: chatId(1),
              row: chatRow(chatId(1), { status: 'closed' }),
            },
            { table: 'chats', op: 'delete', key: chatId(count) },
            { table: 'chats', op: 'put', key: chatId(count + 1), row: chatRow(chatId(count + 1)) },
          ]),
        ],
        11,
        ctx,
      );
      const snapshot = await until(index, (s) => s.loaded && index.caughtUp());
      expect(snapshot.rows.size).toBe(count);
      expect(snapshot.rows.get(chatId(1))?.status).toBe('closed');
      expect(snapshot.rows.has(chatId(count))).toBe(false);
      expect(snapshot.rows.has(chatId(count + 1))).toBe(true);
      expect([...snapshot.rows.keys()].sort()).toEqual(
        (await page.chats.toCollection().primaryKeys()).sort(),
      );
    } finally {
      keepAlive();
      worker.close();
      await page.delete();
    }
  });
});

describe('what the sync worker posts', () => {
  let worker: InboxDb;
  let posted: WrittenRows[];
  beforeEach(async () => {
    const seeded = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
    seeded.close();
    posted = [];
    worker = await workerDb(seeded.name, (written) => posted.push(written));
  });
  afterEach(async () => {
    await worker.delete();
  });

  it('is each committed transaction’s last row of every key it wrote, under the next version', async () => {
    const message = messageRow('00000000-0000-7000-8000-0000000000f1', chatId(3));
    await applyEvents(
      worker,
      [
        event(11, [
          { table: 'chats', op: 'put', key: chatId(3), row: chatRow(chatId(3)) },
          { table: 'chats', op: 'delete', key: chatId(2) },
        ]),
        event(12, [
          {
            table: 'chats',
            op: 'put',
            key: chatId(3),
            row: chatRow(chatId(3), { status: 'assigned', operatorId: ME }),
          },
          { table: 'messages', op: 'put', key: message.id, row: message },
        ]),
      ],
      12,
      ctx,
    );
    await applyEvents(worker, [closeChat1(13)], 13, ctx);
    expect(posted).toEqual([
      {
        version: 1,
        tables: {
          chats: {
            reread: false,
            cleared: false,
            puts: [chatRow(chatId(3), { status: 'assigned', operatorId: ME })],
            deletes: [chatId(2)],
          },
          messages: { reread: false, cleared: false, puts: [message], deletes: [] },
        },
      },
      {
        version: 2,
        tables: {
          chats: {
            reread: false,
            cleared: false,
            puts: [chatRow(chatId(1), { status: 'closed' })],
            deletes: [],
          },
        },
      },
    ]);
    expect(await worker.meta.get('written')).toEqual({ key: 'written', value: 2 });
  });

  it('leaves out transactions that wrote no posted table, and those that did not commit', async () => {
    const user = userRow('00000000-0000-7000-8000-0000000000a7', 'Nadia');
    await applyEvents(
      worker,
      [event(11, [{ table: 'users', op: 'put', key: user.id, row: user }])],
      11,
      ctx,
    );
    await expect(
      worker.transaction('rw', worker.chats, worker.meta, async () => {
        await worker.chats.put(chatRow(chatId(5)));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(posted).toEqual([]);
    expect(await worker.meta.get('written')).toBeUndefined();
  });

  it('carries a few messages as rows, and a catch-up page’s many as a table to read', async () => {
    const few = [1, 2].map((n) =>
      messageRow(`00000000-0000-7000-8000-00000000010${String(n)}`, chatId(1)),
    );
    const many = Array.from({ length: POSTED_MESSAGES_MAX + 1 }, (_, n) =>
      messageRow(`00000000-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`, chatId(2)),
    );
    const put = (seq: number, rows: typeof few) =>
      event(
        seq,
        rows.map((row) => ({ table: 'messages' as const, op: 'put' as const, key: row.id, row })),
      );
    await applyEvents(worker, [put(11, few)], 11, ctx);
    await applyEvents(worker, [put(12, many)], 12, ctx);
    expect(posted).toEqual([
      {
        version: 1,
        tables: { messages: { reread: false, cleared: false, puts: few, deletes: [] } },
      },
      { version: 2, tables: { messages: { reread: true } } },
    ]);
  });

  it('says a table was emptied before its rows were written', async () => {
    await beginBootstrap(worker, 20);
    await writeBootstrapRows(worker, 'chats', [chatRow(chatId(3))]);
    expect(posted.map((written) => [written.version, written.tables.chats])).toEqual([
      [1, { reread: false, cleared: true, puts: [], deletes: [] }],
      [2, { reread: false, cleared: false, puts: [chatRow(chatId(3))], deletes: [] }],
    ]);
  });
});
