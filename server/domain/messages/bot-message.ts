import { eq } from 'drizzle-orm';
import { messagePreview, type Attachment, type MessageLink } from '../../../src/protocol';
import { chats, messages } from '../../db/schema';
import { chatGroups, customerGroup } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import type { ChatRecord } from '../chats/chat-access';
import { queueDelivery } from './delivery-job';

/**
 * Stores a message the system's bot or a chat bot says in a chat (`authorKind: 'bot'`), queues it
 * for the chat's channel, and tells everyone who sees the chat and the customer. The chat's row
 * takes the message as its preview (its times stay: a bot's words are not a reply of a person's). `event` says
 * more of it (`autoReply`, `bot`) to the message.added event.
 */
export async function storeBotMessage(
  scope: CommandScope,
  chat: ChatRecord,
  said: {
    text: string;
    attachments: Attachment[];
    buttons: string[];
    links?: MessageLink[];
  },
  event: Record<string, unknown>,
): Promise<void> {
  const [message] = await scope.tx
    .insert(messages)
    .values({
      id: scope.newId(),
      orgId: scope.orgId,
      chatId: chat.id,
      authorKind: 'bot',
      text: said.text,
      status: 'sent',
      attachments: said.attachments,
      buttons: said.buttons,
      links: said.links ?? [],
      createdAt: scope.now,
    })
    .returning();
  if (!message) throw new Error('bot message insert returned nothing');
  await queueDelivery(scope, message, chat.channelId);
  const sent = messageRow(message);
  const [updated] = await scope.tx
    .update(chats)
    .set({ lastMessagePreview: messagePreview(sent), updatedAt: scope.now })
    .where(eq(chats.id, chat.id))
    .returning();
  if (!updated) throw new Error('the chat of a bot message is gone');
  scope.emit('message.added', { chatId: chat.id, messageId: message.id, ...event }, [
    {
      table: 'chats',
      op: 'put',
      key: updated.id,
      row: chatRow(updated),
      groups: chatGroups(updated),
    },
    {
      table: 'messages',
      op: 'put',
      key: message.id,
      row: sent,
      groups: [...chatGroups(chat), customerGroup(chat.clientId)],
    },
  ]);
}
