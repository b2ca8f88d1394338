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
  const now = new Date('2025-06-10T15:00:00Z');

  it.each([
    ['2025-06-10T09:05:00Z', '09:05 AM'],
    ['2025-06-09T23:59:00Z', 'Jun 9'],
    ['2024-12-31T10:00:00Z', 'Dec 31, 2024'],
    ['not a date', ''],
  ])('last message at %s reads %s', (iso, text) => {
    expect(listTime(intl, iso, now)).toBe(text);
  });
});
