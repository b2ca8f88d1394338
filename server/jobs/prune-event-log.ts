import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { commandResults, events, organizations } from '../db/schema';

/** How long the log serves catch-up; a client away longer bootstraps again. */
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Deletes events older than the retention and raises each organization's floor to the last
 * deleted seq, so a cursor below it answers `reset` instead of silently missing events. Command
 * results go with them: a retry that late is a new command.
 */
export async function pruneEventLog(
  db: Db,
  now: Date,
  retentionDays = DEFAULT_RETENTION_DAYS,
): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const orgs = await db.select({ id: organizations.id }).from(organizations);
  let deleted = 0;
  for (const org of orgs) {
    deleted += await db.transaction(async (tx) => {
      const [edge] = await tx
        .select({ seq: sql<string | null>`max(${events.seq})` })
        .from(events)
        .where(and(eq(events.orgId, org.id), lt(events.at, cutoff)));
      const floor = Number(edge?.seq ?? 0);
      if (floor === 0) return 0;
      // The floor rises first: a reader never sees a hole below an unchanged floor.
      await tx
        .update(organizations)
        .set({ logFloorSeq: sql`greatest(${organizations.logFloorSeq}, ${floor})` })
        .where(eq(organizations.id, org.id));
      const gone = await tx
        .delete(events)
        .where(and(eq(events.orgId, org.id), lte(events.seq, floor)))
        .returning({ seq: events.seq });
      await tx
        .delete(commandResults)
        .where(and(eq(commandResults.orgId, org.id), lt(commandResults.createdAt, cutoff)));
      return gone.length;
    });
  }
  return { deleted };
}
