import type { Table } from 'dexie';

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
  let after: string | undefined;
  while (!stopped()) {
    const from = after === undefined ? table.toCollection() : table.where(':id').above(after);
    const page = await from.limit(pageRows).toArray();
    onPage(page);
    const last = page.at(-1);
    if (last === undefined || page.length < pageRows) return;
    after = keyOf(last);
  }
}
