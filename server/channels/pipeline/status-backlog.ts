import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { channelStatusBacklog } from '../../db/schema';

/** How long a report waits for what it names: Meta's answers come within seconds, never a day. */
export const BACKLOG_KEEP_MS = 86_400_000;

type Kind = 'message' | 'template';

/** One report as kept: the provider's id of what it names, the status, and its reason if any. */
export type EarlyReport = { providerId: string; status: string; reason: string | null };

/**
 * Keeps reports whose message or template is not known by that provider id yet (docs/channels.md
 * "Statuses"): the same report twice is kept once. Reports older than BACKLOG_KEEP_MS are dropped
 * on the way: whatever they named was never ours.
 */
export async function keepForLater(
  db: Db,
  channelId: string,
  kind: Kind,
  reports: readonly EarlyReport[],
  now: Date,
): Promise<void> {
  if (reports.length === 0) return;
  await db
    .delete(channelStatusBacklog)
    .where(lt(channelStatusBacklog.receivedAt, new Date(now.getTime() - BACKLOG_KEEP_MS)));
  await db
    .insert(channelStatusBacklog)
    .values(reports.map((report) => ({ ...report, channelId, kind, receivedAt: now })))
    .onConflictDoNothing();
}

/** Takes the reports kept for this provider id, in the order they came; they are gone after. */
export async function takeEarlyReports(
  db: Db,
  channelId: string,
  kind: Kind,
  providerId: string,
): Promise<EarlyReport[]> {
  const taken = await db
    .delete(channelStatusBacklog)
    .where(
      and(
        eq(channelStatusBacklog.channelId, channelId),
        eq(channelStatusBacklog.kind, kind),
        eq(channelStatusBacklog.providerId, providerId),
      ),
    )
    .returning();
  return taken
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
    .map(({ providerId: id, status, reason }) => ({ providerId: id, status, reason }));
}
