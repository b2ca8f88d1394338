import { eq } from 'drizzle-orm';
import { categoryLabels } from '../../../src/protocol';
import type { ReportNames, ReportQuery } from '../../../src/protocol/reports';
import type { Db } from '../../db/database';
import { channels, requestCategories, teams, users } from '../../db/schema';
import type { FilterNames } from './report-sheet';

const byId = (rows: readonly { id: string; name: string }[]): Record<string, string> =>
  Object.fromEntries(rows.map((row) => [row.id, row.name]));

/**
 * The organization's names a download's rows are labelled with (the browser reads the same from
 * its local store), and the names of what the query filters by.
 */
export async function reportNames(
  db: Db,
  orgId: string,
  query: ReportQuery,
): Promise<{ names: ReportNames; filters: FilterNames }> {
  const [channelRows, teamRows, userRows, categoryRows] = await Promise.all([
    db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(eq(channels.orgId, orgId)),
    db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.orgId, orgId)),
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.orgId, orgId)),
    db
      .select({
        id: requestCategories.id,
        parentId: requestCategories.parentId,
        name: requestCategories.name,
      })
      .from(requestCategories)
      .where(eq(requestCategories.orgId, orgId)),
  ]);
  const names: ReportNames = {
    channels: byId(channelRows),
    teams: byId(teamRows),
    operators: byId(userRows),
    // Retired ones too: closed chats of the period still carry them.
    categories: categoryLabels(categoryRows),
  };
  const filters: FilterNames = {};
  if (query.channelId) filters.channel = names.channels[query.channelId];
  if (query.teamId) filters.team = names.teams[query.teamId];
  if (query.operatorId) filters.operator = names.operators[query.operatorId];
  return { names, filters };
}
