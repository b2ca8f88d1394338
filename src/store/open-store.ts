import Dexie from 'dexie';
import { openInboxDb, storeName, type InboxDb } from './db';
import { SCHEMA_HASH, STORE_SCHEMA } from './store-schema';
import type { FileRow, MetaRow, OutboxRow } from './tables';
import { readStored, tryRemove, tryStore } from './page-storage';

/**
 * Opens the user's local database. When it was written by another version of the local schema,
 * it is rebuilt rather than migrated (DESIGN §5): the outbox and waiting files, the one
 * irreplaceable local data, are carried over, and everything else comes again by bootstrap.
 * `prepare` runs on the database before it opens (the sync worker adds its middleware there).
 */
export async function openStore(
  orgId: string,
  userId: string,
  prepare: (db: InboxDb) => void = () => undefined,
): Promise<InboxDb> {
  const db =
    (await openIfCurrent(orgId, userId, prepare)) ?? (await openChecked(orgId, userId, prepare));
  tryStore(openedKey(db.name), SCHEMA_HASH);
  return db;
}

/** Where a page notes the schema it last opened a store under (page-storage.ts). */
const openedKey = (name: string): string => `${name}:opened-schema`;

/**
 * The store, handed out while it is still opening, when this browser last opened it under this
 * very schema: Dexie holds every read until the open is done, so a warm start draws its screen
 * meanwhile instead of after it (DESIGN §6). `opened` fails if the open fails or finds another
 * schema after all (another tab of another version rebuilt it); the page then starts again
 * through `openStore`, which the note no longer skips.
 */
export function openStoreAtOnce(
  orgId: string,
  userId: string,
): { db: InboxDb; opened: Promise<void> } | undefined {
  const name = storeName(orgId, userId);
  if (readStored(openedKey(name)) !== SCHEMA_HASH) return undefined;
  const db = openInboxDb(orgId, userId);
  const opened = (async () => {
    try {
      await db.open();
      if ((await db.meta.get('schema'))?.value !== SCHEMA_HASH)
        throw new Error(`The local store ${name} was not written under this schema`);
    } catch (error) {
      forgetOpenedSchema(name);
      throw error;
    }
  })();
  return { db, opened };
}

/** The store is gone or suspect: the next start opens it the careful way. */
export function forgetOpenedSchema(name: string): void {
  tryRemove(openedKey(name));
}

/**
 * The common case, in one open: the database exists and carries this version's schema hash.
 * Anything else (no hash yet, another schema, an open that fails) is left to `openChecked`; an
 * open of another schema may have adjusted its indexes in passing (Dexie upgrades them without a
 * version change), which is harmless, as such a database is rebuilt there anyway.
 */
async function openIfCurrent(
  orgId: string,
  userId: string,
  prepare: (db: InboxDb) => void,
): Promise<InboxDb | undefined> {
  const db = openInboxDb(orgId, userId);
  prepare(db);
  try {
    await db.open();
    if ((await db.meta.get('schema'))?.value === SCHEMA_HASH) return db;
  } catch {
    // openChecked opens it again and says what is wrong.
  }
  db.close();
  return undefined;
}

/** Opens the database after checking which schema wrote it, rebuilding it when another did. */
async function openChecked(
  orgId: string,
  userId: string,
  prepare: (db: InboxDb) => void,
): Promise<InboxDb> {
  const name = storeName(orgId, userId);
  const exists = await Dexie.exists(name);
  let carried: { outbox: OutboxRow[]; files: FileRow[] } | undefined;
  if (exists) {
    const probe = new Dexie(name);
    await probe.open();
    const tables = new Set(probe.tables.map((table) => table.name));
    const schema = tables.has('meta')
      ? ((await probe.table('meta').get('schema')) as MetaRow | undefined)
      : undefined;
    // Rebuilt only when it was written by another schema: a database this version just created
    // (another tab or the worker, a moment ago) has the same tables and no hash yet.
    const sameTables = Object.keys(STORE_SCHEMA).every((table) => tables.has(table));
    const otherSchema = schema?.key === 'schema' ? schema.value !== SCHEMA_HASH : !sameTables;
    if (otherSchema) {
      carried = {
        outbox: tables.has('outbox')
          ? ((await probe.table('outbox').toArray()) as OutboxRow[])
          : [],
        files: tables.has('files') ? ((await probe.table('files').toArray()) as FileRow[]) : [],
      };
    }
    probe.close();
    if (carried) await Dexie.delete(name);
  }
  const db = openInboxDb(orgId, userId);
  prepare(db);
  await db.open();
  if (!carried && !(await db.meta.get('schema')))
    await db.meta.put({ key: 'schema', value: SCHEMA_HASH });
  if (carried) {
    const { outbox, files } = carried;
    await db.transaction('rw', db.outbox, db.files, db.meta, async () => {
      await db.outbox.bulkAdd(outbox.map(({ n: _n, ...row }) => row));
      await db.files.bulkAdd(files);
      await db.meta.put({ key: 'schema', value: SCHEMA_HASH });
    });
  }
  return db;
}

/** Ask the browser to keep the outbox through storage pressure (DESIGN §5). */
export async function requestPersistence(): Promise<boolean> {
  if (
    typeof navigator === 'undefined' ||
    !('storage' in navigator) ||
    typeof navigator.storage.persist !== 'function'
  )
    return false;
  return navigator.storage.persist();
}
