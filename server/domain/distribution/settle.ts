import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { chats } from '../../db/schema';
import type { CommandScope } from '../command-scope';
import { serveQueues } from './serve-queue';
import { scheduleChatTimers, scheduleUserTimers } from './schedule-timers';

/**
 * A queue serve skips the waiting chats another transaction holds (FOR UPDATE SKIP LOCKED), so
 * whatever held one — a customer's follow-up, a note, a timer — serves its team before it
 * commits; else a chat could wait beside a free operator until something else served the queue.
 */
async function serveSkippedChats(scope: CommandScope): Promise<void> {
  const held = changedKeys(scope, 'chats', new Set([...scope.lockedChats, ...scope.touchedChats]));
  if (held.length === 0) return;
  const waiting = await scope.tx
    .selectDistinct({ teamId: chats.teamId })
    .from(chats)
    .where(
      and(
        inArray(chats.id, held),
        eq(chats.status, 'pending'),
        isNull(chats.operatorId),
        isNotNull(chats.teamId),
      ),
    );
  scope.serveTeams(waiting.map((row) => row.teamId));
}

const changedKeys = (scope: CommandScope, table: string, extra: ReadonlySet<string>): string[] => {
  const keys = new Set(extra);
  for (const event of scope.pending)
    for (const change of event.changes) if (change.table === table) keys.add(change.key);
  return [...keys];
};

/**
 * What every unit of work owes distribution before it commits: the queues it asked for are
 * served, then every chat and operator it changed gets its timers set from the state it leaves.
 */
export async function settleDistribution(scope: CommandScope): Promise<void> {
  await serveSkippedChats(scope);
  await serveQueues(scope);
  await scheduleChatTimers(scope, changedKeys(scope, 'chats', scope.touchedChats));
  await scheduleUserTimers(scope, changedKeys(scope, 'users', scope.touchedUsers));
}
