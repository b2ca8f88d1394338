import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { listTime, urgencyOf } from './chat-row-view';

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
