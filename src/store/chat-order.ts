import type { Chat } from '../protocol';
import { compareChats } from './chat-list';
import { changedRows } from './table-index';

/**
 * Above this many changed chats the order is sorted afresh: placing each by binary search and a
 * splice costs a pass over the array apiece, a sort about log2(10,000) ≈ 13 passes in all.
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

/** `rows` in order, from the order of an earlier snapshot. */
export function reordered(previous: Order, rows: ReadonlyMap<string, Chat>): readonly Chat[] {
  const changed = changedRows(previous.rows, rows);
  if (changed.length > PLACE_AT_MOST) return sorted(rows);
  const kept = previous.ordered.filter((chat) => rows.get(chat.id) === chat);
  if (changed.length === 0 && kept.length === previous.ordered.length) return previous.ordered;
  for (const chat of changed) kept.splice(insertionPoint(kept, chat), 0, chat);
  return kept;
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
