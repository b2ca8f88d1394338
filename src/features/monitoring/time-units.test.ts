import { describe, expect, it } from 'vitest';
import { durationWords, formatDuration, UNIT_TEXTS } from './time-units';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('monitoring time units (spec §3: sec, min, h, d, "more than 1 day")', () => {
  it.each([
    [0, '0 sec', '0 сек'],
    [999, '0 sec', '0 сек'],
    [45 * S, '45 sec', '45 сек'],
    [M, '1 min', '1 мин'],
    [3 * M + 20 * S, '3 min 20 sec', '3 мин 20 сек'],
    [59 * M + 59 * S + 999, '59 min 59 sec', '59 мин 59 сек'],
    [H, '1 h', '1 ч'],
    [2 * H + 5 * M + 30 * S, '2 h 5 min', '2 ч 5 мин'],
    [D, '1 d', '1 д'],
    [2 * D + 4 * H + 10 * M, '2 d 4 h', '2 д 4 ч'],
  ])('%d ms reads %s in English and %s in Russian', (ms, en, ru) => {
    expect(formatDuration(ms, UNIT_TEXTS.en)).toBe(en);
    expect(formatDuration(ms, UNIT_TEXTS.ru)).toBe(ru);
  });

  it('a live wait past a day is "more than 1 day"; exactly a day is still a day', () => {
    expect(formatDuration(D, UNIT_TEXTS.en, true)).toBe('1 d');
    expect(formatDuration(D + S, UNIT_TEXTS.en, true)).toBe('more than 1 day');
    expect(formatDuration(5 * D, UNIT_TEXTS.ru, true)).toBe('более 1 дня');
    expect(durationWords(3 * D, true)).toEqual({ kind: 'overDay' });
  });

  it('a negative duration (a clock a little behind the server) reads as 0', () => {
    expect(formatDuration(-1500, UNIT_TEXTS.en)).toBe('0 sec');
  });
});
