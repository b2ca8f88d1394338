import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { channels } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { channelRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { lockChannelSettings } from './channel-access';
import { requireRight } from '../core/require-viewer';
import { touchOpenChats } from './open-chats';

/**
 * A channel's expiry thresholds (spec §3). Its open chats get their expiry timers set again; a
 * chat already half-expired or expired stays so (spec §5: a chat cannot expire back).
 */
export async function channelSetThresholds(
  scope: CommandScope,
  payload: CommandPayload<'channel.setThresholds'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const { channelId, halfExpiredMinutes, expiredMinutes } = payload;
  await lockChannelSettings(scope, channelId);
  const [row] = await scope.tx
    .update(channels)
    .set({ halfExpiredMinutes, expiredMinutes, updatedAt: scope.now })
    .where(eq(channels.id, channelId))
    .returning();
  if (!row) fail('CHANNEL_NOT_FOUND');
  await touchOpenChats(scope, { channelId });
  scope.emit('channel.thresholdsSet', { channelId, halfExpiredMinutes, expiredMinutes }, [
    { table: 'channels', op: 'put', key: row.id, row: channelRow(row), groups: [ORG_GROUP] },
  ]);
}
