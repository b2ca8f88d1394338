import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, type BootstrapLine } from '../protocol';
import { currentCursor, InboxDb, isBootstrapped } from '../store';
import { ME, chatId, chatRow, messageRow } from '../store/test-fixtures';
import type { SyncApi } from './api-client';
import { runBootstrap } from './bootstrap-run';

const messageId = (i: number) => `00000000-0000-7000-8000-0000000b${String(i).padStart(4, '0')}`;

/** A server's bootstrap stream of these lines, as the API client yields them. */
const streamOf = (lines: readonly BootstrapLine[]) =>
  ({
    async *bootstrap() {
      for (const line of lines) yield await Promise.resolve(line);
    },
  }) as unknown as SyncApi;

/** Chunks of `size` message rows of chat 1, as the server streams a table. */
const messageChunks = (count: number, size: number): BootstrapLine[] => {
  const rows = Array.from({ length: count }, (_, i) =>
    messageRow(messageId(i), chatId(1), {
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
    }),
  );
  const chunks: BootstrapLine[] = [];
  for (let at = 0; at < count; at += size)
    chunks.push({ table: 'messages', rows: rows.slice(at, at + size) });
  return chunks;
};

describe('the bootstrap stream', () => {
  let db: InboxDb;
  afterEach(async () => {
    await db.delete();
  });

  it('stores every valid row of every chunk in order, counts the invalid ones, passes over unknown tables, and finishes at its cursor', async () => {
    db = new InboxDb(`test-${newId()}`);
    await db.open();
    const progress: number[] = [];
    const result = await runBootstrap(
      db,
      streamOf([
        { cursor: 42, protocol: 1 },
        { table: 'chats', rows: [chatRow(chatId(1)), { id: 'not a chat' }, chatRow(chatId(2))] },
        // A table this client does not know (a newer server's) is passed over, not counted.
        { table: 'not-a-table', rows: [chatRow(chatId(9))] },
        ...messageChunks(25, 10),
        { done: true, rows: 28 },
      ]),
      { userId: ME },
      (rows) => progress.push(rows),
    );
    expect(result).toEqual({ cursor: 42, rows: 27, invalid: 1 });
    expect(progress).toEqual([2, 12, 22, 27]);
    expect(await db.chats.count()).toBe(2);
    expect(await db.messages.count()).toBe(25);
    expect(await currentCursor(db)).toBe(42);
    expect(await isBootstrapped(db)).toBe(true);
  });

  it('leaves a stream cut before its `done` unfinished, with what it wrote stored', async () => {
    db = new InboxDb(`test-${newId()}`);
    await db.open();
    await expect(
      runBootstrap(
        db,
        streamOf([{ cursor: 42, protocol: 1 }, ...messageChunks(30, 10)]),
        { userId: ME },
        () => undefined,
      ),
    ).rejects.toThrow('bootstrap ended before it was done');
    expect(await db.messages.count()).toBe(30);
    expect(await isBootstrapped(db)).toBe(false);
  });

  it('fails with a chunk whose write fails, after the write, and does not finish', async () => {
    db = new InboxDb(`test-${newId()}`);
    await db.open();
    // Closed under the stream: every transaction after it fails, as a storage failure would.
    let closed = false;
    const api = {
      async *bootstrap() {
        yield await Promise.resolve({ cursor: 42, protocol: 1 } as BootstrapLine);
        yield* messageChunks(10, 10);
        db.close();
        closed = true;
        yield* messageChunks(10, 10);
        yield { done: true, rows: 20 } as BootstrapLine;
      },
    } as unknown as SyncApi;
    await expect(runBootstrap(db, api, { userId: ME }, () => undefined)).rejects.toThrow();
    expect(closed).toBe(true);
    await db.open();
    expect(await isBootstrapped(db)).toBe(false);
  });
});
