import { RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import type { InboxDb } from './db';

/** The tables the page holds in memory (table-index.ts), and so the ones whose rows are posted. */
export const INDEXED_TABLES = ['chats', 'reads', 'clients', 'clientContacts'] as const;
export type IndexedTable = (typeof INDEXED_TABLES)[number];

export const isIndexedTable = (name: string): name is IndexedTable =>
  (INDEXED_TABLES as readonly string[]).includes(name);

/**
 * The tables whose written rows are posted: the indexed ones, and messages, which an open thread
 * shows from the post before its own read has them (arrived-messages.ts).
 */
export const POSTED_TABLES = [...INDEXED_TABLES, 'messages'] as const;
export type PostedTable = (typeof POSTED_TABLES)[number];

export const isPostedTable = (name: string): name is PostedTable =>
  (POSTED_TABLES as readonly string[]).includes(name);

/**
 * A transaction that wrote more messages than this (a catch-up page, a bootstrap chunk, a closed
 * chat's thread fetched) posts them as `reread`: no thread shows that many arriving at once, and
 * the page's read takes them, so they are not copied to every page for nothing.
 */
export const POSTED_MESSAGES_MAX = 50;

/**
 * What one committed transaction did to one table: emptied it first (`cleared`), then left these
 * rows and removed these keys; only a key's last write in the transaction counts. `reread` when a
 * write cannot be told row by row (a range deleted): the page reads the table again.
 */
export type WrittenTable =
  { reread: false; cleared: boolean; puts: unknown[]; deletes: string[] } | { reread: true };

/**
 * The rows one transaction of the sync worker wrote, posted to every page once it has committed
 * (post-written-rows.ts), so the pages' in-memory indexes take them as they are instead of
 * reading them back from IndexedDB. `version` is the store's write version that transaction set
 * (WRITTEN_VERSION_KEY): it orders these rows against the page's own reads.
 */
export type WrittenRows = {
  version: number;
  tables: Partial<Record<PostedTable, WrittenTable>>;
};

/**
 * The `meta` row counting the sync worker's write transactions. Each one that writes a posted
 * table adds one in the same transaction, so a page that reads it with some rows knows exactly
 * which of the worker's transactions those rows already contain: IndexedDB runs a read-only
 * transaction entirely before or entirely after any read-write one over the same stores.
 */
export const WRITTEN_VERSION_KEY = 'written';

/** The channel the sync workers post on and every page of the same database listens to. */
export const writtenRowsChannel = (dbName: string): string => `${dbName}:written-rows`;

/**
 * The part a stamped transaction adds to Dexie's change notice, holding its version: a page's
 * index knows from it that the rows of that notice come by post and need not be read.
 */
export const writtenMarkerPart = (dbName: string): string => `written-rows://${dbName}`;

/** The versions a change notice says were posted (written-rows:// part), if any. */
export function postedVersions(parts: ObservabilitySet, dbName: string): number[] {
  const tree: IntervalTree | undefined = parts[writtenMarkerPart(dbName)];
  if (!tree) return [];
  const versions: number[] = [];
  for (const range of RangeSet(tree))
    if (typeof range.from === 'number' && range.from === range.to) versions.push(range.from);
  return versions;
}

type Listener = (written: WrittenRows) => void;

/** The posts of the sync workers as one page hears them, handed to its indexes. */
export class WrittenRowsFeed {
  private readonly listeners = new Set<Listener>();
  private channel: BroadcastChannel | undefined;
  /** The version of the last post heard: the sync worker's transactions come in order. */
  private heard = 0;

  constructor(private readonly channelName: string) {}

  /**
   * Listens until the returned function is called. The channel is open while anyone listens: a
   * post reaches only channels that exist when it is sent, and an index relies on every post after
   * it started reaching it (what came before, its first read contains).
   */
  subscribe(listener: Listener): () => void {
    this.open();
    this.listeners.add(listener);
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.close();
    };
  }

  /** Hands one post to every listener (the channel's messages come here). */
  deliver(written: WrittenRows): void {
    this.heard = written.version;
    for (const listener of [...this.listeners]) listener(written);
  }

  /** The version of the last post this page heard, 0 before any. */
  lastHeard(): number {
    return this.heard;
  }

  private close(): void {
    this.channel?.close();
    this.channel = undefined;
  }

  private open(): void {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(this.channelName);
    this.channel.onmessage = (event: MessageEvent<WrittenRows>) => {
      this.deliver(event.data);
    };
  }
}

const feeds = new WeakMap<InboxDb, WrittenRowsFeed>();

/** The posted rows of one local database, in this page. */
export function writtenRowsOf(db: InboxDb): WrittenRowsFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = new WrittenRowsFeed(writtenRowsChannel(db.name));
    feeds.set(db, feed);
  }
  return feed;
}
