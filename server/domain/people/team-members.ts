import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { users } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { lockDistribution } from '../distribution/serve-queue';
import { lockTeam } from './team-save';

/**
 * Users join and leave a team from its panel (docs/people-and-access.md "Team members"): the
 * teams-management right alone, as a supervisor runs their operators' teams without managing
 * accounts. Locks as team.delete does: the team, then distribution (which writes operators'
 * rows), then the users. The changed rows go to everyone; a member's own live connection sees
 * its groups change and bootstraps again, so a new member receives the team's chats from now on,
 * and the team's queue is served at once for them. A member who leaves keeps the chats already
 * theirs, as when an administrator changes their teams on the user's page.
 */
export async function teamSetMembers(
  scope: CommandScope,
  payload: CommandPayload<'team.setMembers'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { teamId } = payload;
  const add = [...new Set(payload.add)];
  const remove = [...new Set(payload.remove)];
  await lockTeam(scope, teamId);
  await lockDistribution(scope);
  const named = [...add, ...remove];
  if (named.length === 0) return;
  const found = await scope.tx
    .select({ id: users.id, teamIds: users.teamIds })
    .from(users)
    .where(and(eq(users.orgId, scope.orgId), inArray(users.id, named)))
    .orderBy(users.id)
    .for('update');
  if (found.length !== named.length) fail('USER_NOT_FOUND', { field: 'add' });
  // Only the rows that change are written: adding a member twice, or removing a non-member, is a no-op.
  const joining = found.filter((u) => add.includes(u.id) && !u.teamIds.includes(teamId));
  const leaving = found.filter((u) => remove.includes(u.id) && u.teamIds.includes(teamId));
  const changed = [
    ...(joining.length === 0
      ? []
      : await scope.tx
          .update(users)
          .set({
            teamIds: sql`array_append(${users.teamIds}, ${teamId}::uuid)`,
            updatedAt: scope.now,
          })
          .where(
            inArray(
              users.id,
              joining.map((u) => u.id),
            ),
          )
          .returning()),
    ...(leaving.length === 0
      ? []
      : await scope.tx
          .update(users)
          .set({
            teamIds: sql`array_remove(${users.teamIds}, ${teamId}::uuid)`,
            updatedAt: scope.now,
          })
          .where(
            inArray(
              users.id,
              leaving.map((u) => u.id),
            ),
          )
          .returning()),
  ];
  if (changed.length === 0) return;
  for (const row of changed) scope.touchedUsers.add(row.id);
  if (joining.length > 0) scope.serveTeams([teamId]);
  scope.emit(
    'team.membersSet',
    { teamId, added: joining.map((u) => u.id), removed: leaving.map((u) => u.id) },
    changed.map((row) => ({
      table: 'users' as const,
      op: 'put' as const,
      key: row.id,
      row: userRow(row),
      groups: [ORG_GROUP],
    })),
  );
}
