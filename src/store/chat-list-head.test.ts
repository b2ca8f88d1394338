import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chat } from '../protocol';
import { CHAT_FILTERS, chatList, compareChats } from './chat-list';
import { chatListHead } from './chat-list-head';
import type { InboxDb } from './db';
import {
  ME,
  OTHER,
  TEAM_ID,
  bootstrappedDb,
  chatId,
  chatRow,
  clientRow,
  userRow,
} from './test-fixtures';

const OTHER_TEAM = '00000000-0000-7000-8000-0000000000e2';
const CUSTOMERS = Array.from({ length: 30 }, (_, i) => chatId(5000 + i));
const nameOf = (clientId: string) => `Customer ${clientId.slice(-4)}`;

const me = userRow(ME, 'Nina Ivanova', { teamIds: [TEAM_ID] });

/**
 * Chats of every kind a list tells apart: each status, mine and another's, my team's and
 * another's, created by me or not, each urgency, and several closed chats of one instant (the
 * order among them is by id).
 */
function mixedChats(count: number): Chat[] {
  const statuses = ['pending', 'assigned', 'closed', 'closed', 'closed'] as const;
  const expiries = ['none', 'half_expired', 'expired'] as const;
  return Array.from({ length: count }, (_, i) => {
    const status = statuses[i % statuses.length] ?? 'closed';
    // Chats in threes share their last message's instant.
    const lastMessageAt = new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 60_000);
    return chatRow(chatId(i + 1), {
      status,
      clientId: chatId(5000 + (i % CUSTOMERS.length)),
      operatorId: status === 'pending' ? null : i % 3 === 0 ? ME : OTHER,
      teamId: i % 7 === 0 ? OTHER_TEAM : i % 11 === 0 ? null : TEAM_ID,
      createdBy: i % 5 === 1 ? ME : null,
      expiry: status === 'closed' ? 'none' : (expiries[i % expiries.length] ?? 'none'),
      lastMessageAt: lastMessageAt.toISOString(),
      closedAt: status === 'closed' ? '2026-11-21T00:00:00.000Z' : null,
    });
  });
}

describe('the first rows of a list, read through the indexes', () => {
  let db: InboxDb;
  const chats = mixedChats(400);
  beforeEach(async () => {
    db = await bootstrappedDb(chats);
    await db.users.put(me);
    await db.clients.bulkPut(CUSTOMERS.map((id) => clientRow(id, nameOf(id))));
  });
  afterEach(async () => {
    await db.delete();
  });

  it.each(CHAT_FILTERS)('are the %s list’s own first rows, in its order', async (filter) => {
    const whole = chatList([...chats].sort(compareChats), filter, { id: ME, teamIds: [TEAM_ID] });
    expect(whole.length).toBeGreaterThan(10);
    for (const limit of [1, 2, 10, 50, 1000]) {
      const head = await chatListHead(db, filter, ME, limit);
      expect(head.chats.map((chat) => chat.id)).toEqual(
        whole.slice(0, limit).map((chat) => chat.id),
      );
      // The names of the customers of the chats shown, and only those.
      const customers = new Set(head.chats.map((chat) => chat.clientId));
      expect([...head.clientNames.keys()].sort()).toEqual([...customers].sort());
      for (const chat of head.chats)
        expect(head.clientNames.get(chat.clientId)).toBe(nameOf(chat.clientId));
    }
  });

  it('follow the viewer’s teams as stored: no team, no open chats but those of no team', async () => {
    await db.users.put({ ...me, teamIds: [] });
    const head = await chatListHead(db, 'open', ME, 1000);
    expect(head.chats.length).toBeGreaterThan(0);
    expect(head.chats.every((chat) => chat.teamId === null)).toBe(true);
  });

  it.each(CHAT_FILTERS)(
    'leave out the chats of spam customers as the %s list does, and still fill the screen',
    async (filter) => {
      // A quarter of the customers flagged: the newest closed chats are short of a screenful.
      const spam = new Set(CUSTOMERS.filter((_, i) => i % 4 === 1));
      await db.clients.bulkPut(
        [...spam].map((id) => ({ ...clientRow(id, nameOf(id)), spam: true })),
      );
      const viewer = { id: ME, teamIds: [TEAM_ID] };
      const whole = chatList([...chats].sort(compareChats), filter, viewer, spam);
      expect(whole.length).toBeGreaterThan(10);
      for (const limit of [1, 10, 50, 1000]) {
        const head = await chatListHead(db, filter, ME, limit);
        expect(head.chats.map((chat) => chat.id)).toEqual(
          whole.slice(0, limit).map((chat) => chat.id),
        );
        expect([...head.clientNames.keys()].some((id) => spam.has(id))).toBe(false);
      }
    },
  );
});
