import { SYNC_TABLES, type BootstrapLine, type SyncTable } from '../protocol';
import {
  beginBootstrap,
  checkServerRows,
  finishBootstrap,
  storeCheckedRows,
  type CheckedRows,
  type InboxDb,
  type PredictContext,
} from '../store';
import type { SyncApi } from './api-client';
import { readAhead } from './read-ahead';

/**
 * Lines of the stream (a table's 1,000 rows each, about 0.4 MB) read and parsed ahead of the
 * writes: the server, whose stream pauses when nobody reads, produces them while the worker writes.
 * Memory stays bounded by these few lines.
 */
const LINES_AHEAD = 4;

const isSyncTable = (name: unknown): name is SyncTable =>
  typeof name === 'string' && (SYNC_TABLES as readonly string[]).includes(name);

/** A line of the stream, a table's rows already checked against its schema. */
type CheckedLine = Exclude<BootstrapLine, { table: string }> | { checked: CheckedRows };

/**
 * The stream's lines with each table's rows checked as they are read: the check runs ahead of the
 * writes with the reading and parsing, while the worker waits on the write of an earlier line.
 * Lines of a table this client does not know, or without rows, are left out.
 */
async function* checkedLines(lines: AsyncIterable<BootstrapLine>): AsyncGenerator<CheckedLine> {
  for await (const line of lines) {
    if (!('table' in line)) yield line;
    else if (isSyncTable(line.table) && Array.isArray(line.rows))
      yield { checked: checkServerRows(line.table, line.rows) };
  }
}

/**
 * Streams the bootstrap into the local database chunk by chunk, the next lines read while one is
 * written. A stream that ends without its `done` line is an interrupted bootstrap: it is not
 * finished locally, and the next start runs it again (the outbox survives either way).
 */
export async function runBootstrap(
  db: InboxDb,
  api: SyncApi,
  ctx: PredictContext,
  onProgress: (rows: number) => void,
): Promise<{ cursor: number; rows: number; invalid: number }> {
  let cursor: number | undefined;
  let rows = 0;
  let invalid = 0;
  for await (const line of readAhead(checkedLines(api.bootstrap()), LINES_AHEAD)) {
    if ('cursor' in line) {
      cursor = line.cursor;
      await beginBootstrap(db, cursor);
    } else if ('checked' in line) {
      if (cursor === undefined) continue;
      const written = await storeCheckedRows(db, line.checked, true);
      rows += written.stored;
      invalid += written.invalid;
      onProgress(rows);
    } else if ('done' in line) {
      if (cursor === undefined) break;
      await finishBootstrap(db, cursor, ctx);
      return { cursor, rows, invalid };
    }
  }
  throw new Error('bootstrap ended before it was done');
}
