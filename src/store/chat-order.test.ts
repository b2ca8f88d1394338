import { describe, expect, it } from 'vitest';
import type { Chat } from '../protocol';
import { compareChats } from './chat-list';
import { orderedChats, reordered } from './chat-order';
import { chatId, chatRow } from './test-fixtures';

const STATUSES = ['pending', 'assigned', 'closed'] as const;
const EXPIRIES = ['none', 'half_expired', 'expired'] as const;

/** A small deterministic generator, so a failure names a seed that repeats it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function someChat(id: string, next: () => number): Chat {
  const status = STATUSES[Math.floor(next() * 3)] ?? 'closed';
  // Few distinct instants, so chats of one instant (ordered by id) are common.
  const lastMessageAt = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 20) * 60_000);
  return chatRow(id, {
    status,
    expiry: status === 'closed' ? 'none' : (EXPIRIES[Math.floor(next() * 3)] ?? 'none'),
    lastMessageAt: lastMessageAt.toISOString(),
  });
}

const ids = (chats: readonly Chat[]) => chats.map((chat) => chat.id);
const fullySorted = (rows: ReadonlyMap<string, Chat>) => [...rows.values()].sort(compareChats);

describe('the chats in list order', () => {
  it('follow every change a snapshot can bring, as a full sort orders them', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      let rows = new Map<string, Chat>();
      for (let i = 0; i < 300; i++) rows.set(chatId(i), someChat(chatId(i), next));
      let ordered = reordered({ rows: new Map(), ordered: [] }, rows);
      expect(ids(ordered)).toEqual(ids(fullySorted(rows)));
      for (let step = 0; step < 200; step++) {
        // As a table index changes: a few rows replaced, added or deleted, the rest shared.
        const changes = 1 + Math.floor(next() * (step % 10 === 0 ? 40 : 4));
        const changed = new Map(rows);
        for (let c = 0; c < changes; c++) {
          const id = chatId(Math.floor(next() * 340));
          if (next() < 0.15) changed.delete(id);
          else changed.set(id, someChat(id, next));
        }
        ordered = reordered({ rows, ordered }, changed);
        rows = changed;
        expect(ids(ordered), `seed ${String(seed)}, step ${String(step)}`).toEqual(
          ids(fullySorted(rows)),
        );
      }
    }
  });

  it('keep the same array while nothing changed, so what is drawn from it is not drawn again', () => {
    const next = random(7);
    const rows = new Map([chatId(1), chatId(2), chatId(3)].map((id) => [id, someChat(id, next)]));
    const first = orderedChats(rows);
    expect(orderedChats(rows)).toBe(first);
    expect(orderedChats(new Map(rows))).toBe(first);
  });

  it('take a chat whose last message is newer to the top of its urgency', () => {
    const rows = new Map(
      [1, 2, 3].map((i) => [
        chatId(i),
        chatRow(chatId(i), {
          status: 'assigned',
          lastMessageAt: `2026-11-0${String(i)}T00:00:00.000Z`,
        }),
      ]),
    );
    expect(ids(orderedChats(rows))).toEqual([chatId(3), chatId(2), chatId(1)]);
    const replied = new Map(rows);
    replied.set(
      chatId(1),
      chatRow(chatId(1), { status: 'assigned', lastMessageAt: '2026-11-24T00:00:00.000Z' }),
    );
    expect(ids(orderedChats(replied))).toEqual([chatId(1), chatId(3), chatId(2)]);
  });
});
