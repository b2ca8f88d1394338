import type { Table } from 'dexie';
import * as v from 'valibot';
import {
  EventSchema,
  SYNCED_TABLES,
  THREAD_TABLES,
  type Change,
  type SyncEvent,
  type SyncTable,
} from '../protocol';
import type { InboxDb } from './db';
import { PREDICTED_TABLES, type PredictContext, type RowKey } from './predict';
import { keysOf, liveCommands, recompute } from './rebase';
import type { AnyRow, OutboxRow } from './tables';

export type ApplyReport = { applied: number; skipped: { seq: number | null; reason: string }[] };

/**
 * Checks events from the wire. A malformed event (or a row that does not match its table's
 * schema) is reported and left out; the cursor still moves past it, so one bad event cannot stall
 * the stream and never reaches the tables.
 */
export function validateEvents(input: readonly unknown[]): {
  events: SyncEvent[];
  skipped: ApplyReport['skipped'];
} {
  const events: SyncEvent[] = [];
  const skipped: ApplyReport['skipped'] = [];
  for (const raw of input) {
    const parsed = v.safeParse(EventSchema, raw);
    const seq =
      typeof (raw as { seq?: unknown } | null)?.seq === 'number'
        ? (raw as { seq: number }).seq
        : null;
    if (!parsed.success) {
      skipped.push({ seq, reason: `event: ${parsed.issues[0].message}` });
      continue;
    }
    const bad = parsed.output.changes.find(
      (change) =>
        change.op === 'put' && !v.safeParse(SYNCED_TABLES[change.table].schema, change.row).success,
    );
    if (bad) {
      skipped.push({ seq, reason: `row of ${bad.table} ${bad.key} does not match its schema` });
      continue;
    }
    events.push(parsed.output);
  }
  return { events, skipped };
}

/**
 * Applies a batch of server events and advances the cursor in one transaction: a crash leaves
 * either both or neither. Rows with pending local commands get the server's row as their new base
 * with the commands re-applied; commands whose effects have now arrived leave the outbox in the
 * same transaction.
 */
export async function applyEvents(
  db: InboxDb,
  events: readonly SyncEvent[],
  cursor: number,
  ctx: PredictContext,
): Promise<void> {
  await db.transaction('rw', applyScope(db, events), async () => {
    const touched: RowKey[] = [];
    const confirmedIds = new Set<string>();
    await applyChanges(
      db,
      events.flatMap((event) => event.changes),
      touched,
    );
    // Only this user's own commands: an id is confirmed by the events its sender's command wrote,
    // never by another sender's event that happens to carry the same id.
    for (const event of events)
      if (event.commandId && event.actor.kind === 'user' && event.actor.id === ctx.userId)
        confirmedIds.add(event.commandId);
    // One read of the outbox: what these events confirm leaves it, the rest stays live.
    const done: OutboxRow[] = [];
    const stillLive: OutboxRow[] = [];
    for (const row of await liveCommands(db)) {
      const confirmed =
        confirmedIds.has(row.id) ||
        (row.state === 'acknowledged' && (row.seq ?? Infinity) <= cursor);
      (confirmed ? done : stillLive).push(row);
    }
    for (const row of done) if (row.n !== undefined) await db.outbox.delete(row.n);
    await recompute(db, [...touched, ...keysOf(done, ctx)], ctx, stillLive);
    await db.meta.put({ key: 'cursor', value: cursor });
  });
}

/**
 * The tables a batch may write: those its changes name, those any pending command's prediction
 * may be recomputed in, a dropped chat's thread tables, and the bookkeeping. Not every table: a
 * transaction waits for every read under way on the tables it covers, and the screen reads some
 * table at every change.
 */
function applyScope(db: InboxDb, events: readonly SyncEvent[]): Table[] {
  const tables = new Set<SyncTable>(PREDICTED_TABLES);
  for (const event of events)
    for (const change of event.changes) {
      tables.add(change.table);
      if (change.table === 'chats' && change.op === 'delete')
        for (const thread of THREAD_TABLES) tables.add(thread);
    }
  return [...[...tables].map((name) => db.dataTable(name)), db.meta, db.outbox, db.base];
}

function listIn<T>(lists: Map<SyncTable, T[]>, table: SyncTable): T[] {
  let list = lists.get(table);
  if (!list) lists.set(table, (list = []));
  return list;
}

const rowKey = (table: string, key: string) => `${table}\u0000${key}`;

/**
 * The changes of a batch, written in bulk: a catch-up page holds thousands, and one request per
 * row (read the base, then put) kept the worker under 1,500 events a second. Within a batch only
 * the last change of a row counts, so rows are gathered per table and written with one bulkPut and
 * one bulkDelete each. A chat's delete also drops its messages and history, which must not take a
 * message put after it in the same batch: the gathered writes are flushed before each such drop.
 */
async function applyChanges(db: InboxDb, changes: readonly Change[], touched: RowKey[]) {
  if (changes.length === 0) return;
  // Rows with pending local commands keep a base; the batch never adds or removes one. The bases
  // are few (the rows under the user's unsent commands) and a catch-up page names thousands of
  // rows: one read of their keys, not one lookup per changed row.
  const baseKeys = await db.base.toCollection().primaryKeys();
  const pending = new Set(baseKeys.map(([table, key]) => rowKey(table, key)));
  let last = new Map<string, Change>();
  const flush = async () => {
    const puts = new Map<SyncTable, AnyRow[]>();
    const deletes = new Map<SyncTable, string[]>();
    const rebased: { table: SyncTable; key: string; row: AnyRow | null }[] = [];
    for (const [id, change] of last) {
      const row = change.op === 'put' ? (change.row as AnyRow) : null;
      if (pending.has(id)) {
        // Pending commands sit on this row: the server's version becomes their base.
        rebased.push({ table: change.table, key: change.key, row });
        touched.push({ table: change.table, key: change.key });
      } else if (row) listIn(puts, change.table).push(row);
      else listIn(deletes, change.table).push(change.key);
    }
    last = new Map();
    for (const [table, rows] of puts) await db.dataTable(table).bulkPut(rows);
    for (const [table, gone] of deletes) await db.dataTable(table).bulkDelete(gone);
    if (rebased.length > 0) await db.base.bulkPut(rebased);
  };
  for (const change of changes) {
    const id = rowKey(change.table, change.key);
    last.delete(id); // re-inserted: the map keeps the order of each row's last change
    last.set(id, change);
    if (change.table === 'chats' && change.op === 'delete') {
      await flush();
      await dropChatContents(db, change.key);
    }
  }
  await flush();
}

/**
 * A chat that left the user's sight takes the rows of its thread tables (messages, history) with
 * it, except rows a pending command sits on: the user's own unsent reply stays.
 */
async function dropChatContents(db: InboxDb, chatId: string): Promise<void> {
  const pending = new Set(
    (await db.base.where('table').anyOf(THREAD_TABLES).toArray()).map((b) =>
      rowKey(b.table, b.key),
    ),
  );
  for (const table of THREAD_TABLES) {
    const rows = db.dataTable(table).where('chatId').equals(chatId);
    await (
      pending.size === 0 ? rows : rows.and((row) => !pending.has(rowKey(table, row.id)))
    ).delete();
  }
}
