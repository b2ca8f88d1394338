import { describe, expect, it } from 'vitest';
import { SYNCED_TABLES, SYNC_TABLES } from '../protocol';
import { SCHEMA_HASH, STORE_SCHEMA, syncedStoreSchema } from './store-schema';

describe('the local database schema', () => {
  it.each([
    [{ key: 'id', indexes: [] }, 'id'],
    [{ key: 'id', indexes: ['name', 'phone'] }, 'id, name, phone'],
    [
      { key: 'id', indexes: ['chatId', ['chatId', 'authorKind', 'createdAt']] },
      'id, chatId, [chatId+authorKind+createdAt]',
    ],
  ] as const)('%j is the Dexie schema line %j', (entry, line) => {
    expect(syncedStoreSchema(entry)).toBe(line);
  });

  it('holds every synced table with the indexes of its protocol entry, inside the schema hash', () => {
    for (const table of SYNC_TABLES) {
      expect(STORE_SCHEMA[table]).toBe(syncedStoreSchema(SYNCED_TABLES[table]));
      // A changed index changes the hash, and the browser rebuilds its database by bootstrap.
      expect(SCHEMA_HASH).toContain(JSON.stringify({ [table]: STORE_SCHEMA[table] }).slice(1, -1));
    }
  });

  it('keeps the local tables beside the synced ones', () => {
    expect(Object.keys(STORE_SCHEMA)).toEqual([
      ...SYNC_TABLES,
      'meta',
      'outbox',
      'base',
      'files',
      'reads',
      'reports',
    ]);
  });
});
