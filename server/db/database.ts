import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: the advisory lock under which one instance migrates at a time. */
const MIGRATION_LOCK = 72_430_001;

/** A payload handler for LISTEN channels; PGlite delivers in-process, PostgreSQL across instances. */
export type NotificationHandler = (channel: string, payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Starts listening on channels; PostgreSQL reconnects the listener if the connection drops. */
  listen(channels: string[], handler: NotificationHandler): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  inMemory?: boolean;
};

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = options.dataDir ?? './data';
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  const unsubscribers: (() => Promise<void>)[] = [];
  return {
    db,
    kind: 'pglite',
    async listen(channels, handler) {
      for (const channel of channels) {
        unsubscribers.push(
          await client.listen(channel, (payload) => {
            handler(channel, payload);
          }),
        );
      }
    },
    async close() {
      for (const unsubscribe of unsubscribers) await unsubscribe();
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrator, { casing: 'snake_case' }), { migrationsFolder });
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection ended by the server (restart, admin) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => {
    console.error('PostgreSQL pool connection lost', error.message);
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  let listener: pg.Client | undefined;
  let closed = false;

  // A dropped listener loses notifications: reconnect every second until it is back (a failed
  // connect raises no 'error' event, so each failure schedules the next try), then let every
  // channel know so subscribers re-read what they might have missed.
  const reconnect = (channels: string[], handler: NotificationHandler): void => {
    setTimeout(() => {
      if (closed) return;
      startListener(channels, handler).then(
        () => {
          for (const channel of channels) handler(channel, '*');
        },
        (error: unknown) => {
          console.error(
            'PostgreSQL listener still down',
            error instanceof Error ? error.message : error,
          );
          reconnect(channels, handler);
        },
      );
    }, 1000);
  };

  const startListener = async (channels: string[], handler: NotificationHandler): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let dropped = false;
    client.on('notification', (message) => {
      handler(message.channel, message.payload ?? '');
    });
    client.on('error', () => {
      if (closed || dropped) return;
      dropped = true;
      listener = undefined;
      reconnect(channels, handler);
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    // Closed while connecting: keep nothing open.
    if (closed) await client.end();
    else listener = client;
  };

  return {
    db,
    kind: 'postgres',
    listen: startListener,
    async close() {
      closed = true;
      await listener?.end();
      await pool.end();
    },
  };
}
