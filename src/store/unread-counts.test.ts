import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxDb } from './db';
import { countUnread, countedUnread } from './unread-counts';
import { bootstrappedDb, chatId, chatRow, messageRow } from './test-fixtures';

const CHAT = chatId(1);
const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('unread counts', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb([chatRow(CHAT)]);
    await db.messages.bulkPut([
      messageRow(chatId(101), CHAT, { createdAt: at(1) }),
      messageRow(chatId(102), CHAT, { createdAt: at(2), authorKind: 'operator' }),
      messageRow(chatId(103), CHAT, { createdAt: at(3) }),
      messageRow(chatId(104), CHAT, { createdAt: at(4) }),
      messageRow(chatId(105), chatId(2), { createdAt: at(5) }),
    ]);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('count the customer’s messages of the chat after the last look', async () => {
    expect(await countUnread(db, CHAT, at(1), at(4))).toBe(2);
    expect(await countUnread(db, CHAT, '', at(4))).toBe(3);
  });

  it('are remembered for the same look and last customer message only', async () => {
    expect(countedUnread(db, CHAT, at(1), at(4))).toBeUndefined();
    await countUnread(db, CHAT, at(1), at(4));
    expect(countedUnread(db, CHAT, at(1), at(4))).toBe(2);
    // Read since, or the customer wrote again: the count must be taken anew.
    expect(countedUnread(db, CHAT, at(3), at(4))).toBeUndefined();
    expect(countedUnread(db, CHAT, at(1), at(6))).toBeUndefined();
  });

  it('are forgotten when messages land later than their chat, as a bootstrap or an opened closed chat brings them', async () => {
    expect(await countUnread(db, CHAT, '', at(4))).toBe(3);
    await db.messages.bulkPut([
      messageRow(chatId(99), CHAT, { createdAt: '2026-10-31T10:00:00.000Z' }),
    ]);
    expect(countedUnread(db, CHAT, '', at(4))).toBeUndefined();
    expect(await countUnread(db, CHAT, '', at(4))).toBe(4);
    expect(countedUnread(db, CHAT, '', at(4))).toBe(4);
  });
});
