/**
 * What the store lab (bench/browser/store-lab.ts, bundled and injected into the signed-in app
 * page) offers bench/store-peer.ts on `window.__storeLab`. Everything crosses Playwright's
 * `evaluate` as JSON, so these are plain data. Times are milliseconds in the page's clock.
 */
import type { SyncTable } from '../../src/protocol';

/** The rows the app's own bootstrap stored, read back from its IndexedDB database. */
export type StoredRows = {
  /** Rows per synced table. */
  tables: Record<SyncTable, number>;
  total: number;
  /** What the app's bootstrap counted as it wrote (its `meta` row), null when it holds none. */
  bootstrapCounted: number | null;
  cursor: number | null;
};

/** One timed bulk write of every stored row, in the bootstrap stream's chunks. */
export type TimedWrite = { rows: number; ms: number };

/** The chat lists the lab queries: the operator's landing list and the longest one. */
export type InboxList = 'assigned' | 'closed';

export type InboxRun = {
  list: InboxList;
  /** Whose list: the operator holding the most chats in progress, for `assigned`. */
  viewerId: string;
  /** Chats in the list, and the first screenful's length, as both stores answered them. */
  count: number;
  screenful: number;
  /** One sample per repetition: first screenful and count, answered afresh. */
  ours: number[];
  rxdb: number[];
};

export type LiveRun = {
  events: number;
  ours: { ms: number };
  rxdb: { ms: number };
};

export type StoreLab = {
  /** Reads the app's stored rows (its database `dbName`) into the lab, as the bootstrap sent them. */
  load: (dbName: string, userId: string) => Promise<StoredRows>;
  /** Raw Dexie `bulkPut` of the rows into a scratch database with our stores and indexes. */
  bootstrapReference: () => Promise<TimedWrite>;
  /** Our bootstrap's write path (src/store/bootstrap-write.ts) into a scratch database. */
  bootstrapOurs: () => Promise<TimedWrite>;
  /** RxDB `bulkInsert` of the rows into collections with equivalent schemas, on its Dexie storage. */
  bootstrapRxdb: () => Promise<TimedWrite>;
  /** One chat list's first screenful and count, from our chat index and from RxDB, alternately. */
  inboxQuery: (list: InboxList, rounds: number) => Promise<InboxRun>;
  /** Single-row live events: our applyEvents, then RxDB's incrementalUpsert, one event at a time. */
  liveApply: (events: number) => Promise<LiveRun>;
  /** Deletes the lab's scratch databases. */
  dispose: () => Promise<void>;
};

declare global {
  interface Window {
    __storeLab: StoreLab;
  }
}
