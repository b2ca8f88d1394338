import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  messagePreview,
  type Actor,
  type ChatPreview,
  type CommandPayload,
} from '../../../src/protocol';
import { channels, chats, type messages } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { takenMessageIds } from './message-id';
import { customerMessagePuts } from './message-receive';
import { senderAddresses } from './blacklist-check';
import { rowsOf } from '../../db/rows-of';
import { bulkInsert } from '../../db/bulk-insert';
import { MESSAGE_COLUMNS } from '../../db/message-columns';
import { openChatsTogether, plainOpenings, type Newcomer } from './open-chats-together';

type MessageRow = typeof messages.$inferSelect;

/** One customer's message of a group commit, with the instant it was taken in. */
export type ReceiveItem = {
  index: number;
  commandId: string;
  actor: Actor;
  payload: CommandPayload<'message.receive'>;
  now: Date;
};

const customerKey = (payload: ReceiveItem['payload']): string =>
  `${payload.channelId}\n${payload.client.externalId}`;

const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

type SenderFound = { clientId: string | null; entryId: string | null; chatId: string | null };

/**
 * For each sender at once: the client their identity in the channel belongs to, the blacklist
 * entry they match (the same rule as checkSender: their identity, the phone or e-mail the channel
 * gave, or an address of the client they already are), and their open chat in the channel —
 * none when a chat bot holds it: the bot's answer is the one-by-one handler's (answerBot).
 */
async function findSenders(
  scope: CommandScope,
  items: readonly ReceiveItem[],
): Promise<Map<number, SenderFound>> {
  const rows = items.map((item) => {
    const { phones, emails } = senderAddresses(item.payload.client);
    return sql`(${item.index}::int, ${item.payload.channelId}::uuid, ${item.payload.client.externalId}::text, ${textArray(phones)}, ${textArray(emails)})`;
  });
  const found = await rowsOf<{
    idx: number;
    client_id: string | null;
    entry_id: string | null;
    chat_id: string | null;
  }>(
    scope.tx.execute(sql`
    with s (idx, channel_id, external_id, phones, emails) as (values ${sql.join(rows, sql`, `)})
    select s.idx, k.client_id,
      (select b.id from blacklist b
        where b.org_id = ${scope.orgId} and (
          (b.kind = 'channel' and b.channel_id = s.channel_id and b.value = s.external_id)
          or (b.kind, b.value) in (
            select cc.kind, cc.value from client_contacts cc
            where cc.client_id = k.client_id and cc.kind in ('phone', 'email'))
          or (b.kind = 'phone' and b.value = any (s.phones))
          or (b.kind = 'email' and b.value = any (s.emails)))
        order by b.added_at, b.id limit 1) as entry_id,
      (select case when c.bot_id is null then c.id end from chats c
        where c.client_id = k.client_id and c.channel_id = s.channel_id and c.status <> 'closed'
        order by c.created_at desc limit 1) as chat_id
    from s
    left join lateral (
      select cc.client_id from client_contacts cc
      join clients cl on cl.id = cc.client_id
      where cc.kind = 'channel' and cc.channel_id = s.channel_id and cc.value = s.external_id
    ) k on true`),
  );
  return new Map(
    found.map((row) => [
      row.idx,
      { clientId: row.client_id, entryId: row.entry_id, chatId: row.chat_id },
    ]),
  );
}

/** A CASE over chat ids: each chat's value, for one UPDATE of many chats. */
const byChat = (values: ReadonlyMap<string, Date>): SQL =>
  sql`(case ${chats.id} ${sql.join(
    [...values].map(([id, at]) => sql`when ${id}::uuid then ${at.toISOString()}::timestamptz`),
    sql` `,
  )} end)`;

/** A CASE over chat ids: each chat's preview, as jsonb. */
const previewByChat = (values: ReadonlyMap<string, ChatPreview>): SQL =>
  sql`(case ${chats.id} ${sql.join(
    [...values].map(
      ([id, preview]) => sql`when ${id}::uuid then ${JSON.stringify(preview)}::jsonb`,
    ),
    sql` `,
  )} end)`;

/**
 * Customers' messages, set by set: the common case of a busy channel — a known customer, not
 * blacklisted, writing text into a chat that is already open, or a new customer's first text
 * opening a chat in a channel that routes only by its default rule and sends no greeting — takes
 * one INSERT of the messages (and of the new clients, identities, chats and history lines) and one
 * UPDATE of their chats for the whole group, where message.receive one by one costs a dozen
 * statements each, two dozen for a new chat. Everything else (an unknown or blacklisted sender
 * with contacts to check, files, a sender's own message id already taken, an inactive channel, a
 * channel that routes by rules or greets, a chat a bot holds) is left to the one-by-one handler, and so is every later
 * message of a customer one of those left is from: a customer's messages keep their order. Runs
 * under the organization's lock, which every unit of work of the organization takes first, so
 * nothing changes between the reads and the writes. Emits each taken message's events on the
 * scope (`chat.created` before the first message of a new chat, whose team's queue is then
 * served), and returns the indexes it took, in order.
 */
export async function receiveTogether(
  scope: CommandScope,
  items: readonly ReceiveItem[],
): Promise<number[]> {
  const plain = items.filter(
    (item) => item.payload.attachments.length === 0 && item.payload.text.trim().length > 0,
  );
  if (plain.length === 0) return [];
  const channelIds = [...new Set(plain.map((item) => item.payload.channelId))];
  const active = new Set(
    (
      await scope.tx
        .select({ id: channels.id })
        .from(channels)
        .where(
          and(
            eq(channels.orgId, scope.orgId),
            inArray(channels.id, channelIds),
            eq(channels.active, true),
          ),
        )
    ).map((row) => row.id),
  );
  const takenIds = await takenMessageIds(scope, plain);
  const candidates = plain.filter((item) => active.has(item.payload.channelId));
  const senders = candidates.length === 0 ? new Map() : await findSenders(scope, candidates);

  // A customer writing for the first time opens a chat here too, where the channel opens chats
  // the plain way (no routing rule but the default, no greeting) and gave no phone or e-mail to
  // make contacts of; their later messages of the group join that chat.
  const unknownChannels = candidates.flatMap((item) => {
    const found = senders.get(item.index) as SenderFound | undefined;
    return found && found.clientId === null ? [item.payload.channelId] : [];
  });
  const openings = await plainOpenings(scope, [...new Set(unknownChannels)]);

  // In order: an item is taken only if every earlier message of its customer was, and its own
  // message id is new; the first one left behind holds back the rest of that customer's.
  const heldBack = new Set<string>();
  const usedIds = new Set<string>();
  const opened = new Map<string, Newcomer>();
  const taken: {
    item: ReceiveItem;
    clientId: string;
    chatId: string;
    messageId: string;
    opens: Newcomer | null;
  }[] = [];
  for (const item of items) {
    const key = customerKey(item.payload);
    const own = item.payload.messageId;
    const found = senders.get(item.index) as SenderFound | undefined;
    const newId = own === undefined || (!takenIds.has(own) && !usedIds.has(own));
    if (heldBack.has(key) || !found || found.entryId !== null || !newId) {
      heldBack.add(key);
      continue;
    }
    const joins = opened.get(key);
    const opening = openings.get(item.payload.channelId);
    const { client } = item.payload;
    let place: { clientId: string; chatId: string; opens: Newcomer | null } | null = null;
    if (joins) place = { clientId: joins.clientId, chatId: joins.chatId, opens: null };
    else if (found.clientId && found.chatId)
      place = { clientId: found.clientId, chatId: found.chatId, opens: null };
    else if (found.clientId === null && opening && !client.phone && !client.email) {
      const newcomer: Newcomer = {
        clientId: scope.newId(),
        chatId: scope.newId(),
        channelId: item.payload.channelId,
        externalId: client.externalId,
        name: client.name?.trim() || client.externalId,
        opening,
        at: item.now,
      };
      opened.set(key, newcomer);
      place = { clientId: newcomer.clientId, chatId: newcomer.chatId, opens: newcomer };
    }
    if (!place) {
      heldBack.add(key);
      continue;
    }
    const messageId = own ?? scope.newId();
    usedIds.add(messageId);
    taken.push({ item, messageId, ...place });
  }
  if (taken.length === 0) return [];
  const created = await openChatsTogether(scope, [...opened.values()]);

  // A chat's messages of one group keep their order: each is a millisecond after the one before.
  const lastAt = new Map<string, Date>();
  const firstAt = new Map<string, Date>();
  const stamped = taken.map((entry) => {
    const before = lastAt.get(entry.chatId);
    const at =
      before && before.getTime() >= entry.item.now.getTime()
        ? new Date(before.getTime() + 1)
        : entry.item.now;
    lastAt.set(entry.chatId, at);
    if (!firstAt.has(entry.chatId)) firstAt.set(entry.chatId, at);
    return { ...entry, at };
  });
  // Every column given, so the rows stored are exactly these (returned ids check that each was).
  const inserted: MessageRow[] = stamped.map((entry) => ({
    id: entry.messageId,
    orgId: scope.orgId,
    chatId: entry.chatId,
    authorKind: 'client',
    authorId: null,
    text: entry.item.payload.text.trim(),
    internal: false,
    status: 'delivered',
    attachments: [],
    buttons: [],
    links: [],
    failureReason: null,
    template: null,
    heldFor: null,
    createdAt: entry.at,
  }));
  // Each chat's preview is its last message of the group.
  const previews = new Map(
    inserted.map((message) => [
      message.chatId,
      messagePreview({ ...message, createdAt: message.createdAt.toISOString() }),
    ]),
  );
  const stored = await bulkInsert(
    scope.tx,
    'messages',
    MESSAGE_COLUMNS,
    inserted,
    sql`returning id`,
  );
  const updated = await scope.tx
    .update(chats)
    .set({
      lastMessageAt: byChat(lastAt),
      lastClientMessageAt: byChat(lastAt),
      lastMessagePreview: previewByChat(previews),
      unansweredSince: sql`coalesce(${chats.unansweredSince}, ${byChat(firstAt)})`,
      updatedAt: byChat(lastAt),
    })
    .where(and(inArray(chats.id, [...lastAt.keys()]), ne(chats.status, 'closed')))
    .returning();
  if (stored.length !== stamped.length || updated.length !== lastAt.size)
    throw new Error('a chat of the group changed under the organization lock');
  const chatOf = new Map(updated.map((chat) => [chat.id, chat]));
  const messageOf = new Map(inserted.map((message) => [message.id, message]));
  for (const entry of stamped) {
    const chat = chatOf.get(entry.chatId);
    const message = messageOf.get(entry.messageId);
    if (!chat || !message) throw new Error('a message of the group was not stored');
    const { chatPut, messagePut } = customerMessagePuts(chat, message, entry.clientId);
    const own = { actor: entry.item.actor, commandId: entry.item.commandId, at: entry.at };
    const added = {
      type: 'message.added' as const,
      data: { chatId: chat.id, messageId: message.id, internal: false, fromClient: true },
      ...own,
    };
    const creation = entry.opens && created.get(chat.id);
    if (creation) {
      scope.pending.push({
        type: 'chat.created',
        data: {
          chatId: chat.id,
          channelId: chat.channelId,
          clientId: chat.clientId,
          teamId: chat.teamId,
        },
        changes: [...creation.client, chatPut, creation.history],
        ...own,
      });
      scope.pending.push({ ...added, changes: [messagePut] });
      // It waits in its team's queue, served before the group commits.
      scope.serveTeams([chat.teamId]);
    } else {
      scope.pending.push({ ...added, changes: [chatPut, messagePut] });
    }
  }
  return stamped.map((entry) => entry.item.index);
}
