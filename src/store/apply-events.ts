import * as v from 'valibot';
import { EventSchema, type Change, type SyncEvent } from '../protocol';
import type { InboxDb } from './db';
import type { PredictContext, RowKey } from './predict';
import { keysOf, liveCommands, recompute } from './rebase';
import { ROW_SCHEMAS } from './row-schemas';
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
        change.op === 'put' && !v.safeParse(ROW_SCHEMAS[change.table], change.row).success,
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
  await db.transaction('rw', db.writeTables(), async () => {
    const touched: RowKey[] = [];
    const confirmedIds = new Set<string>();
    for (const event of events) {
      for (const change of event.changes) await applyChange(db, change, touched);
      if (event.commandId) confirmedIds.add(event.commandId);
    }
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

async function applyChange(db: InboxDb, change: Change, touched: RowKey[]): Promise<void> {
  const table = db.dataTable(change.table);
  const base = await db.base.get([change.table, change.key]);
  const row = change.op === 'put' ? (change.row as AnyRow) : null;
  if (base) {
    // Pending commands sit on this row: the server's version becomes their base.
    await db.base.put({ table: change.table, key: change.key, row });
    touched.push({ table: change.table, key: change.key });
  } else if (row) {
    await table.put(row);
  } else {
    await table.delete(change.key);
  }
  if (change.table === 'chats' && change.op === 'delete') await dropChatContents(db, change.key);
}

/** A chat that left the user's sight takes its messages and history with it (not pending ones). */
async function dropChatContents(db: InboxDb, chatId: string): Promise<void> {
  const pendingMessages = new Set(
    (await db.base.where('table').equals('messages').toArray()).map((b) => b.key),
  );
  await db.messages
    .where('chatId')
    .equals(chatId)
    .and((m) => !pendingMessages.has(m.id))
    .delete();
  await db.chatHistory.where('chatId').equals(chatId).delete();
}
