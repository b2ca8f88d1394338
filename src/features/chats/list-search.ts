import type { Chat, Client } from '../../protocol';

/** A search over the lists (spec §2 / issue 4): the client's name or phone, or any message text. */
export type ListSearch = {
  query: string;
  clientIds: ReadonlySet<string>;
  chatIdsByText: ReadonlySet<string>;
};

export const normalizeQuery = (query: string): string => query.trim().toLowerCase();

/** Clients whose name or phone matches (phones compared by digits, so "+7 900" finds "79001234567"). */
export function matchingClients(clients: readonly Client[], query: string): Set<string> {
  const q = normalizeQuery(query);
  const digits = q.replace(/\D/g, '');
  const ids = new Set<string>();
  for (const client of clients) {
    if (client.name.toLowerCase().includes(q)) ids.add(client.id);
    else if (digits.length >= 3 && (client.phone ?? '').replace(/\D/g, '').includes(digits))
      ids.add(client.id);
  }
  return ids;
}

export function applyListSearch(chats: readonly Chat[], search: ListSearch | null): Chat[] {
  if (!search || normalizeQuery(search.query) === '') return [...chats];
  return chats.filter(
    (chat) => search.clientIds.has(chat.clientId) || search.chatIdsByText.has(chat.id),
  );
}
