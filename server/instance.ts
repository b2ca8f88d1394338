import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { systemClock } from './clock';
import { buildServer } from './http/app';
import type { ServerContext } from './http/context';
import { seedDemoIfEmpty } from './demo/demo-data';
import { pruneEventLog } from './jobs/prune-event-log';
import { pruneRateLimitWindows } from './limits/rate-limiter';
import { startTimers } from './jobs/run-timers';

/** Log retention runs at start and every six hours; instances racing on it only repeat deletes. */
const PRUNE_EVERY_MS = 6 * 3_600_000;

export type Instance = {
  app: FastifyInstance;
  context: ServerContext;
  database: Database;
  port: number;
  /** Whether this start created the demo organization. */
  seeded: boolean;
  stop: () => Promise<void>;
};

/**
 * One server instance as `npm start` runs it: the database, the HTTP and WebSocket routes, the
 * channel and reports workers, distribution's timers and the log's retention. Any number of
 * instances may share one PostgreSQL (docs/server-core.md); the scale-out benchmark starts three
 * of these behind a proxy.
 */
export async function startInstance(
  config: Config,
  options: { loginAttemptsPerMinute?: number } = {},
): Promise<Instance> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const seeded = config.demo ? await seedDemoIfEmpty(database.db, systemClock.now()) : false;
  const { app, context, reports } = await buildServer({
    database,
    clock: systemClock,
    staticDir: config.staticDir,
    logger: process.env.LOG === 'true',
    trustProxy: config.trustProxy,
    natsUrl: config.natsUrl,
    ...options,
    // Channels: inbound processing, deliveries and the receivers (docs/channels.md).
    channelWorkers: { publicUrl: config.publicUrl },
    // Reports: daily roll-ups kept current as events commit, backfilled at start (docs/reports.md).
    reportsWorker: {},
  });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;

  // Ended rate-limit windows go with the log: a window lasts a minute, so a few hours are small.
  const prune = () => {
    pruneEventLog(database.db, systemClock.now()).catch((error: unknown) => {
      console.error('event log pruning failed', error);
    });
    pruneRateLimitWindows(database.db, systemClock.now()).catch((error: unknown) => {
      console.error('rate-limit window pruning failed', error);
    });
  };
  prune();
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();

  // Distribution's clock: expiry, redistribution, auto-close, auto-replies and auto-break.
  const stopTimers = startTimers({
    database,
    clock: systemClock,
    wake: (orgId) => {
      context.hub.wake(orgId);
      reports?.kick();
    },
  });

  return {
    app,
    context,
    database,
    port,
    seeded,
    stop: async () => {
      clearInterval(pruning);
      await stopTimers();
      await app.close();
      await database.close();
    },
  };
}
