/**
 * The peer: RxDB on its free Dexie storage, holding the synced tables in collections whose
 * primary keys and indexes are our store's (src/store/store-schema.ts STORE_SCHEMA) and whose fields are
 * the protocol's row schemas. No schema validator is plugged in, as RxDB advises for production.
 */
import {
  addRxPlugin,
  createRxDatabase,
  RxQueryBase,
  type MangoQuery,
  type MangoQuerySelector,
  type MangoQuerySortPart,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
} from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type * as v from 'valibot';
import { SYNCED_TABLES, SYNC_TABLES, type SyncTable } from '../../src/protocol';
import { STORE_SCHEMA, type ChatViewer } from '../../src/store';
import type { InboxList } from './store-lab-types';

// The sync cursor is kept as a local document, beside the collections, as RxDB's own
// replication keeps its checkpoint.
addRxPlugin(RxDBLocalDocumentsPlugin);

export type Row = Record<string, unknown>;
export type RxPeer = {
  db: RxDatabase;
  /** The chats collection, which the lab's list queries and live events use. */
  collections: { chats: RxCollection<Row> };
  /** Writes a bootstrap chunk of any table, as the peer stores that table. */
  bulkInsert(table: SyncTable, rows: Row[]): Promise<{ error: unknown[] }>;
};

/**
 * RxDB's open-source edition keeps at most 13 collections open at once
 * (NON_PREMIUM_COLLECTION_LIMIT; its error COL23). The first twelve synced tables, which hold
 * everything the lab queries, get a collection each, as our store gives them a Dexie table each;
 * the later organization tables (the client profiles' contacts, comments, statuses, companies, the
 * blacklist, …) share the thirteenth as documents keyed by table and id, so the peer still writes
 * every row bootstrap streams.
 */
const RX_COLLECTIONS_MAX = 13;
const OWN_TABLES = SYNC_TABLES.slice(0, RX_COLLECTIONS_MAX - 1);
const isOwn = (table: SyncTable): boolean => OWN_TABLES.includes(table);
const SHARED = 'sharedTables';
const SHARED_SCHEMA: RxJsonSchema<Row> = {
  version: 0,
  type: 'object',
  primaryKey: 'key',
  properties: {
    key: { type: 'string', maxLength: 64 + 1 + 36 },
    table: { type: 'string' },
    row: { type: 'object' },
  },
  required: ['key', 'table', 'row'],
};

type JsonField = { type?: string | string[]; maxLength?: number };

/** Generous for every value these tables index (ids, timestamps, names); RxDB needs a bound. */
const INDEXED_STRING_MAX = 255;
const ID_MAX = 36;

function fieldOf(schema: v.GenericSchema): JsonField {
  switch (schema.type) {
    case 'string':
    case 'picklist':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'array':
      return { type: 'array' };
    case 'object':
    case 'record':
      return { type: 'object' };
    case 'nullable': {
      const inner = fieldOf((schema as v.NullableSchema<v.GenericSchema, unknown>).wrapped);
      return typeof inner.type === 'string' ? { type: [inner.type, 'null'] } : {};
    }
    case 'optional':
      return fieldOf((schema as v.OptionalSchema<v.GenericSchema, unknown>).wrapped);
    default:
      return {};
  }
}

/** Our Dexie index spec ("id, status, [status+lastMessageAt]") as primary key and indexes. */
export function indexesOf(table: SyncTable): { primary: string; indexes: string[][] } {
  const [primary = 'id', ...rest] = STORE_SCHEMA[table].split(',').map((part) => part.trim());
  return {
    primary,
    indexes: rest.map((part) => (part.startsWith('[') ? part.slice(1, -1).split('+') : [part])),
  };
}

/** A table's RxDB schema: the protocol's fields, our primary key and our indexes. */
export function rxSchemaOf(table: SyncTable): RxJsonSchema<Row> {
  const { entries } = SYNCED_TABLES[table].schema;
  const { primary, indexes } = indexesOf(table);
  const indexed = new Set(indexes.flat());
  const properties: Record<string, JsonField> = {};
  const required: string[] = [];
  for (const [name, schema] of Object.entries(entries)) {
    if (schema.type !== 'optional') required.push(name);
    // RxDB indexes plain strings of bounded length only, so nullable ids (teamId, operatorId)
    // are declared as strings. On the Dexie storage a null leaves the row out of that
    // IndexedDB index, exactly as it does in our store.
    properties[name] =
      name === primary
        ? { type: 'string', maxLength: ID_MAX }
        : indexed.has(name)
          ? { type: 'string', maxLength: INDEXED_STRING_MAX }
          : fieldOf(schema);
  }
  return {
    version: 0,
    type: 'object',
    primaryKey: primary,
    properties,
    required,
    indexes,
  };
}

export async function openRxPeer(name: string): Promise<RxPeer> {
  const db = await createRxDatabase({
    name,
    storage: getRxStorageDexie(),
    localDocuments: true,
    // Counting "status = assigned and operatorId = X" reads the rows: no index holds both
    // fields, in our store either.
    allowSlowCount: true,
  });
  const collections = (await db.addCollections({
    ...Object.fromEntries(OWN_TABLES.map((table) => [table, { schema: rxSchemaOf(table) }])),
    [SHARED]: { schema: SHARED_SCHEMA },
  })) as Record<string, RxCollection<Row>>;
  const collection = (name: string): RxCollection<Row> => {
    const found = collections[name];
    if (!found) throw new Error(`no RxDB collection ${name}`);
    return found;
  };
  return {
    db,
    collections: { chats: collection('chats') },
    bulkInsert: (table, rows) =>
      isOwn(table)
        ? collection(table).bulkInsert(rows)
        : collection(SHARED).bulkInsert(
            rows.map((row) => ({ key: `${table}:${String(row.id)}`, table, row })),
          ),
  };
}

/**
 * A chat list as an RxDB query. Our order (src/store/chat-list.ts compareChats) is urgency
 * (expired, half-expired, none: the expiry values' own alphabetical order; a closed chat counts
 * as none), then the latest message first, then the id.
 */
export function rxListQuery(
  list: InboxList,
  viewer: ChatViewer,
): { selector: MangoQuerySelector<Row>; sort: MangoQuerySortPart<Row>[] } {
  const latest: MangoQuerySortPart<Row>[] = [{ lastMessageAt: 'desc' }, { id: 'asc' }];
  return list === 'assigned'
    ? {
        selector: { status: 'assigned', operatorId: viewer.id },
        sort: [{ expiry: 'asc' }, ...latest],
      }
    : { selector: { status: 'closed' }, sort: latest };
}

/**
 * A list's first screenful and its count, answered by the storage: a new query object each time,
 * so RxDB's cache of query results (which would answer a repeated, unchanged query from memory)
 * is not what is timed; this is what RxDB does when a list is opened.
 */
export async function rxListAnswer(
  chats: RxCollection<Row>,
  list: InboxList,
  viewer: ChatViewer,
  screenful: number,
): Promise<{ ids: string[]; count: number }> {
  const { selector, sort } = rxListQuery(list, viewer);
  const find: MangoQuery<Row> = { selector, sort, limit: screenful };
  const [docs, count] = await Promise.all([
    new RxQueryBase<Row, { id: string }[]>('find', find, chats).exec(),
    new RxQueryBase<Row, number>('count', { selector }, chats).exec(),
  ]);
  return { ids: docs.map((doc) => doc.id), count };
}
