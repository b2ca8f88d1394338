import { describe, expect, it } from 'vitest';
import type { ChatHistoryEntry } from '../../protocol';
import type { LocalMessage } from '../../store';
import { buildTimeline, dayKey } from './thread-timeline';

const CHAT = '00000000-0000-7000-8000-000000000001';

const message = (id: string, createdAt: string): LocalMessage => ({
  id,
  chatId: CHAT,
  authorKind: 'client',
  authorId: null,
  text: id,
  internal: false,
  status: 'delivered',
  attachments: [],
  createdAt,
});

const history = (id: string, kind: ChatHistoryEntry['kind'], at: string): ChatHistoryEntry => ({
  id,
  chatId: CHAT,
  kind,
  actorId: null,
  data: {},
  at,
});

/** The timeline in a tiny notation: `#day`, `m:id`, `h:id`. */
const shape = (items: ReturnType<typeof buildTimeline>) =>
  items.map((item) =>
    item.kind === 'day'
      ? `#${item.day}`
      : item.kind === 'message'
        ? `m:${item.message.id}`
        : `h:${item.entry.id}`,
  );

describe('a chat thread timeline', () => {
  it.each([
    ['2025-06-10T23:30:00Z', 'UTC', '2025-06-10'],
    ['2025-06-10T23:30:00Z', 'Europe/Moscow', '2025-06-11'],
    ['2025-06-10T02:00:00Z', 'America/New_York', '2025-06-09'],
    ['not a date', 'UTC', ''],
  ])('the instant %s falls on a day in %s: %s', (iso, zone, day) => {
    expect(dayKey(iso, zone)).toBe(day);
  });

  it.each<[string, LocalMessage[], ChatHistoryEntry[], string, string[]]>([
    ['an empty chat has no lines', [], [], 'UTC', []],
    [
      'messages of one day sit under one separator, oldest first',
      [message('b', '2025-06-10T10:05:00Z'), message('a', '2025-06-10T10:00:00Z')],
      [],
      'UTC',
      ['#2025-06-10', 'm:a', 'm:b'],
    ],
    [
      'a new day opens with its own separator',
      [message('a', '2025-06-09T22:00:00Z'), message('b', '2025-06-10T08:00:00Z')],
      [],
      'UTC',
      ['#2025-06-09', 'm:a', '#2025-06-10', 'm:b'],
    ],
    [
      'days follow the viewer’s time zone',
      [message('a', '2025-06-09T22:00:00Z'), message('b', '2025-06-10T08:00:00Z')],
      [],
      'Europe/Moscow',
      ['#2025-06-10', 'm:a', 'm:b'],
    ],
    [
      'history entries are interleaved by time',
      [message('a', '2025-06-10T10:00:00Z'), message('b', '2025-06-10T10:10:00Z')],
      [history('t', 'transferred', '2025-06-10T10:05:00Z')],
      'UTC',
      ['#2025-06-10', 'm:a', 'h:t', 'm:b'],
    ],
    [
      'at the same instant "created" comes before the first message and "closed" after the last',
      [message('a', '2025-06-10T10:00:00Z'), message('z', '2025-06-10T11:00:00Z')],
      [
        history('c', 'created', '2025-06-10T10:00:00Z'),
        history('x', 'closed', '2025-06-10T11:00:00Z'),
      ],
      'UTC',
      ['#2025-06-10', 'h:c', 'm:a', 'm:z', 'h:x'],
    ],
    [
      'timestamps with and without milliseconds compare as instants',
      [message('a', '2025-06-10T10:00:00.500Z')],
      [history('h', 'assigned', '2025-06-10T10:00:01Z')],
      'UTC',
      ['#2025-06-10', 'm:a', 'h:h'],
    ],
  ])('%s', (_name, messages, entries, zone, expected) => {
    expect(shape(buildTimeline(messages, entries, zone))).toEqual(expected);
  });

  it('every line has a distinct key, so React keeps each in place', () => {
    const items = buildTimeline(
      [message('a', '2025-06-09T10:00:00Z'), message('b', '2025-06-10T10:00:00Z')],
      [history('h', 'assigned', '2025-06-10T09:00:00Z')],
      'UTC',
    );
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });
});
