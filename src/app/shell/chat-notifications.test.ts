import { describe, expect, it } from 'vitest';
import type { Chat } from '../../protocol';
import { chatRow } from '../../store/test-fixtures';
import {
  chatEventOf,
  chatNotices,
  chatUrlOf,
  dueReminders,
  waitingSince,
} from './chat-notifications';

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:05:00.000Z';

const chat = (patch: Partial<Chat> = {}): Chat =>
  chatRow('c1', {
    status: 'assigned',
    channelId: 'ch',
    clientId: 'k',
    teamId: 'support',
    operatorId: 'me',
    lastMessageAt: T0,
    lastClientMessageAt: T0,
    createdAt: T0,
    updatedAt: T0,
    ...patch,
  });
const me = { id: 'me', teamIds: ['support'] };
const queued = (patch: Partial<Chat> = {}) =>
  chat({ status: 'pending', operatorId: null, ...patch });

describe('which notification event a local change of a chat is', () => {
  it.each<[string, Chat | undefined, Chat, ReturnType<typeof chatEventOf>]>([
    ['a new chat waiting in my team queue', undefined, queued(), 'queued'],
    [
      'a chat moved into my team queue from another team',
      queued({ teamId: 'sales' }),
      queued(),
      'queued',
    ],
    [
      'a chat put back into my queue by its operator',
      chat({ operatorId: 'other' }),
      queued(),
      'queued',
    ],
    [
      'a second customer message in a chat already queued',
      queued(),
      queued({ lastClientMessageAt: T1 }),
      null,
    ],
    ['a new chat in a queue I am not in', undefined, queued({ teamId: 'sales' }), null],
    ['a queued chat without a team', undefined, queued({ teamId: null }), null],
    ['the customer writes in my chat', chat(), chat({ lastClientMessageAt: T1 }), 'message'],
    [
      'the first customer message in my chat',
      chat({ lastClientMessageAt: null }),
      chat(),
      'message',
    ],
    [
      'my chat changes with no new customer message',
      chat(),
      chat({ categoryId: 'cat', lastOperatorMessageAt: T1 }),
      null,
    ],
    [
      'the customer writes in a colleague’s chat',
      chat({ operatorId: 'other' }),
      chat({ operatorId: 'other', lastClientMessageAt: T1 }),
      null,
    ],
    ['a colleague’s chat transferred to me', chat({ operatorId: 'other' }), chat(), 'transferred'],
    ['a chat from my queue handed to me', queued(), chat(), 'transferred'],
    [
      'a chat from another team’s queue transferred to me',
      queued({ teamId: 'sales' }),
      chat({ teamId: 'sales' }),
      'transferred',
    ],
    ['a chat I never saw, assigned to me', undefined, chat(), 'transferred'],
    [
      'a chat transferred to me with a new message is told once, as the transfer',
      chat({ operatorId: 'other' }),
      chat({ lastClientMessageAt: T1 }),
      'transferred',
    ],
    [
      'my chat transferred away',
      chat(),
      chat({ operatorId: 'other', lastClientMessageAt: T1 }),
      null,
    ],
    [
      'my chat closed',
      chat(),
      chat({ status: 'closed', closedAt: T1, lastClientMessageAt: T1 }),
      null,
    ],
    [
      'a closed chat reopened in my queue',
      chat({ status: 'closed' }),
      queued({ lastClientMessageAt: T1 }),
      'queued',
    ],
  ])('%s', (_, before, after, expected) => {
    expect(chatEventOf(before, after, me)).toBe(expected);
  });
});

describe('notices follow the user’s choice of events', () => {
  const seen = new Map([
    ['c1', chat({ id: 'c1' })],
    ['c2', chat({ id: 'c2', operatorId: 'other' })],
  ]);
  const now = [
    chat({ id: 'c1', lastClientMessageAt: T1 }),
    chat({ id: 'c2' }),
    queued({ id: 'c3' }),
  ];
  it.each([
    [
      'everything chosen',
      { queued: true, message: true, transferred: true, reminder: false },
      ['c1 message', 'c2 transferred', 'c3 queued'],
    ],
    [
      'only transfers',
      { queued: false, message: false, transferred: true, reminder: false },
      ['c2 transferred'],
    ],
    ['nothing chosen', { queued: false, message: false, transferred: false, reminder: true }, []],
  ])('%s', (_, events, expected) => {
    expect(
      chatNotices(now, seen, me, { events }).map((notice) => `${notice.chat.id} ${notice.event}`),
    ).toEqual(expected);
  });

  it.each([
    ['a queued chat opens in Pending', 'queued' as const, '/admin/chats?filter=open&chat=c1'],
    ['a message opens in In progress', 'message' as const, '/admin/chats?filter=assigned&chat=c1'],
    [
      'a reminder opens in In progress',
      'reminder' as const,
      '/admin/chats?filter=assigned&chat=c1',
    ],
  ])('%s', (_, event, url) => {
    expect(chatUrlOf({ event, chat: chat() })).toBe(url);
  });
});

describe('reminders of a chat waiting for my answer', () => {
  const at = (iso: string) => new Date(iso);
  it.each<[string, Chat, string, ReadonlyMap<string, string>, boolean]>([
    ['waiting exactly the chosen minutes', chat(), '2026-11-22T10:10:00.000Z', new Map(), true],
    ['waiting longer', chat(), '2026-11-22T11:00:00.000Z', new Map(), true],
    ['waiting a minute less', chat(), '2026-11-22T10:09:00.000Z', new Map(), false],
    [
      'answered after the customer wrote',
      chat({ lastOperatorMessageAt: T1 }),
      '2026-11-22T11:00:00.000Z',
      new Map(),
      false,
    ],
    [
      'answered before the customer wrote again',
      chat({ lastOperatorMessageAt: T0, lastClientMessageAt: T1 }),
      '2026-11-22T11:00:00.000Z',
      new Map(),
      true,
    ],
    [
      'already reminded of that message',
      chat(),
      '2026-11-22T11:00:00.000Z',
      new Map([['c1', T0]]),
      false,
    ],
    [
      'reminded of an older message',
      chat({ lastClientMessageAt: T1 }),
      '2026-11-22T11:00:00.000Z',
      new Map([['c1', T0]]),
      true,
    ],
    [
      'a colleague’s chat',
      chat({ operatorId: 'other' }),
      '2026-11-22T11:00:00.000Z',
      new Map(),
      false,
    ],
    ['a chat waiting in the queue', queued(), '2026-11-22T11:00:00.000Z', new Map(), false],
    ['a closed chat', chat({ status: 'closed' }), '2026-11-22T11:00:00.000Z', new Map(), false],
    [
      'a chat with no customer message',
      chat({ lastClientMessageAt: null }),
      '2026-11-22T11:00:00.000Z',
      new Map(),
      false,
    ],
  ])('%s', (_, waiting, now, reminded, due) => {
    expect(dueReminders([waiting], me, 10, at(now), reminded).length === 1).toBe(due);
  });

  it('the wait is counted from the customer’s last unanswered message', () => {
    expect(waitingSince(chat({ lastClientMessageAt: T1, lastOperatorMessageAt: T0 }), me)).toBe(T1);
    expect(waitingSince(chat({ lastOperatorMessageAt: T1 }), me)).toBeNull();
  });
});
