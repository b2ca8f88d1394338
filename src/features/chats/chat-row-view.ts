import type { IntlShape } from '@formatjs/intl';
import { PREVIEW_MAX_CHARS, cutText, type Chat, type ChatPreview } from '../../protocol';
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

/** Who a row's preview names before its text; `client` is the customer, who needs no label. */
export type PreviewWho = 'you' | 'operator' | 'note' | 'bot' | 'system' | 'client';

/** A piece of a row's preview text, marked where the list search's words are. */
export type Segment = { text: string; marked: boolean };

/** What a chat row shows of its last message, or of the message the list search found it by. */
export type RowPreview = {
  who: PreviewWho;
  /** The staff member who wrote it, for `operator` (their name) and `note`. */
  authorId: string | null;
  segments: Segment[];
  files: boolean;
  at: string;
  /** It is the message the search matched, not the chat's last. */
  matched: boolean;
};

/** The search hit a row shows instead of its last message. */
export type RowMatch = {
  id: string;
  authorKind: 'client' | 'operator' | 'bot' | 'system';
  authorId: string | null;
  text: string;
  createdAt: string;
};

/** Characters of a search snippet before the matched words, so they are read in context. */
const SNIPPET_LEAD = 30;

/**
 * The query's occurrences in text, marked (case-insensitive). Plain strings: the row draws them
 * as text nodes inside <mark>, never as HTML.
 */
export function markQuery(text: string, query: string): Segment[] {
  const q = query.trim().toLowerCase();
  const lower = text.toLowerCase();
  // A lowercase that changes the length (a few Unicode letters) would misplace the marks.
  if (q === '' || lower.length !== text.length) return text === '' ? [] : [{ text, marked: false }];
  const out: Segment[] = [];
  let from = 0;
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, at + q.length)) {
    if (at > from) out.push({ text: text.slice(from, at), marked: false });
    out.push({ text: text.slice(at, at + q.length), marked: true });
    from = at + q.length;
  }
  if (from < text.length) out.push({ text: text.slice(from), marked: false });
  return out;
}

/**
 * The part of a matched message around the query's first occurrence, on one line: a search may
 * match the tenth line of a long message, and the row shows that line's neighbourhood.
 */
export function searchSnippet(text: string, query: string, max = PREVIEW_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(query.trim().toLowerCase());
  const start =
    at > SNIPPET_LEAD ? flat.lastIndexOf(' ', at - SNIPPET_LEAD) + 1 || at - SNIPPET_LEAD : 0;
  const lead = start > 0 ? '…' : '';
  return cutText(`${lead}${flat.slice(start)}`, max);
}

const whoOf = (by: ChatPreview['by'], authorId: string | null, viewerId: string): PreviewWho => {
  if (by === 'operator' && authorId === viewerId) return 'you';
  return by;
};

/**
 * A row's preview: the chat's last message (nothing for a row stored before previews), or, when
 * the list search found the chat by another message, that message around the matched words.
 * The query's words are marked in either.
 */
export function rowPreview(
  chat: Pick<Chat, 'lastMessagePreview'>,
  viewerId: string,
  query = '',
  match?: RowMatch,
): RowPreview | null {
  const last = chat.lastMessagePreview ?? null;
  if (match && match.id !== last?.messageId && query.trim() !== '') {
    return {
      who: whoOf(match.authorKind, match.authorId, viewerId),
      authorId: match.authorId,
      segments: markQuery(searchSnippet(match.text, query), query),
      files: false,
      at: match.createdAt,
      matched: true,
    };
  }
  if (!last) return null;
  return {
    who: whoOf(last.by, last.authorId, viewerId),
    authorId: last.authorId,
    segments: markQuery(last.text, query),
    files: last.files,
    at: last.at,
    matched: false,
  };
}
