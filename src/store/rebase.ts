import type { InboxDb } from './db';
import { affectedKeys, keyId, predictRow, type PredictContext, type RowKey } from './predict';
import type { OutboxRow } from './tables';

/** Commands whose predictions are still shown: every outbox row not rejected, in creation order. */
export async function liveCommands(db: InboxDb): Promise<OutboxRow[]> {
  const rows = await db.outbox.orderBy('n').toArray();
  return rows.filter((row) => row.state !== 'rejected');
}

/**
 * Recomputes rows as the server's version with the still-pending commands re-applied on top
 * (DESIGN §5). Invariant: a `base` row exists exactly for the keys some pending command touches,
 * holding the server's version; for every other key the table row is the server's own.
 * Must run inside a read-write transaction over the data tables, `base` and `outbox`.
 */
export async function recompute(
  db: InboxDb,
  keys: Iterable<RowKey>,
  ctx: PredictContext,
  commands?: OutboxRow[],
): Promise<void> {
  const pending = commands ?? (await liveCommands(db));
  const seen = new Set<string>();
  for (const key of keys) {
    const id = keyId(key);
    if (seen.has(id) || !key.key) continue;
    seen.add(id);
    const table = db.dataTable(key.table);
    const relevant = pending.filter((command) =>
      affectedKeys(command, ctx).some((k) => k.table === key.table && k.key === key.key),
    );
    const base = await db.base.get([key.table, key.key]);
    if (relevant.length === 0) {
      if (base) {
        if (base.row) await table.put(base.row);
        else await table.delete(key.key);
        await db.base.delete([key.table, key.key]);
      }
      continue;
    }
    const server = base ? (base.row ?? undefined) : await table.get(key.key);
    if (!base) await db.base.put({ table: key.table, key: key.key, row: server ?? null });
    let row = server;
    for (const command of relevant) row = predictRow(command, key.table, row, ctx, key.key);
    if (row) await table.put(row);
    else await table.delete(key.key);
  }
}

/**
 * A command just added to the outbox, so the last of the pending ones, shown over its rows. Each
 * row already holds its server version with the earlier pending commands applied (the invariant
 * above), so folding the new command over it gives what `recompute` would, without reading the
 * outbox: a long queue typed offline would otherwise make every reply cost more than the last.
 * Must run inside the read-write transaction that adds the command.
 */
export async function applyNewCommand(
  db: InboxDb,
  command: OutboxRow,
  ctx: PredictContext,
): Promise<void> {
  const seen = new Set<string>();
  for (const key of affectedKeys(command, ctx)) {
    const id = keyId(key);
    if (seen.has(id) || !key.key) continue;
    seen.add(id);
    const table = db.dataTable(key.table);
    const shown = await table.get(key.key);
    // The first pending command on this row: what the table holds now is the server's version.
    if (!(await db.base.get([key.table, key.key])))
      await db.base.put({ table: key.table, key: key.key, row: shown ?? null });
    const row = predictRow(command, key.table, shown, ctx, key.key);
    if (row) await table.put(row);
    else if (shown) await table.delete(key.key);
  }
}

/** The keys of several commands, for recomputing after they leave the outbox. */
export function keysOf(commands: Iterable<OutboxRow>, ctx: PredictContext): RowKey[] {
  const keys: RowKey[] = [];
  for (const command of commands) keys.push(...affectedKeys(command, ctx));
  return keys;
}
