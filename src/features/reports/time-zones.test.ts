import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from './time-zones';

describe('the time zones offered', () => {
  it('puts UTC first, the rest by name, once each, keeping the current one', () => {
    expect(timeZoneChoices('Europe/Moscow', ['Europe/Berlin', 'UTC', 'Asia/Tokyo'])).toEqual([
      'UTC',
      'Asia/Tokyo',
      'Europe/Berlin',
      'Europe/Moscow',
    ]);
    expect(timeZoneChoices('UTC', [])).toEqual(['UTC']);
  });
});
