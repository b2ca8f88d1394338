import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';

/**
 * How fine the Users screen's "last activity" is. Syncing every stamp would send every colleague a
 * row per reply; the first command of each five-minute span is synced, which is what a list of
 * people needs ("active a few minutes ago") at one event per working person per five minutes.
 */
const SYNC_SPAN_MS = 5 * 60_000;

/**
 * Every command a staff member sends counts as activity: auto-break measures from the last one,
 * read by the timer when it fires. The stamp is synced to colleagues when it is the first of its
 * span (SYNC_SPAN_MS): the stored one is from an earlier span, or there is none.
 */
export async function noteActivity(scope: CommandScope, userId: string): Promise<void> {
  const now = scope.now;
  const spanStart = new Date(Math.floor(now.getTime() / SYNC_SPAN_MS) * SYNC_SPAN_MS);
  const [stale] = await scope.tx
    .update(users)
    .set({ lastActivityAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastActivityAt), lt(users.lastActivityAt, spanStart)),
      ),
    )
    .returning();
  if (stale) {
    scope.emit('user.updated', { userId }, [
      { table: 'users', op: 'put', key: userId, row: userRow(stale), groups: [ORG_GROUP] },
    ]);
    return;
  }
  await scope.tx.update(users).set({ lastActivityAt: now }).where(eq(users.id, userId));
}
