import { newId, type Actor } from '../../../src/protocol';
import type { Database, Tx } from '../../db/database';
import type { Viewer } from '../../auth/viewer';
import { appendEvents } from '../../sync/event-log';
import { CommandScope } from './command-scope';
import { settleDistribution } from '../distribution/settle';
import { noteActivity } from '../distribution/operator-activity';

export type ScopeCaller = { orgId: string; actor: Actor; viewer: Viewer | null };

/**
 * Runs one unit of work (a command, a timer, a presence change) in a transaction: the work, then
 * what distribution owes it (serving queues, the chats' and operators' timers), then its events
 * in the log. Returns the last appended seq, or null when nothing changed.
 */
export async function runInScope(
  database: Database,
  tx: Tx,
  caller: ScopeCaller,
  options: { commandId: string | null; now: Date; prepared?: unknown },
  work: (scope: CommandScope) => Promise<void>,
): Promise<number | null> {
  const scope = new CommandScope(tx, caller.orgId, caller.actor, caller.viewer, options.now, newId);
  scope.prepared = options.prepared;
  await work(scope);
  await settleDistribution(scope);
  // Locks are taken in one order everywhere: chats, the distribution lock, users, the log. The
  // acting staff member's activity stamp (their user row) therefore comes after distribution,
  // which writes operators' rows under its lock, and before the log.
  if (caller.viewer) await noteActivity(scope, caller.viewer.id);
  return appendEvents(
    tx,
    {
      orgId: caller.orgId,
      actor: caller.actor,
      commandId: options.commandId,
      at: scope.now,
      notify: database.kind === 'postgres',
    },
    scope.pending,
    newId,
  );
}
