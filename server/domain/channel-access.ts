import { and, eq } from 'drizzle-orm';
import { channels } from '../db/schema';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';

/** A channel of this organization that messages may go through now. */
export async function activeChannel(
  scope: CommandScope,
  channelId: string,
): Promise<typeof channels.$inferSelect> {
  const [channel] = await scope.tx
    .select()
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.orgId, scope.orgId)));
  if (!channel) fail('CHANNEL_NOT_FOUND');
  if (!channel.active) fail('SEND_TO_DEACTIVATED_CHANNEL');
  return channel;
}
