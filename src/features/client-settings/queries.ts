import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  BlacklistEntry,
  BlockedMessage,
  Channel,
  Client,
  ClientComment,
  ClientContact,
  ClientStatus,
  User,
} from '../../protocol';
import { clientIndexOf } from '../../store/client-index';
import type { TableSnapshot } from '../../store/table-index';
import { useStore } from '../../store/hooks';

/**
 * Every local client, in memory and live (the store's client index, shared with the chat lists):
 * the statuses page counts who holds each status and the merge page searches profiles without
 * reading 10,000 rows from IndexedDB at each keystroke.
 */
export function useClients(): TableSnapshot<Client> {
  const index = clientIndexOf(useStore());
  return useSyncExternalStore(index.subscribe, index.current);
}

/** The organization's custom statuses, live; undefined while loading. */
export function useClientStatuses(): ClientStatus[] | undefined {
  const db = useStore();
  return useLiveQuery(() => db.clientStatuses.toArray(), [db]);
}

/** What the blacklist page shows: the entries, the messages set aside, and names for both. */
export type BlacklistData = {
  entries: BlacklistEntry[];
  messages: BlockedMessage[];
  channels: Channel[];
  users: User[];
};

export function useBlacklistData(): BlacklistData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [entries, messages, channels, users] = await Promise.all([
      db.blacklist.toArray(),
      db.blockedMessages.toArray(),
      db.channels.toArray(),
      db.users.toArray(),
    ]);
    return { entries, messages, channels, users };
  }, [db]);
}

/** One profile as the merge page compares it: the row and what hangs on it. */
export type MergeSide = {
  client: Client;
  contacts: ClientContact[];
  comments: ClientComment[];
  chatCount: number;
};

async function sideOf(db: ReturnType<typeof useStore>, id: string): Promise<MergeSide | null> {
  const client = await db.clients.get(id);
  if (!client) return null;
  const [contacts, comments, chatCount] = await Promise.all([
    db.clientContacts.where('clientId').equals(id).toArray(),
    db.clientComments.where('clientId').equals(id).toArray(),
    db.chats.where('clientId').equals(id).count(),
  ]);
  return { client, contacts, comments, chatCount };
}

/**
 * The two profiles being merged, live (another browser may change or merge one meanwhile), with
 * the names the comparison needs: statuses, users, companies. `null` for an id of no local client.
 */
export type MergeData = {
  first: MergeSide | null;
  second: MergeSide | null;
  statuses: ClientStatus[];
  users: User[];
  companyNames: Map<string, string>;
};

export function useMergeData(
  firstId: string | undefined,
  secondId: string | undefined,
): MergeData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [first, second, statuses, users, companies] = await Promise.all([
      firstId ? sideOf(db, firstId) : null,
      secondId ? sideOf(db, secondId) : null,
      db.clientStatuses.toArray(),
      db.users.toArray(),
      db.companies.toArray(),
    ]);
    return {
      first,
      second,
      statuses,
      users,
      companyNames: new Map(companies.map((company) => [company.id, company.name])),
    };
  }, [db, firstId, secondId]);
}

/** Local channels, for the blacklist's channel identity. */
export function useChannels(): Channel[] | undefined {
  const db = useStore();
  return useLiveQuery(() => db.channels.toArray(), [db]);
}
