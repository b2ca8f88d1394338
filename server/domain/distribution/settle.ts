import type { CommandScope } from '../command-scope';
import { serveQueues } from './serve-queue';
import { scheduleChatTimers, scheduleUserTimers } from './schedule-timers';

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
  await serveQueues(scope);
  await scheduleChatTimers(scope, changedKeys(scope, 'chats', scope.touchedChats));
  await scheduleUserTimers(scope, changedKeys(scope, 'users', scope.touchedUsers));
}
