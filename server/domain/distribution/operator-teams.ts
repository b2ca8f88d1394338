import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

/** The teams an operator serves: the queues to look at when they have room again. */
export async function operatorTeams(scope: CommandScope, userId: string): Promise<string[]> {
  const [row] = await scope.tx
    .select({ teamIds: users.teamIds })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, scope.orgId)));
  return row?.teamIds ?? [];
}
