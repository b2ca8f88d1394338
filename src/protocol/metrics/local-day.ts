/**
 * Local days in an organization's IANA time zone, the unit reports are rolled up and shown in.
 * Built on Intl only: Node and every browser carry the IANA data, so the server's roll-ups and a
 * browser's chart agree without a time-zone library (and without a fixed UTC offset, which is
 * wrong on half the year's days wherever daylight saving applies).
 */

/** A calendar day in the organization's zone, `YYYY-MM-DD`. */
export type LocalDay = string;

const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

type WallClock = { y: number; m: number; d: number; h: number; min: number; s: number };

/** The wall clock in the zone at an instant. */
function wallClock(at: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    y: parts.year ?? 0,
    m: parts.month ?? 0,
    d: parts.day ?? 0,
    h: parts.hour ?? 0,
    min: parts.minute ?? 0,
    s: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const dayOfClock = (c: WallClock): LocalDay => `${pad(c.y, 4)}-${pad(c.m)}-${pad(c.d)}`;

function parseDay(day: LocalDay): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a local day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The minute of the day (0 to 1439) the zone's wall clock shows at an instant. */
export function minuteOfDay(at: number, zone: string): number {
  const clock = wallClock(at, zone);
  return clock.h * 60 + clock.min;
}

/** The local day an instant (epoch milliseconds) falls on in the zone. */
export function localDay(at: number, zone: string): LocalDay {
  return dayOfClock(wallClock(at, zone));
}

/** The calendar day `n` days after (or before, when negative) `day`; no zone is involved. */
export function addDays(day: LocalDay, n: number): LocalDay {
  const [y, m, d] = parseDay(day);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * The first instant of a local day in the zone: its midnight, or, where a daylight-saving jump
 * skips midnight (America/Santiago), the moment the day begins after the jump.
 */
export function dayStart(day: LocalDay, zone: string): number {
  const key = `${zone}|${day}`;
  let start = starts.get(key);
  if (start === undefined) {
    // Bounded: a long-running server sees a few zones and a few years of days.
    if (starts.size >= 20_000) starts.clear();
    start = findDayStart(day, zone);
    starts.set(key, start);
  }
  return start;
}

const starts = new Map<string, number>();

function findDayStart(day: LocalDay, zone: string): number {
  const [y, m, d] = parseDay(day);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The usual case: midnight exists and the offset at it is the offset found near it.
  const c0 = wallClock(midnightUtc, zone);
  const offset0 = Date.UTC(c0.y, c0.m - 1, c0.d, c0.h, c0.min, c0.s) - midnightUtc;
  for (const guess of [
    midnightUtc - offset0,
    midnightUtc - offsetAt(midnightUtc - offset0, zone),
  ]) {
    const c = wallClock(guess, zone);
    if (dayOfClock(c) === day && c.h === 0 && c.min === 0 && c.s === 0) {
      if (localDay(guess - 1, zone) !== day) return guess;
    }
  }
  // Midnight is skipped (or doubled): the first millisecond whose local day is `day`. Offsets lie
  // within ±14 h, so the day starts between these two bounds; local days never run backwards
  // across a whole day, so a binary search finds it.
  let lo = midnightUtc - 15 * HOUR; // before the day
  let hi = midnightUtc + 15 * HOUR; // inside it or after
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid, zone) < day) lo = mid;
    else hi = mid;
  }
  return hi;
}

function offsetAt(at: number, zone: string): number {
  const c = wallClock(at, zone);
  const whole = at - (((at % 1000) + 1000) % 1000);
  return Date.UTC(c.y, c.m - 1, c.d, c.h, c.min, c.s) - whole;
}

/** A local day as the half-open span of instants `[start, end)`; 23 or 25 hours across DST. */
export function dayRange(day: LocalDay, zone: string): { start: number; end: number } {
  return { start: dayStart(day, zone), end: dayStart(addDays(day, 1), zone) };
}

/**
 * The Monday of the week a local day falls in (weeks start on Monday, as ISO 8601 and Russian
 * calendars have them): "this week" is that Monday to today.
 */
export function weekStart(day: LocalDay): LocalDay {
  const [y, m, d] = parseDay(day);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every local day from `from` to `to`, both included. */
export function daysBetween(from: LocalDay, to: LocalDay): LocalDay[] {
  const days: LocalDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * A bucketing function for one zone that remembers the last day it found: the facts of a chat or
 * a roll-up pass come in time order, so nearly every call is two comparisons, not an Intl call.
 */
export function dayBucketer(zone: string): (at: number) => LocalDay {
  let cached: { day: LocalDay; start: number; end: number } | null = null;
  return (at) => {
    if (cached && at >= cached.start && at < cached.end) return cached.day;
    const day = localDay(at, zone);
    cached = { day, ...dayRange(day, zone) };
    return day;
  };
}

/** Spec §9's report periods; the arbitrary ones name their days. */
export type ReportPeriod =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'last7' }
  | { kind: 'last30' }
  | { kind: 'date'; day: LocalDay }
  | { kind: 'range'; from: LocalDay; to: LocalDay };

/**
 * The local days a report period covers, both ends included. "Last 7 days" and "last 30 days"
 * end today (so they include the day in progress), as the inboxes' own date pickers do.
 */
export function periodDays(
  period: ReportPeriod,
  now: number,
  zone: string,
): { from: LocalDay; to: LocalDay } {
  const today = localDay(now, zone);
  switch (period.kind) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'date':
      return { from: period.day, to: period.day };
    case 'range':
      return { from: period.from, to: period.to };
  }
}

/** The instants a span of local days covers, `[start, end)`. */
export function daysSpan(
  from: LocalDay,
  to: LocalDay,
  zone: string,
): { start: number; end: number } {
  return { start: dayStart(from, zone), end: dayStart(addDays(to, 1), zone) };
}
