import { sql } from 'drizzle-orm';
import {
  AUTO_REPLY_KINDS,
  CONTACT_KINDS,
  MESSENGER_TEMPLATE_CATEGORIES,
  MESSENGER_TEMPLATE_LANGUAGES,
  MESSENGER_TEMPLATE_STATUSES,
  type MessengerTemplateButton,
  type BotScenario,
  type SentTemplate,
  type ClientField,
  type Attachment,
  type RoutingAction,
  type RoutingConditions,
  type MessageLink,
  type ChatPreview,
} from '../../src/protocol';
import { TIMER_KINDS } from '../domain/distribution/timer-kinds';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * State tables and the event log (DESIGN §4). Every state row carries its organization, and every
 * read filters by it. Column names are snake_case in SQL and camelCase in TypeScript.
 */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });
const created = () => ts().notNull().defaultNow();
/** An array column that starts empty (team ids, options, tags). */
const uuidList = () =>
  uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);
const textList = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const organizations = pgTable('organizations', {
  id: uuid().primaryKey(),
  login: text().notNull().unique(),
  name: text().notNull(),
  adminEmail: text().notNull(),
  status: text({ enum: ['active', 'deactivated'] })
    .notNull()
    .default('active'),
  tariff: text().notNull(),
  tariffStartedAt: ts().notNull().defaultNow(),
  balance: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  language: text({ enum: ['en', 'ru'] })
    .notNull()
    .default('en'),
  licenseCount: integer().notNull().default(10),
  usesCategories: boolean().notNull().default(false),
  /**
   * The IANA zone whose local days the reports count in (docs/reports.md). Moscow by default:
   * the product's users are mostly in Russia.
   */
  timeZone: text().notNull().default('Europe/Moscow'),
  options: textList(),
  /** Events at or below this seq were pruned: an older cursor must bootstrap again. */
  logFloorSeq: bigint({ mode: 'number' }).notNull().default(0),
  createdAt: created(),
  updatedAt: created(),
});

/** The organization a state row belongs to. */
const orgRef = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    description: text().notNull(),
    rights: text().array().notNull(),
    immutable: boolean().notNull().default(false),
    createdAt: created(),
  },
  // Lower-cased: names are unique regardless of case, and two racing creates must not both pass.
  (t) => [uniqueIndex('roles_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    email: text().notNull().unique(),
    name: text().notNull(),
    phone: text(),
    photoUrl: text(),
    affiliation: text(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    teamIds: uuidList(),
    autoBreakMinutes: integer(),
    active: boolean().notNull().default(true),
    language: text({ enum: ['en', 'ru'] })
      .notNull()
      .default('en'),
    passwordHash: text().notNull(),
    /** Base32 TOTP secret: pending after auth/generate, in force once totpEnabled. */
    totpSecret: text(),
    totpEnabled: boolean().notNull().default(false),
    /** The 30-second step of the last code accepted: RFC 6238 §5.2, a code counts once. */
    totpLastStep: integer(),
    operatorStatus: text({ enum: ['in_work', 'break'] })
      .notNull()
      .default('break'),
    online: boolean().notNull().default(false),
    lastActivityAt: ts(),
    /** When distribution last gave them a chat: round robin serves the longest-waiting first. */
    lastAssignedAt: ts(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index('users_org').on(t.orgId)],
);

/** Bearer tokens, stored as SHA-256 digests: a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    orgId: orgRef(),
    tokenHash: text().notNull().unique(),
    pwa: boolean().notNull().default(false),
    createdAt: created(),
    lastUsedAt: created(),
    revokedAt: ts(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Second-step tickets of a two-factor login, short-lived and single-use. */
export const loginTickets = pgTable('login_tickets', {
  id: uuid().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id),
  ticketHash: text().notNull().unique(),
  expiresAt: ts().notNull(),
  usedAt: ts(),
  attempts: integer().notNull().default(0),
});

export const teams = pgTable(
  'teams',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    description: text().notNull(),
    distributionMethod: text({ enum: ['round_robin', 'least_busy'] })
      .notNull()
      .default('round_robin'),
    dialogLimit: integer().notNull().default(5),
    redistributionMinutes: integer(),
    autoCloseMinutes: integer(),
    unattendedCloseHours: integer().notNull().default(0),
    inactivityMinutes: integer().notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  // Lower-cased: names are unique regardless of case, and two racing creates must not both pass.
  (t) => [uniqueIndex('teams_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

export const channels = pgTable(
  'channels',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    type: text().notNull(),
    active: boolean().notNull().default(true),
    teamId: uuid().references(() => teams.id),
    notificationEmail: text(),
    halfExpiredMinutes: integer(),
    expiredMinutes: integer(),
    /** Minutes a customer waits without a staff reply before the waiting auto-reply (1, 2, 5). */
    autoReplyWaitMinutes: integer().notNull().default(1),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Tokens and provider passwords: never synced to browsers, never logged (docs/channels.md). */
    secrets: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Spec §3 "team visibility". */
    teamVisibility: boolean().notNull().default(false),
    /** The service-assessment text and whether rating is allowed before the dialog ends. */
    ratingText: text().notNull().default(''),
    ratingBeforeEnd: boolean().notNull().default(false),
    /**
     * The provider's own account as its check named it (a Telegram bot's id, a mailbox): one bot
     * or mailbox feeds one channel, in any organization, or two would take each other's messages.
     */
    providerIdentity: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('channels_org').on(t.orgId),
    // Names unique regardless of case within an organization (SERVICE_ACCOUNT_DUPLICATE_NAME).
    uniqueIndex('channels_org_name').on(t.orgId, sql`lower(${t.name})`),
    uniqueIndex('channels_provider_identity')
      .on(t.type, t.providerIdentity)
      .where(sql`provider_identity is not null`),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    /** The first phone and e-mail among its contacts (client_contacts), for the list. */
    phone: text(),
    email: text(),
    status: text().notNull().default('NEW'),
    tags: textList(),
    fields: jsonb()
      .$type<ClientField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    companyIds: uuidList(),
    personalManagerId: uuid(),
    spam: boolean().notNull().default(false),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index('clients_org').on(t.orgId)],
);

/**
 * How a client is reached: a phone (E.164), an e-mail, or a channel's own id for them (`channelId`
 * set). A phone or e-mail belongs to one client of the organization, an identity to one client of
 * its channel; a merge moves them to the survivor, so later messages land there.
 */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    kind: text({ enum: CONTACT_KINDS }).notNull(),
    value: text().notNull(),
    channelId: uuid().references(() => channels.id),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('client_contacts_identity')
      .on(t.channelId, t.value)
      .where(sql`${t.kind} = 'channel'`),
    uniqueIndex('client_contacts_address')
      .on(t.orgId, t.kind, t.value)
      .where(sql`${t.kind} <> 'channel'`),
    index('client_contacts_client').on(t.clientId),
    index('client_contacts_org').on(t.orgId),
  ],
);

export const clientComments = pgTable(
  'client_comments',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    authorId: uuid(),
    text: text().notNull(),
    createdAt: created(),
  },
  (t) => [index('client_comments_org').on(t.orgId), index('client_comments_client').on(t.clientId)],
);

/** A profile merged into another: its id stays an alias of the survivor. */
export const clientMerges = pgTable(
  'client_merges',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    survivorId: uuid().notNull(),
    name: text().notNull(),
    mergedBy: uuid(),
    mergedAt: created(),
  },
  (t) => [index('client_merges_org').on(t.orgId), index('client_merges_survivor').on(t.survivorId)],
);

export const clientStatuses = pgTable(
  'client_statuses',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    colour: text().notNull(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('client_statuses_org').on(t.orgId),
    uniqueIndex('client_statuses_org_name').on(t.orgId, sql`lower(${t.name})`),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    outerId: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('companies_org').on(t.orgId),
    uniqueIndex('companies_org_outer').on(t.orgId, t.outerId),
  ],
);

export const blacklist = pgTable(
  'blacklist',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    kind: text({ enum: CONTACT_KINDS }).notNull(),
    value: text().notNull(),
    channelId: uuid(),
    addedBy: uuid(),
    addedAt: created(),
  },
  (t) => [
    index('blacklist_org').on(t.orgId),
    uniqueIndex('blacklist_org_entry').on(
      t.orgId,
      t.kind,
      t.value,
      sql`coalesce(${t.channelId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** Messages of blacklisted customers, set aside at ingest (never a chat, never a notification). */
export const blockedMessages = pgTable(
  'blocked_messages',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    entryId: uuid().notNull(),
    channelId: uuid().notNull(),
    externalId: text().notNull(),
    name: text(),
    text: text().notNull(),
    attachmentCount: integer().notNull().default(0),
    receivedAt: created(),
  },
  (t) => [index('blocked_messages_org').on(t.orgId, t.receivedAt)],
);

export const requestCategories = pgTable(
  'request_categories',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    parentId: uuid(),
    name: text().notNull(),
    teamIds: uuidList(),
    /** Used by chats when it was removed: hidden from pickers, kept so history shows its name. */
    retired: boolean().notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index('request_categories_org').on(t.orgId),
    // Siblings' names are unique regardless of case; a top-level category's siblings are the
    // organization's other top-level ones. Retired ones no longer hold their name.
    uniqueIndex('request_categories_sibling_name')
      .on(t.orgId, sql`coalesce(${t.parentId}, ${t.orgId})`, sql`lower(${t.name})`)
      .where(sql`not ${t.retired}`),
  ],
);

export const templateCategories = pgTable(
  'template_categories',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    teamIds: uuidList(),
    createdAt: created(),
  },
  (t) => [index('template_categories_org').on(t.orgId)],
);

export const templates = pgTable(
  'templates',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    title: text().notNull(),
    text: text().notNull(),
    categoryId: uuid(),
    teamIds: uuidList(),
    createdAt: created(),
  },
  (t) => [index('templates_org').on(t.orgId)],
);

export const chats = pgTable(
  'chats',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    status: text({ enum: ['pending', 'assigned', 'closed'] }).notNull(),
    teamId: uuid(),
    operatorId: uuid(),
    categoryId: uuid(),
    createdBy: uuid(),
    expiry: text({ enum: ['none', 'half_expired', 'expired'] })
      .notNull()
      .default('none'),
    rating: integer(),
    lastMessageAt: ts().notNull(),
    lastClientMessageAt: ts(),
    lastOperatorMessageAt: ts(),
    closedAt: ts(),
    /** Why the system closed it (client_inactivity, inactivity, unattended); null when a person did. */
    closeReason: text(),
    /** When it began waiting in its team's queue (pending); the queue serves the oldest first. */
    queuedAt: ts(),
    /** When its current operator was given it. */
    assignedAt: ts(),
    /** The customer's first message no staff reply has answered yet; null when answered. */
    unansweredSince: ts(),
    /**
     * The first staff reply of the chat (operator, not an internal note) and who wrote it: the
     * monitoring's reply speed (issue 21). Messages reach the browser only per open thread, so the
     * chat row carries the facts the live tables need.
     */
    firstReplyAt: ts(),
    firstReplyBy: uuid(),
    /** The current holder's first reply since `assignedAt`; null until then (operator reaction). */
    reactedAt: ts(),
    /** The author of the last staff reply (the client table's "last human operator"). */
    lastHumanOperatorId: uuid(),
    /** Auto-reply kinds already sent in this chat: each is sent at most once. */
    autoRepliesSent: textList(),
    /**
     * The chat bot holding it (status assigned, no operator): "at bot" until the bot's part ends
     * (docs/chatbots.md "The runtime"); its conversation state is its chat_bot_sessions row.
     */
    botId: uuid(),
    /**
     * The last message's preview for the list row (issue 30, docs/chat-screen.md "Chat row
     * previews"), written by every path that writes a message, in the statement that moves the
     * chat; null until the chat has a message.
     */
    lastMessagePreview: jsonb().$type<ChatPreview>(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('chats_org_queue')
      .on(t.orgId, t.teamId, t.queuedAt)
      .where(sql`status = 'pending'`),
    index('chats_org_status').on(t.orgId, t.status),
    index('chats_org_team').on(t.orgId, t.teamId),
    index('chats_org_operator').on(t.orgId, t.operatorId),
    index('chats_client').on(t.clientId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    chatId: uuid()
      .notNull()
      .references(() => chats.id),
    authorKind: text({ enum: ['client', 'operator', 'bot', 'system'] }).notNull(),
    authorId: uuid(),
    text: text().notNull(),
    internal: boolean().notNull().default(false),
    status: text({ enum: ['sent', 'delivered', 'undelivered', 'read'] })
      .notNull()
      .default('sent'),
    attachments: jsonb().$type<Attachment[]>().notNull().default([]),
    /** Quick-answer buttons offered to the customer (auto-replies). */
    buttons: textList(),
    /**
     * A bot's link buttons: each opens its address through a once-usable /bot-action/{id} page
     * (bot_action_links), which channels render in their own way (docs/chatbots.md).
     */
    links: jsonb().$type<MessageLink[]>().notNull().default([]),
    /** Why an `undelivered` reply failed, as the channel's provider said it. */
    failureReason: text(),
    /** The registered messenger template it was sent as, with the values of its variables. */
    template: jsonb().$type<SentTemplate>(),
    /**
     * Why a reply waits before going to the provider: 'reauthorization' while its channel's
     * credentials have lapsed (docs/channels.md "Lapsed credentials"); null otherwise.
     */
    heldFor: text({ enum: ['reauthorization'] }),
    createdAt: created(),
  },
  (t) => [index('messages_chat_created').on(t.chatId, t.createdAt)],
);

/** Uploaded files. Kept in the database so they share its transactions, backups and scoping. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    /** The staff member who uploaded it; null for a customer's file. */
    uploadedBy: uuid(),
    /**
     * A customer's file: the channel it came through and the channel's own id for the customer
     * (the visitor id in site chat). Only that customer may attach it to their messages.
     */
    channelId: uuid(),
    externalId: text(),
    name: text().notNull(),
    type: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    createdAt: created(),
  },
  (t) => [index('files_org').on(t.orgId)],
);

export const chatHistory = pgTable(
  'chat_history',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    chatId: uuid()
      .notNull()
      .references(() => chats.id),
    kind: text().notNull(),
    actorId: uuid(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: created(),
  },
  (t) => [index('chat_history_chat').on(t.chatId, t.at)],
);

/**
 * The append-only event log. `seq` counts each organization's events on their own (1, 2, 3, …),
 * so no user can learn from the numbers how much another organization does. Appends take a
 * per-organization lock, so an organization's events commit in seq order and `seq > cursor`
 * never skips a late commit. Events written before the log was per organization keep the
 * numbers they had (gaps in old history only); new ones continue above them.
 */
export const events = pgTable(
  'events',
  {
    orgId: uuid().notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    id: uuid().notNull(),
    type: text().notNull(),
    actor: jsonb().notNull(),
    commandId: uuid(),
    groups: text().array().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    changes: jsonb().notNull(),
    at: created(),
    /**
     * The event as a viewer who sees all of it receives it, as JSON text (sync/event-wire.ts), and
     * the groups whose viewers do: a catch-up page sends these texts as they are. Null for events
     * appended before they were kept, which are read from the columns above.
     */
    wire: text(),
    wholeTo: text().array(),
  },
  (t) => [primaryKey({ name: 'events_pkey', columns: [t.orgId, t.seq] })],
);

/**
 * Each organization's newest event seq: the next append takes the numbers after it. It survives
 * pruning, so the head of a log whose old events are gone is still known.
 */
export const eventLogHeads = pgTable('event_log_heads', {
  orgId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  seq: bigint({ mode: 'number' }).notNull(),
});

/** One-time links that ask a customer to rate a closed chat (spec §4: usable once). */
export const ratingLinks = pgTable(
  'rating_links',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    chatId: uuid()
      .notNull()
      .references(() => chats.id),
    createdAt: created(),
    usedAt: ts(),
  },
  (t) => [index('rating_links_chat').on(t.chatId)],
);

/** Site-chat visitors: the widget's own bearer token for one customer of one channel. */
export const widgetVisitors = pgTable(
  'widget_visitors',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    tokenHash: text().notNull().unique(),
    createdAt: created(),
  },
  (t) => [index('widget_visitors_channel').on(t.channelId)],
);

/**
 * The first result of every command id, with who sent it and what it said: a retry by the same
 * sender with the same payload returns it and changes nothing; anyone else using the id, or the
 * same sender with another payload, is refused (COMMAND_ID_CONFLICT). Rows stored before senders
 * were recorded have an empty sender and fingerprint.
 */
export const commandResults = pgTable(
  'command_results',
  {
    orgId: uuid().notNull(),
    commandId: uuid().notNull(),
    /** `user:<id>`, `visitor:<id>`, `channel:<id>` or `system` (command-sender.ts). */
    sender: text().notNull().default(''),
    /** A digest of the command's type and payload as sent (command-fingerprint.ts). */
    fingerprint: text().notNull().default(''),
    result: jsonb().notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.commandId] })],
);

/** A channel's routing rules (spec §3), tried by priority; the default rule is made with the channel. */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    name: text().notNull(),
    isDefault: boolean().notNull().default(false),
    priority: integer().notNull(),
    conditions: jsonb().$type<RoutingConditions>().notNull(),
    action: jsonb().$type<RoutingAction>().notNull(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('routing_rules_channel').on(t.channelId),
    uniqueIndex('routing_rules_one_default')
      .on(t.channelId)
      .where(sql`is_default`),
  ],
);

/** A channel's system-bot auto-replies (spec §3), one row per kind. */
export const autoReplies = pgTable(
  'auto_replies',
  {
    /**
     * The synced row's id, computed from the channel and the kind exactly as the protocol's
     * `autoReplyId` does, so a browser's predicted save and the stored row share one key.
     */
    id: uuid()
      .notNull()
      .generatedAlwaysAs(
        sql`(substr(channel_id::text, 1, 34) || CASE kind WHEN 'greeting' THEN 'a1' WHEN 'operators_online' THEN 'a2' WHEN 'operators_offline' THEN 'a3' ELSE 'a4' END)::uuid`,
      ),
    orgId: orgRef(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    kind: text({ enum: AUTO_REPLY_KINDS }).notNull(),
    enabled: boolean().notNull().default(true),
    text: text().notNull(),
    buttons: textList(),
    attachments: jsonb().$type<Attachment[]>().notNull().default([]),
    updatedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.kind] }), uniqueIndex('auto_replies_id').on(t.id)],
);

/**
 * Registered messenger templates (spec §3; docs/messenger-templates.md). The row is also the job
 * of its trip to the provider: `dueAt` is set while a submission or a deletion is owed to it
 * (status `submitting` or `deleting`), claimed by the channel workers like a delivery.
 */
export const messengerTemplates = pgTable(
  'messenger_templates',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    name: text().notNull(),
    category: text({ enum: MESSENGER_TEMPLATE_CATEGORIES }).notNull(),
    language: text({ enum: MESSENGER_TEMPLATE_LANGUAGES }).notNull(),
    header: text(),
    text: text().notNull(),
    footer: text(),
    buttons: jsonb().$type<MessengerTemplateButton[]>().notNull().default([]),
    status: text({ enum: MESSENGER_TEMPLATE_STATUSES }).notNull().default('draft'),
    reason: text(),
    /** The provider's id of the template, once it took the submission. */
    providerId: text(),
    registeredAt: ts(),
    dueAt: ts(),
    attempts: integer().notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('messenger_templates_name').on(t.channelId, t.name, t.language),
    index('messenger_templates_due')
      .on(t.dueAt)
      .where(sql`due_at IS NOT NULL`),
  ],
);

/**
 * Chat bots (docs/chatbots.md): the draft as last saved, its version (one more each save; a save
 * based on an older one is refused), and the published version chats are given.
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    name: text().notNull(),
    description: text().notNull().default(''),
    defaultMessage: text().notNull(),
    scenario: jsonb().$type<BotScenario>().notNull(),
    version: integer().notNull(),
    publishedVersion: integer(),
    createdAt: created(),
    updatedAt: created(),
  },
  // Names are unique in an organization whatever their case (spec §5).
  (t) => [uniqueIndex('chatbots_name').on(t.orgId, sql`lower(${t.name})`)],
);

/** Every published version of a bot, kept: chats finish on theirs, and one can be restored. */
export const chatbotVersions = pgTable(
  'chatbot_versions',
  {
    /** `<chatbot id>:<version>`: synced rows are keyed by one id. */
    id: text().primaryKey(),
    chatbotId: uuid()
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    orgId: orgRef(),
    version: integer().notNull(),
    name: text().notNull(),
    defaultMessage: text().notNull(),
    scenario: jsonb().$type<BotScenario>().notNull(),
    publishedAt: created(),
    publishedBy: uuid(),
  },
  (t) => [uniqueIndex('chatbot_versions_version').on(t.chatbotId, t.version)],
);

/**
 * A chat's conversation with a bot (docs/chatbots.md "The runtime"): the version it started on
 * (it finishes on it, whatever is published meanwhile), the node it waits at, and what the
 * message limit counts. Ended, not deleted, when the bot's part ends: the history of who held it.
 */
export const chatBotSessions = pgTable(
  'chat_bot_sessions',
  {
    id: uuid().primaryKey(),
    orgId: orgRef(),
    chatId: uuid()
      .notNull()
      .references(() => chats.id),
    chatbotId: uuid().notNull(),
    version: integer().notNull(),
    /** The node the bot waits at for the customer's answer. */
    nodeId: text(),
    /** The customer's messages the bot has taken in this session. */
    taken: integer().notNull().default(0),
    /** Answers in a row the bot did not understand. */
    confused: integer().notNull().default(0),
    startedAt: created(),
    endedAt: ts(),
  },
  // One conversation with a bot at a time per chat.
  (t) => [uniqueIndex('chat_bot_sessions_open').on(t.chatId).where(sql`ended_at is null`)],
);

/**
 * The once-usable pages a bot's messages link to (`/bot-action/{id}`, spec §2): a link button's
 * address, or the page saying the customer reached the bot's message limit.
 */
export const botActionLinks = pgTable('bot_action_links', {
  id: uuid().primaryKey(),
  orgId: orgRef(),
  chatId: uuid()
    .notNull()
    .references(() => chats.id),
  kind: text({ enum: ['link', 'limit'] }).notNull(),
  /** The link button's name and address; empty for the limit page. */
  name: text().notNull().default(''),
  url: text().notNull().default(''),
  createdAt: created(),
  usedAt: ts(),
});

/**
 * Live staff connections per server instance. An instance keeps its rows fresh (seenAt) while it
 * runs; a row not refreshed for a while belongs to a stopped instance and counts for nothing.
 */
export const presence = pgTable(
  'presence',
  {
    instanceId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    orgId: uuid().notNull(),
    connections: integer().notNull(),
    seenAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('presence_user').on(t.userId)],
);

/**
 * Due times of the distribution rules (expiry, redistribution, auto-close, auto-replies,
 * auto-break), one per rule and subject. A timer is a hint: when it fires, the rule is decided
 * again from the current state, so a stale timer does nothing but look.
 */
export const timers = pgTable(
  'timers',
  {
    kind: text({ enum: TIMER_KINDS }).notNull(),
    subjectId: uuid().notNull(),
    orgId: uuid().notNull(),
    dueAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] }), index('timers_due').on(t.dueAt)],
);

/**
 * Requests counted per limit and subject (a client address, an account) in the current window
 * (server/limits/rate-limiter.ts). In the database, so every instance behind a load balancer
 * counts together; `key` is the limit's name and a digest of the subject. Unlogged (migration 0019,
 * which drizzle does not express): a crash forgets the counts, and no request waits for a WAL flush.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetsAt: ts().notNull(),
});

/**
 * An administrator's sign-in at a provider to connect or re-authorise a channel (OAuth 2.0
 * authorization code; server/channels/authorization/). Server-only, never synced: it holds the
 * credentials the provider issued until the wizard's save takes them into the channel. The state
 * sent through the provider is stored hashed; a row lives 30 minutes and is used once.
 */
export const channelAuthorizations = pgTable(
  'channel_authorizations',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    userId: uuid().notNull(),
    /** The channel it is for: the one being created, or the one authorised again. */
    channelId: uuid().notNull(),
    type: text().notNull(),
    /** sha256 of the state parameter, hex. */
    stateHash: text().notNull().unique(),
    redirectUri: text().notNull(),
    /** The wizard's page to come back to (an app path). */
    returnTo: text().notNull(),
    /** A two-step provider's second sign-in: what the first one's choices gave it to authorise. */
    choice: text(),
    /** Set when the provider sent the administrator back: the credentials, or why not. */
    completedAt: ts(),
    secrets: jsonb().$type<Record<string, string>>(),
    settings: jsonb().$type<Record<string, unknown>>(),
    error: text(),
    createdAt: created(),
    expiresAt: ts().notNull(),
  },
  (t) => [index('channel_authorizations_expiry').on(t.expiresAt)],
);

/**
 * Raw inbound events of channel adapters, stored before the provider is acknowledged
 * (docs/channels.md "Inbound"). The provider's own id is unique per channel, so a duplicate
 * delivery is ignored; each event becomes one `message.receive` (its command id derived from
 * channel and provider id), and one that keeps failing is set aside with its error, never dropped.
 */
export const channelInboundEvents = pgTable(
  'channel_inbound_events',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    providerId: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    receivedAt: ts().notNull(),
    /** When it is next tried; null once processed or set aside. */
    dueAt: ts(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    processedAt: ts(),
    setAsideAt: ts(),
    /** What it became: the customer's id in the channel and our message id (none: ignored). */
    externalId: text(),
    messageId: uuid(),
  },
  (t) => [
    uniqueIndex('channel_inbound_events_provider_id').on(t.channelId, t.providerId),
    index('channel_inbound_events_due')
      .on(t.dueAt)
      .where(sql`due_at is not null`),
    index('channel_inbound_events_message').on(t.messageId),
  ],
);

/**
 * Replies on their way to a channel's provider, one per message (our id is the key, so a reply
 * is never queued, or sent, twice). A job is a due time claimed with FOR UPDATE SKIP LOCKED, as
 * the timers are; `state` only moves forward: pending → sent → delivered → read, or failed.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    messageId: uuid()
      .primaryKey()
      .references(() => messages.id),
    orgId: uuid().notNull(),
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    chatId: uuid().notNull(),
    /** `held`: not tried while the channel's credentials have lapsed; released when renewed. */
    state: text({
      enum: ['pending', 'sending', 'held', 'sent', 'delivered', 'read', 'failed'],
    }).notNull(),
    /** When the worker next tries it; null once it left `pending`. */
    dueAt: ts(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    // Due order, then written order: replies released together go as they were written.
    index('channel_deliveries_due')
      .on(t.dueAt, t.createdAt)
      .where(sql`due_at is not null`),
    uniqueIndex('channel_deliveries_provider_id')
      .on(t.channelId, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
  ],
);

/**
 * Provider reports that came before the thing they name was known here (docs/channels.md
 * "Statuses"): Meta may post a reply's "delivered", or a template's approval, before its answer to
 * our send or submission has been written. Kept until that answer writes the provider's id, then
 * applied in the order received; a day later they are dropped (the provider never named anything
 * of ours by that id).
 */
export const channelStatusBacklog = pgTable(
  'channel_status_backlog',
  {
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    kind: text({ enum: ['message', 'template'] }).notNull(),
    providerId: text().notNull(),
    status: text().notNull(),
    reason: text(),
    receivedAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.kind, t.providerId, t.status] }),
    index('channel_status_backlog_received').on(t.receivedAt),
  ],
);

/**
 * Small durable values an adapter keeps per channel across restarts (Telegram's update offset,
 * an IMAP mailbox's UIDVALIDITY and last UID), so nothing is read twice or skipped.
 */
export const channelCursors = pgTable(
  'channel_cursors',
  {
    channelId: uuid()
      .notNull()
      .references(() => channels.id),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.key] })],
);

/** How each channel is doing (synced as `channelHealth`; written throttled by the pipeline). */
export const channelHealth = pgTable(
  'channel_health',
  {
    /** The channel's id. */
    id: uuid()
      .primaryKey()
      .references(() => channels.id),
    orgId: uuid().notNull(),
    connected: boolean().notNull().default(false),
    lastInboundAt: ts(),
    lastOutboundAt: ts(),
    lastError: text(),
    lastErrorAt: ts(),
    setAsideEvents: integer().notNull().default(0),
    pendingDeliveries: integer().notNull().default(0),
    /**
     * The provider refused the channel's credentials themselves (a lapsed or revoked token):
     * replies are held until an administrator authorises the channel again.
     */
    reauthorizationRequired: boolean().notNull().default(false),
    updatedAt: ts().notNull(),
  },
  (t) => [index('channel_health_org').on(t.orgId)],
);

// ---------------------------------------------------------------------------------------------
// Reports (issue 21, docs/reports.md): daily roll-ups kept current as events commit.

/**
 * Chats whose report observations must be computed again: written in the transaction of every
 * change to a chat, its messages or its history (appendEvents), taken by the reports worker.
 */
export const reportDirtyChats = pgTable(
  'report_dirty_chats',
  {
    chatId: uuid().primaryKey(),
    orgId: uuid().notNull(),
    markedAt: ts().notNull(),
    /** Raised by every mark: a worker drops the row only if no mark came while it worked. */
    generation: integer().notNull().default(0),
    /** When a worker took it (null: waiting); a claim older than a few minutes is taken again. */
    claimedAt: ts(),
  },
  (t) => [index('report_dirty_chats_org').on(t.orgId)],
);

/**
 * One chat's observations on one local day of its organization (src/protocol/metrics), as JSON:
 * what the chat adds to that day's roll-ups, replaced whole when the chat changes. Durations are
 * milliseconds, exact as JSON numbers up to 2^53.
 */
export const reportChatObservations = pgTable(
  'report_chat_observations',
  {
    chatId: uuid().notNull(),
    day: text().notNull(),
    orgId: uuid().notNull(),
    observations: jsonb().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.day] }),
    index('report_chat_observations_org_day').on(t.orgId, t.day),
  ],
);

/**
 * Presence changes kept for working time (operator.statusChanged, user.updated with `online`):
 * copied from the event log as it is appended, since the log itself is pruned after 30 days and
 * a rebuild (a new time zone) needs the whole history. `pending` marks a change whose finished
 * day must be rolled up again.
 */
export const reportPresenceChanges = pgTable(
  'report_presence_changes',
  {
    /** The event's id. */
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    operatorId: uuid().notNull(),
    at: ts().notNull(),
    online: boolean(),
    status: text({ enum: ['in_work', 'break'] }),
    pending: boolean().notNull().default(true),
  },
  (t) => [
    index('report_presence_changes_org_at').on(t.orgId, t.at),
    index('report_presence_changes_pending')
      .on(t.orgId)
      .where(sql`${t.pending}`),
  ],
);

/** Milliseconds as int8: a month of milliseconds overflows int4. */
const durationList = () =>
  bigint({ mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::int8[]`);

/**
 * Daily roll-ups (src/protocol/metrics/rollup.ts `DailyRollup`): one row per organization, local
 * day, channel, team and operator, from chats (`source` chats) or from presence (`working`, no
 * channel or team). The duration lists are int8 arrays, ascending; the small counters are JSON.
 */
export const reportRollups = pgTable(
  'report_rollups',
  {
    orgId: uuid().notNull(),
    day: text().notNull(),
    source: text({ enum: ['chats', 'working'] }).notNull(),
    channelId: uuid(),
    teamId: uuid(),
    operatorId: uuid(),
    /** Every counter of RollupCounters but the lists below, and the lists' sums. */
    counters: jsonb().$type<Record<string, unknown>>().notNull(),
    clients: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    firstReply: durationList(),
    replyTime: durationList(),
    reaction: durationList(),
    dialogTime: durationList(),
  },
  (t) => [index('report_rollups_org_day').on(t.orgId, t.day)],
);

/**
 * Today's figures for online monitoring (synced as `dayFigures`, src/protocol/metrics/day-figures.ts):
 * one row per organization and (channel, team, operator) of today's chat roll-ups, written by the
 * reports worker after it rolls up; `id` is derived from those dimensions.
 */
export const dayFigures = pgTable(
  'day_figures',
  {
    id: uuid().primaryKey(),
    orgId: uuid().notNull(),
    day: text().notNull(),
    channelId: uuid(),
    teamId: uuid(),
    operatorId: uuid(),
    firstReply: durationList(),
    reaction: durationList(),
    assigned: integer().notNull().default(0),
    closed: integer().notNull().default(0),
  },
  (t) => [index('day_figures_org').on(t.orgId)],
);

/**
 * Each organization's roll-up state: the zone its rows were built in, the last finished day
 * whose working time is rolled up, and the rebuild generations (a time-zone change asks for one).
 */
export const reportState = pgTable('report_state', {
  orgId: uuid().primaryKey(),
  builtZone: text(),
  workingThrough: text(),
  rebuildRequested: integer().notNull().default(0),
  rebuiltGeneration: integer().notNull().default(-1),
  rebuiltAt: ts(),
});
