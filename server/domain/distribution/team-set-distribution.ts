import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { teams } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { teamRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { touchOpenChats } from './open-chats';

/**
 * A team's distribution settings (spec §3, §5). Its queue is served at once (a raised limit gives
 * waiting chats out now) and its open chats get their timers set again: redistribution,
 * auto-close and inactivity are counted in the team's minutes.
 */
export async function teamSetDistribution(
  scope: CommandScope,
  payload: CommandPayload<'team.setDistribution'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { teamId, ...settings } = payload;
  const [row] = await scope.tx
    .update(teams)
    .set({ ...settings, updatedAt: scope.now })
    .where(and(eq(teams.id, teamId), eq(teams.orgId, scope.orgId)))
    .returning();
  if (!row) fail('TEAM_NOT_FOUND');
  await touchOpenChats(scope, { teamId });
  scope.serveTeams([teamId]);
  scope.emit('team.distributionSet', { teamId, ...settings }, [
    { table: 'teams', op: 'put', key: row.id, row: teamRow(row), groups: [ORG_GROUP] },
  ]);
}
