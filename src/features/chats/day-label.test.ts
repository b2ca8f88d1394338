import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label';

const now = new Date('2025-06-10T15:00:00Z');

describe('a day separator', () => {
  it.each([
    ['en', '2025-06-10', { kind: 'today' }],
    ['en', '2025-06-09', { kind: 'yesterday' }],
    ['en', '2025-06-01', { kind: 'date', text: 'Sunday, June 1' }],
    ['en', '2024-12-31', { kind: 'date', text: 'December 31, 2024' }],
    ['ru', '2025-06-01', { kind: 'date', text: 'воскресенье, 1 июня' }],
    ['ru', '2024-12-31', { kind: 'date', text: '31 декабря 2024 г.' }],
  ])('in %s the day %s reads %j', (locale, day, label) => {
    expect(dayLabel(createIntl({ locale, timeZone: 'UTC' }), day, now)).toEqual(label);
  });

  it('"today" is the viewer’s today: late evening in New York is still the 9th there', () => {
    const intl = createIntl({ locale: 'en', timeZone: 'America/New_York' });
    expect(dayLabel(intl, '2025-06-09', new Date('2025-06-10T02:00:00Z'))).toEqual({
      kind: 'today',
    });
  });

  it('yesterday crosses a month boundary', () => {
    const intl = createIntl({ locale: 'en', timeZone: 'UTC' });
    expect(dayLabel(intl, '2025-02-28', new Date('2025-03-01T08:00:00Z'))).toEqual({
      kind: 'yesterday',
    });
  });
});
