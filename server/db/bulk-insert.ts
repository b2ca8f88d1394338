import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './database';
import { rowsOf } from './rows-of';

/** Rows per INSERT … SELECT FROM unnest(…): a handful of array parameters per statement, not one per value. */
const BATCH = 10_000;

/** A PostgreSQL array literal of text elements (NULL for null), cast to its type in the statement. */
export function arrayLiteral(values: readonly (string | null)[]): string {
  const parts = values.map((value) =>
    value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`,
  );
  return `{${parts.join(',')}}`;
}

/**
 * A column of a bulk insert: its name, the element type its values travel as, how a row gives its
 * value, and the column's own type when it differs (an array column travels as its literal text).
 */
export type Column<R> = readonly [
  name: string,
  type: string,
  value: (row: R) => string | null,
  castTo?: string,
];

export const iso = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;
export const bool = (value: boolean | null | undefined): string | null =>
  value === null || value === undefined ? null : value ? 't' : 'f';
export const num = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);
/** A jsonb value as it travels: its JSON text (as Drizzle's jsonb columns send it). */
export const json = (value: unknown): string => JSON.stringify(value);

/**
 * Bulk rows as `INSERT … SELECT * FROM unnest($1::uuid[], $2::text[], …)`: one array parameter per
 * column, so the statement costs the same to build and parse however many rows it carries. An ORM
 * insert of many rows walks every value through its query builder (Drizzle's spent more of the
 * server's time building the command path's inserts than PostgreSQL spent running them), and
 * sends one parameter per value. `suffix` ends the statement (`on conflict … returning …`); the
 * rows it returns are returned.
 */
export async function bulkInsert<R>(
  tx: Tx,
  table: string,
  columns: readonly Column<R>[],
  rows: readonly R[],
  suffix?: SQL,
): Promise<Record<string, unknown>[]> {
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const aliases = columns.map((_, i) => sql.identifier(`c${i}`));
  const selected = sql.join(
    columns.map(([, , , castTo], i) =>
      castTo ? sql`${aliases[i]}::${sql.raw(castTo)}` : sql`${aliases[i]}`,
    ),
    sql`, `,
  );
  const returned: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const arrays = columns.map(
      ([, type, value]) => sql`${arrayLiteral(batch.map(value))}::${sql.raw(type)}[]`,
    );
    returned.push(
      ...(await rowsOf<Record<string, unknown>>(
        tx.execute(
          sql`insert into ${sql.identifier(table)} (${names}) select ${selected} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(aliases, sql`, `)}) ${suffix ?? sql``}`,
        ),
      )),
    );
  }
  return returned;
}
