import { inArray } from 'drizzle-orm';
import type { Chat } from '../../../src/protocol';
import { chats } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
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
  // The rows this work wrote say where those chats stand; only chats it merely held are read.
  const written = new Map<string, Placement>();
  for (const event of scope.pending)
    for (const change of event.changes)
      if (change.table === 'chats' && change.op === 'put')
        written.set(change.key, change.row as unknown as Placement);
  const unread = held.filter((id) => !written.has(id));
  const read =
    unread.length === 0
      ? []
      : await scope.tx
          .select({ status: chats.status, operatorId: chats.operatorId, teamId: chats.teamId })
          .from(chats)
          .where(inArray(chats.id, unread));
  for (const chat of [...written.values(), ...read])
    if (chat.status === 'pending' && chat.operatorId === null) scope.serveTeams([chat.teamId]);
}

type Placement = Pick<Chat, 'status' | 'operatorId' | 'teamId'>;

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
