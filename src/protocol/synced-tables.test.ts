import { describe, expect, it } from 'vitest';
import { SYNCED_TABLES, SYNC_TABLES, THREAD_TABLES, threadField } from './synced-tables';

/** The fields an index names: one, or each of a compound index's. */
const fieldsOf = (index: string | readonly string[]): readonly string[] =>
  typeof index === 'string' ? [index] : index;

describe('the synced tables', () => {
  it.each(SYNC_TABLES)('%s is keyed and indexed by fields of its row schema', (table) => {
    const entry = SYNCED_TABLES[table];
    const fields = Object.keys(entry.schema.entries);
    const named = [entry.key, ...entry.indexes.flatMap(fieldsOf)];
    expect(named.filter((field) => !fields.includes(field))).toEqual([]);
  });

  it.each(THREAD_TABLES)(
    '%s, whose rows belong to a chat, has their chat id and looks them up by it',
    (table) => {
      const entry = SYNCED_TABLES[table];
      expect(Object.keys(entry.schema.entries)).toContain('chatId');
      // Dropping a chat's contents and storing its thread read the rows by chatId.
      expect(entry.indexes.map((index) => fieldsOf(index)[0])).toContain('chatId');
    },
  );

  it('a chat’s thread answer gives each thread table a field of its own', () => {
    const fields = THREAD_TABLES.map(threadField);
    expect(new Set([...fields, 'chat']).size).toBe(fields.length + 1);
    expect(fields).toEqual(['messages', 'history']);
  });
});
