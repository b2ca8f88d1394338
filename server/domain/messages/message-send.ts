import { and, eq } from 'drizzle-orm';
import { messengerSession, type CommandPayload } from '../../../src/protocol';
import { channels, messages } from '../../db/schema';
import { chatGroups, customerGroup, userGroup, type StoredChange } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { lockChat, updateChat } from '../chats/chat-access';
import { replyAssignment } from './reply-assignment';
import { requireViewer } from '../core/require-viewer';
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

  let takes = false;
  if (!internal) {
    if (chat.status === 'closed') fail('CHAT_CLOSED');
    const [channel] = await scope.tx
      .select({ active: channels.active, type: channels.type })
      .from(channels)
      .where(and(eq(channels.id, chat.channelId), eq(channels.orgId, scope.orgId)));
    if (!channel?.active) fail('SEND_TO_DEACTIVATED_CHANNEL');
    // Spec §4: after a messenger's 24-hour session only a registered template reaches the customer.
    if (
      messengerSession(channel.type, chat.lastClientMessageAt, scope.now.getTime()).kind ===
      'closed'
    )
      fail('MESSENGER_SESSION_EXPIRED');
    const assignment = replyAssignment(viewer, chat);
    if (assignment === 'refuse') fail('CHAT_NOT_ASSIGNED_TO_YOU');
    takes = assignment === 'take';
  }

  const attachments = await storedAttachments(scope, payload.attachments, {
    kind: 'staff',
    orgId: scope.orgId,
    userId: viewer.id,
  });
  const [message] = await scope.tx
    .insert(messages)
    .values({
      id: messageId,
      orgId: scope.orgId,
      chatId: chat.id,
      authorKind: 'operator',
      authorId: viewer.id,
      text,
      internal,
      status: 'sent',
      attachments,
      createdAt: scope.now,
    })
    .returning();
  if (!message) fail('UNKNOWN_ERROR');
  if (!internal) await queueDelivery(scope, message, chat.channelId);
  const changes: StoredChange[] = [];
  let updated = chat;
  if (!internal) {
    updated = await updateChat(scope, chat.id, {
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
