import { and, eq } from 'drizzle-orm';
import { messagePreview, messengerSession, type CommandPayload } from '../../../src/protocol';
import { channels, messages } from '../../db/schema';
import { chatGroups, customerGroup, userGroup, type StoredChange } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { lockChat, updateChat, type ChatRecord } from '../chats/chat-access';
import { replyAssignment } from './reply-assignment';
import { endBotSession } from '../chatbots/bot-session';
import { requireViewer } from '../core/require-viewer';
import type { Viewer } from '../../auth/viewer';
import { storedAttachments } from './message-attachments';
import { newMessageId } from './message-id';
import { queueDelivery } from './delivery-job';

/** A staff reply or internal note; see replyAssignment for what a reply does to the chat. */
export async function messageSend(
  scope: CommandScope,
  payload: CommandPayload<'message.send'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  const text = payload.text.trim();
  if (text.length === 0 && payload.attachments.length === 0) fail('EMPTY_MESSAGE');
  const chat = await lockChat(scope, payload.chatId);
  const internal = payload.internal;
  const messageId = await newMessageId(scope, payload.messageId);
  const takes = internal ? false : await replyMayGo(scope, viewer, chat, 'free');
  const attachments = await storedAttachments(scope, payload.attachments, {
    kind: 'staff',
    orgId: scope.orgId,
    userId: viewer.id,
  });
  await storeStaffMessage(scope, viewer, chat, takes, {
    id: messageId,
    text,
    internal,
    attachments,
    template: null,
  });
}

/**
 * Whether a reply may go to the chat's customer now, and whether it takes the chat: the chat open,
 * its channel active, the viewer allowed to answer it (replyAssignment), and for a free-form reply
 * the messenger's 24-hour session still open (spec §4: after it only a registered template goes).
 */
export async function replyMayGo(
  scope: CommandScope,
  viewer: Viewer,
  chat: ChatRecord,
  kind: 'free' | 'template',
): Promise<boolean> {
  if (chat.status === 'closed') fail('CHAT_CLOSED');
  const [channel] = await scope.tx
    .select({ active: channels.active, type: channels.type })
    .from(channels)
    .where(and(eq(channels.id, chat.channelId), eq(channels.orgId, scope.orgId)));
  if (!channel?.active) fail('SEND_TO_DEACTIVATED_CHANNEL');
  if (
    kind === 'free' &&
    messengerSession(channel.type, chat.lastClientMessageAt, scope.now.getTime()).kind === 'closed'
  )
    fail('MESSENGER_SESSION_EXPIRED');
  const assignment = replyAssignment(viewer, chat);
  if (assignment === 'refuse') fail('CHAT_NOT_ASSIGNED_TO_YOU');
  return assignment === 'take';
}

/**
 * Stores a staff member's message and what it does: a reply is queued for the channel's provider
 * and moves the chat's reply facts (and takes it when `takes`); a note stays among staff.
 */
export async function storeStaffMessage(
  scope: CommandScope,
  viewer: Viewer,
  chat: ChatRecord,
  takes: boolean,
  written: Pick<
    typeof messages.$inferInsert,
    'id' | 'text' | 'internal' | 'attachments' | 'template'
  > & { internal: boolean },
): Promise<void> {
  const { internal } = written;
  const [message] = await scope.tx
    .insert(messages)
    .values({
      ...written,
      orgId: scope.orgId,
      chatId: chat.id,
      authorKind: 'operator',
      authorId: viewer.id,
      status: 'sent',
      createdAt: scope.now,
    })
    .returning();
  if (!message) fail('UNKNOWN_ERROR');
  if (!internal) await queueDelivery(scope, message, chat.channelId);
  // A person answering a chat a bot holds steps in: the bot stops.
  if (takes && chat.botId) await endBotSession(scope, chat.id);
  const changes: StoredChange[] = [];
  // The chat row's preview is the message, a note's too (chat rows reach staff only).
  const lastMessagePreview = messagePreview(messageRow(message));
  let updated: ChatRecord;
  if (internal) {
    // A note moves nothing of the chat but its preview; its row goes only where the chat is seen.
    updated = await updateChat(scope, chat.id, { lastMessagePreview });
    changes.push({
      table: 'chats',
      op: 'put',
      key: updated.id,
      row: chatRow(updated),
      groups: chatGroups(updated),
    });
  } else {
    updated = await updateChat(scope, chat.id, {
      lastMessagePreview,
      lastMessageAt: scope.now,
      lastOperatorMessageAt: scope.now,
      unansweredSince: null,
      // The chat-level facts of the monitoring tables (issue 21): the chat's first reply, the
      // holder's first reply in their hold, and who wrote last. A reply that takes the chat is
      // its taker's reaction at once.
      ...(chat.firstReplyAt === null ? { firstReplyAt: scope.now, firstReplyBy: viewer.id } : {}),
      ...(chat.reactedAt === null && chat.operatorId === viewer.id ? { reactedAt: scope.now } : {}),
      lastHumanOperatorId: viewer.id,
      ...(takes
        ? {
            status: 'assigned' as const,
            operatorId: viewer.id,
            assignedAt: scope.now,
            queuedAt: null,
            reactedAt: scope.now,
            botId: null,
          }
        : {}),
    });
    // The taker already sees the chat through their team: nothing of it is re-sent to them.
    changes.push(
      ...(await chatMoveChanges(scope.tx, chat, updated, new Set([userGroup(viewer.id)]))),
    );
    if (takes) {
      changes.push(await addHistory(scope, updated, 'assigned', { operatorId: viewer.id }));
    }
  }
  changes.push({
    table: 'messages',
    op: 'put',
    key: message.id,
    row: messageRow(message),
    // Internal notes never reach the customer's group.
    groups: internal
      ? chatGroups(updated)
      : [...chatGroups(updated), customerGroup(updated.clientId)],
  });
  scope.emit('message.added', { chatId: chat.id, messageId: message.id, internal }, changes);
}
