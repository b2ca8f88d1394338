import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database';
import { arrayLiteral, bulkInsert, iso, json, type Column } from '../../server/db/bulk-insert';
import { rowsOf } from '../../server/db/rows-of';
import { createScratchDatabase, postgresUrl } from './harness';

type Row = {
  id: number;
  text: string | null;
  tags: string[];
  data: unknown;
  at: Date;
};

const COLUMNS: readonly Column<Row>[] = [
  ['id', 'int', (r) => String(r.id)],
  ['text', 'text', (r) => r.text],
  ['tags', 'text', (r) => arrayLiteral(r.tags), 'text[]'],
  ['data', 'jsonb', (r) => json(r.data)],
  ['at', 'timestamptz', (r) => iso(r.at)],
];

// Text as users write it, with what an array literal must escape: quotes, backslashes, commas,
// braces, spaces, the word NULL, and any Unicode but the NUL character (which PostgreSQL's text
// and jsonb refuse whatever the path).
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom('NULL', 'null', '"', '\\', '{}', 'a,b', ' ', '', '\\"{,}"\\'),
  )
  .map((value) => value.replaceAll(String.fromCharCode(0), ''));
const jsonValue = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value).replace(/\\u0000/g, '')) as unknown);

/**
 * The server's set-based inserts (events, command results, the bench seed) send every column as
 * one array literal: what goes in must come back exactly as a row-by-row insert would store it.
 */
describe('a bulk insert through unnest', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (postgresUrl) {
      const scratch = await createScratchDatabase(postgresUrl);
      drop = scratch.drop;
      database = await openDatabase({ url: scratch.url });
    } else database = await openDatabase({ inMemory: true });
    await database.db.execute(
      sql`create table bulk_probe (id int primary key, text text, tags text[] not null, data jsonb not null, at timestamptz not null)`,
    );
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('stores every value as it was given, and returns what the statement returns', async () => {
    let next = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            text: fc.option(text),
            tags: fc.array(text, { maxLength: 4 }),
            data: jsonValue,
            at: fc.date({
              min: new Date('1970-01-01T00:00:00Z'),
              max: new Date('2100-01-01T00:00:00Z'),
              noInvalidDate: true,
            }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (given) => {
          const rows = given.map((row) => ({ ...row, id: (next += 1) }));
          const returned = await database.db.transaction((tx) =>
            bulkInsert(tx, 'bulk_probe', COLUMNS, rows, sql`on conflict do nothing returning id`),
          );
          expect(returned.map((row) => Number(row.id))).toEqual(rows.map((row) => row.id));
          const stored = await rowsOf<{
            id: number;
            text: string | null;
            tags: string[];
            data: unknown;
            at: Date | string;
          }>(
            database.db.execute(
              sql`select id, text, tags, data, at from bulk_probe where id between ${rows[0]?.id ?? 0} and ${next} order by id`,
            ),
          );
          expect(stored.map((row) => ({ ...row, at: new Date(row.at).toISOString() }))).toEqual(
            rows.map((row) => ({ ...row, at: row.at.toISOString() })),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('skips rows that conflict, returning only those it stored', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const rows = [1_000_001, 1_000_002].map((id) => ({ id, text: 'x', tags: [], data: {}, at }));
    await database.db.transaction((tx) => bulkInsert(tx, 'bulk_probe', COLUMNS, rows.slice(0, 1)));
    const returned = await database.db.transaction((tx) =>
      bulkInsert(tx, 'bulk_probe', COLUMNS, rows, sql`on conflict do nothing returning id`),
    );
    expect(returned.map((row) => Number(row.id))).toEqual([1_000_002]);
  });
});
