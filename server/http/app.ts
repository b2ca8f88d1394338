import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import websocket from '@fastify/websocket';
import { AuthService } from '../auth/auth-service';
import { loginLimits } from '../auth/login-limits';
import { RateLimiter } from '../limits/rate-limiter';
import { loadViewer } from '../auth/viewer';
import type { CommandDeps } from '../domain/execute-command';
import { CommandQueue, onlyResult } from '../domain/command-queue';
import { CommandRouter } from '../scale/command-router';
import { LiveHub } from '../sync/live-hub';
import { Presence } from '../sync/presence';
import { EVENTS_CHANNEL } from '../sync/event-log';
import { LIMITS, newId } from '../../src/protocol';
import type { ServerContext, ServerOptions } from './context';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './error-handler';
import { authRoutes } from './auth-routes';
import { commandRoutes } from './command-routes';
import { syncRoutes } from './sync-routes';
import { fileRoutes } from './file-routes';
import { publicRoutes } from './public-routes';
import { widgetRoutes } from '../channels/site-chat/widget-routes';
import { widgetFileRoutes } from '../channels/site-chat/widget-file-routes';
import { demoSiteRoute } from '../demo/demo-site-route';
import { staticRoutes } from './static-routes';
import { reportRoutes } from './report-routes';
import { startReportsWorker, type ReportsWorker } from '../reports/reports-worker';
import { channelAdapters } from '../channels/registry';
import { authorizationRoutes } from '../channels/authorization/authorization-routes';
import { webhookRoutes } from '../channels/pipeline/webhook-routes';
import { startChannelWorkers, type ChannelWorkers } from '../channels/pipeline/workers';

/** NOTIFY channel for session revocations, so every instance drops the socket of a logged-out token. */
export const CONTROL_CHANNEL = 'sc_control';

/** An address's sign-in attempts a minute, as a multiple of an account's (see ServerOptions). */
const LOGIN_ADDRESS_FACTOR = 6;

/** The protocol's one body limit: the outbox cuts its command batches to the same figure. */
const BODY_LIMIT = LIMITS.requestBodyMaxBytes;

export async function buildServer(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; context: ServerContext; reports: ReportsWorker | null }> {
  const { database, clock } = options;
  const trusted = options.trustProxy ?? [];
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trusted.length > 0 ? [...trusted] : false,
    frameworkErrors,
    clientErrorHandler,
  });
  const hub = new LiveHub(database.db, (userId) => loadViewer(database.db, userId));
  let reports: ReportsWorker | null = null;
  // Every commit wakes its organization's live connections; the reports worker follows it too.
  const wake = (orgId: string) => {
    hub.wake(orgId);
    reports?.kick();
  };
  const closeSession = (sessionId: string) => {
    hub.closeSession(sessionId);
    if (database.kind === 'postgres') {
      database.db
        .execute(sql`select pg_notify(${CONTROL_CHANNEL}, ${sessionId})`)
        .catch((error: unknown) => {
          app.log.error(error, 'could not tell other instances of a revoked session');
        });
    }
  };
  const limiter = new RateLimiter(database.db, clock);
  const perAccount = options.loginAttemptsPerMinute ?? 10;
  const auth = new AuthService({
    database,
    clock,
    wake,
    closeSession,
    limiter,
    loginLimits: loginLimits(
      perAccount,
      options.loginAttemptsPerAddressPerMinute ?? LOGIN_ADDRESS_FACTOR * perAccount,
    ),
  });
  let workers: ChannelWorkers | null = null;
  const instanceId = options.instanceId ?? newId();
  const presence = new Presence(database, clock, wake, instanceId, (error) => {
    app.log.error(error, 'presence update failed');
  });
  presence.start();
  const adapters = options.channelAdapters ?? channelAdapters();
  const commandDeps: CommandDeps = {
    database,
    clock,
    wake,
    adapters,
    // Bound late: the workers start after the routes they serve are known.
    channelWork: (work) => {
      workers?.kick({ receivers: work.receivers });
    },
  };
  const commands = await CommandRouter.start(new CommandQueue(commandDeps), {
    instanceId,
    natsUrl: options.natsUrl,
    onError: (error) => {
      app.log.error(error, 'command routing between instances');
    },
  });
  app.addHook('onClose', () => commands.stop());
  const context: ServerContext = {
    database,
    clock,
    hub,
    presence,
    auth,
    execute: (caller, command) => onlyResult(commands.executeAll(caller, [command])),
    executeAll: (caller, list) => commands.executeAll(caller, list),
    limiter,
    adapters,
    router: commands,
  };

  await database.listen([EVENTS_CHANNEL, CONTROL_CHANNEL], (channel, payload) => {
    if (channel === EVENTS_CHANNEL) {
      if (payload === '*') hub.wakeAll();
      else hub.wake(payload);
      reports?.kick();
    } else if (channel === CONTROL_CHANNEL) {
      hub.closeSession(payload);
    }
  });

  installErrorHandler(app);
  app.decorateRequest('auth', null);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(authRoutes(context), { prefix: '/api' });
  await app.register(commandRoutes(context), { prefix: '/api' });
  await app.register(syncRoutes(context), { prefix: '/api' });
  await app.register(fileRoutes(context), { prefix: '/api' });
  await app.register(publicRoutes(context), { prefix: '/api' });
  await app.register(widgetRoutes(context), { prefix: '/api' });
  await app.register(widgetFileRoutes(context), { prefix: '/api' });
  await app.register(
    reportRoutes(context, (orgId) => reports?.figuresOwed(orgId)),
    { prefix: '/api' },
  );
  const pipelineDeps = {
    database,
    clock,
    wake,
    adapters,
    execute: context.execute,
    publicUrl: options.channelWorkers?.publicUrl ?? null,
  };
  workers = options.channelWorkers
    ? startChannelWorkers(pipelineDeps, {
        ...options.channelWorkers,
        instanceId,
        waitForStart: true,
      })
    : null;
  await app.register(
    webhookRoutes(pipelineDeps, () => workers?.kick()),
    { prefix: '/api' },
  );
  await app.register(
    authorizationRoutes(context, {
      database,
      clock,
      adapters,
      publicUrl: options.channelWorkers?.publicUrl ?? null,
    }),
    { prefix: '/api' },
  );
  reports = options.reportsWorker
    ? startReportsWorker(
        {
          database,
          clock,
          wake: (orgId) => {
            hub.wake(orgId);
          },
        },
        {
          ...options.reportsWorker,
          waitForStart: true,
          onError: (error) => {
            app.log.error(error, 'reports worker failed');
          },
        },
      )
    : null;
  // Rounds begin once every route is registered (reports-worker.ts, waitForStart).
  app.addHook('onReady', async () => {
    reports?.start();
  });
  demoSiteRoute(app, database);
  await staticRoutes(app, options.staticDir);
  // The channel workers stop before the server stops listening: a reply being sent as the server
  // stops may name a file of ours that the provider fetches at once (Instagram, Viber), and it
  // must still be served. A round under way finishes; no new job is claimed.
  app.addHook('preClose', async () => {
    await workers?.stop();
  });
  // Rounds begin once the server answers: what a provider fetches from us right away is there.
  app.addHook('onListen', () => {
    workers?.start();
  });
  app.addHook('onClose', async () => {
    hub.closeAll();
    await workers?.stop();
    await reports?.stop();
    await presence.stop();
  });
  return { app, context, reports };
}
