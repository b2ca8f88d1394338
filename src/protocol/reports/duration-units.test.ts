import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration } from './duration-units';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('spec §3 time units', () => {
  it.each([
    [0, '0 sec', '0 сек'],
    [400, '0 sec', '0 сек'],
    [42 * S, '42 sec', '42 сек'],
    [95.6 * S, '1 min 36 sec', '1 мин 36 сек'],
    [5 * M, '5 min', '5 мин'],
    [H + 5 * M + 30 * S, '1 h 5 min', '1 ч 5 мин'],
    [D, '1 d', '1 д'],
    [2 * D + 3 * H + 59 * M, '2 d 3 h', '2 д 3 ч'],
  ])('%d ms reads %j and %j', (ms, en, ru) => {
    expect(formatDuration(ms, 'en')).toBe(en);
    expect(formatDuration(ms, 'ru')).toBe(ru);
  });

  it('shows nothing to average as a dash', () => {
    expect(formatDuration(null, 'en')).toBe('—');
    expect(formatDuration(Number.NaN, 'ru')).toBe('—');
  });

  it('says "more than 1 day" for a live wait past a day, and a day exactly in days', () => {
    expect(formatDuration(D, 'en', 'live')).toBe('1 d');
    expect(formatDuration(D + S, 'en', 'live')).toBe('more than 1 day');
    expect(formatDuration(3 * D, 'ru', 'live')).toBe('более 1 дня');
    expect(durationParts(3 * D, 'live')).toBeNull();
    expect(formatDuration(3 * D, 'en', 'report')).toBe('3 d');
  });

  it('keeps two units at most, the larger first', () => {
    expect(durationParts(D + H + M + S)).toEqual([
      [1, 'd'],
      [1, 'h'],
    ]);
    expect(durationParts(-5)).toEqual([[0, 'sec']]);
  });
});
