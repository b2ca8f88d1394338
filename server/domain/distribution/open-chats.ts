import { and, asc, eq, ne } from 'drizzle-orm';
import { chats } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

/**
 * Marks the open chats of a channel or team for their timers to be set again before commit: a
 * setting they are timed by (thresholds, a team's minutes, the waiting auto-reply) changed. Each
 * is locked first, as every writer of a chat's timers holds the chat, so a customer writing into
 * one at the same moment cannot leave it with timers from the old settings. Locked in id order,
 * before the distribution lock, as every other path takes them.
 */
export async function touchOpenChats(
  scope: CommandScope,
  of: { channelId: string } | { teamId: string },
): Promise<void> {
  const owner = 'channelId' in of ? eq(chats.channelId, of.channelId) : eq(chats.teamId, of.teamId);
  const rows = await scope.tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.orgId, scope.orgId), owner, ne(chats.status, 'closed')))
    .orderBy(asc(chats.id))
    .for('no key update');
  for (const row of rows) scope.touchedChats.add(row.id);
}
