import {
  RangeSet,
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
} from 'dexie';
import type { InboxDb } from './db';
import type { MetaRow } from './tables';
import {
  POSTED_MESSAGES_MAX,
  WRITTEN_VERSION_KEY,
  isPostedTable,
  writtenMarkerPart,
  type PostedTable,
  type WrittenRows,
  type WrittenTable,
} from './written-rows';

/** DBCoreRangeType.Any, the range of a `clear()`: a const enum, which isolated modules cannot import. */
const ANY_RANGE = 3;

/** One table's writes in a transaction so far: each key's last row (null: deleted). */
type TableWrites = { cleared: boolean; reread: boolean; rows: Map<string, unknown> };

type TransactionWrites = {
  /** The write version this transaction set, once its first posted write has stamped it. */
  version: number | undefined;
  stamping: Promise<number> | undefined;
  tables: Map<PostedTable, TableWrites>;
};

/**
 * Makes this database post the rows each of its read-write transactions wrote to the posted
 * tables once the transaction has committed (written-rows.ts), for the sync worker's store.
 * Must be called before the database opens: Dexie builds its middleware stack at open.
 *
 * A transaction is posted when it covers `meta`, where its write version is stamped; one that
 * does not (none of the worker's do so today) is left to the pages' reads, as every write was
 * before.
 */
export function postWrittenRows(db: InboxDb, post: (written: WrittenRows) => void): void {
  db.use({
    stack: 'dbcore',
    name: 'WrittenRows',
    create: (down) => writtenRowsCore(down, db.name, post),
  });
}

function writtenRowsCore(
  down: DBCore,
  dbName: string,
  post: (written: WrittenRows) => void,
): Partial<DBCore> {
  const open = new WeakMap<DBCoreTransaction, TransactionWrites>();
  const marker = writtenMarkerPart(dbName);

  /** Adds one to the write version inside this transaction, so it commits with the rows. */
  const stamp = async (trans: DBCoreTransaction): Promise<number> => {
    const meta = down.table('meta');
    const row = (await meta.get({ trans, key: WRITTEN_VERSION_KEY })) as MetaRow | undefined;
    const version = (row?.key === WRITTEN_VERSION_KEY ? row.value : 0) + 1;
    const stamped: MetaRow = { key: WRITTEN_VERSION_KEY, value: version };
    await meta.mutate({ trans, type: 'put', values: [stamped] });
    return version;
  };

  return {
    transaction(stores, mode, options) {
      const trans = down.transaction(stores, mode, options);
      // Dexie's transaction here is IndexedDB's own; anything else is left to the pages' reads.
      const events = trans as Partial<EventTarget>;
      if (
        mode === 'readwrite' &&
        stores.includes('meta') &&
        stores.some(isPostedTable) &&
        typeof events.addEventListener === 'function'
      ) {
        const writes: TransactionWrites = {
          version: undefined,
          stamping: undefined,
          tables: new Map(),
        };
        open.set(trans, writes);
        // Listening from here, before Dexie sets its own completion handler, the rows leave
        // before Dexie's change notice of the same commit does.
        events.addEventListener('complete', () => {
          if (writes.version !== undefined) post(writtenRows(writes.version, writes.tables));
        });
      }
      return trans;
    },
    table(name) {
      const table = down.table(name);
      if (!isPostedTable(name)) return table;
      return {
        ...table,
        mutate: async (req) => {
          const writes = open.get(req.trans);
          if (!writes) return table.mutate(req);
          // Once stamped, the write goes down in the caller's own task: Dexie's hooks below read
          // the caller's transaction from its zone, which an await of ours does not always keep.
          if (writes.version === undefined) {
            writes.stamping ??= stamp(req.trans);
            writes.version = await writes.stamping;
          }
          const version = writes.version;
          // The change notice says which version wrote it, so a page does not read it back.
          const mutatedParts = { ...req.mutatedParts, [marker]: new RangeSet().addKey(version) };
          const res = await table.mutate({ ...req, mutatedParts });
          record(writes, name, table, req, res);
          return res;
        },
      };
    },
  };
}

function record(
  writes: TransactionWrites,
  name: PostedTable,
  table: DBCoreTable,
  req: DBCoreMutateRequest,
  res: DBCoreMutateResponse,
): void {
  let written = writes.tables.get(name);
  if (!written) {
    written = { cleared: false, reread: false, rows: new Map() };
    writes.tables.set(name, written);
  }
  if (req.type === 'deleteRange') {
    if ((req.range.type as number) === ANY_RANGE) {
      written.cleared = true;
      written.rows.clear();
    } else written.reread = true;
    return;
  }
  // The page reads this table itself: its rows need not be kept.
  if (written.reread) return;
  const keys: readonly unknown[] =
    req.type === 'delete'
      ? req.keys
      : ((res.results as unknown[] | undefined) ??
        req.keys ??
        req.values.map((value): unknown => table.schema.primaryKey.extractKey?.(value)));
  keys.forEach((key, i) => {
    if (i in res.failures) return;
    if (typeof key !== 'string') {
      written.reread = true;
      return;
    }
    written.rows.set(key, req.type === 'delete' ? null : (req.values[i] as unknown));
  });
  // A catch-up page's thousands of messages are left to the pages' reads (POSTED_MESSAGES_MAX).
  if (name === 'messages' && written.rows.size > POSTED_MESSAGES_MAX) {
    written.reread = true;
    written.rows.clear();
  }
}

function writtenRows(version: number, tables: Map<PostedTable, TableWrites>): WrittenRows {
  const posted: WrittenRows = { version, tables: {} };
  for (const [name, written] of tables) {
    let table: WrittenTable;
    if (written.reread) table = { reread: true };
    else {
      const puts: unknown[] = [];
      const deletes: string[] = [];
      for (const [key, row] of written.rows) {
        if (row === null) deletes.push(key);
        else puts.push(row);
      }
      table = { reread: false, cleared: written.cleared, puts, deletes };
    }
    posted.tables[name] = table;
  }
  return posted;
}
