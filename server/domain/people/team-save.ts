import { and, eq, ne, sql } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { teams } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { teamRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { touchOpenChats } from '../distribution/open-chats';

type TeamSave = CommandPayload<'team.create'>;

/** Team names are unique in an organization regardless of case: "Support" and "support" would read as one. */
async function refuseTakenName(scope: CommandScope, name: string, teamId: string): Promise<void> {
  const [taken] = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.orgId, scope.orgId),
        ne(teams.id, teamId),
        sql`lower(${teams.name}) = lower(${name})`,
      ),
    );
  if (taken) fail('TEAM_EXISTS');
}

/** A team of this organization, its row locked until commit. */
export async function lockTeam(scope: CommandScope, teamId: string): Promise<void> {
  const [found] = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, scope.orgId)))
    .for('update');
  if (!found) fail('TEAM_NOT_FOUND');
}

/** A new team (spec §2 Teams): its distribution settings are given with it. */
export async function teamCreate(scope: CommandScope, payload: TeamSave): Promise<void> {
  requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { teamId, ...fields } = payload;
  const [used] = await scope.tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (used) fail('VALIDATION_FAILED', { field: 'teamId' });
  await refuseTakenName(scope, fields.name, teamId);
  const [row] = await scope.tx
    .insert(teams)
    .values({
      id: teamId,
      orgId: scope.orgId,
      ...fields,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('team insert returned nothing');
  scope.emit('team.created', { teamId, name: row.name }, [
    { table: 'teams', op: 'put', key: row.id, row: teamRow(row), groups: [ORG_GROUP] },
  ]);
}

/**
 * A team saved whole from its side panel. Its distribution settings act as team.setDistribution's
 * do: the queue is served at once and the open chats' timers are set again.
 */
export async function teamUpdate(scope: CommandScope, payload: TeamSave): Promise<void> {
  requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { teamId, ...fields } = payload;
  await lockTeam(scope, teamId);
  await refuseTakenName(scope, fields.name, teamId);
  const [row] = await scope.tx
    .update(teams)
    .set({ ...fields, updatedAt: scope.now })
    .where(eq(teams.id, teamId))
    .returning();
  if (!row) fail('TEAM_NOT_FOUND');
  await touchOpenChats(scope, { teamId });
  scope.serveTeams([teamId]);
  scope.emit('team.updated', { teamId, ...fields }, [
    { table: 'teams', op: 'put', key: row.id, row: teamRow(row), groups: [ORG_GROUP] },
  ]);
}
