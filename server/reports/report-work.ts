import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { reportDirtyChats, reportPresenceChanges } from '../db/schema';

/** What appendEvents hands over: each event's id, type, data and the rows it changed. */
export type AppendedEvent = {
  id: string;
  type: string;
  data: Record<string, unknown>;
  changes: readonly { table: string; op: string; key: string; row?: unknown }[];
  /** When it happened, if not the append's own time (events of a group commit). */
  at?: Date | undefined;
};

/** The chat a change concerns: a chat row, or a message or history line of one. */
function chatOf(change: AppendedEvent['changes'][number]): string | null {
  if (change.table === 'chats') return change.key;
  if ((change.table === 'messages' || change.table === 'chatHistory') && change.op === 'put') {
    const row = change.row as { chatId?: unknown } | undefined;
    return typeof row?.chatId === 'string' ? row.chatId : null;
  }
  return null;
}

/**
 * Records, in the transaction that appends a command's events, what the reports must catch up
 * with (docs/reports.md): every chat the events changed goes on the dirty list (an idempotent
 * upsert, one small row per chat), and every presence change (In work / Break, online) is kept
 * for working time. The reports worker does the rest after commit, so a command pays for two
 * small inserts at most.
 */
export async function recordReportWork(
  tx: Tx,
  orgId: string,
  at: Date,
  events: readonly AppendedEvent[],
): Promise<void> {
  const chatIds = new Set<string>();
  const presence: (typeof reportPresenceChanges.$inferInsert)[] = [];
  for (const event of events) {
    for (const change of event.changes) {
      const chatId = chatOf(change);
      if (chatId) chatIds.add(chatId);
    }
    const operatorId = event.data.userId;
    if (typeof operatorId !== 'string') continue;
    if (event.type === 'operator.statusChanged') {
      const status = event.data.status;
      if (status === 'in_work' || status === 'break')
        presence.push({ id: event.id, orgId, operatorId, at: event.at ?? at, status });
    } else if (event.type === 'user.updated' && typeof event.data.online === 'boolean') {
      presence.push({
        id: event.id,
        orgId,
        operatorId,
        at: event.at ?? at,
        online: event.data.online,
      });
    }
  }
  if (chatIds.size > 0)
    await tx
      .insert(reportDirtyChats)
      .values([...chatIds].sort().map((chatId) => ({ chatId, orgId, markedAt: at })))
      .onConflictDoUpdate({
        target: reportDirtyChats.chatId,
        // A chat a worker is computing stays listed: its new generation outlives that work.
        set: {
          markedAt: sql`excluded.marked_at`,
          generation: sql`${reportDirtyChats.generation} + 1`,
          claimedAt: null,
        },
      });
  if (presence.length > 0)
    await tx.insert(reportPresenceChanges).values(presence).onConflictDoNothing();
}
