import type { Attachment, MessageLink } from '../../../src/protocol';
import { messages } from '../../db/schema';
import { chatGroups, customerGroup } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import type { ChatRecord } from '../chats/chat-access';
import { queueDelivery } from './delivery-job';

/**
 * Stores a message the system's bot or a chat bot says in a chat (`authorKind: 'bot'`), queues it
 * for the chat's channel, and tells everyone who sees the chat and the customer. `event` says
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
  scope.emit('message.added', { chatId: chat.id, messageId: message.id, ...event }, [
    {
      table: 'messages',
      op: 'put',
      key: message.id,
      row: messageRow(message),
      groups: [...chatGroups(chat), customerGroup(chat.clientId)],
    },
  ]);
}
