import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SyncTable, SyncedRow, ThreadTable } from '../../src/protocol';
import * as t from '../db/schema';
import * as wire from './wire-rows';

/** A state table of synced rows: keyed by `id`, as every protocol row is. */
export type SyncedPgTable = PgTable & { id: PgColumn };

/**
 * Which rows of a table a viewer is given at bootstrap. Each follows the sync group its changes go
 * to (server/sync/groups.ts), so what bootstrap gives and what the live stream adds agree:
 * - `org`: every row of the organization (group `org`);
 * - `chat`: the chats the viewer sees (`chatGroups`: their teams', their own, every chat with the
 *   all-chats right), closed ones only for `LIMITS.bootstrapClosedChatDays`;
 * - `chat-content`: rows that belong to a chat (`chatGroups` of their chat), of the viewer's open
 *   chats only; a closed chat's come with its thread on demand, in `order`;
 * - `stats`: every row of the organization, to holders of AUTHORITY_ALL_STAT only (group `stats`).
 */
export type Sight =
  | { readonly kind: 'org' }
  | { readonly kind: 'stats' }
  | { readonly kind: 'chat' }
  | { readonly kind: 'chat-content'; readonly chatId: PgColumn; readonly order: PgColumn };

/** The sight a table must have: `chat-content` exactly for the protocol's thread tables. */
type SightOf<N extends SyncTable> = N extends ThreadTable
  ? Extract<Sight, { kind: 'chat-content' }>
  : N extends 'chats'
    ? Extract<Sight, { kind: 'chat' }>
    : N extends 'dayFigures'
      ? Extract<Sight, { kind: 'stats' }>
      : Extract<Sight, { kind: 'org' }>;

/** The server's half of a synced table: where its rows live, who gets them, how they travel. */
export type ServerSyncedTable<
  T extends SyncedPgTable = SyncedPgTable,
  Wire extends { id: string } = { id: string },
> = {
  readonly table: T;
  /** The column naming the row's organization (for `organizations`, the row's own id). */
  readonly orgId: PgColumn;
  readonly sight: Sight;
  /**
   * Row to protocol row: camelCase, ISO times, no secrets. Method syntax on purpose: entries of
   * different tables are read through one type, and each mapper is only called with rows
   * selected from its own `table` (bootstrap.ts).
   */
  toWire(row: T['$inferSelect']): Wire;
};

/** Types an entry so that its mapper takes rows of its own table. */
const synced = <T extends SyncedPgTable, const S extends Sight, Wire extends { id: string }>(
  table: T,
  entry: { orgId: PgColumn; sight: S; toWire: (row: T['$inferSelect']) => Wire },
) => ({ table, ...entry });

const ORG = { kind: 'org' } as const;

/**
 * Every synced table's server entry, one per protocol entry (src/protocol/synced-tables.ts): the
 * type below refuses a missing or extra table, a mapper whose row is not the protocol's, and a
 * sight that does not fit the table. Bootstrap streams the tables in this order: organization-wide
 * rows first, then chats, then the rows that belong to them.
 */
export const SERVER_SYNCED_TABLES = {
  organizations: synced(t.organizations, {
    orgId: t.organizations.id,
    sight: ORG,
    toWire: wire.organizationRow,
  }),
  roles: synced(t.roles, { orgId: t.roles.orgId, sight: ORG, toWire: wire.roleRow }),
  users: synced(t.users, { orgId: t.users.orgId, sight: ORG, toWire: wire.userRow }),
  teams: synced(t.teams, { orgId: t.teams.orgId, sight: ORG, toWire: wire.teamRow }),
  channels: synced(t.channels, { orgId: t.channels.orgId, sight: ORG, toWire: wire.channelRow }),
  requestCategories: synced(t.requestCategories, {
    orgId: t.requestCategories.orgId,
    sight: ORG,
    toWire: wire.requestCategoryRow,
  }),
  templateCategories: synced(t.templateCategories, {
    orgId: t.templateCategories.orgId,
    sight: ORG,
    toWire: wire.templateCategoryRow,
  }),
  templates: synced(t.templates, {
    orgId: t.templates.orgId,
    sight: ORG,
    toWire: wire.templateRow,
  }),
  clients: synced(t.clients, { orgId: t.clients.orgId, sight: ORG, toWire: wire.clientRow }),
  clientContacts: synced(t.clientContacts, {
    orgId: t.clientContacts.orgId,
    sight: ORG,
    toWire: wire.clientContactRow,
  }),
  clientComments: synced(t.clientComments, {
    orgId: t.clientComments.orgId,
    sight: ORG,
    toWire: wire.clientCommentRow,
  }),
  clientMerges: synced(t.clientMerges, {
    orgId: t.clientMerges.orgId,
    sight: ORG,
    toWire: wire.clientMergeRow,
  }),
  clientStatuses: synced(t.clientStatuses, {
    orgId: t.clientStatuses.orgId,
    sight: ORG,
    toWire: wire.clientStatusRow,
  }),
  companies: synced(t.companies, { orgId: t.companies.orgId, sight: ORG, toWire: wire.companyRow }),
  blacklist: synced(t.blacklist, {
    orgId: t.blacklist.orgId,
    sight: ORG,
    toWire: wire.blacklistRow,
  }),
  blockedMessages: synced(t.blockedMessages, {
    orgId: t.blockedMessages.orgId,
    sight: ORG,
    toWire: wire.blockedMessageRow,
  }),
  routingRules: synced(t.routingRules, {
    orgId: t.routingRules.orgId,
    sight: ORG,
    toWire: wire.routingRuleRow,
  }),
  autoReplies: synced(t.autoReplies, {
    orgId: t.autoReplies.orgId,
    sight: ORG,
    toWire: wire.autoReplyRow,
  }),
  channelHealth: synced(t.channelHealth, {
    orgId: t.channelHealth.orgId,
    sight: ORG,
    toWire: wire.channelHealthRow,
  }),
  messengerTemplates: synced(t.messengerTemplates, {
    orgId: t.messengerTemplates.orgId,
    sight: ORG,
    toWire: wire.messengerTemplateRow,
  }),
  chatbots: synced(t.chatbots, {
    orgId: t.chatbots.orgId,
    sight: ORG,
    toWire: wire.chatbotRow,
  }),
  chatbotVersions: synced(t.chatbotVersions, {
    orgId: t.chatbotVersions.orgId,
    sight: ORG,
    toWire: wire.chatbotVersionRow,
  }),
  dayFigures: synced(t.dayFigures, {
    orgId: t.dayFigures.orgId,
    sight: { kind: 'stats' },
    toWire: wire.dayFiguresRow,
  }),
  chats: synced(t.chats, { orgId: t.chats.orgId, sight: { kind: 'chat' }, toWire: wire.chatRow }),
  messages: synced(t.messages, {
    orgId: t.messages.orgId,
    sight: { kind: 'chat-content', chatId: t.messages.chatId, order: t.messages.createdAt },
    toWire: wire.messageRow,
  }),
  chatHistory: synced(t.chatHistory, {
    orgId: t.chatHistory.orgId,
    sight: { kind: 'chat-content', chatId: t.chatHistory.chatId, order: t.chatHistory.at },
    toWire: wire.chatHistoryRow,
  }),
} satisfies {
  readonly [N in SyncTable]: ServerSyncedTable & {
    readonly sight: SightOf<N>;
    toWire(row: never): SyncedRow<N>;
  };
};
