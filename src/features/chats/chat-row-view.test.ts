import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_CHARS, type Chat, type ChatPreview } from '../../protocol';
import { listTime, markQuery, rowPreview, searchSnippet, urgencyOf } from './chat-row-view';

describe('a chat row', () => {
  it.each([
    ['pending', 'expired', 'expired'],
    ['assigned', 'half_expired', 'half_expired'],
    ['assigned', 'none', 'none'],
    ['closed', 'expired', 'none'],
  ] as const)('a %s chat with expiry %s is coloured %s', (status, expiry, urgency) => {
    expect(urgencyOf({ status, expiry })).toBe(urgency);
  });

  const intl = createIntl({ locale: 'en', timeZone: 'UTC' });
  const today = '2025-06-10';

  it.each([
    ['2025-06-10T09:05:00Z', '09:05 AM'],
    ['2025-06-09T23:59:00Z', 'Jun 9'],
    ['2024-12-31T10:00:00Z', 'Dec 31, 2024'],
    ['not a date', ''],
  ])('last message at %s reads %s', (iso, text) => {
    expect(listTime(intl, iso, today)).toBe(text);
  });

  it('tells today and this year by the calendar of its time zone', () => {
    const tokyo = createIntl({ locale: 'en', timeZone: 'Asia/Tokyo' });
    // 23:30 UTC on 31 December is already 1 January in Tokyo.
    expect(listTime(tokyo, '2024-12-31T23:30:00Z', '2025-01-01')).toBe('08:30 AM');
    expect(listTime(tokyo, '2024-12-30T10:00:00Z', '2025-01-01')).toBe('Dec 30, 2024');
  });
});

describe('a row preview (issue 30)', () => {
  const ME = '0190a000-0000-7000-8000-00000000000a';
  const OTHER = '0190a000-0000-7000-8000-00000000000b';
  const last = (over: Partial<ChatPreview> = {}): Pick<Chat, 'lastMessagePreview'> => ({
    lastMessagePreview: {
      messageId: 'm-last',
      text: 'My parcel 4471 is late',
      by: 'client',
      authorId: null,
      files: false,
      at: '2025-01-02T10:00:00.000Z',
      ...over,
    },
  });
  const plain = (text: string) => [{ text, marked: false }];

  it('shows nothing for a row stored before previews', () => {
    expect(rowPreview({}, ME)).toBeNull();
    expect(rowPreview({ lastMessagePreview: null }, ME)).toBeNull();
  });

  it.each([
    [{ by: 'client' as const }, 'client'],
    [{ by: 'operator' as const, authorId: ME }, 'you'],
    [{ by: 'operator' as const, authorId: OTHER }, 'operator'],
    [{ by: 'note' as const, authorId: ME }, 'note'],
    [{ by: 'bot' as const }, 'bot'],
    [{ by: 'system' as const }, 'system'],
  ])('names who wrote it: %o as %s', (over, who) => {
    expect(rowPreview(last(over), ME)?.who).toBe(who);
  });

  it('shows the last message as it is when no search is typed', () => {
    expect(rowPreview(last(), ME)).toEqual({
      who: 'client',
      authorId: null,
      segments: plain('My parcel 4471 is late'),
      files: false,
      at: '2025-01-02T10:00:00.000Z',
      matched: false,
    });
  });

  it('marks the searched words in the last message when it is the one that matched', () => {
    const match = {
      id: 'm-last',
      authorKind: 'client' as const,
      authorId: null,
      text: 'My parcel 4471 is late',
      createdAt: '2025-01-02T10:00:00.000Z',
    };
    expect(rowPreview(last(), ME, 'parcel', match)?.segments).toEqual([
      { text: 'My ', marked: false },
      { text: 'parcel', marked: true },
      { text: ' 4471 is late', marked: false },
    ]);
  });

  it('shows the message the search found the chat by, around the matched words, when it is not the last', () => {
    const match = {
      id: 'm-old',
      authorKind: 'operator' as const,
      authorId: OTHER,
      text: `Hello!\n${'We checked every warehouse we have. '.repeat(2)}Your TRACKING number is 99-1`,
      createdAt: '2025-01-01T09:00:00.000Z',
    };
    const preview = rowPreview(last(), ME, 'tracking', match);
    expect(preview).toMatchObject({ who: 'operator', authorId: OTHER, matched: true });
    expect(preview?.at).toBe('2025-01-01T09:00:00.000Z');
    expect(preview?.segments.find((segment) => segment.marked)?.text).toBe('TRACKING');
    expect(preview?.segments[0]?.text.startsWith('…')).toBe(true);
  });
});

describe('markQuery', () => {
  it.each([
    ['abc', '', [{ text: 'abc', marked: false }]],
    ['', 'a', []],
    [
      'Late, late, LATE',
      'late',
      [
        { text: 'Late', marked: true },
        { text: ', ', marked: false },
        { text: 'late', marked: true },
        { text: ', ', marked: false },
        { text: 'LATE', marked: true },
      ],
    ],
    [
      '<b>x</b>',
      'b',
      [
        { text: '<', marked: false },
        { text: 'b', marked: true },
        { text: '>x</', marked: false },
        { text: 'b', marked: true },
        { text: '>', marked: false },
      ],
    ],
  ])('marks %j for %j as plain text pieces', (text, query, segments) => {
    expect(markQuery(text, query)).toEqual(segments);
  });
});

describe('searchSnippet', () => {
  it('starts at the text when the words are near its start', () => {
    expect(searchSnippet('Where is\nmy order', 'order')).toBe('Where is my order');
  });

  it('starts a little before the words, at a word, when they are far in', () => {
    const snippet = searchSnippet(`${'filler words here '.repeat(10)}the parcel 4471`, '4471');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('the parcel 4471');
    expect(snippet.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
  });
});
