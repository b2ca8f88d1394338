/**
 * Spec §3's time units for the monitoring tables: sec, min, h, d, and "more than 1 day". A
 * duration is shown in its largest unit with the next one below it ("3 min 20 sec", "2 h 5 min",
 * "1 d 3 h"), which reads at a glance and still moves every second while a wait is short. A live
 * wait (the client table's ticking columns) past a day is "more than 1 day": by then the exact
 * figure tells a supervisor nothing the words do not. Averages keep days ("2 d 4 h").
 */
export type DurationUnit = 'sec' | 'min' | 'h' | 'd';

/** A duration in words: one or two (count, unit) parts, or the "more than 1 day" cap. */
export type DurationWords =
  { kind: 'parts'; parts: readonly { n: number; unit: DurationUnit }[] } | { kind: 'overDay' };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The words for `ms` (negative clock skew counts as 0); `capAtDay` for live waits. */
export function durationWords(ms: number, capAtDay = false): DurationWords {
  const total = Math.max(0, Math.floor(ms / SECOND)) * SECOND;
  if (capAtDay && total > DAY) return { kind: 'overDay' };
  if (total < MINUTE) return { kind: 'parts', parts: [{ n: total / SECOND, unit: 'sec' }] };
  const pair = (big: number, bigUnit: DurationUnit, small: number, smallUnit: DurationUnit) => {
    const n = Math.floor(total / big);
    const rest = Math.floor((total - n * big) / small);
    const parts = [{ n, unit: bigUnit }];
    if (rest > 0) parts.push({ n: rest, unit: smallUnit });
    return { kind: 'parts' as const, parts };
  };
  if (total < HOUR) return pair(MINUTE, 'min', SECOND, 'sec');
  if (total < DAY) return pair(HOUR, 'h', MINUTE, 'min');
  return pair(DAY, 'd', HOUR, 'h');
}

/** The unit texts of one language (monitoring-messages.ts holds them for the catalogs). */
export type UnitTexts = Record<DurationUnit, string> & { overDay: string };

export const UNIT_TEXTS: Record<'en' | 'ru', UnitTexts> = {
  en: { sec: 'sec', min: 'min', h: 'h', d: 'd', overDay: 'more than 1 day' },
  ru: { sec: 'сек', min: 'мин', h: 'ч', d: 'д', overDay: 'более 1 дня' },
};

/** "3 min 20 sec" / "3 мин 20 сек"; "more than 1 day" / "более 1 дня". */
export function formatDuration(ms: number, texts: UnitTexts, capAtDay = false): string {
  const words = durationWords(ms, capAtDay);
  if (words.kind === 'overDay') return texts.overDay;
  return words.parts.map((part) => `${String(part.n)} ${texts[part.unit]}`).join(' ');
}
