import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { buildServer } from '../../server/http/app';
import type { ServerContext } from '../../server/http/context';
import { seedDemoIfEmpty } from '../../server/demo/demo-data';
import { systemClock, type Clock } from '../../server/clock';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import { channels, users } from '../../server/db/schema';
import type { ChannelAdapters } from '../../server/channels/registry';
import { launchBrowser, type Browser } from './browser';
import { TcpProxy } from './tcp-proxy';

const distApp = fileURLToPath(new URL('../../dist/app', import.meta.url));

/**
 * The same server `npm start` runs, in this process, so a test can also change the database
 * (e.g. take an option away from the organization) while a browser uses the app.
 */
export type InProcessApp = {
  customerWrites: (externalId: string, name: string, text: string) => Promise<void>;
  baseUrl: string;
  database: Database;
  context: ServerContext;
  close: () => Promise<void>;
};

/**
 * `reportsWorker`: run the reports worker as `npm start` does (monitoring's today's figures need
 * it). Off by default: reports catch up on demand, and the worker's startup rebuild of a large
 * seeded organization would hold the embedded database's one connection while a test runs.
 */
export async function startInProcessApp(
  options: {
    channelAdapters?: ChannelAdapters;
    reportsWorker?: boolean;
    /** The server's time (a test moves it to make a customer's message a day old). */
    clock?: Clock;
    /** Run the channels' workers, with the app's own address as its public one (webhooks). */
    channelWorkers?: boolean;
  } = {},
): Promise<InProcessApp> {
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({ inMemory: true });
  await seedDemoIfEmpty(database.db, clock.now());
  // The browser stories start with everyone on Break, as they were written: the demo operator's
  // In work start (a first customer message reaches them at once) would take the demo's waiting
  // chats the moment they sign in. That start has its own test (tests/server/demo-data.test.ts).
  await database.db
    .update(users)
    .set({ operatorStatus: 'break' })
    .where(eq(users.email, 'operator@demo.test'));
  // The public address must be known before the workers start: a free port is taken first.
  const chosenPort = options.channelWorkers ? await freePort() : 0;
  const { app, context } = await buildServer({
    database,
    clock,
    staticDir: distApp,
    loginAttemptsPerMinute: 1000,
    ...(options.channelAdapters ? { channelAdapters: options.channelAdapters } : {}),
    ...(options.reportsWorker ? { reportsWorker: {} } : {}),
    ...(options.channelWorkers
      ? {
          channelWorkers: {
            publicUrl: `http://127.0.0.1:${String(chosenPort)}`,
            everyMs: 100,
            superviseMs: 500,
          },
        }
      : {}),
  });
  await app.listen({ port: chosenPort, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    context,
    /** A customer writing through the demo site-chat channel, the path every inbound message takes. */
    customerWrites: async (externalId: string, name: string, text: string) => {
      const [channel] = await database.db
        .select()
        .from(channels)
        .where(eq(channels.type, 'site_chat'));
      if (!channel) throw new Error('no site-chat channel');
      const result = await context.execute(
        { orgId: channel.orgId, actor: { kind: 'channel', id: channel.id }, viewer: null },
        {
          id: newId(),
          type: 'message.receive',
          payload: { channelId: channel.id, client: { externalId, name }, text },
        },
      );
      if (!result.ok) throw new Error(`customer message refused: ${result.error.name}`);
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A port nothing listens on now, for a server that must know its address before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve();
    }),
  );
  return port;
}

type BrowserAndApp = { browser: Browser; app: InProcessApp };

/**
 * Chromium and an in-process app for the enclosing describe block, started before its tests and
 * closed after them; with `proxy`, also a TCP proxy in front of the app that a test can cut. With
 * `channelAdapters: {}` the app speaks to no provider, so channel rows a test writes as fixtures
 * start no receiver against the real Telegram or a mail server. `reportsWorker` as above.
 */
export function browserAndApp(options: {
  proxy: true;
  reportsWorker?: boolean;
}): BrowserAndApp & { proxy: TcpProxy };
export function browserAndApp(options?: { channelAdapters?: ChannelAdapters }): BrowserAndApp;
export function browserAndApp(
  options: { proxy?: boolean; channelAdapters?: ChannelAdapters; reportsWorker?: boolean } = {},
) {
  const suite: Partial<BrowserAndApp & { proxy: TcpProxy }> = {};
  beforeAll(async () => {
    suite.browser = await launchBrowser();
    suite.app = await startInProcessApp({
      ...(options.channelAdapters ? { channelAdapters: options.channelAdapters } : {}),
      reportsWorker: options.reportsWorker === true,
    });
    if (options.proxy) {
      suite.proxy = new TcpProxy(Number(new URL(suite.app.baseUrl).port));
      await suite.proxy.start();
    }
  }, 60_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.proxy?.cut();
    await suite.app?.close();
  });
  return suite;
}
