import type { Page } from 'playwright-core';
import { TOKEN_KEY } from '../../src/ui/session-token';

/** What the raw write of a catch-up's events took, measured in the page. */
export type RawApply = {
  events: number;
  rows: number;
  /** The writes' transactions, in all. */
  ms: number;
  rate: number;
  /** The server's event pages asked for one after another, from request to parsed body. */
  fetchMs: number;
};

/**
 * The floor under the sync worker's apply rate: the same events a catch-up applied, fetched again
 * from the server's event pages, their rows written with IndexedDB's own `put` and `delete` into
 * a scratch database with the app's object stores and indexes, one transaction per `batch` events
 * as the worker's catch-up does (CATCH_UP_BATCH). It leaves out everything the worker does
 * besides writing the rows (checking each event, pending commands, the cursor, the posts), so
 * our rate ÷ this one is what the app's own work costs over IndexedDB's. The transactions are
 * timed apart from the fetches, which are timed too: the server's share of a catch-up.
 */
export async function rawApply(page: Page, after: number, batch: number): Promise<RawApply> {
  return page.evaluate(
    async ([from, size, tokenKey]) => {
      type Change = {
        table: string;
        op: 'put' | 'delete';
        key: string;
        row?: Record<string, unknown>;
      };
      const token = localStorage.getItem(tokenKey) ?? '';
      const events: { changes: Change[] }[] = [];
      const fetching = performance.now();
      for (let cursor = from; ;) {
        const response = await fetch(`/api/sync/events?after=${String(cursor)}&limit=1000`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`events page: HTTP ${String(response.status)}`);
        const page = (await response.json()) as {
          events: { changes: Change[] }[];
          hasMore: boolean;
          cursor: number;
        };
        events.push(...page.events);
        if (!page.hasMore || page.cursor === cursor) break;
        cursor = page.cursor;
      }
      const fetchMs = performance.now() - fetching;
      const request = <T>(req: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          req.onsuccess = () => {
            resolve(req.result);
          };
          req.onerror = () => {
            reject(req.error ?? new Error('IndexedDB request failed'));
          };
        });
      // The app's store: the one database whose name is the store's (sc-<org>-<user>).
      const name = (await indexedDB.databases())
        .map((db) => db.name ?? '')
        .find((db) => db.startsWith('sc-'));
      if (!name) throw new Error('no local store in this page');
      const app = await request(indexedDB.open(name));
      const tables = [...new Set(events.flatMap((e) => e.changes.map((c) => c.table)))];
      const scratchName = `bench-raw-apply-${String(Date.now())}`;
      const open = indexedDB.open(scratchName, 1);
      open.onupgradeneeded = () => {
        const read = app.transaction(tables, 'readonly');
        for (const table of tables) {
          const source = read.objectStore(table);
          const store = open.result.createObjectStore(table, { keyPath: source.keyPath });
          for (const indexName of [...source.indexNames]) {
            const index = source.index(indexName);
            store.createIndex(indexName, index.keyPath, {
              unique: index.unique,
              multiEntry: index.multiEntry,
            });
          }
        }
      };
      const scratch = await request(open);
      app.close();
      let ms = 0;
      let rows = 0;
      for (let start = 0; start < events.length; start += size) {
        // Only a key's last change in the batch is written, as the worker's bulk writes do.
        const last = new Map<string, Change>();
        for (const event of events.slice(start, start + size))
          for (const change of event.changes)
            last.set(`${change.table}\u0000${change.key}`, change);
        const began = performance.now();
        const transaction = scratch.transaction(tables, 'readwrite');
        for (const change of last.values()) {
          const store = transaction.objectStore(change.table);
          if (change.op === 'put') store.put(change.row);
          else store.delete(change.key);
        }
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => {
            resolve();
          };
          transaction.onerror = () => {
            reject(transaction.error ?? new Error('transaction failed'));
          };
        });
        ms += performance.now() - began;
        rows += last.size;
      }
      scratch.close();
      await request(indexedDB.deleteDatabase(scratchName));
      return { events: events.length, rows, ms, rate: (events.length / ms) * 1000, fetchMs };
    },
    [after, batch, TOKEN_KEY] as const,
  );
}
