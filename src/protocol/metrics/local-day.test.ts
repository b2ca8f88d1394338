import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayBucketer,
  dayRange,
  dayStart,
  daysBetween,
  daysSpan,
  isTimeZone,
  localDay,
  periodDays,
  weekStart,
} from './local-day';

const utc = (iso: string): number => Date.parse(iso);
const HOUR = 3_600_000;

describe('local days in the organisation zone', () => {
  it('puts an instant on the day its zone shows, not the UTC day', () => {
    // 23:30 UTC on the 28th is 00:30 on the 29th in Berlin (UTC+1 before the change).
    expect(localDay(utc('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay(utc('2026-03-28T23:30:00Z'), 'UTC')).toBe('2026-03-28');
    // After the change Berlin is UTC+2: 22:30 UTC on the 29th is already the 30th.
    expect(localDay(utc('2026-03-29T22:30:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    expect(localDay(utc('2026-03-29T21:59:59.999Z'), 'Europe/Berlin')).toBe('2026-03-29');
    // Half-hour and far-east zones.
    expect(localDay(utc('2025-12-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2025-12-31');
    expect(localDay(utc('2025-12-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-01');
    expect(localDay(utc('2026-01-01T09:59:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
    expect(localDay(utc('2026-01-01T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-02');
  });

  it('gives Berlin a 23-hour day on 2026-03-29 and a 25-hour day on 2026-10-25', () => {
    const spring = dayRange('2026-03-29', 'Europe/Berlin');
    expect(spring.start).toBe(utc('2026-03-28T23:00:00Z'));
    expect(spring.end).toBe(utc('2026-03-29T22:00:00Z'));
    expect((spring.end - spring.start) / HOUR).toBe(23);
    const autumn = dayRange('2026-10-25', 'Europe/Berlin');
    expect((autumn.end - autumn.start) / HOUR).toBe(25);
    const plain = dayRange('2026-03-30', 'Europe/Berlin');
    expect((plain.end - plain.start) / HOUR).toBe(24);
    // Moscow keeps no daylight saving: every day is 24 hours.
    const moscow = dayRange('2026-03-29', 'Europe/Moscow');
    expect(moscow.start).toBe(utc('2026-03-28T21:00:00Z'));
    expect((moscow.end - moscow.start) / HOUR).toBe(24);
  });

  it('starts a day whose midnight a jump skips at the first moment it has', () => {
    // Chile moved 2022-09-11 00:00 straight to 01:00.
    const day = dayRange('2022-09-11', 'America/Santiago');
    expect(day.start).toBe(utc('2022-09-11T04:00:00Z'));
    expect(localDay(day.start, 'America/Santiago')).toBe('2022-09-11');
    expect(localDay(day.start - 1, 'America/Santiago')).toBe('2022-09-10');
    expect((day.end - day.start) / HOUR).toBe(23);
  });

  it('agrees with localDay at every boundary it reports', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) {
      for (const day of daysBetween('2026-03-01', '2026-04-05')) {
        const start = dayStart(day, zone);
        expect(localDay(start, zone)).toBe(day);
        expect(localDay(start - 1, zone)).toBe(addDays(day, -1));
      }
    }
  });

  it('buckets like localDay however the instants come', () => {
    const bucket = dayBucketer('Europe/Berlin');
    const from = utc('2026-03-27T00:00:00Z');
    for (let i = 0; i < 400; i++) {
      // A deterministic walk back and forth over four days around the change.
      const at = from + ((i * 7_919_333) % (4 * 24 * HOUR));
      expect(bucket(at)).toBe(localDay(at, 'Europe/Berlin'));
    }
  });

  it('counts calendar days without a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-28', '2026-03-30')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
    expect(() => addDays('29.03.2026', 1)).toThrow(RangeError);
  });

  it('turns spec §9 periods into local days ending today in the zone', () => {
    // 23:30 UTC on 28 March is already the 29th in Berlin.
    const now = utc('2026-03-28T23:30:00Z');
    const zone = 'Europe/Berlin';
    expect(periodDays({ kind: 'today' }, now, zone)).toEqual({
      from: '2026-03-29',
      to: '2026-03-29',
    });
    expect(periodDays({ kind: 'yesterday' }, now, zone)).toEqual({
      from: '2026-03-28',
      to: '2026-03-28',
    });
    expect(periodDays({ kind: 'last7' }, now, zone)).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
    });
    expect(periodDays({ kind: 'last30' }, now, zone)).toEqual({
      from: '2026-02-28',
      to: '2026-03-29',
    });
    expect(periodDays({ kind: 'date', day: '2026-01-05' }, now, zone)).toEqual({
      from: '2026-01-05',
      to: '2026-01-05',
    });
    const week = daysSpan('2026-03-23', '2026-03-29', zone);
    expect((week.end - week.start) / HOUR).toBe(7 * 24 - 1);
  });

  it('knows a zone name from a typo', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Europe/Berlim')).toBe(false);
  });

  it('starts a week on its Monday, across a month and a year end', () => {
    expect(weekStart('2026-11-02')).toBe('2026-11-02'); // a Monday
    expect(weekStart('2026-11-08')).toBe('2026-11-02'); // the Sunday after it
    expect(weekStart('2026-11-04')).toBe('2026-11-02');
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // a Friday
  });
});
