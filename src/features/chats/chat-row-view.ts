import type { IntlShape } from '@formatjs/intl';
import type { Chat } from '../../protocol';
import { dayKey } from './thread-timeline';

/** How urgent a row looks (spec §4): expired red, half-expired yellow; a closed chat is calm. */
export type Urgency = 'expired' | 'half_expired' | 'none';

export const urgencyOf = (chat: Pick<Chat, 'status' | 'expiry'>): Urgency =>
  chat.status === 'closed' ? 'none' : chat.expiry;

/**
 * A list row's time: the hour today, the day this year, the full date before. `today` is the day
 * key (thread-timeline.ts) of now in the same time zone; dayKey reuses one formatter per time
 * zone, since building an Intl.DateTimeFormat per row cost a list switch tens of milliseconds.
 */
export function listTime(intl: IntlShape, iso: string, today: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const day = dayKey(iso, intl.timeZone);
  if (day === today) return intl.formatTime(at, { hour: '2-digit', minute: '2-digit' });
  if (day.slice(0, 4) === today.slice(0, 4))
    return intl.formatDate(at, { day: 'numeric', month: 'short' });
  return intl.formatDate(at, { day: 'numeric', month: 'short', year: 'numeric' });
}
