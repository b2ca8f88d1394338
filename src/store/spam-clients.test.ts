import { describe, expect, it } from 'vitest';
import type { Client } from '../protocol';
import { chatList } from './chat-list';
import { NO_SPAM, spamClientIds, withoutSpam } from './spam-clients';
import { ME, TEAM_ID, chatId, chatRow, clientRow } from './test-fixtures';

const client = (n: number, spam = false): Client => ({
  ...clientRow(chatId(5000 + n), `Customer ${n}`),
  spam,
});
const snapshot = (clients: readonly Client[]): ReadonlyMap<string, Client> =>
  new Map(clients.map((row) => [row.id, row]));

describe('the spam customers of the lists', () => {
  it('are the flagged customers of a snapshot, and none is the shared empty set', () => {
    const rows = snapshot([client(1), client(2, true), client(3)]);
    expect([...spamClientIds(rows)]).toEqual([client(2).id]);
    expect(spamClientIds(snapshot([client(7), client(8)]))).toBe(NO_SPAM);
  });

  it('follow the flag as it is set and lifted, keeping the same set while nobody’s flag changes', () => {
    const [a, b, c] = [client(11), client(12, true), client(13)] as const;
    const first = spamClientIds(snapshot([a, b, c]));
    expect([...first]).toEqual([b.id]);
    // An unrelated customer's edit: a new snapshot, the same set object.
    const renamed = { ...a, name: 'Renamed' };
    expect(spamClientIds(snapshot([renamed, b, c]))).toBe(first);
    // Flagged: joins.
    const flagged = { ...c, spam: true };
    const second = spamClientIds(snapshot([renamed, b, flagged]));
    expect([...second].sort()).toEqual([b.id, c.id].sort());
    // Lifted, and a flagged customer gone from the store (merged away): both leave.
    const lifted = { ...flagged, spam: false };
    expect(spamClientIds(snapshot([renamed, lifted]))).toBe(NO_SPAM);
  });

  it('take a spam customer’s chats out of every list until the flag is lifted', () => {
    const viewer = { id: ME, teamIds: [TEAM_ID] };
    const spammer = client(21, true);
    const honest = client(22);
    const chats = [
      chatRow(chatId(1), {
        status: 'pending',
        clientId: spammer.id,
        teamId: TEAM_ID,
        operatorId: null,
      }),
      chatRow(chatId(2), {
        status: 'pending',
        clientId: honest.id,
        teamId: TEAM_ID,
        operatorId: null,
      }),
      chatRow(chatId(3), { status: 'assigned', clientId: spammer.id, operatorId: ME }),
      chatRow(chatId(4), { status: 'closed', clientId: spammer.id }),
    ];
    const spam = spamClientIds(snapshot([spammer, honest]));
    expect(chatList(chats, 'open', viewer, spam).map((chat) => chat.id)).toEqual([chatId(2)]);
    expect(chatList(chats, 'assigned', viewer, spam)).toEqual([]);
    expect(chatList(chats, 'closed', viewer, spam)).toEqual([]);
    expect(withoutSpam(chats, spam).map((chat) => chat.id)).toEqual([chatId(2)]);
    const lifted = spamClientIds(snapshot([{ ...spammer, spam: false }, honest]));
    expect(chatList(chats, 'open', viewer, lifted).map((chat) => chat.id)).toEqual([
      chatId(1),
      chatId(2),
    ]);
    expect(withoutSpam(chats, lifted)).toBe(chats);
  });
});
