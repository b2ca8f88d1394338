import { and, eq } from 'drizzle-orm';
import { channels } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

function ofOrganization(scope: CommandScope, channelId: string) {
  return scope.tx
    .select()
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.orgId, scope.orgId)));
}

/** A channel of this organization that messages may go through now. */
export async function activeChannel(
  scope: CommandScope,
  channelId: string,
): Promise<typeof channels.$inferSelect> {
  const [channel] = await ofOrganization(scope, channelId);
  if (!channel) fail('CHANNEL_NOT_FOUND');
  if (!channel.active) fail('SEND_TO_DEACTIVATED_CHANNEL');
  return channel;
}

/**
 * A channel of this organization whose settings a command changes, its row locked until commit:
 * two saves of one channel's rules or auto-replies run one after the other, so neither checks
 * its siblings against a state the other is changing. FOR NO KEY UPDATE leaves inbound messages
 * free to open chats on the channel meanwhile (their foreign key needs only a key-share lock).
 */
export async function lockChannelSettings(
  scope: CommandScope,
  channelId: string,
): Promise<typeof channels.$inferSelect> {
  const [channel] = await ofOrganization(scope, channelId).for('no key update');
  if (!channel) fail('CHANNEL_NOT_FOUND');
  return channel;
}
