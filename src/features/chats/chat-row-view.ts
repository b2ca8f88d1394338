import type { IntlShape } from '@formatjs/intl';
import type { Chat } from '../../protocol';
import { dayKey } from './thread-timeline';

/** How urgent a row looks (spec §4): expired red, half-expired yellow; a closed chat is calm. */
export type Urgency = 'expired' | 'half_expired' | 'none';

export const urgencyOf = (chat: Pick<Chat, 'status' | 'expiry'>): Urgency =>
  chat.status === 'closed' ? 'none' : chat.expiry;

// dayKey reuses one formatter per time zone: building an Intl.DateTimeFormat per row cost a list
// switch tens of milliseconds (bench:ui profile).
const sameDay = (a: Date, b: Date, timeZone: string | undefined) =>
  dayKey(a.toISOString(), timeZone) === dayKey(b.toISOString(), timeZone);

/** A list row's time: the hour today, the day this year, the full date before. */
export function listTime(intl: IntlShape, iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const timeZone = intl.timeZone;
  if (sameDay(at, now, timeZone))
    return intl.formatTime(at, { hour: '2-digit', minute: '2-digit' });
  if (at.getFullYear() === now.getFullYear())
    return intl.formatDate(at, { day: 'numeric', month: 'short' });
  return intl.formatDate(at, { day: 'numeric', month: 'short', year: 'numeric' });
}
