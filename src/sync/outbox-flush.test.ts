import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, type CommandEnvelope } from '../protocol';
import { InboxDb, enqueue, type OutboxRow } from '../store';
import { chatId, ME } from '../store/test-fixtures';
import { SyncApi } from './api-client';
import { UNEXPECTED_FAILURES_TO_REFUSE, utf8Bytes } from './command-batch';
import { flushOutbox, freshPace, type FlushPace } from './outbox-flush';

const ctx = { userId: ME };
const session = { baseUrl: 'https://inbox.example', token: 't', orgId: newId(), userId: ME };

/**
 * A server played at the HTTP boundary: `answer` sees each request's commands and gives the
 * response. What the flush does with the answers, and the store it writes, are the real ones.
 */
function server(answer: (commands: CommandEnvelope[]) => Response) {
  const requests: { ids: string[]; status: number }[] = [];
  const fetchImpl: typeof fetch = (_input, init) => {
    const { commands } = JSON.parse(init?.body as string) as { commands: CommandEnvelope[] };
    const response = answer(commands);
    requests.push({ ids: commands.map((command) => command.id), status: response.status });
    return Promise.resolve(response);
  };
  return { api: new SyncApi(session, fetchImpl), requests };
}

/** The commands of the requests the server took, in the order they went. */
const taken = (requests: { ids: string[]; status: number }[]) =>
  requests.filter((request) => request.status === 200).flatMap((request) => request.ids);

const accepted = (commands: CommandEnvelope[]) =>
  Response.json({ results: commands.map((c, i) => ({ id: c.id, ok: true, seq: i + 1 })) });
const ourFailure = () =>
  Response.json(
    { code: 'error', error: { name: 'UNKNOWN_ERROR', params: {}, message: 'Unknown error' } },
    { status: 500 },
  );

let db: InboxDb;
afterEach(async () => {
  await db.delete();
});

async function queue(texts: readonly string[]): Promise<OutboxRow[]> {
  db = new InboxDb(`flush-${newId()}`);
  const rows: OutboxRow[] = [];
  for (const text of texts)
    rows.push(
      await enqueue(db, { type: 'message.send', payload: { chatId: chatId(1), text } }, ctx),
    );
  return rows;
}

/** Flushes `times` times, as the sync engine does after each pause; a failure is kept as is. */
async function flushRepeatedly(api: SyncApi, pace: FlushPace, times: number) {
  const outcomes: unknown[] = [];
  for (let i = 0; i < times; i++)
    outcomes.push(await flushOutbox(db, api, ctx, undefined, { pace }).catch((e: unknown) => e));
  return outcomes;
}

const states = async (): Promise<Record<string, [string, string | undefined]>> =>
  Object.fromEntries(
    (await db.outbox.toArray()).map((row) => [
      String(row.payload.text),
      [row.state, row.error?.name],
    ]),
  );

describe('flushing the outbox when the server fails', () => {
  it('a server that fails on every request (its database down) never turns a command into a refusal, and is not hammered', async () => {
    await queue(['one', 'two', 'three']);
    const { api, requests } = server(ourFailure);
    const pace = freshPace();
    const outcomes = await flushRepeatedly(api, pace, 8);
    expect(outcomes.every((outcome) => outcome instanceof Error)).toBe(true);
    expect(await states()).toEqual({
      one: ['pending', undefined],
      two: ['pending', undefined],
      three: ['pending', undefined],
    });
    // At most two requests per flush: a batch, or one command and the next to tell them apart.
    expect(requests.length).toBeLessThanOrEqual(2 * 8);
    expect(requests.map((request) => request.ids.length).slice(0, 3)).toEqual([3, 2, 1]);
  });

  it('a restarting server’s 503 leaves the commands pending, sent again in order after the pause', async () => {
    const rows = await queue(['one', 'two']);
    let restarting = true;
    const { api, requests } = server((commands) =>
      restarting ? new Response('Service Unavailable', { status: 503 }) : accepted(commands),
    );
    const pace = freshPace();
    await expect(flushOutbox(db, api, ctx, undefined, { pace })).rejects.toThrow('HTTP 503');
    expect(await states()).toEqual({ one: ['pending', undefined], two: ['pending', undefined] });
    restarting = false;
    await flushOutbox(db, api, ctx, undefined, { pace });
    expect(await states()).toEqual({
      one: ['acknowledged', undefined],
      two: ['acknowledged', undefined],
    });
    expect(requests[0]).toEqual({ ids: rows.map((row) => row.id), status: 503 });
    expect(taken(requests)).toEqual(rows.map((row) => row.id));
  });

  it('a server that fails whole on any request carrying one command (no per-command answers): the others go in order, that one is refused after failing alone three times while the server took others', async () => {
    const rows = await queue(Array.from({ length: 10 }, (_, n) => `reply ${n}`));
    const poison = rows[6]?.id ?? '';
    const { api, requests } = server((commands) =>
      commands.some((c) => c.id === poison) ? ourFailure() : accepted(commands),
    );
    const pace = freshPace();
    for (let n = 0; n < 20; n++) {
      const poisonRow = await db.outbox.where('id').equals(poison).first();
      if (poisonRow?.state === 'rejected') break;
      // The operator keeps writing: a failure alone counts against the command only while the
      // server takes other commands.
      if ((await db.outbox.where('state').equals('pending').count()) === 1)
        rows.push(
          await enqueue(
            db,
            { type: 'message.send', payload: { chatId: chatId(1), text: `later ${n}` } },
            ctx,
          ),
        );
      await flushOutbox(db, api, ctx, undefined, { pace }).catch(() => undefined);
    }
    const poisonRow = await db.outbox.where('id').equals(poison).first();
    expect(poisonRow).toMatchObject({
      state: 'rejected',
      error: { name: 'UNKNOWN_ERROR' },
      failures: UNEXPECTED_FAILURES_TO_REFUSE,
    });
    // Every other command went once, in creation order, and none waits.
    const others = rows.filter((row) => row.id !== poison).map((row) => row.id);
    expect(taken(requests)).toEqual(others);
    expect(await db.outbox.where('state').equals('pending').count()).toBe(0);
    // Once isolated, the poison went alone: no request of others failed because of it again.
    const firstAlone = requests.findIndex((r) => r.ids.length === 1 && r.ids[0] === poison);
    expect(
      requests.slice(firstAlone).filter((r) => r.ids.includes(poison) && r.ids.length > 1),
    ).toEqual([]);
  });

  it('a command the server failed on waits for its retry while commands written after it go at once', async () => {
    const rows = await queue(['fails', 'written later']);
    const failing = rows[0]?.id ?? '';
    const { api, requests } = server((commands) =>
      Response.json({
        results: commands.map((c, i) =>
          c.id === failing
            ? { id: c.id, ok: false, error: { name: 'UNKNOWN_ERROR', params: {} } }
            : { id: c.id, ok: true, seq: i + 1 },
        ),
      }),
    );
    const first = await flushOutbox(db, api, ctx, undefined, {});
    expect(first).toMatchObject({ sent: 1, heldBack: [failing] });
    const later = await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chatId(1), text: 'written during the pause' } },
      ctx,
    );
    // New work during the pause: the held-back command is left for its retry.
    const meanwhile = await flushOutbox(db, api, ctx, undefined, { skip: new Set(first.heldBack) });
    expect(meanwhile).toMatchObject({ sent: 1, heldBack: [] });
    expect(requests.map((request) => request.ids)).toEqual([[failing, rows[1]?.id], [later.id]]);
    // The retry: alone, and one more failure counted.
    await flushOutbox(db, api, ctx, undefined, {});
    expect(requests.at(-1)?.ids).toEqual([failing]);
    expect((await db.outbox.where('id').equals(failing).first())?.failures).toBe(2);
  });

  it('a command alone over the body limit is refused PAYLOAD_TOO_LARGE without being sent; the rest goes', async () => {
    const rows = await queue(['short one', 'x'.repeat(3_000), 'short two']);
    const { api, requests } = server(accepted);
    const limits = { maxCount: 100, maxBytes: 1_000 };
    const outcome = await flushOutbox(db, api, ctx, undefined, { limits });
    expect(outcome.rejected.map((row) => [row.id, row.error])).toEqual([
      [rows[1]?.id, { name: 'PAYLOAD_TOO_LARGE', params: { max: 1_000 } }],
    ]);
    expect(requests.map((request) => request.ids)).toEqual([[rows[0]?.id], [rows[2]?.id]]);
    expect(await states()).toMatchObject({
      'short one': ['acknowledged', undefined],
      'short two': ['acknowledged', undefined],
    });
  });

  it('a proxy with a lower body limit than ours (its own 413 page) has requests halved until they pass, in order', async () => {
    const rows = await queue(Array.from({ length: 20 }, (_, n) => `reply ${n}`));
    const { api, requests } = server((commands) =>
      utf8Bytes(JSON.stringify({ commands })) > 1_500
        ? new Response('<h1>413 Request Entity Too Large</h1>', { status: 413 })
        : accepted(commands),
    );
    const outcome = await flushOutbox(db, api, ctx, undefined);
    expect(outcome.rejected).toEqual([]);
    expect(taken(requests)).toEqual(rows.map((row) => row.id));
    expect(requests.some((request) => request.status === 413)).toBe(true);
    expect(await db.outbox.where('state').equals('acknowledged').count()).toBe(20);
  });
});

describe('flushing a long queue', () => {
  it('sends every command once in creation order, those written while a request is out included, and records each answer', async () => {
    const rows = await queue(Array.from({ length: 250 }, (_, n) => `reply ${n}`));
    const refused = rows[120]?.id ?? '';
    const leftOut = rows[130]?.id ?? '';
    /** Commands the operator writes while the first two requests are out, by id. */
    const laterIds: string[] = [];
    const later: Promise<OutboxRow>[] = [];
    let seq = 0;
    const { api, requests } = server((commands) => {
      if (laterIds.length < 2) {
        const id = newId();
        laterIds.push(id);
        const text = `typed while request ${String(laterIds.length)} was out`;
        later.push(
          enqueue(db, { id, type: 'message.send', payload: { chatId: chatId(1), text } }, ctx),
        );
      }
      return Response.json({
        results: commands
          .filter((c) => c.id !== leftOut)
          .map((c) =>
            c.id === refused
              ? { id: c.id, ok: false, error: { name: 'CHAT_CLOSED', params: {} } }
              : { id: c.id, ok: true, seq: ++seq },
          ),
      });
    });
    const outcome = await flushOutbox(db, api, ctx, undefined);
    await Promise.all(later);
    const expected = [...rows.map((row) => row.id), ...laterIds];
    // The left-out command waits for its retry; every other went exactly once, in order.
    expect(taken(requests)).toEqual(expected);
    expect(outcome.heldBack).toEqual([leftOut]);
    expect(outcome.sent).toBe(expected.length - 1);
    expect(outcome.rejected.map((row) => row.id)).toEqual([refused]);
    const stored = await db.outbox.toArray();
    const inState = (state: OutboxRow['state']) =>
      stored.filter((row) => row.state === state).map((row) => row.id);
    expect(inState('acknowledged')).toEqual(
      expected.filter((id) => id !== refused && id !== leftOut),
    );
    expect(inState('rejected')).toEqual([refused]);
    expect(inState('pending')).toEqual([leftOut]);
  });
});
