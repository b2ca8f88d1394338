import Dexie, { RangeSet, type IntervalTree, type ObservabilitySet, type Table } from 'dexie';
import { afterNextPaint } from './after-paint';
import type { InboxDb } from './db';
import { firstScreenOf } from './first-screen';
import {
  readVersioned,
  readVersionedPages,
  type VersionedPage,
  type VersionedRead,
} from './read-in-pages';
import { Subscribers } from './subscribers';
import {
  postedVersions,
  writtenRowsOf,
  type IndexedTable,
  type WrittenRows,
  type WrittenTable,
} from './written-rows';

export type { IndexedTable } from './written-rows';

/** What an index holds at one moment; a new object on every change, as React's stores need. */
export type TableSnapshot<Row> = { loaded: boolean; rows: ReadonlyMap<string, Row> };

/**
 * Rows per read of a whole table, and of the rows a change notice names (read-in-pages.ts). Each
 * page's answer is one task on the page's main thread (IndexedDB's copy of the rows, then the
 * index's own work): 1,000 chats made it 45–55 ms on two cores, at the 50 ms line.
 */
export const TABLE_PAGE_ROWS = 500;

/**
 * How long a change notice of the sync worker waits for the worker's post of its rows before the
 * rows are read instead. The post leaves before the notice, so it is normally there already; it
 * can miss a page only when the page's channel was opening as it was sent, or when it could not
 * be sent at all.
 */
export const POST_WAIT_MS = 500;

/** How long posted rows wait for their change notice before they are shown without it. */
const NOTICE_WAIT_MS = 50;

/** Posted versions remembered until their change notice comes (normally the very next task). */
const POSTED_KEPT = 256;

/**
 * Every row of one local table in memory, kept current with each committed write. Screens filter
 * and order it in memory, so switching lists over 10,000 chats never reads IndexedDB (DESIGN §6:
 * a filter switch within a frame).
 *
 * The sync worker posts the rows of each of its transactions once committed (written-rows.ts):
 * the index takes them as they are, without reading them back. Every other write (the page's own
 * predictions, another tab's) it hears of from Dexie's `storagemutated` notices and reads the rows
 * named there again. A write version, stamped by each of the worker's transactions and read with
 * each of the index's reads, orders the two: a key keeps the value of the newest version it has
 * heard of, so a read that began before a posted write never undoes it, nor a post a read that
 * already held it, and the index converges on the table as one read would.
 *
 * It loads on its first subscriber, once the page's first screen is drawn (first-screen.ts), in
 * pages of TABLE_PAGE_ROWS, and stops listening after its last subscriber leaves. Its rows are
 * keyed by their primary key (`keyOf`), which the paged read walks.
 */
export class TableIndex<Row> {
  private snapshot: TableSnapshot<Row> = { loaded: false, rows: new Map() };
  /** Changes not yet published: a copy of the snapshot's rows, made at the first change. */
  private draft: Map<string, Row> | undefined;
  private loaded = false;
  /** The write version each key's value (or its absence, after a delete) was taken at. */
  private readonly versions = new Map<string, number>();
  /** The newest version any read or post of this index carried. */
  private newest = 0;
  /** Every key is known at least as of this version: the table was emptied at it. */
  private floor = 0;
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
  /** The worker's change notices whose rows have not been posted yet, by write version. */
  private readonly awaiting = new Map<
    number,
    { trees: readonly IntervalTree[]; timer: ReturnType<typeof setTimeout> }
  >();
  /** Posted versions whose change notice has not come yet. */
  private readonly posted = new Set<number>();
  /** Posted rows wait for their change notice to be shown, at most NOTICE_WAIT_MS. */
  private publishing: ReturnType<typeof setTimeout> | undefined;
  /** Posted rows whose notice has come are shown after the next frame (`afterNextPaint`). */
  private painting = false;
  /**
   * Posted transactions not yet taken into the rows: taken as they are shown, not as they come,
   * since the first change after a publish copies the whole map (10,000 chats: 1–2 ms) and the
   * post's task is the one that draws the open thread's new message.
   */
  private pendingPosts: { version: number; change: Extract<WrittenTable, { reread: false }> }[] =
    [];
  private reading = false;
  /** A read is under way: the snapshot may lack what `dirty` no longer lists. */
  private fetching = false;
  private running = false;
  /** Counts the starts: a read begun before a stop and a new start keeps nothing it read. */
  private run = 0;
  private stopFeed: (() => void) | undefined;
  /** Until the page's first screen has its rows (first-screen.ts), whole reads wait. */
  private held = true;

  constructor(
    private readonly db: InboxDb,
    private readonly table: IndexedTable,
    private readonly keyOf: (row: Row) => string,
  ) {}

  current = (): TableSnapshot<Row> => this.snapshot;

  /**
   * Whether the snapshot holds every change heard so far: no read under way, none waiting, every
   * change notice of the worker matched by its posted rows, and every posted row shown. A caller
   * that read a row committed after some writes (the bootstrap's `done`) knows, once this is true,
   * that the snapshot holds those rows: their change notices came first.
   */
  caughtUp = (): boolean =>
    this.running &&
    !this.fetching &&
    this.dirty !== 'all' &&
    this.dirty.size === 0 &&
    this.awaiting.size === 0 &&
    this.pendingPosts.length === 0;

  subscribe = (listener: () => void): (() => void) => this.subscribers.subscribe(listener);

  /**
   * The newest write version the shown snapshot holds (read with a page or posted), if it holds
   * every change heard so far: what a copy of it is stamped with (list-copy.ts).
   */
  shownVersion = (): number | undefined =>
    this.caughtUp() && this.loaded && this.draft === undefined ? this.newest : undefined;

  private start(): void {
    this.running = true;
    this.run += 1;
    this.dirty = 'all';
    // Before the first read: every post from now on reaches this index, and what came before,
    // that read contains.
    this.stopFeed = writtenRowsOf(this.db).subscribe(this.onWritten);
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
    this.run += 1;
    Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.stopFeed?.();
    this.stopFeed = undefined;
    for (const { timer } of this.awaiting.values()) clearTimeout(timer);
    this.awaiting.clear();
    clearTimeout(this.publishing);
    this.publishing = undefined;
    this.posted.clear();
    this.pendingPosts = [];
    // Unheard changes may follow; the next subscriber starts from a full read.
    this.snapshot = { loaded: false, rows: new Map() };
    this.draft = undefined;
    this.loaded = false;
    this.versions.clear();
    this.floor = 0;
    this.newest = 0;
  }

  private readonly onMutated = (parts: ObservabilitySet): void => {
    const prefix = `idb://${this.db.name}/${this.table}/`;
    const trees = [parts[prefix], parts[`${prefix}:dels`]].filter(
      (tree): tree is IntervalTree => tree !== undefined,
    );
    if (trees.length === 0) return;
    const versions = postedVersions(parts, this.db.name);
    if (versions.length > 0) {
      // The sync worker wrote these, and posts the rows (written-rows.ts): nothing to read back.
      let arrived = false;
      for (const version of versions)
        if (this.posted.delete(version)) arrived = true;
        else this.awaitPost(version, trees);
      if (arrived) this.publishAfterPaint();
      return;
    }
    for (const tree of trees) this.dirty = withKeys(this.dirty, tree);
    void this.read();
  };

  /** A notice came before its rows: they are read after all if no post brings them in time. */
  private awaitPost(version: number, trees: readonly IntervalTree[]): void {
    const timer = setTimeout(() => {
      if (!this.awaiting.delete(version)) return;
      for (const tree of trees) this.dirty = withKeys(this.dirty, tree);
      void this.read();
    }, POST_WAIT_MS);
    this.awaiting.set(version, { trees, timer });
  }

  private readonly onWritten = (written: WrittenRows): void => {
    const change = written.tables[this.table];
    if (!this.running || !change) return;
    const waited = this.awaiting.get(written.version);
    if (waited) {
      clearTimeout(waited.timer);
      this.awaiting.delete(written.version);
    } else {
      this.posted.add(written.version);
      const oldest = this.posted.values().next();
      if (this.posted.size > POSTED_KEPT && !oldest.done) this.posted.delete(oldest.value);
    }
    if (change.reread) {
      this.dirty = 'all';
      void this.read();
      return;
    }
    // Taken in version order with reads or not, a key ends with its newest version's value.
    this.pendingPosts.push({ version: written.version, change });
    if (waited) this.publish();
    // The post left before Dexie's notice of the same commit, which is normally the next task.
    // Shown after the frame that follows that notice (`publishAfterPaint`); the timer is for a
    // notice that does not come.
    else
      this.publishing ??= setTimeout(() => {
        this.publish();
      }, NOTICE_WAIT_MS);
  };

  /** A key's value is at least this version's: the newest write heard of it, read or posted. */
  private versionOf(key: string): number {
    return Math.max(this.versions.get(key) ?? 0, this.floor);
  }

  private writable(): Map<string, Row> {
    this.draft ??= new Map(this.snapshot.rows);
    return this.draft;
  }

  /** Takes one posted transaction: what it wrote is newer than anything read before it. */
  private applyPosted(version: number, change: Extract<WrittenTable, { reread: false }>): void {
    this.newest = Math.max(this.newest, version);
    if (change.cleared && version > this.floor) {
      const rows = this.writable();
      for (const key of rows.keys()) if (this.versionOf(key) < version) rows.delete(key);
      for (const [key, known] of this.versions) if (known < version) this.versions.delete(key);
      this.floor = version;
    }
    for (const key of change.deletes) {
      if (version <= this.versionOf(key)) continue;
      this.writable().delete(key);
      this.versions.set(key, version);
    }
    for (const row of change.puts as Row[]) {
      const key = this.keyOf(row);
      if (version <= this.versionOf(key)) continue;
      this.writable().set(key, row);
      this.versions.set(key, version);
    }
  }

  /**
   * Shows posted rows once the frame after their notice is painted. The same commit's change an
   * open thread shows from the post (arrived-messages.ts) paints in that frame; the lists that
   * follow this index (10,000 chats filtered and ordered again) redraw after it instead of
   * pushing it back. The rows are there a frame later, as a list redrawn at a lower priority is.
   */
  private publishAfterPaint(): void {
    clearTimeout(this.publishing);
    this.publishing = undefined;
    if (this.painting) return;
    this.painting = true;
    afterNextPaint(() => {
      this.painting = false;
      // A stop and a new start meanwhile: `publish` shows nothing until the new run has read.
      if (this.running) this.publish();
    });
  }

  /** Shows what changed, once the whole table has been read; tells subscribers either way. */
  private publish(): void {
    clearTimeout(this.publishing);
    this.publishing = undefined;
    for (const { version, change } of this.pendingPosts) this.applyPosted(version, change);
    this.pendingPosts = [];
    if (!this.loaded) return;
    if (this.draft) {
      this.snapshot = { loaded: true, rows: this.draft };
      this.draft = undefined;
    }
    this.subscribers.notify();
  }

  /** Reads what changed, one read at a time; changes heard meanwhile wait for the next round. */
  private async read(): Promise<void> {
    if (this.reading || !this.running || this.held) return;
    this.reading = true;
    const run = this.run;
    try {
      while (this.isRun(run) && (this.dirty === 'all' || this.dirty.size > 0)) {
        const dirty = this.dirty;
        this.dirty = new Set();
        this.fetching = true;
        if (dirty === 'all') {
          const pages = await this.allRows(run);
          if (!this.isRun(run)) return;
          this.takeWhole(pages);
          this.loaded = true;
        } else {
          const read = await this.keyRows([...dirty], run);
          if (!this.isRun(run)) return;
          for (const { keys, rows, version } of read) this.takeRead(keys, rows, version);
        }
        this.fetching = false;
        this.publish();
      }
    } catch (error) {
      // The database closed under us (sign-out): nothing left to show.
      if (!(error instanceof Dexie.DatabaseClosedError)) throw error;
    } finally {
      this.reading = false;
      this.fetching = false;
      // Stopped and started again while reading: the new start's read waited for this one.
      if (this.run !== run) void this.read();
    }
  }

  /** Whether this run is still the current one: a method, so checks after an await hold. */
  private isRun(run: number): boolean {
    return this.running && this.run === run;
  }

  private rowsTable(): Table<Row, string> {
    return this.db.table(this.table);
  }

  /**
   * Every row, read in pages (read-in-pages.ts). A row changed after its page was read is in
   * `dirty` or posted by then, so the index converges on the table as one read would.
   */
  private async allRows(run: number): Promise<VersionedPage<Row>[]> {
    const pages: VersionedPage<Row>[] = [];
    await readVersionedPages(
      this.db,
      this.rowsTable(),
      TABLE_PAGE_ROWS,
      this.keyOf,
      (page) => {
        pages.push(page);
      },
      () => !this.isRun(run),
    );
    return pages;
  }

  /**
   * The table as its pages found it, except keys written by a newer version since: a row no page
   * holds is gone if the page that would have held it is newer than what the index knows of it.
   */
  private takeWhole(pages: readonly VersionedPage<Row>[]): void {
    const rows = this.writable();
    const seen = new Set<string>();
    for (const page of pages) this.newest = Math.max(this.newest, page.version);
    for (const page of pages)
      for (const row of page.rows) {
        const key = this.keyOf(row);
        seen.add(key);
        if (page.version < this.versionOf(key)) continue;
        rows.set(key, row);
        this.versions.set(key, page.version);
      }
    for (const key of [...rows.keys()]) {
      if (seen.has(key)) continue;
      const page = pages.find((p) => p.last === undefined || key <= p.last);
      if (!page || page.version < this.versionOf(key)) continue;
      rows.delete(key);
      this.versions.set(key, page.version);
    }
  }

  /**
   * These rows read again, in pages like a whole read: a bootstrap written by another tab writes
   * thousands of rows at once, and their change notice lists every key.
   */
  private async keyRows(
    ids: readonly string[],
    run: number,
  ): Promise<(VersionedRead<(Row | undefined)[]> & { keys: readonly string[] })[]> {
    const read: (VersionedRead<(Row | undefined)[]> & { keys: readonly string[] })[] = [];
    for (let start = 0; start < ids.length && this.isRun(run); start += TABLE_PAGE_ROWS) {
      const keys = ids.slice(start, start + TABLE_PAGE_ROWS);
      const table = this.rowsTable();
      read.push({ keys, ...(await readVersioned(this.db, table, () => table.bulkGet(keys))) });
    }
    return read;
  }

  private takeRead(keys: readonly string[], rows: readonly (Row | undefined)[], version: number) {
    this.newest = Math.max(this.newest, version);
    keys.forEach((key, i) => {
      if (version < this.versionOf(key)) return;
      const row = rows[i];
      if (row) this.writable().set(key, row);
      else this.writable().delete(key);
      this.versions.set(key, version);
    });
  }
}

/** The keys of a change notice added to `dirty`; a range (a clear, a bulk change) makes it `all`. */
function withKeys(dirty: Set<string> | 'all', tree: IntervalTree): Set<string> | 'all' {
  if (dirty === 'all') return dirty;
  for (const range of RangeSet(tree)) {
    // Single keys are what row writes produce; a range means a clear or a bulk change.
    if (typeof range.from === 'string' && range.from === range.to) dirty.add(range.from);
    else return 'all';
  }
  return dirty;
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
