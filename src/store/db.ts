import Dexie, { type Table } from 'dexie';
import { SYNC_TABLES, type SyncTable } from '../protocol';
import { STORE_SCHEMA } from './store-schema';
import type {
  BaseRow,
  FileRow,
  MetaRow,
  OutboxRow,
  ReadRow,
  StoredReport,
  SyncRows,
} from './tables';

/** A typed Dexie table per synced table, named as the protocol names it. */
export type SyncedDexieTables = { readonly [T in SyncTable]: Table<SyncRows[T], string> };

// Dexie defines a property for every table of the schema given to `version().stores()` in the
// constructor, so each synced table is there on every instance; this interface only gives them
// their types, derived from the protocol's registry instead of a field written per table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface InboxDb extends SyncedDexieTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class InboxDb extends Dexie {
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxRow, number>;
  base!: Table<BaseRow, [string, string]>;
  files!: Table<FileRow, string>;
  reads!: Table<ReadRow, string>;
  reports!: Table<StoredReport, string>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(STORE_SCHEMA);
  }

  /** Every table a sync write may touch: the data tables and the outbox bookkeeping. */
  writeTables(): Table[] {
    return [...SYNC_TABLES.map((name) => this.table(name)), this.meta, this.outbox, this.base];
  }

  /** The table of a synced entity, typed loosely for code that handles every table alike. */
  dataTable(name: SyncTable): Table<SyncRows[SyncTable], string> {
    return this.table(name);
  }
}

/** One database per signed-in user and organization (DESIGN §5). */
export const storeName = (orgId: string, userId: string): string => `sc-${orgId}-${userId}`;

export function openInboxDb(
  orgId: string,
  userId: string,
  options?: ConstructorParameters<typeof Dexie>[1],
): InboxDb {
  return new InboxDb(storeName(orgId, userId), options);
}
