import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../protocol';
import { chatListHead } from './chat-list-head';
import { firstListHeadOf, FirstListHead } from './first-list-head';
import {
  forgetListCopy,
  keepListCopy,
  noteHeardVersion,
  onListCopyKept,
  readListCopy,
} from './list-copy';
import { forgetOpenedSchema, openStore, openStoreAtOnce } from './open-store';
import { storeName, type InboxDb } from './db';
import { SCHEMA_HASH } from './store-schema';
import { WRITTEN_VERSION_KEY } from './written-rows';
import { ME, OTHER, bootstrappedDb, chatId, chatRow, clientRow, userRow } from './test-fixtures';

/** The browser's localStorage as the page has it: Node has none, and the worker has none either. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const DB = 'sc-org-user';
const CUSTOMER = chatId(5001);
const listed = {
  chats: [
    chatRow(chatId(1), { status: 'assigned', operatorId: ME, clientId: CUSTOMER }),
    chatRow(chatId(2), { status: 'assigned', operatorId: ME, clientId: CUSTOMER }),
  ],
  clientNames: new Map([[CUSTOMER, 'Olga Petrova']]),
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('the kept copy of a chat list', () => {
  it('is read back for its own list and viewer, with its customers’ names', () => {
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    const copy = readListCopy(DB, 'assigned', ME);
    expect(copy?.version).toBe(7);
    expect(copy?.listed.chats.map((chat) => chat.id)).toEqual([chatId(1), chatId(2)]);
    expect(copy?.listed.clientNames.get(CUSTOMER)).toBe('Olga Petrova');
    expect(readListCopy(DB, 'closed', ME)).toBeUndefined();
    expect(readListCopy(DB, 'assigned', OTHER)).toBeUndefined();
  });

  it('keeps each list apart, so a start on another list finds its own', () => {
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    keepListCopy(DB, {
      version: 7,
      filter: 'closed',
      viewerId: ME,
      listed: { chats: [chatRow(chatId(9), { status: 'closed' })], clientNames: new Map() },
    });
    expect(readListCopy(DB, 'assigned', ME)?.listed.chats).toHaveLength(2);
    expect(readListCopy(DB, 'closed', ME)?.listed.chats.map((chat) => chat.id)).toEqual([
      chatId(9),
    ]);
  });

  it('is not drawn once any page has heard a later write of the sync worker', () => {
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    noteHeardVersion(DB, 8);
    expect(readListCopy(DB, 'assigned', ME)).toBeUndefined();
    // An older copy kept later by a page that had not heard it does not win either.
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    expect(readListCopy(DB, 'assigned', ME)).toBeUndefined();
    keepListCopy(DB, { version: 8, filter: 'assigned', viewerId: ME, listed });
    expect(readListCopy(DB, 'assigned', ME)?.version).toBe(8);
  });

  it('keeps only a screenful and the overscan of a long list', () => {
    const long = Array.from({ length: 300 }, (_, i) => chatRow(chatId(i + 1)));
    keepListCopy(DB, {
      version: 3,
      filter: 'closed',
      viewerId: ME,
      listed: { chats: long, clientNames: new Map() },
    });
    expect(readListCopy(DB, 'closed', ME)?.listed.chats).toHaveLength(50);
  });

  it.each([
    ['not JSON', '{"schema":'],
    ['another schema', null],
    ['chats that are not rows', 'rows'],
    ['an array', '[]'],
  ])('is no copy when what is stored is %s', (_, value) => {
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    const key = `${DB}:list-copy:assigned`;
    const kept = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
    if (value === null) storage.setItem(key, JSON.stringify({ ...kept, schema: 'older' }));
    else if (value === 'rows') storage.setItem(key, JSON.stringify({ ...kept, chats: [1, 2] }));
    else storage.setItem(key, value);
    expect(readListCopy(DB, 'assigned', ME)).toBeUndefined();
  });

  it('is told as it is kept, with whether the page drew exactly those rows', () => {
    const heard: unknown[] = [];
    const stop = onListCopyKept((kept) => heard.push(kept));
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed, drawn: true });
    keepListCopy(DB, { version: 8, filter: 'closed', viewerId: ME, listed });
    stop();
    keepListCopy(DB, { version: 9, filter: 'open', viewerId: ME, listed, drawn: true });
    expect(heard).toEqual([
      { dbName: DB, filter: 'assigned', viewerId: ME, version: 7, drawn: true },
      { dbName: DB, filter: 'closed', viewerId: ME, version: 8, drawn: false },
    ]);
  });

  it('is gone with its store, and absent where there is no localStorage', () => {
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    forgetListCopy(DB);
    expect(readListCopy(DB, 'assigned', ME)).toBeUndefined();
    expect(storage.length).toBe(0);
    Reflect.deleteProperty(globalThis, 'localStorage');
    keepListCopy(DB, { version: 7, filter: 'assigned', viewerId: ME, listed });
    expect(readListCopy(DB, 'assigned', ME)).toBeUndefined();
  });
});

describe('the first list’s stand-in rows', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb(listed.chats);
    await db.users.put(userRow(ME, 'Nina Ivanova'));
    await db.clients.put(clientRow(CUSTOMER, 'Olga Petrova'));
    await db.meta.put({ key: WRITTEN_VERSION_KEY, value: 7 });
  });
  afterEach(async () => {
    await db.delete();
  });

  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('are the kept copy while the store holds the version it was taken at', async () => {
    keepListCopy(db.name, { version: 7, filter: 'assigned', viewerId: ME, listed });
    const head = firstListHeadOf(db, 'assigned', ME);
    expect(head.rowsFor('assigned', ME)?.chats).toHaveLength(2);
    expect(head.rowsFor('closed', ME)).toBeUndefined();
    await settled();
    expect(head.rowsFor('assigned', ME)?.chats).toHaveLength(2);
    head.retire();
    expect(head.rowsFor('assigned', ME)).toBeUndefined();
  });

  it('are dropped as soon as the open store says it was written since', async () => {
    keepListCopy(db.name, { version: 6, filter: 'assigned', viewerId: ME, listed });
    const head = firstListHeadOf(db, 'assigned', ME);
    expect(head.rowsFor('assigned', ME)).toBeDefined();
    let told = 0;
    head.subscribe(() => (told += 1));
    await settled();
    expect(head.rowsFor('assigned', ME)).toBeUndefined();
    expect(told).toBe(1);
  });

  it('are none when the store cannot say which version it holds', async () => {
    const head = new FirstListHead('assigned', ME, { version: 7, listed }, () =>
      Promise.reject(new Error('closed')),
    );
    await settled();
    expect(head.rowsFor('assigned', ME)).toBeUndefined();
  });

  it('come from a head read that names the version its rows hold', async () => {
    const read = await chatListHead(db, 'assigned', ME, 50);
    expect(read.version).toBe(7);
    expect(read.chats.map((chat) => chat.id).sort()).toEqual([chatId(1), chatId(2)]);
  });
});

describe('opening the store at once', () => {
  it('waits for one careful open of this schema before it hands a store out unopened', async () => {
    const org = newId();
    const user = newId();
    expect(openStoreAtOnce(org, user)).toBeUndefined();
    const first = await openStore(org, user);
    await first.chats.put(chatRow(chatId(4)));
    first.close();
    const atOnce = openStoreAtOnce(org, user);
    expect(atOnce).toBeDefined();
    // Reads asked before the open is done wait for it.
    const read = atOnce?.db.chats.get(chatId(4));
    await atOnce?.opened;
    expect(await read).toMatchObject({ id: chatId(4) });
    await atOnce?.db.delete();
  });

  it('fails, and forgets the note, when the store was written under another schema', async () => {
    const org = newId();
    const user = newId();
    const first = await openStore(org, user);
    await first.meta.put({ key: 'schema', value: 'a later schema' });
    first.close();
    const atOnce = openStoreAtOnce(org, user);
    await expect(atOnce?.opened).rejects.toThrow(/not written under this schema/);
    atOnce?.db.close();
    expect(openStoreAtOnce(org, user)).toBeUndefined();
    // The careful open rebuilds it, and notes this schema again.
    const rebuilt = await openStore(org, user);
    expect((await rebuilt.meta.get('schema'))?.value).toBe(SCHEMA_HASH);
    rebuilt.close();
    forgetOpenedSchema(storeName(org, user));
    expect(openStoreAtOnce(org, user)).toBeUndefined();
    await rebuilt.delete();
  });
});
