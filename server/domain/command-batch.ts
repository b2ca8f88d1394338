import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  newId,
  type CommandPayload,
  type CommandResult,
  type CommandType,
} from '../../src/protocol';
import type { Tx } from '../db/database';
import { commandResults, users } from '../db/schema';
import { bulkInsert, iso, json, type Column } from '../db/bulk-insert';
import {
  appendEvents,
  currentSeq,
  lockOrganizationLog,
  type PendingEvent,
} from '../sync/event-log';
import type { CommandHandler } from './core/area-handlers';
import { CommandScope } from './core/command-scope';
import { DomainError } from './core/domain-error';
import { settleScope } from './core/run-in-scope';
import { lostRace, uniqueRefusal, uniqueViolation } from './core/unique-refusal';
import { COMMAND_HANDLERS } from './command-handlers';
import {
  intake,
  rejection,
  storedAnswer,
  type CommandCaller,
  type CommandDeps,
  type Intake,
  type StoredResult,
} from './execute-command';
import { receiveTogether, type ReceiveItem } from './messages/receive-together';
import { sendTogether, type SendItem } from './messages/send-together';
import { noteActivity } from './distribution/operator-activity';
import type { CommandEnvelope } from '../../src/protocol';

export type BatchItem = { caller: CommandCaller; command: CommandEnvelope };

/** How a command of a batch ended: answered, failed unexpectedly, or to be run by itself. */
export type BatchOutcome =
  | { kind: 'answered'; result: CommandResult }
  | { kind: 'failed'; error: unknown }
  | { kind: 'alone' };

/** A command's fate inside the transaction, before the batch's seqs are known. */
type Fate =
  | { kind: 'refused'; result: CommandResult; store: boolean }
  | { kind: 'applied'; eventsUpTo: number }
  | { kind: 'failed'; error: unknown }
  | { kind: 'sameAs'; index: number };

type Running = {
  tx: Tx;
  deps: CommandDeps;
  orgId: string;
  items: readonly BatchItem[];
  intakes: readonly Intake[];
  fates: Map<number, Fate>;
  /** Every event of the batch in the order the work ran, so the log ends on the newest rows. */
  events: PendingEvent[];
  /** Staff members acting in the batch: when their first and last command ran. */
  stamped: Map<string, { first: Date; last: Date }>;
  channelWork: { deliver: boolean; receivers: boolean };
  lastNow: number;
};

/**
 * Each command its own instant, after the one before it in the batch: a chat's messages sort by
 * their time, and ties would fall to their ids, which a channel may choose in any order. The
 * first command of a batch takes the clock's time; a later one at most a millisecond per command
 * ahead of the clock, and only while the batch runs faster than that.
 */
function nextNow(run: Running): Date {
  const now = Math.max(run.deps.clock.now().getTime(), run.lastNow + 1);
  run.lastNow = now;
  return new Date(now);
}

type ResultRow = typeof commandResults.$inferInsert;

/** A group's stored results as one set-based insert (bulk-insert.ts): one per command. */
const RESULT_COLUMNS: readonly Column<ResultRow>[] = [
  ['org_id', 'uuid', (r) => r.orgId],
  ['command_id', 'uuid', (r) => r.commandId],
  ['sender', 'text', (r) => r.sender ?? ''],
  ['fingerprint', 'text', (r) => r.fingerprint ?? ''],
  ['result', 'jsonb', (r) => json(r.result)],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
];

/** The batch's own time: its last command's, or the clock's when none ran. */
const batchTime = (run: Running): Date =>
  new Date(Number.isFinite(run.lastNow) ? run.lastNow : run.deps.clock.now().getTime());

function keepEvents(run: Running, scope: CommandScope, index: number): void {
  const { caller, command } = run.items[index] as BatchItem;
  for (const event of scope.pending)
    run.events.push({
      ...event,
      actor: event.actor ?? caller.actor,
      commandId: event.commandId === undefined ? command.id : event.commandId,
      at: event.at ?? scope.now,
    });
  run.channelWork.deliver ||= scope.channelWork.deliver;
  run.channelWork.receivers ||= scope.channelWork.receivers;
}

/**
 * One command in a savepoint of the batch's transaction: a refusal rolls back its own changes
 * only, and is remembered like any result. A race lost to a writer that does not take the
 * organization's lock fails the whole batch, whose commands then run one by one.
 */
async function runOne(run: Running, index: number): Promise<void> {
  const { caller, command } = run.items[index] as BatchItem;
  const checked = run.intakes[index] as Intake & { ok: true };
  const now = nextNow(run);
  const viewerId = caller.viewer?.id;
  const stampedAt = viewerId === undefined ? undefined : run.stamped.get(viewerId);
  try {
    const scope = await run.tx.transaction(async (savepoint) => {
      const scope = new CommandScope(savepoint, run.orgId, caller.actor, caller.viewer, now, newId);
      await (COMMAND_HANDLERS[checked.type] as CommandHandler<CommandType>)(
        scope,
        checked.payload as CommandPayload<CommandType>,
      );
      // A staff member's activity is stamped by their first command of the batch; the rest move
      // the stamp once at the end (stampActivity), as one command would.
      await settleScope(scope, { activity: stampedAt === undefined });
      return scope;
    });
    if (viewerId !== undefined)
      run.stamped.set(viewerId, { first: stampedAt?.first ?? now, last: now });
    keepEvents(run, scope, index);
    run.fates.set(index, { kind: 'applied', eventsUpTo: run.events.length });
  } catch (error) {
    if (error instanceof DomainError) {
      run.fates.set(index, {
        kind: 'refused',
        result: rejection(command.id, error, caller.viewer),
        store: true,
      });
      return;
    }
    const violated = uniqueViolation(error);
    const named = violated && uniqueRefusal(violated);
    // Lost to a writer outside the organization's lock: the batch is undone and its commands run
    // one by one, in order, each retrying as a single command does.
    if (!named && lostRace(error)) throw error;
    // A unique index broken inside one organization's lock is the command's own doing (two of
    // the batch's commands claiming one name): answered as the single path's retry would.
    if (named) {
      run.fates.set(index, {
        kind: 'refused',
        result: rejection(command.id, new DomainError(named), caller.viewer),
        store: false,
      });
      return;
    }
    run.fates.set(index, { kind: 'failed', error });
  }
}

/** The kinds of command a batch can take set by set, and the runs of them it groups. */
type Together = 'receive' | 'send';

function togetherKind(checked: Intake, caller: CommandCaller): Together | null {
  if (!checked.ok) return null;
  if (checked.type === 'message.receive' && caller.viewer === null) return 'receive';
  if (checked.type === 'message.send' && caller.viewer !== null) return 'send';
  return null;
}

/**
 * Messages of the batch that came one after another, all customers' or all staff's: those
 * receiveTogether or sendTogether can take set by set go in one savepoint, the rest one by one
 * after them. A staff member's first command of the batch stamps their activity, as alone.
 */
async function runTogether(
  run: Running,
  kind: Together,
  indexes: readonly number[],
): Promise<void> {
  if (indexes.length === 0) return;
  const byCommand = new Map(
    indexes.map((index) => [(run.items[index] as BatchItem).command.id, index]),
  );
  const items = indexes.map((index) => {
    const { caller, command } = run.items[index] as BatchItem;
    return {
      index,
      commandId: command.id,
      actor: caller.actor,
      viewer: caller.viewer,
      payload: (run.intakes[index] as Intake & { ok: true }).payload,
      now: nextNow(run),
    };
  });
  const last = items.at(-1)?.now ?? new Date(run.lastNow);
  let done: { took: number[]; scope: CommandScope; stamped: string[] } | undefined;
  try {
    done = await run.tx.transaction(async (savepoint) => {
      const scope = new CommandScope(savepoint, run.orgId, { kind: 'system' }, null, last, newId);
      const took =
        kind === 'receive'
          ? await receiveTogether(scope, items as ReceiveItem[])
          : await sendTogether(scope, items as SendItem[]);
      await settleScope(scope, { activity: false });
      const stamped: string[] = [];
      for (const index of took) {
        const viewer = (run.items[index] as BatchItem).caller.viewer;
        if (!viewer || run.stamped.has(viewer.id) || stamped.includes(viewer.id)) continue;
        await noteActivity(scope, viewer.id);
        stamped.push(viewer.id);
      }
      return { took, scope, stamped };
    });
  } catch (error) {
    // The set-by-set way could not take them: each runs by itself, as it would have alone.
    console.error('messages taken one by one after their grouped write failed', error);
  }
  const took = new Set(done?.took ?? []);
  if (done) {
    // Each message's own event answers its command; what distribution did after them (a queue
    // served, timers) belongs to no one command.
    for (const event of done.scope.pending) {
      // The messages left to run one by one come after every message written together.
      if (event.at) run.lastNow = Math.max(run.lastNow, event.at.getTime());
      run.events.push({ ...event, at: event.at ?? last });
      const index = event.commandId ? byCommand.get(event.commandId) : undefined;
      if (index !== undefined)
        run.fates.set(index, { kind: 'applied', eventsUpTo: run.events.length });
    }
    const itemOf = new Map(items.map((item) => [item.index, item]));
    for (const index of took) {
      const viewer = (run.items[index] as BatchItem).caller.viewer;
      const item = itemOf.get(index);
      if (!viewer || !item) continue;
      const first = run.stamped.get(viewer.id)?.first ?? item.now;
      run.stamped.set(viewer.id, { first, last: item.now });
    }
    run.channelWork.deliver ||= done.scope.channelWork.deliver;
  }
  for (const index of indexes) if (!took.has(index)) await runOne(run, index);
}

/** The results the batch's ids already have, read under the organization's lock. */
async function storedResults(
  tx: Tx,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, StoredResult>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      commandId: commandResults.commandId,
      result: commandResults.result,
      sender: commandResults.sender,
      fingerprint: commandResults.fingerprint,
    })
    .from(commandResults)
    .where(and(eq(commandResults.orgId, orgId), inArray(commandResults.commandId, [...ids])));
  return new Map(rows.map((row) => [row.commandId, row]));
}

/** Staff members with more than one command in the batch: their activity stamp moves to the last. */
async function stampActivity(run: Running): Promise<void> {
  for (const [userId, { first, last }] of run.stamped) {
    if (first.getTime() === last.getTime()) continue;
    await run.tx.update(users).set({ lastActivityAt: last }).where(eq(users.id, userId));
  }
}

/**
 * Group commit: the commands queued for one organization run in one transaction under the
 * organization's lock, each in a savepoint of its own (a refusal undoes only its command), runs of
 * customers' messages set by set; then the events of them all are appended in one INSERT, their
 * results stored in one, and one NOTIFY wakes the instances. Each command keeps its own result
 * and idempotency record, exactly as run alone. Commands that ask a provider first are left to
 * run alone, and if the transaction itself fails, nothing of it is stored and every command runs
 * alone, where a bad one fails by itself.
 */
export async function executeBatch(
  deps: CommandDeps,
  orgId: string,
  items: readonly BatchItem[],
): Promise<BatchOutcome[]> {
  const intakes = items.map((item) => intake(item.caller, item.command));
  const outcomes: BatchOutcome[] = items.map(() => ({ kind: 'alone' }));
  const { db } = deps.database;
  let finished: { run: Running; seqs: Map<number, number> };
  try {
    finished = await db.transaction(async (tx) => {
      await lockOrganizationLog(tx, orgId);
      const current: Running = {
        tx,
        deps,
        orgId,
        items,
        intakes,
        fates: new Map(),
        events: [],
        stamped: new Map(),
        channelWork: { deliver: false, receivers: false },
        lastNow: Number.NEGATIVE_INFINITY,
      };
      const stored = await storedResults(
        tx,
        orgId,
        items.map((item) => item.command.id),
      );
      const firstWithId = new Map<string, number>();
      let run: number[] = [];
      let runKind: Together | null = null;
      for (const [index, { caller, command }] of items.entries()) {
        const checked = intakes[index] as Intake;
        const earlier = stored.get(command.id);
        const asked = { id: command.id, ...checked, viewer: caller.viewer };
        if (earlier) {
          current.fates.set(index, {
            kind: 'refused',
            result: storedAnswer(earlier, asked),
            store: false,
          });
          continue;
        }
        const first = firstWithId.get(command.id);
        if (first !== undefined) {
          current.fates.set(index, { kind: 'sameAs', index: first });
          continue;
        }
        firstWithId.set(command.id, index);
        if (!checked.ok) {
          current.fates.set(index, {
            kind: 'refused',
            result: rejection(command.id, checked.error, caller.viewer),
            store: true,
          });
          continue;
        }
        const kind = togetherKind(checked, caller);
        if (kind !== runKind && runKind !== null) {
          await runTogether(current, runKind, run);
          run = [];
        }
        runKind = kind;
        if (kind !== null) run.push(index);
        else await runOne(current, index);
      }
      if (runKind !== null) await runTogether(current, runKind, run);
      await stampActivity(current);

      const last = await appendEvents(
        tx,
        {
          orgId,
          actor: { kind: 'system' },
          commandId: null,
          at: batchTime(current),
          notify: deps.database.kind === 'postgres',
          locked: true,
        },
        current.events,
        newId,
      );
      const applied = [...current.fates.values()].some((fate) => fate.kind === 'applied');
      const head = last ?? (applied ? await currentSeq(tx, orgId) : 0);
      const before = head - current.events.length;
      const seqs = new Map<number, number>();
      const results: (typeof commandResults.$inferInsert)[] = [];
      const createdAt = batchTime(current);
      for (const [index, fate] of current.fates) {
        const { command } = items[index] as BatchItem;
        const { sender, fingerprint } = intakes[index] as Intake;
        const stored = { orgId, commandId: command.id, sender, fingerprint, createdAt };
        if (fate.kind === 'applied') {
          // A command that changed nothing is answered with the seq the log had when it ran.
          const seq = before + fate.eventsUpTo;
          seqs.set(index, seq);
          results.push({ ...stored, result: { id: command.id, ok: true, seq } });
        } else if (fate.kind === 'refused' && fate.store) {
          results.push({ ...stored, result: fate.result });
        }
      }
      if (results.length > 0) {
        const kept = await bulkInsert(
          tx,
          'command_results',
          RESULT_COLUMNS,
          results,
          sql`on conflict do nothing returning command_id`,
        );
        // A refusal stored by a single command's path outside the lock: run them all alone.
        if (kept.length !== results.length)
          throw new Error('a command result was stored meanwhile');
      }
      return { run: current, seqs };
    });
  } catch (error) {
    if (!lostRace(error))
      console.error(`command batch of ${String(items.length)} failed; running each alone`, error);
    return outcomes;
  }
  const { run: done, seqs: finalSeqs } = finished;
  for (const [index, fate] of done.fates) {
    const { command } = items[index] as BatchItem;
    if (fate.kind === 'applied')
      outcomes[index] = {
        kind: 'answered',
        result: { id: command.id, ok: true, seq: finalSeqs.get(index) ?? 0 },
      };
    else if (fate.kind === 'refused') outcomes[index] = { kind: 'answered', result: fate.result };
    else if (fate.kind === 'failed') outcomes[index] = { kind: 'failed', error: fate.error };
  }
  for (const [index, fate] of done.fates) {
    if (fate.kind !== 'sameAs') continue;
    const { caller, command } = items[index] as BatchItem;
    const firstOutcome = outcomes[fate.index] as BatchOutcome;
    const firstIntake = intakes[fate.index] as Intake;
    const checked = intakes[index] as Intake;
    const same =
      firstIntake.sender === checked.sender && firstIntake.fingerprint === checked.fingerprint;
    outcomes[index] = !same
      ? {
          kind: 'answered',
          result: rejection(command.id, new DomainError('COMMAND_ID_CONFLICT'), caller.viewer),
        }
      : firstOutcome;
  }
  if (done.events.length > 0) deps.wake(orgId);
  if (done.channelWork.deliver || done.channelWork.receivers) deps.channelWork?.(done.channelWork);
  return outcomes;
}
