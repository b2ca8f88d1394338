import type { AddressInfo } from 'node:net';
import { PLATFORM_NAME } from '../src/protocol';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { systemClock } from './clock';
import { buildServer } from './http/app';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo/demo-data';
import { pruneEventLog } from './jobs/prune-event-log';
import { pruneRateLimitWindows } from './limits/rate-limiter';
import { startTimers } from './jobs/run-timers';

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const seeded = config.demo ? await seedDemoIfEmpty(database.db, systemClock.now()) : false;
const { app, context, reports } = await buildServer({
  database,
  clock: systemClock,
  staticDir: config.staticDir,
  logger: process.env.LOG === 'true',
  trustProxy: config.trustProxy,
  // Channels: inbound processing, deliveries and the receivers (docs/channels.md).
  channelWorkers: { publicUrl: config.publicUrl },
  // Reports: daily roll-ups kept current as events commit, backfilled at start (docs/reports.md).
  reportsWorker: {},
});
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;

const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
console.log(`${PLATFORM_NAME} listening on http://localhost:${port} — database: ${where}`);
if (config.demo) {
  console.log(seeded ? 'Demo organization "Demo" created. Logins:' : 'Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login}  /  ${DEMO_PASSWORD}`);
}

// Log retention runs at start and every six hours; instances racing on it only repeat deletes.
// Ended rate-limit windows go with it: a window lasts a minute, so a few hours of them are small.
const PRUNE_EVERY_MS = 6 * 3_600_000;
const prune = () => {
  pruneEventLog(database.db, systemClock.now()).catch((error: unknown) => {
    console.error('event log pruning failed', error);
  });
  pruneRateLimitWindows(database.db, systemClock.now()).catch((error: unknown) => {
    console.error('rate-limit window pruning failed', error);
  });
};
prune();
setInterval(prune, PRUNE_EVERY_MS).unref();

// Distribution's clock: expiry, redistribution, auto-close, auto-replies and auto-break.
const stopTimers = startTimers({
  database,
  clock: systemClock,
  wake: (orgId) => {
    context.hub.wake(orgId);
    reports?.kick();
  },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stopTimers();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
