import type { Chat } from '../protocol';
import type { InboxDb } from './db';
import { tableIndexOf, type TableIndex, type TableSnapshot } from './table-index';

/** Every local chat in memory (table-index.ts): the chat lists and the new-message alerts. */
export type ChatIndex = TableIndex<Chat>;
export type ChatIndexSnapshot = TableSnapshot<Chat>;

/** The chat index of one local database. */
export const chatIndexOf = (db: InboxDb): ChatIndex =>
  tableIndexOf<Chat>(db, 'chats', (chat) => chat.id);
