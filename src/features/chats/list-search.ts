import type { Chat, Client } from '../../protocol';
import type { TextMatch } from '../../store/message-text-search';
import { clientMatchScore, type ContactIndex } from './client-search';

/** A search over the lists (spec §2 / issue 4): the client's name, contacts or tags, or any message text. */
export type ListSearch = {
  query: string;
  clientIds: ReadonlySet<string>;
  chatIdsByText: ReadonlySet<string>;
  /** Each chat's latest message the text matched, for its row's preview; absent in older callers. */
  matchByChat?: ReadonlyMap<string, TextMatch>;
};

export const normalizeQuery = (query: string): string => query.trim().toLowerCase();

/** Clients whose name, a contact or a tag matches, as the new-chat client search matches them. */
export function matchingClients(
  clients: readonly Client[],
  query: string,
  contacts?: ContactIndex,
): Set<string> {
  const q = normalizeQuery(query);
  const digits = q.replace(/\D/g, '');
  const ids = new Set<string>();
  for (const client of clients)
    if (clientMatchScore(client, q, digits, contacts) >= 0) ids.add(client.id);
  return ids;
}

export function applyListSearch(chats: readonly Chat[], search: ListSearch | null): Chat[] {
  if (!search || normalizeQuery(search.query) === '') return [...chats];
  return chats.filter(
    (chat) => search.clientIds.has(chat.clientId) || search.chatIdsByText.has(chat.id),
  );
}
