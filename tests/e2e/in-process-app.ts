import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../server/db/database';
import { buildServer, type ServerContext } from '../../server/http/app';
import { seedDemoIfEmpty } from '../../server/demo/demo-data';
import { systemClock } from '../../server/clock';

const distApp = fileURLToPath(new URL('../../dist/app', import.meta.url));

/**
 * The same server `npm start` runs, in this process, so a test can also change the database
 * (e.g. take an option away from the organization) while a browser uses the app.
 */
export async function startInProcessApp(): Promise<{
  baseUrl: string;
  database: Database;
  context: ServerContext;
  close: () => Promise<void>;
}> {
  const database = await openDatabase({ inMemory: true });
  await seedDemoIfEmpty(database.db, systemClock.now());
  const { app, context } = await buildServer({
    database,
    clock: systemClock,
    staticDir: distApp,
    loginAttemptsPerMinute: 1000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    context,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
