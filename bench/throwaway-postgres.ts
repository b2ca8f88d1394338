import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database';

/** The machine's PostgreSQL when DATABASE_URL is not set (the one CI has). */
export const DEFAULT_PG_URL = 'postgres://root@127.0.0.1:5432/test';

/** The PostgreSQL the server benchmarks use: DATABASE_URL, else the machine's default. */
export const benchPostgresUrl = (): string => process.env.DATABASE_URL || DEFAULT_PG_URL;

export const hidePassword = (url: string): string =>
  url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

/**
 * Drops the throwaway database. The pool's sockets may still be closing after close() resolves,
 * and terminating them (DROP … WITH (FORCE)) would raise an error on a pool that has no error
 * listener, so wait for them to go first and force only as the last resort.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  const drop = `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(drop);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '55006') throw error; // object_in_use: sessions still closing
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`${drop} WITH (FORCE)`).catch((error: unknown) => {
    console.error(
      `could not drop the throwaway database ${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}

/**
 * Runs `work` on a throwaway database created next to `adminUrl` (migrated, empty) and drops it
 * afterwards; `url` is its address, for a server process of its own. Answers why not, as a
 * string, when no PostgreSQL answers there.
 */
export async function onThrowawayPostgres<T>(
  adminUrl: string,
  work: (database: Database, url: string) => Promise<T>,
): Promise<T | string> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `not reachable at ${hidePassword(adminUrl)} (${error instanceof Error ? error.message : String(error)})`;
  }
  const name = `sc_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      return await work(database, url.toString());
    } finally {
      await database.close();
    }
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}
