import * as v from 'valibot';
import { AutoReplyRowSchema } from './entities/auto-reply';
import { MessengerTemplateSchema } from './entities/messenger-template';
import { ChatbotSchema, ChatbotVersionSchema } from './entities/chatbot';
import { ChannelSchema } from './entities/channel';
import { RoutingRuleRowSchema } from './entities/routing-rule';
import { ChannelHealthSchema } from './entities/channel-health';
import { DayFiguresSchema } from './entities/day-figures';
import { ChatHistoryEntrySchema, ChatSchema } from './entities/chat';
import { BlacklistEntrySchema, BlockedMessageSchema } from './entities/blacklist';
import {
  ClientCommentSchema,
  ClientContactSchema,
  ClientMergeSchema,
  ClientSchema,
} from './entities/client';
import { ClientStatusSchema } from './entities/client-status';
import { CompanySchema } from './entities/company';
import { MessageSchema } from './entities/message';
import { OrganizationSchema } from './entities/organization';
import { RequestCategorySchema } from './entities/request-category';
import { RoleSchema } from './entities/role';
import { TeamSchema } from './entities/team';
import { TemplateCategorySchema, TemplateSchema } from './entities/template';
import { UserSchema } from './entities/user';

/** The schema of a synced row: an object, so its fields can be named by key and indexes. */
type RowSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
type FieldOf<S extends RowSchema> = keyof v.InferOutput<S> & string;

/** A field the browser indexes, or several in order for a compound index. */
export type SyncedIndex<S extends RowSchema> =
  FieldOf<S> | readonly [FieldOf<S>, FieldOf<S>, ...FieldOf<S>[]];

/** One synced table: what its rows are, how the browser keys them, what it looks them up by. */
export type SyncedTableEntry<S extends RowSchema = RowSchema> = {
  /** Every row that enters the browser's table is checked against this (events and bootstrap). */
  readonly schema: S;
  /**
   * The primary key. Always `id`, the row's UUIDv7 (DESIGN §3): a change's key, a base row's key
   * and the server's keyset pages all read that field, so another key would be a change of those
   * too, not of this entry alone.
   */
  readonly key: 'id' & FieldOf<S>;
  /** The local indexes the screens' live queries need; the primary key is not repeated. */
  readonly indexes: readonly SyncedIndex<S>[];
  /**
   * Set for rows that belong to one chat by their `chatId`: bootstrap sends those of open chats
   * only, a closed chat's come with its thread on demand under this field of the answer
   * (`GET /api/sync/chat/:id/messages`), and the browser drops them when their chat leaves the
   * user's sight.
   */
  readonly thread?: 'chatId' extends FieldOf<S> ? string : never;
};

/**
 * Types an entry against its schema, so a key or index that names no field of the row, or a
 * `thread` on rows without a `chatId`, does not compile; the entry keeps its literal types.
 */
const synced = <S extends RowSchema, const E extends Omit<SyncedTableEntry<S>, 'schema'>>(
  schema: S,
  entry: E,
): E & { readonly schema: S } => ({ ...entry, schema });

/**
 * Every synced table, declared once. The browser's list of tables, its Dexie schema, its row types
 * and its row checks are derived from here; the server has one matching entry per table
 * (`server/sync/synced-tables.ts`). The order is the local schema's (and so its hash's).
 */
export const SYNCED_TABLES = {
  organizations: synced(OrganizationSchema, { key: 'id', indexes: [] }),
  roles: synced(RoleSchema, { key: 'id', indexes: [] }),
  users: synced(UserSchema, { key: 'id', indexes: ['name'] }),
  teams: synced(TeamSchema, { key: 'id', indexes: ['name'] }),
  channels: synced(ChannelSchema, { key: 'id', indexes: ['type'] }),
  clients: synced(ClientSchema, { key: 'id', indexes: ['name', 'phone'] }),
  requestCategories: synced(RequestCategorySchema, { key: 'id', indexes: ['parentId'] }),
  // Only the indexes a query reads: every write of a row writes each of its index entries, and
  // the lists filter the in-memory chat index, not these. A compound index also answers a
  // query on its first fields (Dexie's virtual index): `status` is read through
  // [status+lastMessageAt], a thread's `chatId` through its compound index.
  chats: synced(ChatSchema, {
    key: 'id',
    indexes: [['status', 'lastMessageAt'], ['operatorId', 'status'], 'clientId', 'createdBy'],
  }),
  messages: synced(MessageSchema, {
    key: 'id',
    indexes: [
      ['chatId', 'createdAt'],
      ['chatId', 'authorKind', 'createdAt'],
    ],
    thread: 'messages',
  }),
  chatHistory: synced(ChatHistoryEntrySchema, {
    key: 'id',
    indexes: [['chatId', 'at']],
    thread: 'history',
  }),
  templates: synced(TemplateSchema, { key: 'id', indexes: ['categoryId'] }),
  templateCategories: synced(TemplateCategorySchema, { key: 'id', indexes: [] }),
  clientContacts: synced(ClientContactSchema, { key: 'id', indexes: ['clientId', 'value'] }),
  clientComments: synced(ClientCommentSchema, { key: 'id', indexes: ['clientId'] }),
  clientMerges: synced(ClientMergeSchema, { key: 'id', indexes: ['survivorId'] }),
  clientStatuses: synced(ClientStatusSchema, { key: 'id', indexes: [] }),
  companies: synced(CompanySchema, { key: 'id', indexes: ['name'] }),
  blacklist: synced(BlacklistEntrySchema, { key: 'id', indexes: ['value'] }),
  blockedMessages: synced(BlockedMessageSchema, { key: 'id', indexes: ['entryId', 'receivedAt'] }),
  routingRules: synced(RoutingRuleRowSchema, { key: 'id', indexes: ['channelId'] }),
  autoReplies: synced(AutoReplyRowSchema, { key: 'id', indexes: ['channelId'] }),
  channelHealth: synced(ChannelHealthSchema, { key: 'id', indexes: [] }),
  dayFigures: synced(DayFiguresSchema, { key: 'id', indexes: [] }),
  messengerTemplates: synced(MessengerTemplateSchema, { key: 'id', indexes: ['channelId'] }),
  chatbots: synced(ChatbotSchema, { key: 'id', indexes: ['name'] }),
  chatbotVersions: synced(ChatbotVersionSchema, { key: 'id', indexes: ['chatbotId'] }),
};

export type SyncTable = keyof typeof SYNCED_TABLES;

/** Synced tables, named as the browser store names them. */
export const SYNC_TABLES = Object.keys(SYNCED_TABLES) as readonly SyncTable[];
export const SyncTableSchema = v.picklist(SYNC_TABLES);

/** A synced table's row, as its schema gives it. */
export type SyncedRow<T extends SyncTable> = v.InferOutput<(typeof SYNCED_TABLES)[T]['schema']>;

/** The tables whose rows belong to one chat (those with a `thread` field). */
export type ThreadTable = {
  [T in SyncTable]: (typeof SYNCED_TABLES)[T] extends { thread: string } ? T : never;
}[SyncTable];
export const THREAD_TABLES = SYNC_TABLES.filter(
  (table): table is ThreadTable => 'thread' in SYNCED_TABLES[table],
);

/** The field of a chat's thread answer that holds a thread table's rows. */
export const threadField = (table: ThreadTable): string => SYNCED_TABLES[table].thread;
