import Dexie, { type Table } from 'dexie';
import { SYNC_TABLES, type SyncTable } from '../protocol';
import type { BaseRow, FileRow, MetaRow, OutboxRow, ReadRow, SyncRows } from './tables';

/**
 * Indexes per table. Changing this changes SCHEMA_HASH, and a changed hash rebuilds the local
 * database by bootstrap (outbox kept) instead of migrating rows (DESIGN §5).
 */
export const STORE_SCHEMA = {
  organizations: 'id',
  roles: 'id',
  users: 'id, name',
  teams: 'id, name',
  channels: 'id, type',
  clients: 'id, name, phone',
  requestCategories: 'id, parentId',
  chats:
    'id, status, [status+lastMessageAt], [operatorId+status], lastMessageAt, teamId, operatorId, clientId, createdBy',
  messages: 'id, chatId, [chatId+createdAt], [chatId+authorKind+createdAt]',
  chatHistory: 'id, chatId, [chatId+at]',
  templates: 'id, categoryId',
  templateCategories: 'id',
  meta: 'key',
  outbox: '++n, &id, state',
  base: '[table+key], table',
  files: 'id, commandId',
  /** When this user last read each chat (local to the browser). */
  reads: 'chatId',
} as const;

/** Bumped by hand when row shapes change without an index change. */
const ROW_SHAPE_VERSION = 1;

export const SCHEMA_HASH = `${ROW_SHAPE_VERSION}:${JSON.stringify(STORE_SCHEMA)}`;

/** The synced tables, as the protocol names them. */
export const DATA_TABLES: readonly SyncTable[] = SYNC_TABLES;

export class InboxDb extends Dexie {
  organizations!: Table<SyncRows['organizations'], string>;
  roles!: Table<SyncRows['roles'], string>;
  users!: Table<SyncRows['users'], string>;
  teams!: Table<SyncRows['teams'], string>;
  channels!: Table<SyncRows['channels'], string>;
  clients!: Table<SyncRows['clients'], string>;
  requestCategories!: Table<SyncRows['requestCategories'], string>;
  chats!: Table<SyncRows['chats'], string>;
  messages!: Table<SyncRows['messages'], string>;
  chatHistory!: Table<SyncRows['chatHistory'], string>;
  templates!: Table<SyncRows['templates'], string>;
  templateCategories!: Table<SyncRows['templateCategories'], string>;
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxRow, number>;
  base!: Table<BaseRow, [string, string]>;
  files!: Table<FileRow, string>;
  reads!: Table<ReadRow, string>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(STORE_SCHEMA);
  }

  /** Every table a sync write may touch: the data tables and the outbox bookkeeping. */
  writeTables(): Table[] {
    return [...DATA_TABLES.map((name) => this.table(name)), this.meta, this.outbox, this.base];
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
