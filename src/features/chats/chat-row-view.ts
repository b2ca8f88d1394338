import type { IntlShape } from '@formatjs/intl';
import type { Chat } from '../../protocol';

/** How urgent a row looks (spec §4): expired red, half-expired yellow; a closed chat is calm. */
export type Urgency = 'expired' | 'half_expired' | 'none';

export const urgencyOf = (chat: Pick<Chat, 'status' | 'expiry'>): Urgency =>
  chat.status === 'closed' ? 'none' : chat.expiry;

const sameDay = (a: Date, b: Date, timeZone: string | undefined) => {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return day.format(a) === day.format(b);
};

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
