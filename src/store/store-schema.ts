import { SYNCED_TABLES, SYNC_TABLES, type SyncTable, type SyncedTableEntry } from '../protocol';

/** Dexie's schema line of a synced table: its key, then its indexes (`[a+b]` for a compound one). */
export function syncedStoreSchema(entry: Pick<SyncedTableEntry, 'key' | 'indexes'>): string {
  const indexes = entry.indexes.map((index) =>
    typeof index === 'string' ? index : `[${index.join('+')}]`,
  );
  return [entry.key, ...indexes].join(', ');
}

/** The tables only this browser keeps: bookkeeping of sync and of the outbox, and read marks. */
const LOCAL_STORE_SCHEMA = {
  meta: 'key',
  outbox: '++n, &id, state',
  base: '[table+key], table',
  files: 'id, commandId',
  /** When this user last read each chat (local to the browser). */
  reads: 'chatId',
  /**
   * Report answers as the server computed them, by `reportKey(query)`, so a report once loaded
   * opens again offline (issue 21). Not synced: each browser keeps what it has asked for.
   */
  reports: 'key',
} as const;

/**
 * Indexes per table: the synced tables' from their protocol entries, then the local ones.
 * Changing this changes SCHEMA_HASH, and a changed hash rebuilds the local database by bootstrap
 * (outbox kept) instead of migrating rows (DESIGN §5).
 */
export const STORE_SCHEMA: Readonly<Record<SyncTable, string>> & typeof LOCAL_STORE_SCHEMA = {
  ...(Object.fromEntries(
    SYNC_TABLES.map((table) => [table, syncedStoreSchema(SYNCED_TABLES[table])]),
  ) as Record<SyncTable, string>),
  ...LOCAL_STORE_SCHEMA,
};

/** Bumped by hand when row shapes change without an index change. */
const ROW_SHAPE_VERSION = 1;

/** The local schema's version: a database of another hash is rebuilt by bootstrap. */
export const SCHEMA_HASH = `${ROW_SHAPE_VERSION}:${JSON.stringify(STORE_SCHEMA)}`;
