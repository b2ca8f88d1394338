import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { organizations } from '../db/schema';
import { currentSeq } from './event-log';

/**
 * Whether a client's cursor can be served from the log. Older than the pruned floor, or newer
 * than anything this database has (a cursor from another installation), means bootstrap again.
 */
export async function cursorServable(
  db: Db,
  orgId: string,
  after: number,
): Promise<{ ok: boolean; head: number }> {
  const [org] = await db
    .select({ floor: organizations.logFloorSeq })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const head = await currentSeq(db, orgId);
  return { ok: after >= (org?.floor ?? 0) && after <= head, head };
}
