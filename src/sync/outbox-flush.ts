import {
  recordAttempt,
  recordResults,
  recordUnexpectedFailures,
  type InboxDb,
  type OutboxRow,
  type PredictContext,
} from '../store';
import type { ApiError, CommandEnvelope, CommandResult } from '../protocol';
import { HttpError, type SyncApi } from './api-client';
import {
  BATCH_LIMITS,
  UNEXPECTED_FAILURES_TO_REFUSE,
  cutBatch,
  grown,
  halved,
  isUnexpectedFailure,
  stepAfter,
  tooLargeError,
  type BatchLimits,
} from './command-batch';

export { FLUSH_BATCH } from './command-batch';

/** The Web Lock that keeps the worker and the service worker from flushing one outbox at once. */
export const outboxLockName = (dbName: string): string => `${dbName}:outbox-flush`;

export type FlushOutcome = {
  sent: number;
  rejected: OutboxRow[];
  /**
   * Ids of commands the server failed on unexpectedly in this flush, still pending: the caller
   * tries them again after a pause. The commands after them were sent meanwhile.
   */
  heldBack: string[];
};

export type FlushOptions = {
  /** Kept by the caller across flushes (see FlushPace). */
  pace?: FlushPace;
  /** Commands held back by an earlier flush whose retry is not yet due: the others go. */
  skip?: ReadonlySet<string>;
  limits?: BatchLimits;
};

/**
 * How many commands the next request carries. It is halved after the server failed on a whole
 * request (a 5xx), so a batch that breaks the server, or takes longer than a proxy waits, is
 * searched for its cause instead of sent whole for ever, and doubles back after a good answer.
 * The sync engine keeps one across flushes, since a pause comes between them.
 */
export type FlushPace = { size: number };

export const freshPace = (limits: BatchLimits = BATCH_LIMITS): FlushPace => ({
  size: limits.maxCount,
});

/**
 * Uploads the files of a batch's commands before the commands go. A file the server refuses
 * (type, size) refuses its command with that error, so the message is not sent without it.
 * Returns the commands ready to send.
 */
async function uploadFiles(
  db: InboxDb,
  api: SyncApi,
  batch: OutboxRow[],
  ctx: PredictContext,
  rejected: OutboxRow[],
): Promise<OutboxRow[]> {
  // One read for the whole batch: most commands carry no file.
  const waiting = await db.files
    .where('commandId')
    .anyOf(batch.map((command) => command.id))
    .toArray();
  const ready: OutboxRow[] = [];
  for (const command of batch) {
    let refusal: CommandResult | undefined;
    for (const file of waiting.filter((f) => f.commandId === command.id)) {
      const outcome = await api.uploadFile(file);
      if (!outcome.ok) {
        refusal = { id: command.id, ok: false, error: outcome.error };
        break;
      }
      await db.files.delete(file.id);
    }
    if (refusal) rejected.push(...(await recordResults(db, [refusal], ctx)));
    else ready.push(command);
  }
  return ready;
}

const envelopeOf = (row: OutboxRow): CommandEnvelope => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
});

/** The oldest pending commands, leaving out those set aside or still in flight in this flush. */
async function nextPending(
  db: InboxDb,
  leaveOut: ReadonlySet<string>,
  count: number,
): Promise<OutboxRow[]> {
  // The state index keeps equal states in key order (n): the oldest pending come first.
  const rows = await db.outbox
    .where('state')
    .equals('pending')
    .limit(count + leaveOut.size)
    .toArray();
  return rows.filter((row) => !leaveOut.has(row.id)).slice(0, count);
}

/**
 * A command the server failed on before goes in a request of its own, so it cannot take a request
 * with others down again: the oldest rows up to the first such command, or that command alone.
 */
function alonePastFailures(rows: OutboxRow[]): OutboxRow[] {
  const failed = rows.findIndex((row) => (row.failures ?? 0) > 0);
  if (failed < 0) return rows;
  return failed === 0 ? rows.slice(0, 1) : rows.slice(0, failed);
}

/**
 * Sends pending commands in creation order, in requests cut to the server's count and body
 * limits (command-batch.ts), until none is left. Each keeps its id, so a batch re-sent after a
 * lost answer is answered from the server's stored results instead of applied twice.
 *
 * One request is out at a time, so the server applies them in order; but the local store's work
 * is kept off that chain: the next batch is read while a request is out, and a batch's answers are
 * recorded while the next request is out (they concern other commands). Any answer but results
 * waits for the recordings first, so what follows it sees the outbox as before.
 *
 * A command no request can carry, or one the server refuses by name, is refused for the user to
 * see; one the server fails on unexpectedly is set aside for a later try (refused after a few) and
 * the commands after it go. When the server gives no answer of its own (network, 502/503/504),
 * the error propagates to the caller, which retries with backoff: a server that is away never
 * turns a command into a refusal.
 */
export async function flushOutbox(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
  locks: LockManager | undefined,
  { pace = freshPace(), skip = new Set(), limits = BATCH_LIMITS }: FlushOptions = {},
): Promise<FlushOutcome> {
  const run = async (): Promise<FlushOutcome> => {
    let sent = 0;
    const rejected: OutboxRow[] = [];
    /** Held back for a later flush: the rest of this one goes without them. */
    const setAside = new Set<string>(skip);
    /** Sent in this flush, answers not yet recorded: still pending in the store meanwhile. */
    const unrecorded = new Set<string>();
    /** Failed alone as a whole request: the command's fault only if the server takes others. */
    const failedAlone: { id: string; error: ApiError }[] = [];
    /** The server applied or refused by name some command of this flush: it is working. */
    let taken = false;
    /** The last request was one command the server failed on as a whole. */
    let lastFailedAlone = false;
    /** The recordings of answers, one after another, behind the requests. */
    let recording: Promise<void> = Promise.resolve();
    let recordFailure: { error: unknown } | undefined;
    /** The next batch, read while the last request was out. */
    let readAhead: Promise<OutboxRow[]> | undefined;

    const record = async (results: CommandResult[]) => {
      rejected.push(...(await recordResults(db, results, ctx)));
    };
    const recordBehind = (answered: string[], work: () => Promise<void>) => {
      recording = recording
        .then(work)
        .catch((error: unknown) => {
          recordFailure ??= { error };
        })
        .finally(() => {
          for (const id of answered) unrecorded.delete(id);
        });
    };
    /** Every answer recorded: a failure to write the store stops the flush as it did inline. */
    const drain = async () => {
      await recording;
      if (recordFailure) throw recordFailure.error;
    };
    const leftOut = () => new Set([...setAside, ...unrecorded]);

    for (;;) {
      if (recordFailure) await drain();
      const candidates = await (readAhead ?? nextPending(db, leftOut(), limits.maxCount));
      readAhead = undefined;
      const rows = alonePastFailures(
        candidates
          .filter((row) => !setAside.has(row.id) && !unrecorded.has(row.id))
          .slice(0, Math.min(pace.size, limits.maxCount)),
      );
      if (rows.length === 0) {
        if (unrecorded.size === 0) break;
        // Answers still being recorded may set commands aside or leave some pending: look again.
        await drain();
        continue;
      }
      const cut = cutBatch(rows.map(envelopeOf), { ...limits, maxCount: pace.size });
      if (cut.kind === 'tooLarge') {
        await drain();
        await record([{ id: cut.command.id, ok: false, error: tooLargeError(limits) }]);
        continue;
      }
      const ready = await uploadFiles(db, api, rows.slice(0, cut.commands.length), ctx, rejected);
      if (ready.length === 0) continue;
      const ids = ready.map((row) => row.id);
      for (const id of ids) unrecorded.add(id);
      const answer = api.commands(ready.map(envelopeOf));
      // The store's next read overlaps the request; what it returns is checked again at use.
      const ahead = nextPending(db, leftOut(), limits.maxCount);
      ahead.catch(() => undefined);
      readAhead = ahead;
      let step;
      try {
        step = stepAfter(ready.length, await answer);
      } catch (error) {
        for (const id of ids) unrecorded.delete(id);
        await drain();
        // A 5xx of a proxy may be a batch that took longer than it waits: smaller next time.
        if (error instanceof HttpError && error.status >= 500) pace.size = halved(ready.length);
        await recordAttempt(db, ids);
        throw error;
      }
      if (step.kind !== 'record') {
        readAhead = undefined;
        for (const id of ids) unrecorded.delete(id);
        await drain();
      }
      if (step.kind === 'split') {
        pace.size = step.size;
        continue;
      }
      if (step.kind === 'refuse') {
        await record(ids.map((id) => ({ id, ok: false, error: step.error })));
        continue;
      }
      if (step.kind === 'wait' || (step.kind === 'setAside' && lastFailedAlone)) {
        // A batch failed whole, or two single commands in a row did: the server is in trouble,
        // not one command. Pause, and send less at once next time.
        if (step.kind === 'wait') pace.size = step.size;
        await recordAttempt(db, ids);
        throw new HttpError(500);
      }
      if (step.kind === 'setAside') {
        for (const id of ids) {
          failedAlone.push({ id, error: step.error });
          setAside.add(id);
        }
        lastFailedAlone = true;
        continue;
      }
      lastFailedAlone = false;
      pace.size = grown(pace.size, limits);
      const byId = new Map(step.results.map((result) => [result.id, result]));
      const settled: CommandResult[] = [];
      const unexpected: { id: string; error: ApiError }[] = [];
      for (const id of ids) {
        const result = byId.get(id);
        // A command the answer left out is tried again later, never lost.
        if (!result) setAside.add(id);
        else if (isUnexpectedFailure(result)) unexpected.push(result);
        else settled.push(result);
      }
      for (const { id } of unexpected) setAside.add(id);
      if (settled.length > 0) taken = true;
      sent += settled.length;
      recordBehind(ids, async () => {
        await record(settled);
        // The request was authenticated against the server's database just before the command
        // failed: the server was up, so the failure counts against the command.
        rejected.push(
          ...(await recordUnexpectedFailures(db, unexpected, UNEXPECTED_FAILURES_TO_REFUSE, ctx)),
        );
      });
    }
    await drain();
    if (taken)
      rejected.push(
        ...(await recordUnexpectedFailures(db, failedAlone, UNEXPECTED_FAILURES_TO_REFUSE, ctx)),
      );
    const held = [...setAside].filter((id) => !skip.has(id));
    const heldBack = (await db.outbox.where('id').anyOf(held).toArray())
      .filter((row) => row.state === 'pending')
      .map((row) => row.id);
    return { sent, rejected, heldBack };
  };
  if (!locks) return run();
  return locks.request(outboxLockName(db.name), run);
}
