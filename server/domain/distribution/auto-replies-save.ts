import { eq } from 'drizzle-orm';
import { buttonProblemOf, type CommandPayload } from '../../../src/protocol';
import { autoReplies, channels } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { autoReplyRow, channelRow } from '../../sync/wire-rows';
import type { StoredChange } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { lockChannelSettings } from './channel-access';
import { storedAttachments } from '../messages/message-attachments';
import { requireRight } from '../core/require-viewer';
import { fail } from '../core/domain-error';
import { touchOpenChats } from './open-chats';

/**
 * Saves a channel's Auto-replies tab: the customer-response wait and each reply sent (the schema
 * has already refused empty texts, too many or bad buttons, unknown kinds). Files must be ones
 * the staff member may use, as in a reply, and buttons must fit the channel's provider
 * (src/protocol/channel-capabilities.ts). The channel's open chats get their timers set again:
 * the waiting reply switched on or off, or a new wait, moves when they are due.
 */
export async function autoRepliesSave(
  scope: CommandScope,
  payload: CommandPayload<'autoReplies.save'>,
): Promise<void> {
  const viewer = requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const channel = await lockChannelSettings(scope, payload.channelId);
  // The schema held the spec's 10 buttons of 64 characters; the channel's provider may show fewer.
  payload.replies.forEach((reply, index) => {
    const problem = buttonProblemOf(channel.type, reply.buttons);
    if (problem)
      fail(problem.name, { ...problem.params, field: `replies.${String(index)}.buttons` });
  });
  const staff = { kind: 'staff', orgId: scope.orgId, userId: viewer.id } as const;
  const changes: StoredChange[] = [];
  for (const reply of payload.replies) {
    const values = {
      enabled: reply.enabled,
      text: reply.text,
      buttons: reply.buttons,
      attachments: await storedAttachments(scope, reply.attachments, staff),
      updatedAt: scope.now,
    };
    const [row] = await scope.tx
      .insert(autoReplies)
      .values({ ...values, orgId: scope.orgId, channelId: channel.id, kind: reply.kind })
      .onConflictDoUpdate({ target: [autoReplies.channelId, autoReplies.kind], set: values })
      .returning();
    if (row)
      changes.push({
        table: 'autoReplies',
        op: 'put',
        key: row.id,
        row: autoReplyRow(row),
        groups: [ORG_GROUP],
      });
  }
  if (channel.autoReplyWaitMinutes !== payload.waitMinutes) {
    const [row] = await scope.tx
      .update(channels)
      .set({ autoReplyWaitMinutes: payload.waitMinutes, updatedAt: scope.now })
      .where(eq(channels.id, channel.id))
      .returning();
    if (row)
      changes.push({
        table: 'channels',
        op: 'put',
        key: row.id,
        row: channelRow(row),
        groups: [ORG_GROUP],
      });
  }
  await touchOpenChats(scope, { channelId: channel.id });
  scope.emit(
    'autoReplies.saved',
    {
      channelId: channel.id,
      waitMinutes: payload.waitMinutes,
      kinds: payload.replies.map((reply) => reply.kind),
    },
    changes,
  );
}
