import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { LIMITS, newId } from '../../src/protocol';
import { enqueue, type InboxDb, type OutboxRow } from '../../src/store';
import { UNEXPECTED_FAILURES_TO_REFUSE, utf8Bytes } from '../../src/sync/command-batch';
import * as t from '../../server/db/schema';
import { serverForSuite, type Suite } from '../server/harness';
import { breakMessagesHolding } from '../server/database-fault';
import { bootstrappedThenOffline, engineFor, eventually, operatorsChat } from './engine-harness';

/** What went to POST /api/commands and what came back, seen on the way as a proxy would. */
type Exchange = { commands: number; bytes: number; status: number };

/** fetch with the commands requests recorded; `proxy` may answer in the server's place. */
function watchedFetch(
  exchanges: Exchange[],
  proxy: (commands: number) => Response | null = () => null,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/commands')) return fetch(input, init);
    const body = typeof init?.body === 'string' ? init.body : '';
    const commands = (JSON.parse(body) as { commands: unknown[] }).commands.length;
    const response = proxy(commands) ?? (await fetch(input, init));
    exchanges.push({ commands, bytes: utf8Bytes(body), status: response.status });
    return response;
  };
}

/** Replies the operator wrote while offline, in their chat, in this order. */
async function writeOffline(
  suite: Suite,
  db: InboxDb,
  texts: readonly string[],
): Promise<OutboxRow[]> {
  const chat = await operatorsChat(db, suite.ids);
  const rows: OutboxRow[] = [];
  for (const text of texts)
    rows.push(
      await enqueue(
        db,
        { type: 'message.send', payload: { chatId: chat.id, text } },
        { userId: suite.ids.operator.id },
      ),
    );
  return rows;
}

/** The server's order of the commands it applied: their events by seq. */
async function appliedOrder(suite: Suite, rows: readonly OutboxRow[]): Promise<string[]> {
  const events = await suite.server.database.db
    .select({ commandId: t.events.commandId })
    .from(t.events)
    .where(
      inArray(
        t.events.commandId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(t.events.seq));
  // A command may append more than one event: its first one places it.
  return [...new Set(events.map((event) => event.commandId ?? ''))];
}

const outboxStates = async (db: InboxDb) =>
  (await db.outbox.toArray()).map((row) => ({ id: row.id, state: row.state, error: row.error }));

describe('the outbox against the real server’s limits and failures', () => {
  const suite = serverForSuite();

  it('80 replies of 10,000 CJK characters written offline go in requests under the body limit, each once, in order', async () => {
    const db = await bootstrappedThenOffline(suite);
    // 30 KB each, 2.4 MB in all: over the server's 2 MiB body limit as one request.
    const texts = Array.from(
      { length: 80 },
      (_, n) => `${String(n).padStart(2, '0')} ${'語'.repeat(9_997)}`,
    );
    const rows = await writeOffline(suite, db, texts);
    const exchanges: Exchange[] = [];
    const { engine } = engineFor(suite, db, { fetchImpl: watchedFetch(exchanges) });
    engine.start();
    // Sent and answered; applying the 2.4 MB of events that come back is not this test's subject.
    await eventually(
      async () => (await db.outbox.where('state').equals('pending').count()) === 0,
      'the outbox to be sent',
      60_000,
    );
    expect(await db.outbox.where('state').equals('rejected').count()).toBe(0);
    await engine.stop();

    expect(await appliedOrder(suite, rows)).toEqual(rows.map((row) => row.id));
    const stored = await suite.server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .where(
        inArray(
          t.messages.id,
          rows.map((row) => row.payload.messageId as string),
        ),
      );
    expect(stored.map((m) => m.text).sort()).toEqual(texts);
    expect(exchanges.every((e) => e.status === 200)).toBe(true);
    expect(exchanges.every((e) => e.bytes <= LIMITS.requestBodyMaxBytes)).toBe(true);
    expect(exchanges.reduce((sum, e) => sum + e.commands, 0)).toBe(80);
    await db.delete();
  }, 90_000);

  it('a command the server cannot read, refusing its request whole, is isolated and refused; every other command goes, in order', async () => {
    const db = await bootstrappedThenOffline(suite);
    const before = await writeOffline(
      suite,
      db,
      Array.from({ length: 5 }, (_, n) => `Before the unreadable one ${n}`),
    );
    // A row an older version of the app left, with an id the server's schema no longer takes:
    // the server refuses the whole request that carries it (VALIDATION_FAILED, 400).
    await db.outbox.add({
      id: 'legacy-command-7',
      type: 'operator.setStatus',
      payload: { status: 'in_work' },
      createdAt: new Date().toISOString(),
      state: 'pending',
      attempts: 0,
    });
    const after = await writeOffline(
      suite,
      db,
      Array.from({ length: 5 }, (_, n) => `After the unreadable one ${n}`),
    );
    const exchanges: Exchange[] = [];
    const { engine } = engineFor(suite, db, { fetchImpl: watchedFetch(exchanges) });
    engine.start();
    await eventually(
      async () => (await db.outbox.where('state').anyOf('pending', 'acknowledged').count()) === 0,
      'every command answered',
      15_000,
    );
    await engine.stop();

    expect(await outboxStates(db)).toEqual([
      {
        id: 'legacy-command-7',
        state: 'rejected',
        error: expect.objectContaining({ name: 'VALIDATION_FAILED' }),
      },
    ]);
    const sent = [...before, ...after];
    expect(await appliedOrder(suite, sent)).toEqual(sent.map((row) => row.id));
    // Refused whole requests were halved until the unreadable command was alone.
    expect(exchanges.filter((e) => e.status === 400).map((e) => e.commands)).toContain(1);
    await db.delete();
  });

  it(`a command the server fails on every time is refused with UNKNOWN_ERROR after ${String(UNEXPECTED_FAILURES_TO_REFUSE)} tries, and the replies after it go`, async () => {
    const db = await bootstrappedThenOffline(suite);
    const marker = `poison-${newId()}`;
    const repair = await breakMessagesHolding(suite.server.database, marker);
    try {
      const [first, poison, last] = await writeOffline(suite, db, [
        'Before the poison',
        `Breaks the database: ${marker}`,
        'After the poison',
      ]);
      const exchanges: Exchange[] = [];
      const { engine } = engineFor(suite, db, {
        fetchImpl: watchedFetch(exchanges),
        random: () => 0,
      });
      engine.start();
      await eventually(
        async () => (await db.outbox.where('state').anyOf('pending', 'acknowledged').count()) === 0,
        'every command answered',
        15_000,
      );
      await engine.stop();

      expect(
        await appliedOrder(
          suite,
          [first, last].filter((row) => row !== undefined),
        ),
      ).toEqual([first?.id, last?.id]);
      const [refused] = await db.outbox.toArray();
      expect(refused).toMatchObject({
        id: poison?.id,
        state: 'rejected',
        failures: UNEXPECTED_FAILURES_TO_REFUSE,
        error: { name: 'UNKNOWN_ERROR' },
        payload: { text: `Breaks the database: ${marker}` },
      });
      // Sent once with the others, then alone on each retry: never a request held up by it.
      expect(exchanges.map((e) => e.commands)).toEqual([3, 1, 1]);
      // Its prediction is gone from the thread; the user sees it in the refused list instead.
      expect(await db.messages.get(poison?.payload.messageId as string)).toBeUndefined();
    } finally {
      await repair();
    }
    await db.delete();
  });

  it('a command the server failed on once goes on the next try: one failure is not a refusal', async () => {
    const db = await bootstrappedThenOffline(suite);
    const marker = `blip-${newId()}`;
    // Held in an object: the fetch below repairs it, out of the type checker's sight.
    const fault: { repair: (() => Promise<void>) | null } = {
      repair: await breakMessagesHolding(suite.server.database, marker),
    };
    const [blipped] = await writeOffline(suite, db, [`Hit by a blip: ${marker}`]);
    const exchanges: Exchange[] = [];
    const watched = watchedFetch(exchanges);
    const { engine } = engineFor(suite, db, {
      random: () => 0,
      fetchImpl: async (input, init) => {
        const response = await watched(input, init);
        // The fault passes once the first answer is given, as a deadlock or a failover does.
        if (exchanges.length === 1 && fault.repair) {
          await fault.repair();
          fault.repair = null;
        }
        return response;
      },
    });
    try {
      engine.start();
      await eventually(async () => (await db.outbox.count()) === 0, 'the retry to pass', 15_000);
      await engine.stop();
      expect(await appliedOrder(suite, blipped ? [blipped] : [])).toEqual([blipped?.id]);
      expect(exchanges.map((e) => e.commands)).toEqual([1, 1]);
    } finally {
      await fault.repair?.();
    }
    await db.delete();
  });

  it('a proxy that times out on large requests (504) never turns a command into a refusal: requests shrink until they pass', async () => {
    const db = await bootstrappedThenOffline(suite);
    const rows = await writeOffline(
      suite,
      db,
      Array.from({ length: 30 }, (_, n) => `Through a slow proxy ${n}`),
    );
    const exchanges: Exchange[] = [];
    const gatewayTimeout = (commands: number) =>
      commands > 8 ? new Response('<h1>504 Gateway Time-out</h1>', { status: 504 }) : null;
    const { engine } = engineFor(suite, db, {
      fetchImpl: watchedFetch(exchanges, gatewayTimeout),
      random: () => 0,
    });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 0, 'the outbox to drain', 20_000);
    await engine.stop();

    expect(await appliedOrder(suite, rows)).toEqual(rows.map((row) => row.id));
    expect(exchanges.filter((e) => e.status === 504).length).toBeGreaterThan(0);
    expect(exchanges.filter((e) => e.status === 200).every((e) => e.commands <= 8)).toBe(true);
    await db.delete();
  });
});
