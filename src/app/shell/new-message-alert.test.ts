import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../protocol';
import { chatRow } from '../../store/test-fixtures';
import {
  TitleAlert,
  freshCustomerMessages,
  lookAction,
  titleAt,
  type BootstrapProgress,
  type LookAction,
} from './new-message-alert';

const chat = (id: string, patch: Partial<Chat>): Chat =>
  chatRow(id, {
    status: 'assigned',
    channelId: 'c',
    clientId: 'k',
    teamId: 'support',
    operatorId: 'me',
    lastMessageAt: '2026-11-22T10:00:00.000Z',
    lastClientMessageAt: '2026-11-22T10:00:00.000Z',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...patch,
  });
const me = { id: 'me', teamIds: ['support'] };
const seen = new Map([
  ['a', '2026-11-22T10:00:00.000Z'],
  ['b', '2026-11-22T10:00:00.000Z'],
  ['c', '2026-11-22T10:00:00.000Z'],
  ['d', '2026-11-22T10:00:00.000Z'],
]);

describe('new customer messages', () => {
  it.each([
    [
      'a newer message in my chat',
      chat('a', { lastClientMessageAt: '2026-11-22T10:05:00.000Z' }),
      true,
    ],
    ['no newer message', chat('a', {}), false],
    [
      'a colleague’s chat',
      chat('b', { operatorId: 'other', lastClientMessageAt: '2026-11-22T10:05:00.000Z' }),
      false,
    ],
    [
      'a chat waiting in my queue',
      chat('c', {
        status: 'pending',
        operatorId: null,
        lastClientMessageAt: '2026-11-22T10:05:00.000Z',
      }),
      true,
    ],
    [
      'a queue I am not in',
      chat('d', {
        status: 'pending',
        operatorId: null,
        teamId: 'sales',
        lastClientMessageAt: '2026-11-22T10:05:00.000Z',
      }),
      false,
    ],
    [
      'a new chat from a new customer',
      chat('new', { lastClientMessageAt: '2026-11-22T10:05:00.000Z' }),
      true,
    ],
  ])('%s → alert %s', (_case, c, alert) => {
    expect(freshCustomerMessages([c], seen, me).length > 0).toBe(alert);
  });
});

describe('a look at the chats', () => {
  const done = (cursor: number): BootstrapProgress => ({ state: 'done', cursor });
  const wait: LookAction = { kind: 'wait' };
  const compare: LookAction = { kind: 'compare' };
  const learn = (at: number): LookAction => ({ kind: 'learn', at });
  it.each<[string, number | null, BootstrapProgress, boolean, LookAction]>([
    ['waits until the bootstrap’s progress is read', null, { state: 'unknown' }, true, wait],
    ['waits while the first bootstrap runs', null, { state: 'loading' }, true, wait],
    ['learns the chats on the first look after it', null, done(40), true, learn(40)],
    ['waits for the index to read all the bootstrap wrote', null, done(40), false, wait],
    ['compares once the chats are learnt', 40, done(40), true, compare],
    ['compares even while the index reads a live change', 40, done(40), false, compare],
    [
      'waits while a new bootstrap empties and refills the chats',
      40,
      { state: 'loading' },
      true,
      wait,
    ],
    // Also when its `loading` went by unseen: the cursor tells a new bootstrap.
    [
      'learns again after a new bootstrap instead of announcing every chat',
      40,
      done(95),
      true,
      learn(95),
    ],
    ['waits after a new bootstrap until the index holds the refill', 40, done(95), false, wait],
  ])('%s', (_case, learntAt, bootstrap, caughtUp, expected) => {
    expect(lookAction(learntAt, bootstrap, caughtUp)).toEqual(expected);
  });
});

describe('title alert', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('alternates every second between the alert and the page title, and restores the title when stopped', () => {
    vi.useFakeTimers();
    const doc = { title: 'In progress – SmartConnect' };
    const alert = new TitleAlert(doc);
    alert.start('New message!');
    const seenTitles = [doc.title];
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1000);
      seenTitles.push(doc.title);
    }
    expect(seenTitles).toEqual([
      'New message!',
      'In progress – SmartConnect',
      'New message!',
      'In progress – SmartConnect',
    ]);
    alert.stop();
    expect(doc.title).toBe('In progress – SmartConnect');
    expect(titleAt(0, 'a', 'b')).toBe('b');
  });
});
