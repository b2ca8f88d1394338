import { and, eq, inArray } from 'drizzle-orm';
import { teams } from '../../db/schema';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';

/**
 * A list of team ids a command assigns (a user's teams, the teams a category or template is
 * offered to): each one this organization's, else TEAM_NOT_FOUND; repeats dropped.
 */
export async function checkTeams(
  scope: CommandScope,
  teamIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(teamIds)];
  if (unique.length === 0) return unique;
  const found = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, unique), eq(teams.orgId, scope.orgId)));
  if (found.length !== unique.length) fail('TEAM_NOT_FOUND', { field: 'teamIds' });
  return unique;
}
