import type { ChatHistoryEntry } from '../../protocol';
import type { LocalMessage } from '../../store';

/** One line of a chat's thread: a day separator, a message, or a history entry. */
export type TimelineItem =
  | { kind: 'day'; key: string; day: string }
  | { kind: 'message'; key: string; message: LocalMessage }
  | { kind: 'history'; key: string; entry: ChatHistoryEntry };

const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** Days already worked out, by time zone and instant: a thread asks again at every render. */
const DAYS = new Map<string, string>();
const DAYS_KEPT = 5000;

/** The calendar day of an instant in a time zone (undefined: the browser's), as YYYY-MM-DD. */
export function dayKey(iso: string, timeZone: string | undefined): string {
  const cacheKey = timeZone ?? '';
  const known = DAYS.get(`${cacheKey} ${iso}`);
  if (known !== undefined) return known;
  if (DAYS.size >= DAYS_KEPT) DAYS.clear();
  const day = formatDay(iso, cacheKey, timeZone);
  DAYS.set(`${cacheKey} ${iso}`, day);
  return day;
}

function formatDay(iso: string, cacheKey: string, timeZone: string | undefined): string {
  let format = DAY_FORMATS.get(cacheKey);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD, which also sorts as text.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    DAY_FORMATS.set(cacheKey, format);
  }
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format.format(at);
}

/**
 * At the same instant, what opens a chat (created, assigned, …) reads before the message that
 * came with it, and what ends it (closed, rated) after the last message.
 */
const AFTER_MESSAGES: ReadonlySet<ChatHistoryEntry['kind']> = new Set(['closed', 'rated']);

type Entry =
  | { at: string; rank: number; id: string; message: LocalMessage }
  | { at: string; rank: number; id: string; entry: ChatHistoryEntry };

/**
 * Messages and history entries interleaved by time, oldest first, with a separator before the
 * first item of every calendar day. Ties are broken deterministically so the order never jumps
 * between renders.
 */
export function buildTimeline(
  messages: readonly LocalMessage[],
  history: readonly ChatHistoryEntry[],
  timeZone: string | undefined,
): TimelineItem[] {
  const entries: Entry[] = [
    ...messages.map((message) => ({ at: message.createdAt, rank: 1, id: message.id, message })),
    ...history.map((entry) => ({
      at: entry.at,
      rank: AFTER_MESSAGES.has(entry.kind) ? 2 : 0,
      id: entry.id,
      entry,
    })),
  ];
  entries.sort((a, b) => {
    const byTime = Date.parse(a.at) - Date.parse(b.at);
    if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
    if (a.rank !== b.rank) return a.rank - b.rank;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const items: TimelineItem[] = [];
  let lastDay: string | null = null;
  for (const item of entries) {
    const day = dayKey(item.at, timeZone);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
    }
    if ('message' in item) items.push({ kind: 'message', key: item.id, message: item.message });
    else items.push({ kind: 'history', key: item.id, entry: item.entry });
  }
  return items;
}
