import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newId, type CommandResult, type SyncEvent } from '../protocol';
import type { InboxDb } from './db';
import { applyEvents } from './apply-events';
import { enqueue, recordResults } from './outbox';
import { affectedKeys, predictRow } from './predict';
import {
  ME,
  OTHER,
  TEAM_ID,
  bootstrappedDb,
  chatId,
  chatRow,
  event,
  messageRow,
} from './test-fixtures';
import type { AnyRow, OutboxRow } from './tables';

const ctx = { userId: ME };
const CHATS = [1, 2, 3].map(chatId);
type Rows = Map<string, AnyRow>; // "table/key" → row

/** A tiny deterministic PRNG, so a failing seed can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A model server: applies commands by its own rules (which differ from the browser's predictions:
 * it stamps its own times and statuses), refuses some, and records every state by seq.
 */
class ModelServer {
  seq = 10;
  rows: Rows = new Map(CHATS.map((id) => [`chats/${id}`, chatRow(id)]));
  snapshots = new Map<number, Rows>([[10, new Map(this.rows)]]);
  clock = Date.parse('2026-11-05T00:00:00.000Z');
  /** Which command produced each seq, as the server's event log records it. */
  eventCommand = new Map<number, string>();

  private stamp(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private commit(
    changes: { table: 'chats' | 'messages'; row: AnyRow }[],
    commandId: string | null,
  ): SyncEvent {
    this.seq += 1;
    for (const change of changes) this.rows.set(`${change.table}/${change.row.id}`, change.row);
    this.snapshots.set(this.seq, new Map(this.rows));
    return event(
      this.seq,
      changes.map((c) => ({ table: c.table, op: 'put' as const, key: c.row.id, row: c.row })),
      commandId,
    );
  }

  handle(command: OutboxRow): { result: CommandResult; events: SyncEvent[] } {
    const p = command.payload as {
      chatId: string;
      text?: string;
      messageId?: string;
      internal?: boolean;
      to?: { teamId?: string; operatorId?: string };
    };
    const chat = this.rows.get(`chats/${p.chatId}`) as ReturnType<typeof chatRow> | undefined;
    const refuse = (
      name: 'CHAT_ALREADY_CLOSED' | 'CHAT_ALREADY_ASSIGNED' | 'CHAT_CLOSED' | 'CHAT_NOT_FOUND',
    ) => ({ result: { id: command.id, ok: false as const, error: { name } }, events: [] });
    if (!chat) return refuse('CHAT_NOT_FOUND');
    const at = this.stamp();
    switch (command.type) {
      case 'chat.take':
        if (chat.status !== 'pending') return refuse('CHAT_ALREADY_ASSIGNED');
        return this.ok(command, [
          { table: 'chats', row: { ...chat, status: 'assigned', operatorId: ME, updatedAt: at } },
        ]);
      case 'chat.close':
        if (chat.status === 'closed') return refuse('CHAT_ALREADY_CLOSED');
        return this.ok(command, [
          { table: 'chats', row: { ...chat, status: 'closed', closedAt: at, updatedAt: at } },
        ]);
      case 'chat.transfer':
        if (chat.status === 'closed') return refuse('CHAT_CLOSED');
        return this.ok(command, [
          {
            table: 'chats',
            row: {
              ...chat,
              status: 'pending',
              operatorId: null,
              teamId: p.to?.teamId ?? TEAM_ID,
              updatedAt: at,
            },
          },
        ]);
      case 'message.send': {
        if (chat.status === 'closed' && !p.internal) return refuse('CHAT_CLOSED');
        const message = messageRow(p.messageId ?? '', chat.id, {
          authorKind: 'operator',
          authorId: ME,
          text: p.text ?? '',
          internal: p.internal ?? false,
          status: 'sent',
          createdAt: at,
        });
        const changes: { table: 'chats' | 'messages'; row: AnyRow }[] = [
          { table: 'messages', row: message },
        ];
        if (!p.internal)
          changes.push({
            table: 'chats',
            row: { ...chat, lastMessageAt: at, lastOperatorMessageAt: at, updatedAt: at },
          });
        return this.ok(command, changes);
      }
      default:
        throw new Error(`model server cannot ${command.type}`);
    }
  }

  private ok(command: OutboxRow, changes: { table: 'chats' | 'messages'; row: AnyRow }[]) {
    const committed = this.commit(changes, command.id);
    return {
      result: { id: command.id, ok: true as const, seq: committed.seq },
      events: [committed],
    };
  }

  /** Someone else acts: a customer writes, or a supervisor moves a chat. */
  otherActor(random: () => number): SyncEvent {
    const chat = this.rows.get(
      `chats/${CHATS[Math.floor(random() * CHATS.length)] ?? ''}`,
    ) as ReturnType<typeof chatRow>;
    const at = this.stamp();
    if (random() < 0.5) {
      const message = messageRow(newId(), chat.id, { text: 'customer', createdAt: at });
      return this.commit(
        [
          { table: 'messages', row: message },
          { table: 'chats', row: { ...chat, lastMessageAt: at, lastClientMessageAt: at } },
        ],
        null,
      );
    }
    const reopened =
      chat.status === 'closed'
        ? { ...chat, status: 'pending' as const, closedAt: null }
        : { ...chat, operatorId: OTHER, status: 'assigned' as const };
    return this.commit([{ table: 'chats', row: { ...reopened, updatedAt: at } }], null);
  }
}

/** What the browser must show: the server's state at its cursor with the live commands re-applied. */
function expectedRows(server: ModelServer, cursor: number, outbox: OutboxRow[]): Rows {
  const rows = new Map(server.snapshots.get(cursor));
  const live = outbox.filter((row) => row.state !== 'rejected');
  const keys = new Map<string, { table: 'chats' | 'messages'; key: string }>();
  for (const command of live)
    for (const k of affectedKeys(command, ctx))
      keys.set(`${k.table}/${k.key}`, k as { table: 'chats' | 'messages'; key: string });
  for (const [id, key] of keys) {
    let row = rows.get(id);
    for (const command of live)
      if (affectedKeys(command, ctx).some((k) => `${k.table}/${k.key}` === id))
        row = predictRow(command, key.table, row, ctx);
    if (row) rows.set(id, row);
    else rows.delete(id);
  }
  return rows;
}

async function localRows(db: InboxDb): Promise<Rows> {
  const rows: Rows = new Map();
  for (const chat of await db.chats.toArray()) rows.set(`chats/${chat.id}`, chat);
  for (const message of await db.messages.toArray()) rows.set(`messages/${message.id}`, message);
  return rows;
}

async function runScenario(seed: number, steps: number): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const server = new ModelServer();
  const db = await bootstrappedDb([...server.rows.values()], 10, `interleave-${seed}-${newId()}`);

  let cursor = 10;
  const inFlight: OutboxRow[] = []; // sent, awaiting an answer
  const answers: CommandResult[] = []; // answered, not yet delivered to the browser
  const sent = new Set<string>();

  const deliverEvents = async (upTo: number) => {
    const target = Math.min(upTo, server.seq);
    if (target <= cursor) return;
    const batch: SyncEvent[] = [];
    for (let s = cursor + 1; s <= target; s++) {
      const snap = server.snapshots.get(s);
      const prev = server.snapshots.get(s - 1);
      if (!snap || !prev) continue;
      const changes = [...snap.entries()]
        .filter(([k, row]) => prev.get(k) !== row)
        .map(([k, row]) => ({
          table: k.split('/')[0] as 'chats' | 'messages',
          op: 'put' as const,
          key: row.id,
          row: row,
        }));
      batch.push(event(s, changes, server.eventCommand.get(s) ?? null));
    }
    await applyEvents(db, batch, target, ctx);
    cursor = target;
  };

  for (let step = 0; step < steps; step++) {
    const roll = random();
    if (roll < 0.3) {
      const chat = pick(CHATS);
      const type = pick([
        'chat.take',
        'chat.close',
        'chat.transfer',
        'message.send',
        'message.send',
      ] as const);
      const payload: Record<string, unknown> = { chatId: chat };
      if (type === 'message.send')
        Object.assign(payload, { text: `reply ${step}`, internal: random() < 0.2 });
      if (type === 'chat.transfer') payload.to = { teamId: TEAM_ID };
      await enqueue(
        db,
        { type, payload },
        ctx,
        new Date(Date.parse('2026-11-04T00:00:00.000Z') + step * 1000),
      );
    } else if (roll < 0.5) {
      // Flush: the oldest unsent commands go to the server, in order.
      const pending = (await db.outbox.orderBy('n').toArray()).filter(
        (row) => row.state === 'pending' && !sent.has(row.id),
      );
      for (const command of pending.slice(0, 1 + Math.floor(random() * 3))) {
        sent.add(command.id);
        inFlight.push(command);
      }
      while (inFlight.length > 0) {
        const command = inFlight.shift() as OutboxRow;
        const { result, events } = server.handle(command);
        for (const e of events) server.eventCommand.set(e.seq, command.id);
        answers.push(result);
      }
    } else if (roll < 0.65) {
      server.otherActor(random);
    } else if (roll < 0.85) {
      await deliverEvents(cursor + 1 + Math.floor(random() * 4));
    } else if (answers.length > 0) {
      const count = 1 + Math.floor(random() * answers.length);
      await recordResults(db, answers.splice(0, count), ctx);
    }
    const outbox = await db.outbox.orderBy('n').toArray();
    expect(await localRows(db), `seed ${seed}, step ${step}`).toEqual(
      expectedRows(server, cursor, outbox),
    );
  }

  // Quiescence: everything sent, answered and delivered.
  for (const command of (await db.outbox.orderBy('n').toArray()).filter(
    (row) => row.state === 'pending' && !sent.has(row.id),
  )) {
    const { result, events } = server.handle(command);
    for (const e of events) server.eventCommand.set(e.seq, command.id);
    answers.push(result);
  }
  await recordResults(db, answers.splice(0), ctx);
  await deliverEvents(server.seq);
  const outbox = await db.outbox.toArray();
  expect(outbox.every((row) => row.state === 'rejected')).toBe(true);
  expect(await localRows(db)).toEqual(server.rows);
  expect(await db.base.count()).toBe(0);
  await db.delete();
}

describe('optimistic commands against a server that disagrees', () => {
  it.each(Array.from({ length: 25 }, (_, i) => i + 1))(
    'local tables equal the server’s state plus pending commands (seed %i)',
    async (seed) => {
      await runScenario(seed, 120);
    },
  );
});
