import { createContext, useCallback, useContext } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Chat } from '../protocol';
import type { InboxDb } from './db';
import { compareChats, inChatList, type ChatFilter, type ChatViewer } from './chat-list';
import type { LocalMessage, OutboxRow } from './tables';
import { enqueue, type NewCommand, type NewFile } from './outbox';

/** The signed-in user's local database, provided once by the app shell. */
export const StoreContext = createContext<InboxDb | null>(null);

export function useStore(): InboxDb {
  const db = useContext(StoreContext);
  if (!db) throw new Error('useStore outside a StoreContext provider');
  return db;
}

/**
 * Where screens send commands: who acts (for predictions) and what to do once a command is in
 * the outbox (wake the sync worker; ask for Background Sync in case the tab closes first).
 */
export type CommandSink = { userId: string; afterEnqueue: () => void };
export const CommandSinkContext = createContext<CommandSink | null>(null);

/** Records a command with its predicted effect at once, then lets the outbox carry it. */
export function useEnqueue(): (
  command: NewCommand,
  files?: readonly NewFile[],
) => Promise<OutboxRow> {
  const db = useStore();
  const sink = useContext(CommandSinkContext);
  if (!sink) throw new Error('useEnqueue outside a CommandSinkContext provider');
  return useCallback(
    async (command, files = []) => {
      const row = await enqueue(db, command, { userId: sink.userId }, new Date(), files);
      sink.afterEnqueue();
      return row;
    },
    [db, sink],
  );
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

/** Customer messages newer than the user's last look at the chat. */
export function useUnreadCount(chatId: string): number | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const read = await db.reads.get(chatId);
    return db.messages
      .where('[chatId+createdAt]')
      .between([chatId, read?.readAt ?? ''], [chatId, '\uffff'], false, true)
      .filter((message) => message.authorKind === 'client')
      .count();
  }, [db, chatId]);
}

/** Records that the user has seen the chat up to its newest customer message. */
export async function markChatRead(db: InboxDb, chatId: string, readAt: string): Promise<void> {
  await db.transaction('rw', db.reads, async () => {
    const current = await db.reads.get(chatId);
    if (!current || current.readAt < readAt) await db.reads.put({ chatId, readAt });
  });
}
