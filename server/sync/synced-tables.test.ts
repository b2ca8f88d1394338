import { describe, expect, it } from 'vitest';
import { SYNC_TABLES, THREAD_TABLES } from '../../src/protocol';
import { SERVER_SYNCED_TABLES } from './synced-tables';

describe('the server entries of the synced tables', () => {
  it('are one for every table the protocol syncs, and none for a table it does not', () => {
    const server = Object.keys(SERVER_SYNCED_TABLES);
    expect(SYNC_TABLES.filter((table) => !server.includes(table))).toEqual([]);
    expect(server.filter((table) => !(SYNC_TABLES as readonly string[]).includes(table))).toEqual(
      [],
    );
  });

  it('give the rows of a chat’s thread exactly for the tables the protocol says belong to a chat', () => {
    const ofChats = Object.entries(SERVER_SYNCED_TABLES)
      .filter(([, entry]) => entry.sight.kind === 'chat-content')
      .map(([table]) => table);
    expect(ofChats.sort()).toEqual([...THREAD_TABLES].sort());
  });

  it('stream chats after the organization’s rows, and the rows of chats after their chats', () => {
    const order = Object.values(SERVER_SYNCED_TABLES).map((entry) => entry.sight.kind);
    const firstChat = order.indexOf('chat');
    // Statistics are organization-wide rows too, only for fewer viewers.
    expect(order.slice(0, firstChat).every((kind) => kind === 'org' || kind === 'stats')).toBe(
      true,
    );
    expect(order.slice(firstChat + 1).every((kind) => kind === 'chat-content')).toBe(true);
  });
});
