import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';

/** Every table of the schema, by its SQL name: a table added later is counted too. */
const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/**
 * Rows per table, read in one statement: what a refused request must leave as it was (the event
 * log's row count is its head). `except` names tables that move for reasons of their own.
 */
export async function rowCounts(
  database: Database,
  except: readonly string[] = [],
): Promise<Record<string, number>> {
  const counted = TABLES.filter((name) => !except.includes(name));
  const columns = counted.map((name) => `(select count(*) from "${name}")::int as "${name}"`);
  const result = (await database.db.execute(sql.raw(`select ${columns.join(', ')}`))) as {
    rows: Record<string, number>[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('no counts');
  return row;
}

/**
 * Tables a refusal may still write: `command_results` remembers a refused command so its retry
 * gets the same answer (docs/server-core.md), `presence` follows live connections, and
 * `rate_limit_windows` counts every request, refused or not (docs/server-core.md, Rate limits).
 */
export const MOVES_ON_ITS_OWN = ['command_results', 'presence', 'rate_limit_windows'] as const;
