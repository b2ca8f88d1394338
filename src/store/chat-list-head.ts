import type { Chat, Client } from '../protocol';
import type { InboxDb } from './db';
import { compareChats, inChatList, type ChatFilter, type ChatViewer } from './chat-list';
import { WRITTEN_VERSION_KEY } from './written-rows';

/** A list's chats with the names of their customers, as a list draws them. */
export type ListedChats = {
  chats: readonly Chat[];
  clientNames: ReadonlyMap<string, string>;
};

/** A list's head as one transaction read it, with the store's write version of that moment. */
export type ReadListHead = ListedChats & { filter: ChatFilter; version: number };

/**
 * The first `limit` chats of one list and their customers' names, read through the store's
 * indexes instead of from every chat: what a list shows while the in-memory indexes of whole
 * tables are still loading, so a warm start paints its first screenful without deserialising
 * 10,000 chats and 5,000 customers first (DESIGN §6). The chats are the full list's own first rows:
 * each list is read from a set of chats that holds all of it, filtered and ordered by the list's
 * own rules (chat-list.ts), without the chats of customers flagged as spam.
 */
export function chatListHead(
  db: InboxDb,
  filter: ChatFilter,
  viewerId: string,
  limit: number,
): Promise<ReadListHead> {
  // One read-only transaction, so the version names exactly the writes these rows hold (a copy of
  // them is stamped with it: list-copy.ts).
  return db.transaction('r', [db.chats, db.clients, db.users, db.meta], async () => {
    const [head, written] = await Promise.all([
      readHead(db, filter, viewerId, limit),
      db.meta.get(WRITTEN_VERSION_KEY),
    ]);
    const version = written?.key === WRITTEN_VERSION_KEY ? written.value : 0;
    return { ...head, filter, version };
  });
}

async function readHead(
  db: InboxDb,
  filter: ChatFilter,
  viewerId: string,
  limit: number,
): Promise<ListedChats> {
  // The viewer's teams beside the chats, so the head waits for no other read.
  const [user, first] = await Promise.all([
    db.users.get(viewerId),
    candidates(db, filter, viewerId, limit),
  ]);
  const viewer: ChatViewer = { id: viewerId, teamIds: user?.teamIds ?? [] };
  const known = new Map<string, Client | undefined>();
  let found = first;
  let read = limit;
  for (;;) {
    const listed = found.filter((chat) => inChatList(chat, filter, viewer)).sort(compareChats);
    const head = await withoutSpamClients(db, listed, limit, known);
    // Only the closed list reads fewer than all its chats: spam customers' chats among its newest
    // leave it short, so it reads further back (rarely: spam customers are few).
    if (head.chats.length === limit || filter !== 'closed' || found.length < read) return head;
    read *= 2;
    found = await newestClosed(db, read);
  }
}

/**
 * The first `limit` of `listed` whose customer is not flagged as spam (spam-clients.ts), with
 * their customers' names. Customers are read for the chats about to be shown only, a screenful at
 * a time, and remembered in `known` across calls.
 */
async function withoutSpamClients(
  db: InboxDb,
  listed: readonly Chat[],
  limit: number,
  known: Map<string, Client | undefined>,
): Promise<ListedChats> {
  const chats: Chat[] = [];
  const clientNames = new Map<string, string>();
  let next = 0;
  while (chats.length < limit && next < listed.length) {
    const batch = listed.slice(next, next + limit - chats.length);
    next += batch.length;
    const unread = [...new Set(batch.map((chat) => chat.clientId))].filter((id) => !known.has(id));
    const clients = await db.clients.bulkGet(unread);
    unread.forEach((id, i) => known.set(id, clients[i]));
    for (const chat of batch) {
      const client = known.get(chat.clientId);
      if (client?.spam) continue;
      chats.push(chat);
      if (client) clientNames.set(client.id, client.name);
    }
  }
  return { chats, clientNames };
}

/**
 * Chats that include every chat of the list. In progress reads the viewer's own; the other lists
 * of open chats read every pending or in-progress chat, few next to closed ones (bounded by the
 * queues and the operators' dialog limits); the closed list, the long one, reads its newest
 * `limit` by its own order (a closed chat has no urgency, so the newest message first is the
 * whole order).
 */
function candidates(
  db: InboxDb,
  filter: ChatFilter,
  viewerId: string,
  limit: number,
): Promise<Chat[]> {
  switch (filter) {
    case 'assigned':
      // The viewer's own: the landing list reads a dozen chats, not every one in progress.
      return db.chats.where('[operatorId+status]').equals([viewerId, 'assigned']).toArray();
    case 'open':
      return db.chats.where('status').equals('pending').toArray();
    case 'expired':
      return db.chats.where('status').anyOf('pending', 'assigned').toArray();
    case 'closed':
      return newestClosed(db, limit);
    case 'created':
      return db.chats.where('createdBy').equals(viewerId).toArray();
  }
}

/**
 * The newest `limit` closed chats, and every other one as new as the last of them: chats of one
 * instant are ordered by id (compareChats), which the index's reverse walk does not follow.
 */
async function newestClosed(db: InboxDb, limit: number): Promise<Chat[]> {
  const newest = await db.chats
    .where('[status+lastMessageAt]')
    .between(['closed', ''], ['closed', '\uffff'])
    .reverse()
    .limit(limit)
    .toArray();
  const last = newest.at(-1);
  if (last === undefined || newest.length < limit) return newest;
  const sameInstant = await db.chats
    .where('[status+lastMessageAt]')
    .equals(['closed', last.lastMessageAt])
    .toArray();
  const byId = new Map(newest.map((chat) => [chat.id, chat]));
  for (const chat of sameInstant) byId.set(chat.id, chat);
  return [...byId.values()];
}
