import { createContext, useContext } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Chat } from '../protocol';
import type { InboxDb } from './db';
import { compareChats, inChatList, type ChatFilter, type ChatViewer } from './chat-list';
import type { LocalMessage, OutboxRow } from './tables';

/** The signed-in user's local database, provided once by the app shell. */
export const StoreContext = createContext<InboxDb | null>(null);

export function useStore(): InboxDb {
  const db = useContext(StoreContext);
  if (!db) throw new Error('useStore outside a StoreContext provider');
  return db;
}

/** A chat list of the main menu, ordered most urgent first; undefined while loading. */
export function useChatList(filter: ChatFilter, viewer: ChatViewer): Chat[] | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const candidates =
      filter === 'closed' || filter === 'expired' || filter === 'assigned'
        ? await db.chats
            .where('status')
            .equals(filter === 'closed' ? 'closed' : filter === 'assigned' ? 'assigned' : 'pending')
            .toArray()
        : await db.chats.toArray();
    const expiredToo =
      filter === 'expired' ? await db.chats.where('status').equals('assigned').toArray() : [];
    return [...candidates, ...expiredToo]
      .filter((chat) => inChatList(chat, filter, viewer))
      .sort(compareChats);
  }, [db, filter, viewer.id, viewer.teamIds.join(',')]);
}

export function useChat(chatId: string): Chat | undefined {
  const db = useStore();
  return useLiveQuery(() => db.chats.get(chatId), [db, chatId]);
}

/** A chat's messages, oldest first. */
export function useMessages(chatId: string): LocalMessage[] | undefined {
  const db = useStore();
  return useLiveQuery(
    () =>
      db.messages.where('[chatId+createdAt]').between([chatId, ''], [chatId, '\uffff']).toArray(),
    [db, chatId],
  );
}

/** Client names by id, for list rows. */
export function useClientNames(): Map<string, string> | undefined {
  const db = useStore();
  return useLiveQuery(
    async () => new Map((await db.clients.toArray()).map((client) => [client.id, client.name])),
    [db],
  );
}

/** Commands the server refused, kept so the user can retry or discard them. */
export function useRejectedCommands(): OutboxRow[] | undefined {
  const db = useStore();
  return useLiveQuery(() => db.outbox.where('state').equals('rejected').toArray(), [db]);
}

/** Commands not yet confirmed by the server. */
export function usePendingCount(): number | undefined {
  const db = useStore();
  return useLiveQuery(
    () => db.outbox.where('state').anyOf('pending', 'acknowledged').count(),
    [db],
  );
}
