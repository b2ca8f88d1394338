import { useDeferredValue } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '../../store/hooks';
import { matchingClients, normalizeQuery, type ListSearch } from './list-search';

/**
 * The list search over the local store: clients by name or phone, and chats by the text of their
 * local messages. Deferred, so typing stays instant while a large store is scanned.
 */
export function useListSearch(query: string): ListSearch | null {
  const db = useStore();
  const deferred = useDeferredValue(query);
  const result = useLiveQuery(async () => {
    const q = normalizeQuery(deferred);
    if (!q) return null;
    const clientIds = matchingClients(await db.clients.toArray(), q);
    const chatIdsByText = new Set<string>();
    await db.messages.each((message) => {
      if (!message.internal && message.text.toLowerCase().includes(q))
        chatIdsByText.add(message.chatId);
    });
    return { query: q, clientIds, chatIdsByText };
  }, [db, deferred]);
  return result ?? null;
}
