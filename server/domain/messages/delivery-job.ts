import { eq } from 'drizzle-orm';
import { isProviderType } from '../../../src/protocol';
import { channelDeliveries, channels } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

/**
 * Queues a reply for its channel's provider in the same transaction that stores it
 * (docs/channels.md "Outbound"): the job is keyed by the message's id, so a reply is queued once
 * whatever retries the command sees, and it is due at once. Site chat's customers read our own
 * feed, so its replies need no job.
 */
export async function queueDelivery(
  scope: CommandScope,
  message: { id: string; chatId: string },
  channelId: string,
): Promise<void> {
  const [channel] = await scope.tx
    .select({ type: channels.type })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!channel || !isProviderType(channel.type)) return;
  await scope.tx
    .insert(channelDeliveries)
    .values({
      messageId: message.id,
      orgId: scope.orgId,
      channelId,
      chatId: message.chatId,
      state: 'pending',
      dueAt: scope.now,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .onConflictDoNothing();
  scope.channelWork.deliver = true;
}
