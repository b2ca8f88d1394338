import { newId, type ApiError, type CommandResult } from '../protocol';
import type { InboxDb } from './db';
import { affectedKeys, type PredictContext } from './predict';
import { applyNewCommand, keysOf, recompute } from './rebase';
import type { FileRow, OutboxRow } from './tables';

export type NewCommand = { id?: string; type: string; payload: Record<string, unknown> };

/**
 * A file the user attached: kept as a Blob in `files` until the flush uploads it. A form that
 * names the file in its payload itself (a user's photo: `photoFileId`) chooses its id.
 */
export type NewFile = { id?: string; blob: Blob; name: string; type: string };

/** A command ready for the outbox: its row, with ids given, and the files it carries. */
export type PreparedCommand = { row: OutboxRow; files: FileRow[] };

/**
 * Gives a command its ids, without touching the database, so the screen can show what it
 * predicts in the same frame. A message gets its id here, so the text the user wrote keeps one
 * id from this moment to the server and back.
 */
export function prepareCommand(
  command: NewCommand,
  now = new Date(),
  attach: readonly NewFile[] = [],
): PreparedCommand {
  const payload = { ...command.payload };
  if (
    (command.type === 'message.send' || command.type === 'chat.create') &&
    typeof payload.messageId !== 'string'
  )
    payload.messageId = newId();
  const row: OutboxRow = {
    id: command.id ?? newId(),
    type: command.type,
    payload,
    createdAt: now.toISOString(),
    state: 'pending',
    attempts: 0,
  };
  const files: FileRow[] = attach.map((file) => ({
    id: file.id ?? newId(),
    commandId: row.id,
    name: file.name,
    type: file.type,
    size: file.blob.size,
    blob: file.blob,
    createdAt: row.createdAt,
  }));
  if (files.length > 0) {
    const listed = Array.isArray(payload.attachments) ? (payload.attachments as unknown[]) : [];
    payload.attachments = [
      ...listed,
      ...files.map(({ id, name, type, size }) => ({ id, name, type, size })),
    ];
  }
  return { row, files };
}

/**
 * Records a prepared command and its predicted effect in one transaction: the change is never
 * stored without being in the outbox, nor the other way round.
 */
export async function writeCommand(
  db: InboxDb,
  { row, files }: PreparedCommand,
  ctx: PredictContext,
): Promise<OutboxRow> {
  // Only the tables it writes: a transaction over every table waits for every read under way.
  const tables = new Set(affectedKeys(row, ctx).map((key) => db.dataTable(key.table)));
  await db.transaction('rw', [db.outbox, db.base, db.files, ...tables], async () => {
    await db.outbox.add(row);
    if (files.length > 0) await db.files.bulkAdd(files);
    await applyNewCommand(db, row, ctx);
  });
  return row;
}

/** Prepares and records a command: its predicted effect shows as soon as the write commits. */
export function enqueue(
  db: InboxDb,
  command: NewCommand,
  ctx: PredictContext,
  now = new Date(),
  attach: readonly NewFile[] = [],
): Promise<OutboxRow> {
  return writeCommand(db, prepareCommand(command, now, attach), ctx);
}

/**
 * Records the server's answers. An accepted command waits (acknowledged) until the cursor passes
 * its seq, when its events are local; a refused one stops showing its prediction, and stays
 * visible with its error so the user can retry or discard it.
 */
export async function recordResults(
  db: InboxDb,
  results: readonly CommandResult[],
  ctx: PredictContext,
): Promise<OutboxRow[]> {
  const rejected: OutboxRow[] = [];
  if (results.length === 0) return rejected;
  await db.transaction('rw', db.writeTables(), async () => {
    const cursor = await currentCursor(db);
    // A few requests for the whole batch: one read, one delete and one put, not two per answer.
    const rows = await outboxRowsById(
      db,
      results.map((result) => result.id),
    );
    const arrived: OutboxRow[] = [];
    const gone: number[] = [];
    const changed = new Map<number, OutboxRow>();
    for (const result of results) {
      const row = rows.get(result.id);
      if (row?.n === undefined || row.state === 'rejected') continue;
      if (result.ok) {
        // Already passed: the events came down before the answer did.
        if (result.seq <= cursor) {
          gone.push(row.n);
          changed.delete(row.n);
          rows.delete(row.id);
          arrived.push(row);
        } else {
          changed.set(row.n, { ...row, state: 'acknowledged', seq: result.seq });
        }
      } else {
        const failed: OutboxRow = { ...row, state: 'rejected', error: result.error };
        changed.set(row.n, failed);
        rows.set(row.id, failed);
        rejected.push(failed);
      }
    }
    if (gone.length > 0) await db.outbox.bulkDelete(gone);
    if (changed.size > 0) await db.outbox.bulkPut([...changed.values()]);
    // Once for the whole batch: each recompute reads the outbox, which may hold a long queue.
    const settled = [...arrived, ...rejected];
    if (settled.length > 0) await recompute(db, keysOf(settled, ctx), ctx);
  });
  return rejected;
}

/** The outbox rows of these command ids that are there, by id, in one read. */
async function outboxRowsById(
  db: InboxDb,
  ids: readonly string[],
): Promise<Map<string, OutboxRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.outbox.where('id').anyOf(ids).toArray();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A failed attempt that reached no answer (network, server down): counted for backoff. */
export async function recordAttempt(db: InboxDb, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const rows = await outboxRowsById(db, ids);
    await db.outbox.bulkPut(
      [...rows.values()].map((row) => ({ ...row, attempts: row.attempts + 1 })),
    );
  });
}

/**
 * Counts an unexpected failure (UNKNOWN_ERROR) of each command; one that reaches `refuseAt`
 * failures is refused with that error as any refusal is (kept, for the user to retry or discard),
 * the others stay pending for a later try. Returns the refused rows.
 */
export async function recordUnexpectedFailures(
  db: InboxDb,
  failed: readonly { id: string; error: ApiError }[],
  refuseAt: number,
  ctx: PredictContext,
): Promise<OutboxRow[]> {
  if (failed.length === 0) return [];
  const given: CommandResult[] = [];
  await db.transaction('rw', db.outbox, async () => {
    const rows = await outboxRowsById(
      db,
      failed.map(({ id }) => id),
    );
    const counted: OutboxRow[] = [];
    for (const { id, error } of failed) {
      const row = rows.get(id);
      if (row?.n === undefined || row.state !== 'pending') continue;
      const failures = (row.failures ?? 0) + 1;
      const next = { ...row, failures };
      rows.set(id, next);
      counted.push(next);
      if (failures >= refuseAt) given.push({ id, ok: false, error });
    }
    await db.outbox.bulkPut(counted);
  });
  return given.length > 0 ? recordResults(db, given, ctx) : [];
}

/** A refused command sent again as a new command (new id), e.g. after the channel came back. */
export async function retryRejected(
  db: InboxDb,
  id: string,
  ctx: PredictContext,
): Promise<OutboxRow | undefined> {
  const row = await db.outbox.where('id').equals(id).first();
  if (row?.n === undefined || row.state !== 'rejected') return undefined;
  const n = row.n;
  const fresh: OutboxRow = {
    id: newId(),
    type: row.type,
    payload: { ...row.payload },
    createdAt: new Date().toISOString(),
    state: 'pending',
    attempts: 0,
  };
  // A refused message never reached the server, so it keeps its message id; its files follow it.
  await db.transaction('rw', [...db.writeTables(), db.files], async () => {
    await db.outbox.delete(n);
    await db.outbox.add(fresh);
    await db.files.where('commandId').equals(row.id).modify({ commandId: fresh.id });
    await applyNewCommand(db, fresh, ctx);
  });
  return fresh;
}

/** The user drops a refused command they no longer want. */
export async function discardRejected(db: InboxDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.files, async () => {
    const removed = await db.outbox
      .where('id')
      .equals(id)
      .and((row) => row.state === 'rejected')
      .delete();
    if (removed > 0) await db.files.where('commandId').equals(id).delete();
  });
}

export async function currentCursor(db: InboxDb): Promise<number> {
  const row = await db.meta.get('cursor');
  return row?.key === 'cursor' ? row.value : 0;
}

export type { ApiError };
