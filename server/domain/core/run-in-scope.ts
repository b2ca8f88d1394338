import { newId, type Actor } from '../../../src/protocol';
import type { Database, Tx } from '../../db/database';
import type { Viewer } from '../../auth/viewer';
import { appendEvents, lockOrganizationLog } from '../../sync/event-log';
import { CommandScope } from './command-scope';
import { settleDistribution } from '../distribution/settle';
import { noteActivity } from '../distribution/operator-activity';

export type ScopeCaller = { orgId: string; actor: Actor; viewer: Viewer | null };

/**
 * What every unit of work owes before its events are appended: what distribution owes it
 * (serving queues, the chats' and operators' timers), then the acting staff member's activity
 * stamp. Locks are taken in one order everywhere: the organization, chats, the distribution lock,
 * users; the stamp (their user row) therefore comes after distribution, which writes operators'
 * rows under its lock.
 */
export async function settleScope(
  scope: CommandScope,
  options: { activity: boolean } = { activity: true },
): Promise<void> {
  await settleDistribution(scope);
  if (scope.viewer && options.activity) await noteActivity(scope, scope.viewer.id);
}

/**
 * Runs one unit of work (a timer, a presence change, a channel's report) in a transaction: the
 * organization's lock first, the work, what it owes (settleScope), then its events in the log.
 * Returns the last appended seq, or null when nothing changed. Commands run in groups instead
 * (command-batch.ts), with the same steps per command.
 */
export async function runInScope(
  database: Database,
  tx: Tx,
  caller: ScopeCaller,
  options: { commandId: string | null; now: Date; prepared?: unknown },
  work: (scope: CommandScope) => Promise<void>,
): Promise<number | null> {
  await lockOrganizationLog(tx, caller.orgId);
  const scope = new CommandScope(tx, caller.orgId, caller.actor, caller.viewer, options.now, newId);
  scope.prepared = options.prepared;
  await work(scope);
  await settleScope(scope);
  return appendEvents(
    tx,
    {
      orgId: caller.orgId,
      actor: caller.actor,
      commandId: options.commandId,
      at: scope.now,
      notify: database.kind === 'postgres',
      locked: true,
    },
    scope.pending,
    newId,
  );
}
