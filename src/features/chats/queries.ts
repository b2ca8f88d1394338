import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Channel,
  Chat,
  Chatbot,
  ChatHistoryEntry,
  Client,
  MessengerTemplate,
  Organization,
  Role,
  Team,
  User,
} from '../../protocol';
import { useStore } from '../../store/hooks';
import { categoryTree, type CategoryTree } from './category-tree';

/** A chat by id: undefined while loading, null when this browser does not hold it. */
export function useChatOrNull(chatId: string): Chat | null | undefined {
  const db = useStore();
  return useLiveQuery(async () => (await db.chats.get(chatId)) ?? null, [db, chatId]);
}

/** A chat's history entries, oldest first. */
export function useChatHistory(chatId: string): ChatHistoryEntry[] | undefined {
  const db = useStore();
  return useLiveQuery(
    () => db.chatHistory.where('[chatId+at]').between([chatId, ''], [chatId, '\uffff']).toArray(),
    [db, chatId],
  );
}

/**
 * The organization's small tables the chat screen names things from: people, teams, roles,
 * channels, request categories and the organization row itself. They change rarely and hold tens
 * of rows, so one live query serves the whole screen.
 */
export type Directory = {
  users: ReadonlyMap<string, User>;
  teams: ReadonlyMap<string, Team>;
  roles: ReadonlyMap<string, Role>;
  channels: ReadonlyMap<string, Channel>;
  categories: CategoryTree;
  organization: Organization | undefined;
  /** The organization's chat bots: a chat may be transferred to a published one. */
  bots: ReadonlyMap<string, Chatbot>;
};

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

export function useDirectory(): Directory | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [users, teams, roles, channels, categories, organization, bots] = await Promise.all([
      db.users.toArray(),
      db.teams.toArray(),
      db.roles.toArray(),
      db.channels.toArray(),
      db.requestCategories.toArray(),
      db.organizations.toCollection().first(),
      db.chatbots.orderBy('name').toArray(),
    ]);
    return {
      users: byId(users),
      teams: byId(teams),
      roles: byId(roles),
      channels: byId(channels),
      categories: categoryTree(categories),
      organization,
      bots: byId(bots),
    };
  }, [db]);
}

export function useClient(clientId: string): Client | null | undefined {
  const db = useStore();
  return useLiveQuery(async () => (await db.clients.get(clientId)) ?? null, [db, clientId]);
}

/** Every chat of a client this browser holds, in any channel, newest first. */
export function useClientChats(clientId: string): Chat[] | undefined {
  const db = useStore();
  return useLiveQuery(
    async () =>
      (await db.chats.where('clientId').equals(clientId).toArray()).sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
      ),
    [db, clientId],
  );
}

// The templates query is shared with the templates page (src/store/template-queries.ts).
export { useTemplates } from '../../store/template-queries';

/** A channel's approved registered templates, live: what may still reach a customer after the session. */
export function useApprovedTemplates(channelId: string): MessengerTemplate[] | undefined {
  const db = useStore();
  return useLiveQuery(
    async () =>
      (await db.messengerTemplates.where('channelId').equals(channelId).toArray())
        .filter((template) => template.status === 'approved')
        .sort((a, b) => a.name.localeCompare(b.name)),
    [db, channelId],
  );
}
