import type { Collection, Table } from 'dexie';
import type { InboxDb } from './db';
import { WRITTEN_VERSION_KEY } from './written-rows';

/** Rows read in one transaction, and the sync worker's write version they contain. */
export type VersionedRead<T> = { rows: T; version: number };

/** One page of a versioned whole-table read; `last` is undefined for the final page. */
export type VersionedPage<Row> = VersionedRead<readonly Row[]> & { last: string | undefined };

/**
 * Runs a read of `table` together with the store's write version (written-rows.ts) in one
 * read-only transaction: IndexedDB runs it wholly before or wholly after each of the worker's
 * write transactions, so the version says exactly which of them the rows contain.
 */
export async function readVersioned<Row, T>(
  db: InboxDb,
  table: Table<Row, string>,
  read: () => Promise<T>,
): Promise<VersionedRead<T>> {
  return db.transaction('r', table, db.meta, async () => {
    const [rows, written] = await Promise.all([read(), db.meta.get(WRITTEN_VERSION_KEY)]);
    return { rows, version: written?.key === WRITTEN_VERSION_KEY ? written.value : 0 };
  });
}

/**
 * Every row of a local table, read in pages in primary-key order, each page its own request.
 * Structured-clone deserialisation of a read happens on the main thread in the task that receives
 * it: 10,000 chats in one `toArray` held it for a quarter of a second, while a page of a thousand
 * or two stays well inside the 50 ms long-task line (DESIGN §6) and lets the browser paint and
 * handle input between pages. Stops early once `stopped` says so.
 */
export async function readInPages<Row>(
  table: Table<Row, string>,
  pageRows: number,
  keyOf: (row: Row) => string,
  onPage: (rows: readonly Row[]) => void,
  stopped: () => boolean,
): Promise<void> {
  await walkPages(
    table,
    pageRows,
    keyOf,
    async (page) => ({ rows: await page.toArray(), version: 0 }),
    (page) => {
      onPage(page.rows);
    },
    stopped,
  );
}

/**
 * A whole table read in pages as `readInPages` does, each page in one transaction with the write
 * version it saw (`readVersioned`). A page covers the keys after the one before it up to its
 * `last`; the final page (`last` undefined) covers every key after the one before it.
 */
export async function readVersionedPages<Row>(
  db: InboxDb,
  table: Table<Row, string>,
  pageRows: number,
  keyOf: (row: Row) => string,
  onPage: (page: VersionedPage<Row>) => void,
  stopped: () => boolean,
): Promise<void> {
  await walkPages(
    table,
    pageRows,
    keyOf,
    (page) => readVersioned(db, table, () => page.toArray()),
    onPage,
    stopped,
  );
}

async function walkPages<Row>(
  table: Table<Row, string>,
  pageRows: number,
  keyOf: (row: Row) => string,
  read: (page: Collection<Row, string>) => Promise<VersionedRead<Row[]>>,
  onPage: (page: VersionedPage<Row>) => void,
  stopped: () => boolean,
): Promise<void> {
  let after: string | undefined;
  while (!stopped()) {
    const from = after === undefined ? table.toCollection() : table.where(':id').above(after);
    const page = await read(from.limit(pageRows));
    const lastRow = page.rows.at(-1);
    const final = lastRow === undefined || page.rows.length < pageRows;
    onPage({ ...page, last: final ? undefined : keyOf(lastRow) });
    if (final) return;
    after = keyOf(lastRow);
  }
}
