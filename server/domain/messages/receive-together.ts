import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Actor, CommandPayload } from '../../../src/protocol';
import { channels, chats, messages } from '../../db/schema';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { senderAddresses } from './blacklist-check';
import { rowsOf } from '../../db/rows-of';

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
 * gave, or an address of the client they already are), and their open chat in the channel.
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
      (select c.id from chats c
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

/**
 * Customers' messages into their open chats, set by set: the common case of a busy channel —
 * a known customer, not blacklisted, writing text into a chat that is already open — takes one
 * INSERT of the messages and one UPDATE of their chats for the whole group, where message.receive
 * one by one costs a dozen statements each. Everything else (a first message, an unknown or
 * blacklisted sender, files, a sender's own message id already taken, an inactive channel) is
 * left to the one-by-one handler, and so is every later message of a customer one of those left
 * is from: a customer's messages keep their order. Runs under the organization's lock, which
 * every unit of work of the organization takes first, so nothing changes between the reads and
 * the writes. Emits each taken message's `message.added` on the scope, and returns the indexes
 * it took, in order.
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
  const ownIds = plain.flatMap((item) =>
    item.payload.messageId === undefined ? [] : [item.payload.messageId],
  );
  const takenIds = new Set(
    ownIds.length === 0
      ? []
      : (
          await scope.tx
            .select({ id: messages.id })
            .from(messages)
            .where(inArray(messages.id, ownIds))
        ).map((row) => row.id),
  );
  const candidates = plain.filter((item) => active.has(item.payload.channelId));
  const senders = candidates.length === 0 ? new Map() : await findSenders(scope, candidates);

  // In order: an item is taken only if every earlier message of its customer was, and its own
  // message id is new; the first one left behind holds back the rest of that customer's.
  const heldBack = new Set<string>();
  const usedIds = new Set<string>();
  const taken: { item: ReceiveItem; clientId: string; chatId: string; messageId: string }[] = [];
  for (const item of items) {
    const key = customerKey(item.payload);
    const own = item.payload.messageId;
    const found = senders.get(item.index) as SenderFound | undefined;
    const fits =
      !heldBack.has(key) &&
      found?.clientId &&
      found.chatId &&
      found.entryId === null &&
      (own === undefined || (!takenIds.has(own) && !usedIds.has(own)));
    if (!fits || !found.clientId || !found.chatId) {
      heldBack.add(key);
      continue;
    }
    const messageId = own ?? scope.newId();
    usedIds.add(messageId);
    taken.push({ item, clientId: found.clientId, chatId: found.chatId, messageId });
  }
  if (taken.length === 0) return [];

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
  const inserted = await scope.tx
    .insert(messages)
    .values(
      stamped.map((entry) => ({
        id: entry.messageId,
        orgId: scope.orgId,
        chatId: entry.chatId,
        authorKind: 'client' as const,
        text: entry.item.payload.text.trim(),
        internal: false,
        status: 'delivered' as const,
        attachments: [],
        createdAt: entry.at,
      })),
    )
    .returning();
  const updated = await scope.tx
    .update(chats)
    .set({
      lastMessageAt: byChat(lastAt),
      lastClientMessageAt: byChat(lastAt),
      unansweredSince: sql`coalesce(${chats.unansweredSince}, ${byChat(firstAt)})`,
      updatedAt: byChat(lastAt),
    })
    .where(and(inArray(chats.id, [...lastAt.keys()]), ne(chats.status, 'closed')))
    .returning();
  if (inserted.length !== stamped.length || updated.length !== lastAt.size)
    throw new Error('a chat of the group changed under the organization lock');
  const chatOf = new Map(updated.map((chat) => [chat.id, chat]));
  const messageOf = new Map(inserted.map((message) => [message.id, message]));
  for (const entry of stamped) {
    const chat = chatOf.get(entry.chatId);
    const message = messageOf.get(entry.messageId);
    if (!chat || !message) throw new Error('a message of the group was not stored');
    const groups = [...chatGroups(chat), customerGroup(entry.clientId)];
    const changes: StoredChange[] = [
      { table: 'chats', op: 'put', key: chat.id, row: chatRow(chat), groups },
      { table: 'messages', op: 'put', key: message.id, row: messageRow(message), groups },
    ];
    scope.pending.push({
      type: 'message.added',
      data: { chatId: chat.id, messageId: message.id, internal: false, fromClient: true },
      changes,
      actor: entry.item.actor,
      commandId: entry.item.commandId,
      at: entry.at,
    });
  }
  return stamped.map((entry) => entry.item.index);
}
