import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { channels, chats, routingRules, teams, users } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { lockTeam } from './team-save';
import { lockDistribution } from '../distribution/serve-queue';

/**
 * Deletes a team (docs/people-and-access.md). A team that customers still wait on or are routed
 * to is refused with TEAM_IN_USE: its open chats, channels and routing rules must be moved first,
 * or a customer's chat would land nowhere. Its members simply leave it.
 */
export async function teamDelete(
  scope: CommandScope,
  payload: CommandPayload<'team.delete'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { teamId } = payload;
  await lockTeam(scope, teamId);

  const [openChat] = await scope.tx
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.orgId, scope.orgId),
        eq(chats.teamId, teamId),
        inArray(chats.status, ['pending', 'assigned']),
      ),
    )
    .limit(1);
  const [channel] = await scope.tx
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.teamId, teamId))
    .limit(1);
  const [rule] = await scope.tx
    .select({ id: routingRules.id })
    .from(routingRules)
    .where(
      and(eq(routingRules.orgId, scope.orgId), sql`${routingRules.action}->>'teamId' = ${teamId}`),
    )
    .limit(1);
  if (openChat || channel || rule) fail('TEAM_IN_USE');

  // Before the members' rows: distribution writes operators' rows under this lock.
  await lockDistribution(scope);
  const members = await scope.tx
    .update(users)
    .set({ teamIds: sql`array_remove(${users.teamIds}, ${teamId}::uuid)`, updatedAt: scope.now })
    .where(and(eq(users.orgId, scope.orgId), sql`${teamId}::uuid = any(${users.teamIds})`))
    .returning();
  await scope.tx.delete(teams).where(eq(teams.id, teamId));
  scope.emit('team.deleted', { teamId }, [
    { table: 'teams', op: 'delete', key: teamId, groups: [ORG_GROUP] },
    ...members.map((member) => ({
      table: 'users' as const,
      op: 'put' as const,
      key: member.id,
      row: userRow(member),
      groups: [ORG_GROUP],
    })),
  ]);
}
