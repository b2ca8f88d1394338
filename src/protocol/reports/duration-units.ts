/**
 * Spec §3's time units (sec, min, h, d, "more than 1 day") as one pure formatter, in English and
 * Russian, shared by the report tables, their charts, the downloads' CSV text and monitoring, so
 * a duration reads the same wherever it shows. No Intl: the units are the spec's, not a locale's.
 */

export type DurationLanguage = 'en' | 'ru';
export type DurationUnit = 'sec' | 'min' | 'h' | 'd';

/**
 * `report`: a duration of any length, up to days ("2 d 3 h"): a mean dialog time can be days.
 * `live`: a running wait, where beyond a day only "more than 1 day" matters (monitoring).
 */
export type DurationMode = 'report' | 'live';

const UNIT_TEXT: Record<DurationLanguage, Record<DurationUnit | 'moreThanDay', string>> = {
  en: { sec: 'sec', min: 'min', h: 'h', d: 'd', moreThanDay: 'more than 1 day' },
  ru: { sec: 'сек', min: 'мин', h: 'ч', d: 'д', moreThanDay: 'более 1 дня' },
};

const SEC = 1;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A duration as at most its two largest units, e.g. [[1, 'h'], [5, 'min']]; null past a day in live mode. */
export function durationParts(
  ms: number,
  mode: DurationMode = 'report',
): [number, DurationUnit][] | null {
  // Whole seconds: a mean of 95.6 s reads "1 min 36 sec"; below half a second it is "0 sec".
  const total = Math.max(0, Math.round(ms / 1000));
  if (mode === 'live' && total > DAY) return null;
  const sizes: [number, DurationUnit][] = [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MIN, 'min'],
    [SEC, 'sec'],
  ];
  const first = sizes.findIndex(([size]) => total >= size);
  if (first === -1) return [[0, 'sec']];
  const [bigSize, bigUnit] = sizes[first] ?? [SEC, 'sec'];
  const parts: [number, DurationUnit][] = [[Math.floor(total / bigSize), bigUnit]];
  const next = sizes[first + 1];
  if (next) {
    const rest = Math.floor((total % bigSize) / next[0]);
    if (rest > 0) parts.push([rest, next[1]]);
  }
  return parts;
}

/** A duration in milliseconds as text; null (nothing to average) reads as a dash. */
export function formatDuration(
  ms: number | null,
  language: DurationLanguage,
  mode: DurationMode = 'report',
): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  const units = UNIT_TEXT[language];
  const parts = durationParts(ms, mode);
  if (parts === null) return units.moreThanDay;
  return parts.map(([n, unit]) => `${n} ${units[unit]}`).join(' ');
}
