import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Channel,
  Chat,
  Client,
  ClientComment,
  ClientContact,
  ClientMerge,
  ClientStatus,
  Company,
  User,
} from '../../protocol';
import { useStore } from '../../store/hooks';

/**
 * Everything the profile shows, from the local store. A client's own rows (contacts, comments,
 * merges) come by index; the organization's small tables (statuses, companies, people, channels)
 * whole, as they hold tens of rows.
 */
export type ProfileData = {
  /** Null when this browser does not hold the client. */
  client: Client | null;
  contacts: ClientContact[];
  comments: ClientComment[];
  merges: ClientMerge[];
  statuses: ClientStatus[];
  companies: Company[];
  users: User[];
  channels: Channel[];
};

/** A client's profile, kept live; undefined while loading. */
export function useProfileData(clientId: string): ProfileData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    // A profile merged into another (an old link, a chat opened before the merge) shows its survivor.
    const alias = (await db.clients.get(clientId))
      ? undefined
      : await db.clientMerges.get(clientId);
    const id = alias?.survivorId ?? clientId;
    const [client, contacts, comments, merges, statuses, companies, users, channels] =
      await Promise.all([
        db.clients.get(id),
        db.clientContacts.where('clientId').equals(id).toArray(),
        db.clientComments.where('clientId').equals(id).toArray(),
        db.clientMerges.where('survivorId').equals(id).toArray(),
        db.clientStatuses.toArray(),
        db.companies.toArray(),
        db.users.toArray(),
        db.channels.toArray(),
      ]);
    return {
      client: client ?? null,
      contacts,
      comments,
      merges,
      statuses,
      companies,
      users,
      channels,
    };
  }, [db, clientId]);
}

/** Every chat of a client this browser holds, in any channel, newest first, and the channels. */
export function useInteractionHistory(
  clientId: string,
): { chats: Chat[]; channels: Map<string, Channel> } | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [chats, channels] = await Promise.all([
      db.chats.where('clientId').equals(clientId).toArray(),
      db.channels.toArray(),
    ]);
    chats.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    return { chats, channels: new Map(channels.map((channel) => [channel.id, channel])) };
  }, [db, clientId]);
}
