import * as v from 'valibot';
import { SYNCED_TABLES, SYNC_TABLES, type SyncTable } from '../protocol';
import type { InboxDb } from './db';
import type { PredictContext } from './predict';
import { keysOf, liveCommands, recompute } from './rebase';
import { SCHEMA_HASH } from './store-schema';
import type { AnyRow } from './tables';

/** Starts a bootstrap: the data tables are emptied; the outbox and waiting files are kept. */
export async function beginBootstrap(db: InboxDb, cursor: number): Promise<void> {
  await db.transaction('rw', db.writeTables(), async () => {
    for (const name of SYNC_TABLES) await db.dataTable(name).clear();
    await db.base.clear();
    await db.meta.put({ key: 'bootstrap', value: { state: 'loading', cursor, rows: 0 } });
  });
}

/** A chunk of server rows checked against their table's schema: those that pass, and a count of the rest. */
export type CheckedRows = { table: SyncTable; valid: AnyRow[]; invalid: number };

/** Checks server rows against their table's schema; the ones failing it are left out and counted. */
export function checkServerRows(table: SyncTable, rows: readonly unknown[]): CheckedRows {
  const { schema } = SYNCED_TABLES[table];
  const valid: AnyRow[] = [];
  for (const row of rows) if (v.safeParse(schema, row).success) valid.push(row as AnyRow);
  return { table, valid, invalid: rows.length - valid.length };
}

/** Server rows fetched outside the event stream (a closed chat's thread), stored the same careful way. */
export async function storeServerRows(
  db: InboxDb,
  table: SyncTable,
  rows: readonly unknown[],
): Promise<{ stored: number; invalid: number }> {
  return storeCheckedRows(db, checkServerRows(table, rows), false);
}

/**
 * Stores rows already checked (the bootstrap checks each line as it is read, ahead of the
 * writes). A row a command is pending on (the user acted while the bootstrap ran) becomes that
 * command's base instead of overwriting the prediction on screen. `countProgress` adds the rows to
 * the bootstrap's row count in the same transaction.
 */
export async function storeCheckedRows(
  db: InboxDb,
  { table, valid, invalid }: CheckedRows,
  countProgress: boolean,
): Promise<{ stored: number; invalid: number }> {
  await db.transaction('rw', [db.dataTable(table), db.base, db.meta], async () => {
    const pendingKeys = new Set(
      (await db.base.where('table').equals(table).toArray()).map((b) => b.key),
    );
    const direct = pendingKeys.size === 0 ? valid : valid.filter((row) => !pendingKeys.has(row.id));
    await db.dataTable(table).bulkPut(direct);
    for (const row of valid)
      if (pendingKeys.has(row.id)) await db.base.put({ table, key: row.id, row });
    const progress = countProgress ? await db.meta.get('bootstrap') : undefined;
    if (progress?.key === 'bootstrap') {
      await db.meta.put({
        key: 'bootstrap',
        value: { ...progress.value, rows: progress.value.rows + valid.length },
      });
    }
  });
  return { stored: valid.length, invalid };
}

/** Ends a bootstrap: pending commands are re-applied over the fresh rows and the cursor is set. */
export async function finishBootstrap(
  db: InboxDb,
  cursor: number,
  ctx: PredictContext,
): Promise<void> {
  await db.transaction('rw', db.writeTables(), async () => {
    // Commands the server applied at or before this cursor are inside the rows just loaded.
    const arrived = await db.outbox
      .where('state')
      .equals('acknowledged')
      .and((row) => (row.seq ?? Infinity) <= cursor)
      .toArray();
    for (const row of arrived) if (row.n !== undefined) await db.outbox.delete(row.n);
    const commands = await liveCommands(db);
    await recompute(db, [...keysOf(commands, ctx), ...keysOf(arrived, ctx)], ctx, commands);
    const progress = await db.meta.get('bootstrap');
    const rows = progress?.key === 'bootstrap' ? progress.value.rows : 0;
    await db.meta.bulkPut([
      { key: 'bootstrap', value: { state: 'done', cursor, rows } },
      { key: 'cursor', value: cursor },
      { key: 'schema', value: SCHEMA_HASH },
    ]);
  });
}

/** Whether the local database holds a finished bootstrap of the current schema. */
export async function isBootstrapped(db: InboxDb): Promise<boolean> {
  const [progress, schema] = await Promise.all([db.meta.get('bootstrap'), db.meta.get('schema')]);
  return (
    progress?.key === 'bootstrap' &&
    progress.value.state === 'done' &&
    schema?.key === 'schema' &&
    schema.value === SCHEMA_HASH
  );
}
