import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { MessageTextSearch, type TextMatches } from '../../store/message-text-search';
import { useStore } from '../../store/hooks';
import { contactIndex } from './client-search';
import { matchingClients, normalizeQuery, type ListSearch } from './list-search';

const NO_TEXT: TextMatches = { done: false, chatIds: new Set() };
const idle = () => () => undefined;

/**
 * The list search over the local store: clients by name, contact or tag, and chats by the text of their
 * local messages (found by one scan, then kept current message by message). Deferred, so typing
 * stays instant while a large store is scanned. The clients show first; chats found by their
 * messages join as the scan finds them.
 */
export function useListSearch(query: string): ListSearch | null {
  const db = useStore();
  const q = normalizeQuery(useDeferredValue(query));
  const clients = useLiveQuery(() => (q ? db.clients.toArray() : []), [db, q]);
  // Read while a search is typed only, and indexed once per change of the table, not per key.
  const contactRows = useLiveQuery(() => (q ? db.clientContacts.toArray() : []), [db, q]);
  const contacts = useMemo(() => contactIndex(contactRows ?? []), [contactRows]);
  const clientIds = useMemo(
    () => (clients && contactRows && q ? matchingClients(clients, q, contacts) : undefined),
    [clients, contactRows, contacts, q],
  );
  const search = useMemo(() => (q ? new MessageTextSearch(db, q) : null), [db, q]);
  const text = useSyncExternalStore(search?.subscribe ?? idle, search?.current ?? (() => NO_TEXT));
  return useMemo(
    () => (q && clientIds ? { query: q, clientIds, chatIdsByText: text.chatIds } : null),
    [q, clientIds, text],
  );
}
