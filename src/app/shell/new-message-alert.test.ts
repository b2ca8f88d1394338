import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../protocol';
import { TitleAlert, freshCustomerMessages, titleAt } from './new-message-alert';

const chat = (id: string, patch: Partial<Chat>): Chat => ({
  id,
  status: 'assigned',
  channelId: 'c',
  clientId: 'k',
  teamId: 'support',
  operatorId: 'me',
  categoryId: null,
  createdBy: null,
  expiry: 'none',
  rating: null,
  lastMessageAt: '2026-11-22T10:00:00.000Z',
  lastClientMessageAt: '2026-11-22T10:00:00.000Z',
  lastOperatorMessageAt: null,
  closedAt: null,
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
