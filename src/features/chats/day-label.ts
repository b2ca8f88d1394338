import type { IntlShape } from '@formatjs/intl';
import { dayKey } from './thread-timeline';

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** The day before a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic, so no DST surprises). */
function previousDay(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/**
 * A day separator's label: Today, Yesterday, or the date in the user's language, with the year
 * only when it is not this year's.
 */
export function dayLabel(intl: IntlShape, day: string, now: Date): DayLabel {
  const today = dayKey(now.toISOString(), intl.timeZone);
  if (day === today) return { kind: 'today' };
  if (day === previousDay(today)) return { kind: 'yesterday' };
  // Noon UTC of that day, formatted in UTC: the calendar date the key names, in any zone.
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return { kind: 'date', text: '' };
  const thisYear = day.slice(0, 4) === today.slice(0, 4);
  return {
    kind: 'date',
    text: intl.formatDate(at, {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      ...(thisYear ? { weekday: 'long' } : { year: 'numeric' }),
    }),
  };
}
