import { SYNC_TABLES, type SyncTable } from '../protocol';
import {
  beginBootstrap,
  finishBootstrap,
  writeBootstrapRows,
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
  for await (const line of readAhead(api.bootstrap(), LINES_AHEAD)) {
    if ('cursor' in line) {
      cursor = line.cursor;
      await beginBootstrap(db, cursor);
    } else if ('table' in line) {
      if (cursor === undefined || !isSyncTable(line.table) || !Array.isArray(line.rows)) continue;
      const written = await writeBootstrapRows(db, line.table, line.rows);
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
