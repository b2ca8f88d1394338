import Dexie, { type ObservabilitySet } from 'dexie';
import type { InboxDb } from './db';

type Counted = { readAt: string; lastClientMessageAt: string; count: number };

/**
 * One local database's last counts, kept while its messages table is unchanged: a message can
 * land after its chat's row says it exists (a bootstrap writes chats before messages, and opening
 * a closed chat fetches its thread after the chat), so any write to the messages table forgets
 * every count. `generation` tells a count that was read across such a write not to be kept.
 */
type Counts = { byChat: Map<string, Counted>; generation: number };

const counts = new WeakMap<InboxDb, Counts>();

function countsOf(db: InboxDb): Counts {
  let known = counts.get(db);
  if (!known) {
    const fresh: Counts = { byChat: new Map(), generation: 0 };
    const prefix = `idb://${db.name}/messages/`;
    const onMutated = (parts: ObservabilitySet) => {
      if (!parts[prefix] && !parts[`${prefix}:dels`]) return;
      fresh.byChat.clear();
      fresh.generation += 1;
    };
    Dexie.on('storagemutated', onMutated);
    db.on('close', () => {
      Dexie.on.storagemutated.unsubscribe(onMutated);
    });
    counts.set(db, fresh);
    known = fresh;
  }
  return known;
}

/**
 * A chat's customer messages after the user's last look, if already counted for this look and
 * this last customer message with no message written since. A list switch mounts a screenful of
 * rows; a chat counted before shows its badge in the first frame instead of querying IndexedDB
 * again.
 */
export function countedUnread(
  db: InboxDb,
  chatId: string,
  readAt: string,
  lastClientMessageAt: string,
): number | undefined {
  const counted = countsOf(db).byChat.get(chatId);
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
  const known = countsOf(db);
  const generation = known.generation;
  const count = await db.messages
    .where('[chatId+authorKind+createdAt]')
    .between([chatId, 'client', readAt], [chatId, 'client', '\uffff'], false, true)
    .count();
  if (known.generation === generation)
    known.byChat.set(chatId, { readAt, lastClientMessageAt, count });
  return count;
}
