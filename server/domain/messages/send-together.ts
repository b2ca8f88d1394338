import { and, eq, inArray } from 'drizzle-orm';
import {
  isProviderType,
  messagePreview,
  messengerSession,
  type Actor,
  type CommandPayload,
} from '../../../src/protocol';
import type { Viewer } from '../../auth/viewer';
import { channelDeliveries, channels, chats, messages } from '../../db/schema';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import { canSeeChat, type ChatRecord } from '../chats/chat-access';
import type { CommandScope } from '../core/command-scope';
import { takenMessageIds } from './message-id';
import { replyAssignment } from './reply-assignment';

/** One staff message of a group commit, with who sent it and the instant it was taken in. */
export type SendItem = {
  index: number;
  commandId: string;
  actor: Actor;
  viewer: Viewer;
  payload: CommandPayload<'message.send'>;
  now: Date;
};

/**
 * What a reply does to its chat, as message.send writes it one at a time: the chat's times, its
 * first reply, the holder's first reaction, who wrote last. Internal notes leave the chat alone.
 */
function afterReply(chat: ChatRecord, viewer: Viewer, now: Date): ChatRecord {
  return {
    ...chat,
    lastMessageAt: now,
    lastOperatorMessageAt: now,
    unansweredSince: null,
    ...(chat.firstReplyAt === null ? { firstReplyAt: now, firstReplyBy: viewer.id } : {}),
    ...(chat.reactedAt === null && chat.operatorId === viewer.id ? { reactedAt: now } : {}),
    lastHumanOperatorId: viewer.id,
    updatedAt: now,
  };
}

/**
 * Staff messages into chats they already handle, set by set: the offline outbox's flush of a
 * thousand replies is this case — a text reply (or internal note) by the chat's holder, or by a
 * supervisor chiming in, into an open chat of an active channel. One INSERT of the messages, one
 * of their delivery jobs, and one UPDATE per chat take the whole group, where message.send one by
 * one costs about ten statements each. Everything else (files, a reply that takes a queued chat,
 * a chat the sender may not answer, a closed chat, a messenger session that has ended, a sender's
 * message id already taken) is left
 * to the one-by-one handler, which refuses or applies it as always, and so is every later message
 * into a chat one of those left went to: a chat's messages keep their order. Runs under the
 * organization's lock. Emits each taken message's `message.added` and returns the indexes taken.
 */
export async function sendTogether(
  scope: CommandScope,
  items: readonly SendItem[],
): Promise<number[]> {
  const plain = items.filter(
    (item) => item.payload.attachments.length === 0 && item.payload.text.trim().length > 0,
  );
  if (plain.length === 0) return [];
  const chatIds = [...new Set(plain.map((item) => item.payload.chatId))];
  const found = await scope.tx
    .select()
    .from(chats)
    .where(and(eq(chats.orgId, scope.orgId), inArray(chats.id, chatIds)));
  const chatOf = new Map(found.map((chat) => [chat.id, chat]));
  const channelIds = [...new Set(found.map((chat) => chat.channelId))];
  const channelOf = new Map(
    channelIds.length === 0
      ? []
      : (
          await scope.tx
            .select({ id: channels.id, active: channels.active, type: channels.type })
            .from(channels)
            .where(and(eq(channels.orgId, scope.orgId), inArray(channels.id, channelIds)))
        ).map((channel) => [channel.id, channel]),
  );
  const takenIds = await takenMessageIds(scope, plain);

  // In order, per chat: an item is taken only if every earlier message into its chat was.
  const heldBack = new Set<string>();
  const usedIds = new Set<string>();
  const lastAt = new Map<string, number>();
  const state = new Map<string, ChatRecord>();
  const taken: { item: SendItem; messageId: string; at: Date; internal: boolean }[] = [];
  for (const item of items) {
    const { chatId, messageId: own, internal } = item.payload;
    const chat = state.get(chatId) ?? chatOf.get(chatId);
    const channel = chat && channelOf.get(chat.channelId);
    const fits =
      !heldBack.has(chatId) &&
      chat !== undefined &&
      channel !== undefined &&
      item.payload.attachments.length === 0 &&
      item.payload.text.trim().length > 0 &&
      canSeeChat(item.viewer, chat) &&
      (own === undefined || (!takenIds.has(own) && !usedIds.has(own))) &&
      (internal ||
        (chat.status !== 'closed' &&
          channel.active &&
          messengerSession(channel.type, chat.lastClientMessageAt, item.now.getTime()).kind !==
            'closed' &&
          replyAssignment(item.viewer, chat) === 'keep'));
    if (!fits) {
      heldBack.add(chatId);
      continue;
    }
    // A chat's messages of one group keep their order: each a millisecond after the one before.
    const before = lastAt.get(chatId);
    const at = new Date(Math.max(item.now.getTime(), before === undefined ? 0 : before + 1));
    lastAt.set(chatId, at.getTime());
    const messageId = own ?? scope.newId();
    usedIds.add(messageId);
    // Every message of the group, a note too, becomes its chat's preview in turn (the last stays).
    const lastMessagePreview = messagePreview({
      id: messageId,
      authorKind: 'operator',
      authorId: item.viewer.id,
      text: item.payload.text.trim(),
      internal,
      attachments: [],
      createdAt: at.toISOString(),
    });
    const after = internal ? { ...chat, updatedAt: at } : afterReply(chat, item.viewer, at);
    state.set(chatId, { ...after, lastMessagePreview });
    taken.push({ item, messageId, at, internal });
  }
  if (taken.length === 0) return [];

  const inserted = await scope.tx
    .insert(messages)
    .values(
      taken.map((entry) => ({
        id: entry.messageId,
        orgId: scope.orgId,
        chatId: entry.item.payload.chatId,
        authorKind: 'operator' as const,
        authorId: entry.item.viewer.id,
        text: entry.item.payload.text.trim(),
        internal: entry.internal,
        status: 'sent' as const,
        attachments: [],
        createdAt: entry.at,
      })),
    )
    .returning();
  if (inserted.length !== taken.length) throw new Error('a message of the group was not stored');
  const messageOf = new Map(inserted.map((message) => [message.id, message]));

  // Replies through a provider are queued for it in the same transaction (delivery-job.ts).
  const deliveries = taken.flatMap((entry) => {
    if (entry.internal) return [];
    const chat = chatOf.get(entry.item.payload.chatId);
    const channel = chat && channelOf.get(chat.channelId);
    if (!chat || !channel || !isProviderType(channel.type)) return [];
    return [
      {
        messageId: entry.messageId,
        orgId: scope.orgId,
        channelId: chat.channelId,
        chatId: chat.id,
        state: 'pending' as const,
        dueAt: entry.at,
        createdAt: entry.at,
        updatedAt: entry.at,
      },
    ];
  });
  if (deliveries.length > 0) {
    await scope.tx.insert(channelDeliveries).values(deliveries).onConflictDoNothing();
    scope.channelWork.deliver = true;
  }

  // One UPDATE per chat written to, with what its messages of the group leave it as (a note moves
  // only the preview: its other columns are the chat's own, written back unchanged).
  const stored = new Map<string, ChatRecord>();
  for (const [chatId, after] of state) {
    const [row] = await scope.tx
      .update(chats)
      .set({
        lastMessageAt: after.lastMessageAt,
        lastOperatorMessageAt: after.lastOperatorMessageAt,
        unansweredSince: after.unansweredSince,
        firstReplyAt: after.firstReplyAt,
        firstReplyBy: after.firstReplyBy,
        reactedAt: after.reactedAt,
        lastHumanOperatorId: after.lastHumanOperatorId,
        lastMessagePreview: after.lastMessagePreview,
        updatedAt: after.updatedAt,
      })
      .where(eq(chats.id, chatId))
      .returning();
    if (!row) throw new Error('a chat of the group was not stored');
    stored.set(chatId, row);
  }

  for (const entry of taken) {
    const chatId = entry.item.payload.chatId;
    const chat = stored.get(chatId) ?? chatOf.get(chatId);
    const message = messageOf.get(entry.messageId);
    if (!chat || !message) throw new Error('a message of the group was not stored');
    scope.lockedChats.add(chatId);
    const changes: StoredChange[] = [
      {
        table: 'chats',
        op: 'put',
        key: chat.id,
        row: chatRow(chat),
        // A note's row goes only where the chat is seen, as message.send's does.
        groups: entry.internal
          ? chatGroups(chat)
          : [...chatGroups(chat), customerGroup(chat.clientId)],
      },
    ];
    changes.push({
      table: 'messages',
      op: 'put',
      key: message.id,
      row: messageRow(message),
      // Internal notes never reach the customer's group.
      groups: entry.internal
        ? chatGroups(chat)
        : [...chatGroups(chat), customerGroup(chat.clientId)],
    });
    scope.pending.push({
      type: 'message.added',
      data: { chatId, messageId: message.id, internal: entry.internal },
      changes,
      actor: entry.item.actor,
      commandId: entry.item.commandId,
      at: entry.at,
    });
  }
  return taken.map((entry) => entry.item.index);
}
