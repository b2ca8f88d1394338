import {
  recordAttempt,
  recordResults,
  type InboxDb,
  type OutboxRow,
  type PredictContext,
} from '../store';
import type { CommandEnvelope, CommandResult } from '../protocol';
import type { SyncApi } from './api-client';

/** Commands per request: large enough to drain a long offline queue in a few round trips. */
export const FLUSH_BATCH = 100;

/** The Web Lock that keeps the worker and the service worker from flushing one outbox at once. */
export const outboxLockName = (dbName: string): string => `${dbName}:outbox-flush`;

export type FlushOutcome = { sent: number; rejected: OutboxRow[] };

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

/**
 * Sends pending commands in creation order, in batches, until none is left. Each keeps its id,
 * so a batch re-sent after a lost answer is answered from the server's stored results instead of
 * applied twice. Network failures propagate to the caller, which retries with backoff.
 */
export async function flushOutbox(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
  locks: LockManager | undefined,
): Promise<FlushOutcome> {
  const run = async (): Promise<FlushOutcome> => {
    let sent = 0;
    const rejected: OutboxRow[] = [];
    for (;;) {
      // The state index keeps equal states in key order (n): the oldest pending come first.
      const batch = await db.outbox.where('state').equals('pending').limit(FLUSH_BATCH).toArray();
      if (batch.length === 0) return { sent, rejected };
      const slice = await uploadFiles(db, api, batch, ctx, rejected);
      if (slice.length === 0) continue;
      const commands: CommandEnvelope[] = slice.map((row) => ({
        id: row.id,
        type: row.type,
        payload: row.payload,
      }));
      let results;
      try {
        results = await api.commands(commands);
      } catch (error) {
        await recordAttempt(
          db,
          slice.map((row) => row.id),
        );
        throw error;
      }
      rejected.push(...(await recordResults(db, results, ctx)));
      sent += slice.length;
    }
  };
  if (!locks) return run();
  return locks.request(outboxLockName(db.name), run);
}
