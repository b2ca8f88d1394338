import type { ClientContact } from '../../protocol';
import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { MessageTextSearch, type TextMatches } from '../../store/message-text-search';
import { useStore } from '../../store/hooks';
import { clientIndexOf, contactIndexOf } from '../../store/client-index';
import type { TableSnapshot } from '../../store/table-index';
import { contactIndex } from './client-search';
import { matchingClients, normalizeQuery, type ListSearch } from './list-search';

const NO_TEXT: TextMatches = { done: false, chatIds: new Set(), byChat: new Map() };
const idle = () => () => undefined;
const NOTHING: TableSnapshot<ClientContact> = { loaded: false, rows: new Map() };
const nothing = () => NOTHING;

/**
 * The list search over the local store: clients by name, contact or tag, and chats by the text of their
 * local messages (found by one scan, then kept current message by message). Deferred, so typing
 * stays instant while a large store is scanned. The clients show first; chats found by their
 * messages join as the scan finds them.
 */
export function useListSearch(query: string): ListSearch | null {
  const db = useStore();
  const q = normalizeQuery(useDeferredValue(query));
  // The customers and their contacts from the in-memory indexes (table-index.ts): a new customer's
  // rows are read one by one as they arrive, so a search typed while customers write never reads
  // a whole table from IndexedDB again. Contacts are indexed only while a search is typed.
  const clientIndex = clientIndexOf(db);
  const clients = useSyncExternalStore(clientIndex.subscribe, clientIndex.current);
  const contactTable = contactIndexOf(db);
  const contactRows = useSyncExternalStore(
    q ? contactTable.subscribe : idle,
    q ? contactTable.current : nothing,
  );
  const clientList = useMemo(() => [...clients.rows.values()], [clients]);
  const contacts = useMemo(() => contactIndex([...contactRows.rows.values()]), [contactRows]);
  // Names match as soon as the customers are loaded; contacts join the matches once theirs are.
  const clientIds = useMemo(
    () => (clients.loaded && q ? matchingClients(clientList, q, contacts) : undefined),
    [clients.loaded, clientList, contacts, q],
  );
  const search = useMemo(() => (q ? new MessageTextSearch(db, q) : null), [db, q]);
  const text = useSyncExternalStore(search?.subscribe ?? idle, search?.current ?? (() => NO_TEXT));
  return useMemo(
    () =>
      q && clientIds
        ? { query: q, clientIds, chatIdsByText: text.chatIds, matchByChat: text.byChat }
        : null,
    [q, clientIds, text],
  );
}
