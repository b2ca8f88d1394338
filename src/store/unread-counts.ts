import type { InboxDb } from './db';

type Counted = { readAt: string; lastClientMessageAt: string; count: number };

/** Per local database, each chat's last count and what it was counted for. */
const counts = new WeakMap<InboxDb, Map<string, Counted>>();

const countsOf = (db: InboxDb): Map<string, Counted> => {
  let byChat = counts.get(db);
  if (!byChat) {
    byChat = new Map();
    counts.set(db, byChat);
  }
  return byChat;
};

/**
 * A chat's customer messages after the user's last look, if already counted for this look and
 * this last customer message. A list switch mounts a screenful of rows; a chat counted before
 * shows its badge in the first frame instead of querying IndexedDB again.
 */
export function countedUnread(
  db: InboxDb,
  chatId: string,
  readAt: string,
  lastClientMessageAt: string,
): number | undefined {
  const counted = countsOf(db).get(chatId);
  return counted?.readAt === readAt && counted.lastClientMessageAt === lastClientMessageAt
    ? counted.count
    : undefined;
}

/** Counts a chat's customer messages after `readAt` in the local store, and remembers it. */
export async function countUnread(
  db: InboxDb,
  chatId: string,
  readAt: string,
  lastClientMessageAt: string,
): Promise<number> {
  const count = await db.messages
    .where('[chatId+authorKind+createdAt]')
    .between([chatId, 'client', readAt], [chatId, 'client', '\uffff'], false, true)
    .count();
  countsOf(db).set(chatId, { readAt, lastClientMessageAt, count });
  return count;
}
