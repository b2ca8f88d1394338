import Dexie, { RangeSet, type IntervalTree, type ObservabilitySet, type Table } from 'dexie';
import type { InboxDb } from './db';
import { firstScreenOf } from './first-screen';
import { readInPages } from './read-in-pages';
import { Subscribers } from './subscribers';

/** What an index holds at one moment; a new object on every change, as React's stores need. */
export type TableSnapshot<Row> = { loaded: boolean; rows: ReadonlyMap<string, Row> };

/** A table of the local database whose rows an index can hold, keyed by a string primary key. */
export type IndexedTable = 'chats' | 'reads' | 'clients' | 'clientContacts';

/** Rows per read of a whole table, and of the rows a change notice names (read-in-pages.ts). */
export const TABLE_PAGE_ROWS = 1000;

/**
 * Every row of one local table in memory, kept current from Dexie's `storagemutated` notices
 * (which also carry the sync worker's writes, across contexts). Screens filter and order it in
 * memory, so switching lists over 10,000 chats never reads IndexedDB, and a change to one row
 * re-reads that one row instead of the whole table (DESIGN §6: a filter switch within a frame).
 *
 * It loads on its first subscriber, once the page's first screen is drawn (first-screen.ts), in
 * pages of TABLE_PAGE_ROWS, and stops listening after its last subscriber leaves. Its rows are
 * keyed by their primary key (`keyOf`), which the paged read walks.
 */
export class TableIndex<Row> {
  private snapshot: TableSnapshot<Row> = { loaded: false, rows: new Map() };
  private readonly subscribers = new Subscribers(
    () => {
      this.start();
    },
    () => {
      this.stop();
    },
  );
  /** Keys changed since the last read; `all` after a change too wide to list key by key. */
  private dirty: Set<string> | 'all' = 'all';
  private reading = false;
  /** A read is under way: the snapshot may lack what `dirty` no longer lists. */
  private fetching = false;
  private running = false;
  /** Until the page's first screen has its rows (first-screen.ts), whole reads wait. */
  private held = true;

  constructor(
    private readonly db: InboxDb,
    private readonly table: IndexedTable,
    private readonly keyOf: (row: Row) => string,
  ) {}

  current = (): TableSnapshot<Row> => this.snapshot;

  /**
   * Whether the snapshot holds every change heard so far: no read under way and none waiting.
   * A caller that read a row committed after some writes (the bootstrap's `done`) knows, once this
   * is true, that the snapshot holds those rows: their change notices came first.
   */
  caughtUp = (): boolean =>
    this.running && !this.fetching && this.dirty !== 'all' && this.dirty.size === 0;

  subscribe = (listener: () => void): (() => void) => this.subscribers.subscribe(listener);

  private start(): void {
    this.running = true;
    this.dirty = 'all';
    Dexie.on('storagemutated', this.onMutated);
    if (!this.held) {
      void this.read();
      return;
    }
    void firstScreenOf(this.db).passed.then(() => {
      this.held = false;
      void this.read();
    });
  }

  private stop(): void {
    this.running = false;
    Dexie.on.storagemutated.unsubscribe(this.onMutated);
    // Unheard changes may follow; the next subscriber starts from a full read.
    this.snapshot = { loaded: false, rows: new Map() };
  }

  private readonly onMutated = (parts: ObservabilitySet): void => {
    const prefix = `idb://${this.db.name}/${this.table}/`;
    for (const part of [prefix, `${prefix}:dels`]) {
      const tree = parts[part];
      if (tree) this.markDirty(tree);
    }
    void this.read();
  };

  private markDirty(tree: IntervalTree): void {
    if (this.dirty === 'all') return;
    for (const range of RangeSet(tree)) {
      // Single keys are what row writes produce; a range means a clear or a bulk change.
      if (typeof range.from === 'string' && range.from === range.to) this.dirty.add(range.from);
      else {
        this.dirty = 'all';
        return;
      }
    }
  }

  /** Reads what changed, one read at a time; changes heard meanwhile wait for the next round. */
  private async read(): Promise<void> {
    if (this.reading || !this.running || this.held) return;
    this.reading = true;
    try {
      while (!this.stopped() && (this.dirty === 'all' || this.dirty.size > 0)) {
        const dirty = this.dirty;
        this.dirty = new Set();
        this.fetching = true;
        const next = dirty === 'all' ? await this.allRows() : await this.patched([...dirty]);
        this.fetching = false;
        if (this.stopped()) return;
        this.snapshot = { loaded: true, rows: next };
        this.subscribers.notify();
      }
    } catch (error) {
      // The database closed under us (sign-out): nothing left to show.
      if (!(error instanceof Dexie.DatabaseClosedError)) throw error;
    } finally {
      this.reading = false;
      this.fetching = false;
    }
  }

  /** A method, not the field, so checks after an await are not narrowed away. */
  private stopped(): boolean {
    return !this.running;
  }

  private rowsTable(): Table<Row, string> {
    return this.db.table(this.table);
  }

  /**
   * Every row, read in pages (read-in-pages.ts). A row changed after its page was read is in
   * `dirty` by then (its change notice came), so the next round of `read` brings it: the snapshot
   * converges on the table as one read would.
   */
  private async allRows(): Promise<Map<string, Row>> {
    const rows = new Map<string, Row>();
    await readInPages(
      this.rowsTable(),
      TABLE_PAGE_ROWS,
      this.keyOf,
      (page) => {
        for (const row of page) rows.set(this.keyOf(row), row);
      },
      () => this.stopped(),
    );
    return rows;
  }

  /**
   * The snapshot with these rows read again, in pages like a whole read: a bootstrap writes
   * thousands of rows at once, and their change notice lists every key.
   */
  private async patched(ids: string[]): Promise<Map<string, Row>> {
    const next = new Map(this.snapshot.rows);
    for (let start = 0; start < ids.length; start += TABLE_PAGE_ROWS) {
      const page = ids.slice(start, start + TABLE_PAGE_ROWS);
      const rows = await this.rowsTable().bulkGet(page);
      page.forEach((id, i) => {
        const row = rows[i];
        if (row) next.set(id, row);
        else next.delete(id);
      });
      if (this.stopped()) break;
    }
    return next;
  }
}

/**
 * The rows of `after` that are not in `before` as the same object: changed or new since that
 * snapshot (a snapshot shares its unchanged rows with the one before it).
 */
export function changedRows<Row>(
  before: ReadonlyMap<string, Row>,
  after: ReadonlyMap<string, Row>,
): Row[] {
  const changed: Row[] = [];
  for (const [key, row] of after) if (before.get(key) !== row) changed.push(row);
  return changed;
}

const indexes = new WeakMap<InboxDb, Map<IndexedTable, TableIndex<unknown>>>();

/** The index of one table of one local database: one per table, shared by every reader. */
export function tableIndexOf<Row>(
  db: InboxDb,
  table: IndexedTable,
  keyOf: (row: Row) => string,
): TableIndex<Row> {
  let byTable = indexes.get(db);
  if (!byTable) {
    byTable = new Map<IndexedTable, TableIndex<unknown>>();
    indexes.set(db, byTable);
  }
  let index = byTable.get(table) as TableIndex<Row> | undefined;
  if (!index) {
    index = new TableIndex<Row>(db, table, keyOf);
    byTable.set(table, index as TableIndex<unknown>);
  }
  return index;
}
