import type { Chat } from '../protocol';
import { compareChats } from './chat-list';
import { changedRows } from './table-index';

/**
 * Above this many changed chats they are sorted among themselves and merged into the rest in one
 * pass: placing each by binary search and a splice costs a pass over the array apiece.
 */
const PLACE_AT_MOST = 16;

type Order = { rows: ReadonlyMap<string, Chat>; ordered: readonly Chat[] };

/** The last order derived, so the next one starts from it. */
let latest: Order | undefined;

/**
 * Every chat of the index's snapshot in list order (compareChats). Every main-menu list is this
 * order filtered, so a list switch sorts nothing, and a change to a few chats — a reply, a live
 * message — re-places those few instead of sorting 10,000 again (DESIGN §6: a switch within a
 * frame). A snapshot shares the objects of its unchanged rows with the one before
 * (table-index.ts), so a changed chat is one whose object differs.
 */
export function orderedChats(rows: ReadonlyMap<string, Chat>): readonly Chat[] {
  if (latest?.rows === rows) return latest.ordered;
  const ordered = latest ? reordered(latest, rows) : sorted(rows);
  latest = { rows, ordered };
  return ordered;
}

const sorted = (rows: ReadonlyMap<string, Chat>): Chat[] => [...rows.values()].sort(compareChats);

/**
 * `rows` in order, from the order of an earlier snapshot. A catch-up page or a bootstrap chunk
 * changes hundreds or thousands of chats at once: those are sorted among themselves and merged
 * with the unchanged ones, which costs about one comparison per chat kept, where sorting all
 * 10,000 again cost 13 and held the main thread for a long task at every such snapshot.
 */
export function reordered(previous: Order, rows: ReadonlyMap<string, Chat>): readonly Chat[] {
  const changed = changedRows(previous.rows, rows);
  const kept = previous.ordered.filter((chat) => rows.get(chat.id) === chat);
  if (changed.length === 0 && kept.length === previous.ordered.length) return previous.ordered;
  if (changed.length > PLACE_AT_MOST) return merged(kept, changed.sort(compareChats));
  for (const chat of changed) kept.splice(insertionPoint(kept, chat), 0, chat);
  return kept;
}

/** Two arrays in list order as one. */
function merged(a: readonly Chat[], b: readonly Chat[]): Chat[] {
  const out: Chat[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const fromA = a[i] as Chat;
    const fromB = b[j] as Chat;
    if (compareChats(fromA, fromB) <= 0) {
      out.push(fromA);
      i += 1;
    } else {
      out.push(fromB);
      j += 1;
    }
  }
  for (; i < a.length; i += 1) out.push(a[i] as Chat);
  for (; j < b.length; j += 1) out.push(b[j] as Chat);
  return out;
}

/** Where `chat` goes in an ordered array: after every chat that comes before it. */
function insertionPoint(ordered: readonly Chat[], chat: Chat): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareChats(ordered[middle] as Chat, chat) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
