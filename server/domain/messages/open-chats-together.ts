import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  autoReplies,
  channels,
  chatHistory,
  chats,
  clientContacts,
  clients,
  organizations,
  routingRules,
} from '../../db/schema';
import { ORG_GROUP, chatGroups, type StoredChange } from '../../sync/groups';
import { chatHistoryRow, clientRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { contactPut } from '../clients/contact-rows';

/** Where a channel's new chats go when no rule but the default one applies. */
export type PlainOpening = { teamId: string | null; ruleId: string | null };

/**
 * The channels whose customers' first messages open a chat the plain way: every routing rule that
 * applies is a default one (so the chat waits in the channel's team, as decideRoute decides), and
 * no greeting goes out (sendAutoReply would send none). Chats of other channels open one by one.
 */
export async function plainOpenings(
  scope: CommandScope,
  channelIds: readonly string[],
): Promise<Map<string, PlainOpening>> {
  if (channelIds.length === 0) return new Map();
  const rows = await scope.tx
    .select({
      channelId: channels.id,
      teamId: channels.teamId,
      ruleId: routingRules.id,
      isDefault: routingRules.isDefault,
      routing: sql<boolean>`'OPTION_ROUTING' = any(${organizations.options})`,
      greeting: sql<boolean>`('OPTION_AUTO_REPLIES' = any(${organizations.options}) and exists (
        select 1 from ${autoReplies} a where a.channel_id = ${channels.id} and a.kind = 'greeting'
          and a.enabled))`,
    })
    .from(channels)
    .innerJoin(organizations, eq(organizations.id, channels.orgId))
    .leftJoin(routingRules, eq(routingRules.channelId, channels.id))
    .where(and(eq(channels.orgId, scope.orgId), inArray(channels.id, [...channelIds])));
  const plain = new Map<string, PlainOpening>();
  const routed = new Set<string>();
  for (const row of rows) {
    if (row.greeting) routed.add(row.channelId);
    // A rule other than the default one applies only with the routing option.
    if (row.ruleId !== null && !row.isDefault && row.routing) routed.add(row.channelId);
    const known = plain.get(row.channelId);
    const applies = row.ruleId !== null && (row.isDefault || row.routing);
    if (!known)
      plain.set(row.channelId, { teamId: row.teamId, ruleId: applies ? row.ruleId : null });
    else if (known.ruleId === null && applies) known.ruleId = row.ruleId;
  }
  for (const channelId of routed) plain.delete(channelId);
  return plain;
}

/** A customer writing for the first time, whose client and chat the group creates. */
export type Newcomer = {
  clientId: string;
  chatId: string;
  channelId: string;
  externalId: string;
  name: string;
  opening: PlainOpening;
  at: Date;
};

/**
 * The clients, channel identities, waiting chats and "created" history lines of first messages,
 * one INSERT each for the whole group, as message.receive writes them one at a time (the chats'
 * times are set with their messages). Returns each chat's creation changes, the chat row's put
 * aside: the caller adds it once the chat holds its messages.
 */
export async function openChatsTogether(
  scope: CommandScope,
  newcomers: readonly Newcomer[],
): Promise<Map<string, { client: StoredChange[]; history: StoredChange }>> {
  if (newcomers.length === 0) return new Map();
  const insertedClients = await scope.tx
    .insert(clients)
    .values(
      newcomers.map((newcomer) => ({
        id: newcomer.clientId,
        orgId: scope.orgId,
        name: newcomer.name,
        phone: null,
        email: null,
        createdAt: newcomer.at,
        updatedAt: newcomer.at,
      })),
    )
    .returning();
  const contacts = await scope.tx
    .insert(clientContacts)
    .values(
      newcomers.map((newcomer) => ({
        id: scope.newId(),
        orgId: scope.orgId,
        clientId: newcomer.clientId,
        kind: 'channel' as const,
        channelId: newcomer.channelId,
        value: newcomer.externalId,
        createdAt: newcomer.at,
      })),
    )
    .returning();
  const opened = await scope.tx
    .insert(chats)
    .values(
      newcomers.map((newcomer) => ({
        id: newcomer.chatId,
        orgId: scope.orgId,
        channelId: newcomer.channelId,
        clientId: newcomer.clientId,
        status: 'pending' as const,
        teamId: newcomer.opening.teamId,
        queuedAt: newcomer.at,
        lastMessageAt: newcomer.at,
        createdAt: newcomer.at,
        updatedAt: newcomer.at,
      })),
    )
    .returning();
  const history = await scope.tx
    .insert(chatHistory)
    .values(
      newcomers.map((newcomer) => ({
        id: scope.newId(),
        orgId: scope.orgId,
        chatId: newcomer.chatId,
        kind: 'created' as const,
        actorId: scope.actorUserId,
        data: {
          channelId: newcomer.channelId,
          teamId: newcomer.opening.teamId,
          ruleId: newcomer.opening.ruleId,
        },
        at: newcomer.at,
      })),
    )
    .returning();
  if (
    insertedClients.length !== newcomers.length ||
    contacts.length !== newcomers.length ||
    opened.length !== newcomers.length ||
    history.length !== newcomers.length
  )
    throw new Error('a new chat of the group was not stored');
  const clientOf = new Map(insertedClients.map((row) => [row.id, row]));
  const contactOf = new Map(contacts.map((row) => [row.clientId, row]));
  const chatOf = new Map(opened.map((row) => [row.id, row]));
  const historyOf = new Map(history.map((row) => [row.chatId, row]));
  const changes = new Map<string, { client: StoredChange[]; history: StoredChange }>();
  for (const newcomer of newcomers) {
    const client = clientOf.get(newcomer.clientId);
    const contact = contactOf.get(newcomer.clientId);
    const chat = chatOf.get(newcomer.chatId);
    const line = historyOf.get(newcomer.chatId);
    if (!client || !contact || !chat || !line) throw new Error('a new chat of the group was lost');
    changes.set(newcomer.chatId, {
      client: [
        {
          table: 'clients',
          op: 'put',
          key: client.id,
          row: clientRow(client),
          groups: [ORG_GROUP],
        },
        contactPut(contact),
      ],
      history: {
        table: 'chatHistory',
        op: 'put',
        key: line.id,
        row: chatHistoryRow(line),
        groups: chatGroups(chat),
      },
    });
  }
  return changes;
}
