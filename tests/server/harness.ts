import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  newId,
  OPTIONS,
  type CommandEnvelope,
  type CommandResult,
  type LiveServerMessage,
} from '../../src/protocol';
import { openDatabase, type Database } from '../../server/db/database';
import { buildServer } from '../../server/http/app';
import type { ServerContext } from '../../server/http/context';
import { seedDemoIfEmpty, DEMO_PASSWORD } from '../../server/demo/demo-data';
import { createBuiltInRoles } from '../../server/demo/built-in-roles';
import * as t from '../../server/db/schema';
import type { Clock } from '../../server/clock';
import type { ChannelAdapters } from '../../server/channels/registry';

/**
 * Server tests run against real HTTP and WebSocket on an ephemeral port, on PGlite by default
 * and on a fresh PostgreSQL database of their own when DATABASE_URL is set.
 */
export const postgresUrl = process.env.DATABASE_URL || undefined;

/** Creates a throwaway database next to the one in `url`; returns its URL and a dropper. */
export async function createScratchDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sc_t_${newId().replace(/-/g, '').slice(-16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The machine's PostgreSQL for tests that need a real one (several server processes on one
 * database, LISTEN/NOTIFY): DATABASE_URL, else the local default; undefined when none answers,
 * and those tests then run where one does (CI has one).
 */
export async function reachablePostgres(test: string): Promise<string | undefined> {
  const candidate = postgresUrl ?? 'postgres://root@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return candidate;
  } catch {
    console.warn(
      `${test}: no PostgreSQL answers at ${candidate}; it runs where one does (CI has one).`,
    );
    return undefined;
  }
}

/** A clock tests can move. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export type TestServer = {
  /** The Fastify app, for what only it knows (the routes it registered). */
  app: FastifyInstance;
  baseUrl: string;
  wsUrl: string;
  context: ServerContext;
  database: Database;
  clock: TestClock;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  url?: string;
  seed?: boolean;
  loginAttemptsPerMinute?: number;
  loginAttemptsPerAddressPerMinute?: number;
  /** Addresses of the proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: string[];
  /** Channel adapters by type (tests give ones that speak to a local provider); none by default. */
  channelAdapters?: ChannelAdapters;
  /** The channel pipeline's workers as main.ts starts them; none by default (tests run rounds). */
  channelWorkers?: { publicUrl: string | null; everyMs?: number; superviseMs?: number };
};

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let dropScratch: (() => Promise<void>) | undefined;
  let url = options.url;
  if (!url && postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl);
    url = scratch.url;
    dropScratch = scratch.drop;
  }
  const database = await openDatabase(url ? { url } : { inMemory: true });
  const clock = new TestClock();
  if (options.seed !== false) await seedDemoIfEmpty(database.db, clock.now());
  const { app, context } = await buildServer({
    database,
    clock,
    loginAttemptsPerMinute: options.loginAttemptsPerMinute ?? 1000,
    loginAttemptsPerAddressPerMinute: options.loginAttemptsPerAddressPerMinute ?? 1000,
    trustProxy: options.trustProxy ?? [],
    channelAdapters: options.channelAdapters ?? {},
    channelWorkers: options.channelWorkers,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    context,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await dropScratch?.();
    },
  };
}

export type Answer = { status: number; headers: Headers; body: any };

/** Who calls: staff with their token (`Bearer`), or a site-chat visitor with theirs (`Visitor`). */
export type Caller = { token?: string; visitor?: string };

const authorization = (caller: Caller): Record<string, string> =>
  caller.token
    ? { authorization: `Bearer ${caller.token}` }
    : caller.visitor
      ? { authorization: `Visitor ${caller.visitor}` }
      : {};

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // NDJSON and HTML stay text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** A JSON call to the server, as a browser (or the site-chat widget) would make it. */
export async function call(
  server: { baseUrl: string },
  method: string,
  path: string,
  options: Caller & { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = { ...authorization(options), ...options.headers };
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return answerOf(await fetch(`${server.baseUrl}${path}`, { method, headers, body }));
}

/**
 * A file upload under the browser's id, as the workspace (staff, to /api/files) or the widget (a
 * visitor, to /api/widget/files) makes it.
 */
export async function upload(
  server: { baseUrl: string },
  caller: Caller,
  id: string,
  file: { bytes: Uint8Array | string; type: string; name: string },
): Promise<Answer> {
  const path = caller.visitor ? `/api/widget/files/${id}` : `/api/files/${id}`;
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'PUT',
    headers: {
      ...authorization(caller),
      'content-type': file.type,
      'x-file-name': encodeURIComponent(file.name),
    },
    body: typeof file.bytes === 'string' ? file.bytes : new Blob([file.bytes as BlobPart]),
  });
  return answerOf(response);
}

/** A file's bytes as staff or a visitor download them. */
export function download(server: { baseUrl: string }, caller: Caller, id: string) {
  const path = caller.visitor ? `/api/widget/files/${id}` : `/api/files/${id}`;
  return fetch(`${server.baseUrl}${path}`, { headers: authorization(caller) });
}

/** A visitor's message, as the widget sends it. */
/** The rows of each table a staff member's bootstrap gives (its NDJSON chunks, joined). */
export async function bootstrapRows(server: { baseUrl: string }, token: string) {
  const answer = await call(server, 'GET', '/api/sync/bootstrap', { token });
  if (answer.status !== 200) throw new Error(`bootstrap answered ${String(answer.status)}`);
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const line of (answer.body as string).trim().split('\n')) {
    const chunk = JSON.parse(line) as { table?: string; rows?: Record<string, unknown>[] };
    if (chunk.table && chunk.rows)
      rows.set(chunk.table, [...(rows.get(chunk.table) ?? []), ...chunk.rows]);
  }
  return rows;
}

export const visitorSend = (server: { baseUrl: string }, visitor: string, body: unknown) =>
  call(server, 'POST', '/api/widget/messages', { visitor, body });

/** A new site-chat visitor of a channel, as the widget starts one. */
export async function newVisitor(
  server: { baseUrl: string },
  channelId: string,
): Promise<{ visitorId: string; token: string }> {
  const answer = await call(server, 'POST', `/api/widget/${channelId}/visitors`);
  if (answer.status !== 200) throw new Error(`no visitor: ${JSON.stringify(answer.body)}`);
  return answer.body.entity as { visitorId: string; token: string };
}

export async function login(
  server: { baseUrl: string },
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const answer = await call(server, 'POST', '/api/auth/login', { body: { email, password } });
  if (answer.body?.code !== 'ok')
    throw new Error(`login of ${email} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.entity.token as string;
}

export async function sendCommands(
  server: { baseUrl: string },
  token: string,
  commands: CommandEnvelope[],
): Promise<CommandResult[]> {
  const answer = await call(server, 'POST', '/api/commands', { token, body: { commands } });
  if (answer.status !== 200)
    throw new Error(`commands failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.results as CommandResult[];
}

/** A team's distribution settings as a plain new team has them, for team commands in tests. */
export const PLAIN_DISTRIBUTION = {
  distributionMethod: 'round_robin',
  dialogLimit: 5,
  redistributionMinutes: null,
  autoCloseMinutes: null,
  unattendedCloseHours: 0,
  inactivityMinutes: 0,
} as const;

export const command = (type: string, payload: unknown, id = newId()): CommandEnvelope => ({
  id,
  type,
  payload,
});

/** The demo organization's ids, looked up by name. */
export async function demoIds(database: Database) {
  const { db } = database;
  const [org] = await db.select().from(t.organizations).where(eq(t.organizations.login, 'demo'));
  if (!org) throw new Error('demo organization missing');
  const userByEmail = async (email: string) => {
    const [row] = await db.select().from(t.users).where(eq(t.users.email, email));
    if (!row) throw new Error(`${email} missing`);
    return row;
  };
  const teamByName = async (name: string) => {
    const [row] = await db
      .select()
      .from(t.teams)
      .where(and(eq(t.teams.orgId, org.id), eq(t.teams.name, name)));
    if (!row) throw new Error(`team ${name} missing`);
    return row;
  };
  const [channel] = await db.select().from(t.channels).where(eq(t.channels.orgId, org.id));
  if (!channel) throw new Error('demo channel missing');
  return {
    org,
    channel,
    admin: await userByEmail('admin@demo.test'),
    supervisor: await userByEmail('supervisor@demo.test'),
    operator: await userByEmail('operator@demo.test'),
    support: await teamByName('Support'),
    sales: await teamByName('Sales'),
  };
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** A second organization beside the demo one, with its built-in roles: what must stay apart. */
export async function otherOrganization(database: Database) {
  const id = newId();
  await database.db.insert(t.organizations).values({
    id,
    login: `other-${id}`,
    name: 'Other',
    adminEmail: 'a@other.test',
    tariff: 'Basic',
  });
  const roles = await createBuiltInRoles(database.db, id);
  return { id, roles };
}

/** What `serverForSuite` gives the tests of its describe block, filled in before they run. */
export type Suite = {
  server: TestServer;
  ids: DemoIds;
  /** Tokens of the demo operator and supervisor. */
  operator: string;
  supervisor: string;
};

/**
 * A demo server of the enclosing describe block's own, started before its tests and closed after
 * them, with the demo organization's ids and its operator's and supervisor's tokens.
 */
export function serverForSuite(options: TestServerOptions = {}): Suite {
  const suite = {} as Partial<Suite>;
  beforeAll(async () => {
    const server = await startTestServer(options);
    suite.server = server;
    suite.ids = await demoIds(server.database);
    suite.operator = await login(server, 'operator@demo.test');
    suite.supervisor = await login(server, 'supervisor@demo.test');
  });
  afterAll(async () => {
    await suite.server?.close();
  });
  return suite as Suite;
}

/** A customer writing through a channel adapter: the path every inbound message takes. */
export async function customerWrites(
  server: TestServer,
  orgId: string,
  channelId: string,
  externalId: string,
  text: string,
  /** The channel's own id for the message, which makes a repeated delivery the same message. */
  messageId?: string,
): Promise<CommandResult> {
  return server.context.execute(
    { orgId, actor: { kind: 'channel', id: channelId }, viewer: null },
    {
      id: newId(),
      type: 'message.receive',
      payload: {
        channelId,
        client: { externalId, name: `Customer ${externalId}` },
        text,
        ...(messageId ? { messageId } : {}),
      },
    },
  );
}

/**
 * A new customer writes through the demo channel and so opens a chat, waiting in the Support
 * queue; returns that chat's row.
 */
export async function customerOpensChat(
  server: TestServer,
  ids: DemoIds,
  text = 'Hello, I need help',
  externalId = `visitor-${newId()}`,
): Promise<typeof t.chats.$inferSelect> {
  const result = await customerWrites(server, ids.org.id, ids.channel.id, externalId, text);
  if (!result.ok) throw new Error(`customer message refused: ${JSON.stringify(result)}`);
  const [row] = await server.database.db
    .select({ chat: t.chats })
    .from(t.chats)
    .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
    .where(
      and(eq(t.clientContacts.channelId, ids.channel.id), eq(t.clientContacts.value, externalId)),
    );
  if (!row) throw new Error(`no chat of ${externalId}`);
  return row.chat;
}

/** A chat the demo data gave the demo operator, in progress. */
export async function operatorsChat(
  server: TestServer,
  ids: DemoIds,
): Promise<typeof t.chats.$inferSelect> {
  const [chat] = await server.database.db
    .select()
    .from(t.chats)
    .where(and(eq(t.chats.operatorId, ids.operator.id), eq(t.chats.status, 'assigned')));
  if (!chat) throw new Error('the demo operator has no chat in progress');
  return chat;
}

/** A live socket that records every message, with a way to wait for one. */
export class LiveClient {
  readonly messages: LiveServerMessage[] = [];
  closeCode: number | undefined;
  private waiters: (() => void)[] = [];
  readonly socket: WebSocket;

  constructor(wsUrl: string, query: string) {
    this.socket = new WebSocket(`${wsUrl}/api/sync/live?${query}`);
    this.socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString()) as LiveServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(server: { wsUrl: string }, token: string, after: number): LiveClient {
    return new LiveClient(server.wsUrl, `after=${after}&token=${encodeURIComponent(token)}`);
  }

  /** Waits until the predicate holds over what arrived, or fails after the timeout. */
  async until(predicate: (client: LiveClient) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `live client: condition not met in ${timeoutMs} ms; got ${JSON.stringify(this.messages).slice(0, 2000)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  get events() {
    return this.messages.flatMap((message) => (message.kind === 'events' ? message.events : []));
  }

  get ready(): boolean {
    return this.messages.some((message) => message.kind === 'ready');
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => {
        resolve();
      });
      this.socket.close();
    });
  }
}

/**
 * For each test of the enclosing describe block, the demo organization without these option
 * packs (spec §6 OPTION_*), given back after it: what a company whose plan lacks them sees.
 */
export function withoutOptions(suite: Suite, dropped: readonly string[]): void {
  const setOptions = async (options: string[]) => {
    await suite.server.database.db
      .update(t.organizations)
      .set({ options })
      .where(eq(t.organizations.id, suite.ids.org.id));
  };
  beforeEach(async () => {
    await setOptions(OPTIONS.filter((option) => !dropped.includes(option)));
  });
  afterEach(async () => {
    await setOptions([...OPTIONS]);
  });
}
