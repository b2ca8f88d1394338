import { and, eq, inArray } from 'drizzle-orm';
import { channelDeliveries, channelHealth, chats, messages } from '../../db/schema';
import type { Tx } from '../../db/database';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { healthPut } from './channel-changes';

/**
 * Replies held while their channel's credentials had lapsed (server/channels/pipeline/
 * lapsed-credentials.ts holds them), released by the save that authorises the channel again.
 */

/** The synced put of a message as it now stands, to everyone who sees its chat. */
export async function messagePut(tx: Tx, messageId: string): Promise<StoredChange | null> {
  const [message] = await tx.select().from(messages).where(eq(messages.id, messageId));
  if (!message) return null;
  const [chat] = await tx.select().from(chats).where(eq(chats.id, message.chatId));
  if (!chat) return null;
  return {
    table: 'messages',
    op: 'put',
    key: message.id,
    row: messageRow(message),
    groups: [...chatGroups(chat), customerGroup(chat.clientId)],
  };
}

/**
 * Inside a save that just checked the channel's new credentials with the provider: the channel is
 * authorised again, and every reply held for it goes now, in the order written, each once (the
 * refused attempts never reached the customer).
 */
export async function releaseHeldReplies(scope: CommandScope, channelId: string): Promise<void> {
  const { tx } = scope;
  const [cleared] = await tx
    .update(channelHealth)
    .set({ reauthorizationRequired: false, updatedAt: scope.now })
    .where(and(eq(channelHealth.id, channelId), eq(channelHealth.reauthorizationRequired, true)))
    .returning({ id: channelHealth.id });
  const released = await tx
    .update(channelDeliveries)
    .set({ state: 'pending', dueAt: scope.now, attempts: 0, lastError: null, updatedAt: scope.now })
    .where(and(eq(channelDeliveries.channelId, channelId), eq(channelDeliveries.state, 'held')))
    .returning({ messageId: channelDeliveries.messageId, chatId: channelDeliveries.chatId });
  if (!cleared && released.length === 0) return;
  const ids = released.map((job) => job.messageId);
  if (ids.length > 0)
    await tx.update(messages).set({ heldFor: null }).where(inArray(messages.id, ids));
  const puts: StoredChange[] = [];
  for (const id of ids) {
    const put = await messagePut(tx, id);
    if (put) puts.push(put);
  }
  const health = await healthPut(scope, channelId);
  scope.emit('channel.reauthorized', { channelId, released: ids.length }, [
    ...(health ? [health] : []),
    ...puts,
  ]);
  scope.channelWork.deliver = true;
}
