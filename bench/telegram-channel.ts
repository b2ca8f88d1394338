/**
 * Issue 19: "`npm run bench` gains inbound messages per second through the Telegram webhook path
 * into the operator's list, and replies delivered per second to the local Bot API server."
 *
 * The product runs as `npm start` runs it (server/main.ts in a process of its own, its channel
 * workers as they run in production: a round every second, woken at once by each webhook call and
 * by each command that queues a reply),
 * with PUBLIC_URL its own address and TELEGRAM_API_ROOT the local Bot API server
 * (tests/providers/telegram/bot-api-server.ts), which runs in this process with the operator's
 * sync connection. An administrator connects a bot by `channel.create`; the product registers its
 * webhook; the demo operator holds a live sync connection as the browser's sync worker does.
 *
 *   inbound: customers write to the bot; the Bot API server posts each update to the webhook (real
 *     HTTP, the secret header), several connections at once, each customer's messages in turn, as
 *     Telegram does. Timed from the first POST until the operator's connection has the last
 *     message's `message.added` event: stored, acknowledged, processed by the inbound worker into a
 *     chat message, committed and fanned out. Latency per message: POST sent → event at the
 *     operator, under that load, and before it one message at a time with nothing queued.
 *   outbound: the operator answers the customers' chats (`message.send` through POST /api/commands,
 *     one command a request, several requests at once); the delivery worker sends each reply to the
 *     Bot API server. Timed from the first command sent to the last `sendMessage` received.
 *
 * Both must be exact: every update once in the operator's list and in the database, every reply
 * received by the Bot API server exactly once (after a pause of a few worker rounds, so a late
 * second send would be seen); otherwise the run fails. Backends: PGlite (the server's embedded
 * database in a temp folder) and PostgreSQL when one answers (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/test), in a throwaway database dropped at the end.
 *
 * BENCH_TG_MESSAGES inbound messages (default 1,000) from BENCH_TG_CUSTOMERS customers (200),
 * BENCH_TG_SENDERS webhook connections at once (8); BENCH_TG_REPLIES replies (400) from
 * BENCH_TG_REPLY_SENDERS requests at once (4). Results: a printed table, the figures for
 * `npm run bench`, and bench/results/telegram-channel-<time>.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, countDistinct, eq, isNotNull, max } from 'drizzle-orm';
import WebSocket from 'ws';
import { newId, type CommandResult, type LiveServerMessage } from '../src/protocol';
import { openDatabase, type Database } from '../server/db/database';
import * as t from '../server/db/schema';
import { DEMO_PASSWORD } from '../server/demo/demo-data';
import { inboundCommandId } from '../server/channels/pipeline/inbound';
import { startAppServer, type AppServer } from '../tests/e2e/app-server';
import { freePort } from '../tests/providers/mail/dovecot';
import {
  startBotApiServer,
  type BotApiServer,
  type Customer,
  type FakeBot,
} from '../tests/providers/telegram/bot-api-server';
import { reportFigures, type Figure } from './figures';
import { machine, machineLine } from './machine';
import { writeResults } from './results-file';
import { formatTable, summarize, type Summary } from './stats';
import { benchPostgresUrl, hidePassword, onThrowawayPostgres } from './throwaway-postgres';

const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const MESSAGES = env('BENCH_TG_MESSAGES', 1000);
const CUSTOMERS = Math.min(env('BENCH_TG_CUSTOMERS', 200), MESSAGES);
const SENDERS = Math.min(env('BENCH_TG_SENDERS', 8), CUSTOMERS);
const REPLIES = env('BENCH_TG_REPLIES', 400);
const REPLY_SENDERS = Math.min(env('BENCH_TG_REPLY_SENDERS', 4), CUSTOMERS);
/** Messages sent one at a time before the measured ones: JIT, connections, the first chats. */
const WARMUP = 30;
/** Longest wait for any one phase; a phase that takes longer is a failure, not a figure. */
const PHASE_TIMEOUT_MS = 180_000;
/** The workers' round is 1 s; three rounds after the last reply, a second send would have come. */
const SETTLE_MS = 3000;

type Backend = 'pglite' | 'postgres';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set when the product's process ends before the script stops it: every wait fails at once. */
let productExit: string | undefined;

/**
 * Waits for `done`, polling; throws naming `what` after the phase timeout. Arrival times are
 * taken as frames come, so the polling interval moves no figure; it only costs this process CPU.
 */
async function until(what: string, done: () => boolean, timeoutMs = PHASE_TIMEOUT_MS) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (productExit !== undefined)
      throw new Error(`the product's process exited (${productExit}) while waiting for ${what}`);
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(10);
  }
}

async function postJson(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${url}: ${String(response.status)} ${await response.text()}`);
  return response.json();
}

async function login(baseUrl: string, email: string): Promise<string> {
  const answer = (await postJson(`${baseUrl}/api/auth/login`, {
    email,
    password: DEMO_PASSWORD,
  })) as { entity: { token: string } };
  return answer.entity.token;
}

/** One command through POST /api/commands, as the browser's outbox sends it. */
async function send(baseUrl: string, token: string, type: string, payload: unknown) {
  const { results } = (await postJson(
    `${baseUrl}/api/commands`,
    { commands: [{ id: newId(), type, payload }] },
    token,
  )) as { results: CommandResult[] };
  const [result] = results;
  if (!result?.ok) throw new Error(`${type} refused: ${JSON.stringify(result)}`);
}

/** The viewer's bootstrap, as the sync worker reads it: the cursor and the rows of some tables. */
async function bootstrap(baseUrl: string, token: string, tables: readonly string[]) {
  const response = await fetch(`${baseUrl}/api/sync/bootstrap`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let cursor = -1;
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const line of (await response.text()).split('\n')) {
    if (line === '') continue;
    const parsed = JSON.parse(line) as {
      cursor?: number;
      table?: string;
      rows?: Record<string, unknown>[];
    };
    if (parsed.cursor !== undefined) cursor = parsed.cursor;
    if (parsed.table && tables.includes(parsed.table))
      (rows[parsed.table] ??= []).push(...(parsed.rows ?? []));
  }
  if (cursor < 0) throw new Error('the bootstrap gave no cursor');
  return { cursor, rows };
}

/**
 * The operator's live sync connection: every customer message's `message.added` event, with
 * when it arrived and in which chat. Each batch must follow the one before (`after` = the last
 * `cursor`), as the browser's sync worker checks: a gap would send it to catch up over HTTP, and
 * the arrival times would no longer be the live path's, so a gap or a closed socket fails the run.
 */
class OperatorSync {
  readonly arrived = new Map<string, { at: number; chatId: string }>();
  private problem: string | undefined;
  private closing = false;

  private constructor(
    private readonly socket: WebSocket,
    private cursor: number,
  ) {
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      if (message.kind !== 'events' || message.cursor <= this.cursor) return;
      if (message.after !== this.cursor)
        this.problem ??= `a gap in the live events: after ${String(message.after)}, cursor ${String(this.cursor)}`;
      this.cursor = message.cursor;
      for (const event of message.events)
        if (event.type === 'message.added' && event.data.fromClient === true)
          this.arrived.set(String(event.data.messageId), { at, chatId: String(event.data.chatId) });
    });
    socket.on('close', (code) => {
      if (!this.closing) this.problem ??= `the operator's socket closed (${String(code)})`;
    });
  }

  static async open(wsUrl: string, token: string, after: number): Promise<OperatorSync> {
    const socket = new WebSocket(
      `${wsUrl}/api/sync/live?after=${String(after)}&token=${encodeURIComponent(token)}`,
    );
    const cursor = await new Promise<number>((resolve, reject) => {
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString()) as LiveServerMessage;
        if (message.kind !== 'ready') return;
        socket.off('message', onMessage);
        resolve(message.cursor);
      };
      socket.on('message', onMessage);
      socket.once('error', reject);
      socket.once('close', (code) => {
        reject(new Error(`the operator's socket closed (${String(code)}) before it was ready`));
      });
    });
    return new OperatorSync(socket, cursor);
  }

  /** Whether every message of `ids` has arrived; throws when the connection broke. */
  has(ids: Iterable<string>): boolean {
    if (this.problem) throw new Error(this.problem);
    for (const id of ids) if (!this.arrived.has(id)) return false;
    return true;
  }

  close(): void {
    this.closing = true;
    this.socket.terminate();
  }
}

type Product = {
  server: AppServer;
  bot: FakeBot;
  channelId: string;
  operatorToken: string;
  sync: OperatorSync;
  webhookSeconds: number;
};

/**
 * The product started with PUBLIC_URL and TELEGRAM_API_ROOT, a bot connected by the administrator
 * and its webhook registered, and the operator's live connection open.
 */
async function startProduct(
  api: BotApiServer,
  backend: Backend,
  database: { DATABASE_URL: string } | { dataDir: string },
): Promise<Product> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const server = await startAppServer(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      TELEGRAM_API_ROOT: api.url,
      ...('DATABASE_URL' in database ? { DATABASE_URL: database.DATABASE_URL } : {}),
    },
    'dataDir' in database ? { dataDir: database.dataDir } : {},
  );
  productExit = undefined;
  server.child.once('exit', (code, signal) => {
    productExit = String(signal ?? code);
  });
  try {
    const admin = await login(baseUrl, 'admin@demo.test');
    const { rows } = await bootstrap(baseUrl, admin, ['teams']);
    const support = rows.teams?.find((team) => team.name === 'Support');
    if (!support) throw new Error('the demo organization has no Support team');
    const bot = api.addBot(`bench_${backend}_bot`);
    const channelId = newId();
    await send(baseUrl, admin, 'channel.create', {
      channelId,
      type: 'telegram',
      name: `Telegram bench (${backend})`,
      teamId: support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: {},
      secrets: { token: bot.token },
    });
    // The committed channel.create wakes the receivers' supervisor, which registers the webhook;
    // the operator signs in and goes live meanwhile.
    const created = performance.now();
    // Settled either way at once, so a failed sign-in below leaves no rejection unhandled.
    const registered = until(
      'the webhook to be registered',
      () => bot.webhook !== undefined,
      30_000,
    ).then(
      () => performance.now(),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    const operatorToken = await login(baseUrl, 'operator@demo.test');
    const { cursor } = await bootstrap(baseUrl, operatorToken, []);
    const sync = await OperatorSync.open(server.wsUrl, operatorToken, cursor);
    const registeredAt = await registered;
    if (registeredAt instanceof Error) {
      sync.close();
      throw registeredAt;
    }
    const webhookSeconds = (registeredAt - created) / 1000;
    if (bot.webhook?.url !== `${baseUrl}/api/channels/${channelId}/webhook`)
      throw new Error(`the webhook went to ${String(bot.webhook?.url)}`);
    return { server, bot, channelId, operatorToken, sync, webhookSeconds };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const customer = (i: number): Customer => ({
  id: 900_000_000 + i,
  firstName: 'Customer',
  lastName: String(i),
});

/**
 * A customer's message posted to the webhook by the Bot API server; answers the message id it
 * must become (derived from the channel and the update id, as the pipeline derives it) and
 * when the POST was sent.
 */
async function postUpdate(product: Product, who: Customer, text: string) {
  const update = product.bot.composeText(who, text);
  const messageId = inboundCommandId(product.channelId, String(update.update_id));
  const sentAt = performance.now();
  await product.bot.redeliver(update);
  return { messageId, sentAt };
}

type Inbound = {
  messages: number;
  customers: number;
  senders: number;
  seconds: number;
  perSecond: number;
  /** Every webhook call answered, over the time the POSTs took: how fast the webhook takes them. */
  acceptedPerSecond: number;
  latencyMs: Summary;
  /** The warm-up's messages, one at a time with nothing queued. */
  aloneMs: Summary;
};

/** The warm-up one message at a time, then the measured messages; answers each customer's chat. */
async function inbound(
  product: Product,
): Promise<{ figures: Inbound; chatOf: Map<number, string> }> {
  const { sync, bot } = product;
  const alone: number[] = [];
  for (let i = 0; i < WARMUP; i++) {
    const { messageId, sentAt } = await postUpdate(
      product,
      customer(-1 - (i % 10)),
      `Warming up ${String(i)}`,
    );
    await until('a warm-up message at the operator', () => sync.has([messageId]));
    alone.push((sync.arrived.get(messageId)?.at ?? 0) - sentAt);
  }

  const sent: { messageId: string; sentAt: number; customerId: number }[] = [];
  const lanes: number[][] = Array.from({ length: SENDERS }, () => []);
  for (let i = 0; i < MESSAGES; i++) lanes[(i % CUSTOMERS) % SENDERS]?.push(i);
  const answersBefore = bot.webhookAnswers.length;
  const started = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const i of lane) {
        const who = customer(i % CUSTOMERS);
        const posted = await postUpdate(
          product,
          who,
          `Hello, this is message ${String(i)} of the Telegram benchmark.`,
        );
        sent.push({ ...posted, customerId: who.id });
      }
    }),
  );
  const postsSeconds = (performance.now() - started) / 1000;
  // Telegram posts an update again when the answer is not a 2xx: each must have been taken once.
  const answers = bot.webhookAnswers.slice(answersBefore);
  const refused = answers.filter((answer) => answer.status !== 200);
  if (refused.length > 0 || answers.length !== MESSAGES)
    throw new Error(
      `${String(answers.length)} webhook calls for ${String(MESSAGES)} updates, ${String(refused.length)} not answered 200 (first: ${JSON.stringify(refused[0])})`,
    );
  await until(`${String(MESSAGES)} messages at the operator`, () =>
    sync.has(sent.map(({ messageId }) => messageId)),
  );
  const arrival = (messageId: string) => sync.arrived.get(messageId) ?? { at: 0, chatId: '' };
  const last = Math.max(...sent.map(({ messageId }) => arrival(messageId).at));
  const seconds = (last - started) / 1000;
  // Each customer's messages make one chat, as a customer's messages do in the operator's list.
  const chatOf = new Map<number, string>();
  for (const { messageId, customerId } of sent) {
    const { chatId } = arrival(messageId);
    if ((chatOf.get(customerId) ?? chatId) !== chatId)
      throw new Error(`customer ${String(customerId)}'s messages went to two chats`);
    chatOf.set(customerId, chatId);
  }
  return {
    figures: {
      messages: MESSAGES,
      customers: CUSTOMERS,
      senders: SENDERS,
      seconds,
      perSecond: MESSAGES / seconds,
      acceptedPerSecond: MESSAGES / postsSeconds,
      latencyMs: summarize(sent.map(({ messageId, sentAt }) => arrival(messageId).at - sentAt)),
      aloneMs: summarize(alone),
    },
    chatOf,
  };
}

type Outbound = {
  replies: number;
  senders: number;
  seconds: number;
  perSecond: number;
  /** Commands answered over the time they took: how fast the replies were queued. */
  commandsPerSecond: number;
  /** First command sent → its sendMessage received: the command, the wake-up and one send. */
  firstDeliveryMs: number;
  /** Last command answered → last sendMessage received: the delivery backlog left then. */
  drainMs: number;
};

const REPLY_MARK = /\[bench-reply-(\d+)\]/;

/** The operator's replies, one per chat in turn; each must reach the Bot API server once. */
async function outbound(product: Product, chatOf: ReadonlyMap<number, string>): Promise<Outbound> {
  const { bot, server, operatorToken } = product;
  const receivedAt: number[][] = Array.from({ length: REPLIES }, () => []);
  let strays = 0;
  bot.onSent = (message) => {
    const j = Number(REPLY_MARK.exec(message.text ?? '')?.[1] ?? -1);
    const at = receivedAt[j];
    if (!at || message.chatId !== customer(j % CUSTOMERS).id) strays += 1;
    else at.push(performance.now());
  };
  const lanes: number[][] = Array.from({ length: REPLY_SENDERS }, () => []);
  for (let j = 0; j < REPLIES; j++) lanes[j % REPLY_SENDERS]?.push(j);
  const started = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const j of lane)
        await send(server.baseUrl, operatorToken, 'message.send', {
          chatId: chatOf.get(customer(j % CUSTOMERS).id),
          text: `Thank you for writing, we are on it [bench-reply-${String(j)}]`,
          attachments: [],
        });
    }),
  );
  const commandsDone = performance.now();
  await until(`${String(REPLIES)} replies at the Bot API server`, () =>
    receivedAt.every((at) => at.length > 0),
  );
  const last = Math.max(...receivedAt.map((at) => at[0] ?? 0));
  // A second send of a reply would come within a few worker rounds: wait them out, then count.
  await pause(SETTLE_MS);
  bot.onSent = undefined;
  const twice = receivedAt.filter((at) => at.length !== 1).length;
  if (twice > 0 || strays > 0)
    throw new Error(
      `replies at the Bot API server: ${String(twice)} received more than once, ${String(strays)} unknown or to the wrong customer`,
    );
  const seconds = (last - started) / 1000;
  return {
    replies: REPLIES,
    senders: REPLY_SENDERS,
    seconds,
    perSecond: REPLIES / seconds,
    commandsPerSecond: REPLIES / ((commandsDone - started) / 1000),
    firstDeliveryMs: (receivedAt[0]?.[0] ?? 0) - started,
    drainMs: last - commandsDone,
  };
}

/**
 * What the database holds once the server stopped: every customer message once, every inbound
 * event processed and none set aside, every reply's job sent at its first attempt.
 */
async function verifyStored(database: Database, channelId: string): Promise<void> {
  const { db } = database;
  const [messages] = await db
    .select({ rows: count(), texts: countDistinct(t.messages.text) })
    .from(t.messages)
    .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
    .where(and(eq(t.chats.channelId, channelId), eq(t.messages.authorKind, 'client')));
  const [events] = await db
    .select({ rows: count(), processed: count(t.channelInboundEvents.processedAt) })
    .from(t.channelInboundEvents)
    .where(eq(t.channelInboundEvents.channelId, channelId));
  const [setAside] = await db
    .select({ rows: count() })
    .from(t.channelInboundEvents)
    .where(
      and(
        eq(t.channelInboundEvents.channelId, channelId),
        isNotNull(t.channelInboundEvents.setAsideAt),
      ),
    );
  const jobs = await db
    .select({
      state: t.channelDeliveries.state,
      rows: count(),
      attempts: max(t.channelDeliveries.attempts),
    })
    .from(t.channelDeliveries)
    .where(eq(t.channelDeliveries.channelId, channelId))
    .groupBy(t.channelDeliveries.state);
  const customerMessages = WARMUP + MESSAGES;
  const problems = [
    messages?.rows !== customerMessages || messages.texts !== customerMessages
      ? `${String(messages?.rows)} customer messages (${String(messages?.texts)} distinct) for ${String(customerMessages)} updates`
      : '',
    events?.rows !== customerMessages || events.processed !== customerMessages
      ? `${String(events?.processed)} of ${String(events?.rows)} inbound events processed`
      : '',
    setAside?.rows ? `${String(setAside.rows)} inbound events set aside` : '',
    jobs.length !== 1 || jobs[0]?.state !== 'sent' || jobs[0].rows !== REPLIES
      ? `delivery jobs: ${JSON.stringify(jobs)}`
      : '',
  ].filter((problem) => problem !== '');
  if (problems.length > 0) throw new Error(`the database: ${problems.join('; ')}`);
  if (jobs[0]?.attempts !== 1)
    console.log(`  (some replies needed ${String(jobs[0]?.attempts)} attempts)`);
}

type Row = {
  backend: Backend;
  webhookSeconds: number;
  inbound: Inbound;
  outbound: Outbound;
};

async function measure(product: Product, backend: Backend): Promise<Row> {
  console.log(
    `  ${backend}: webhook registered ${product.webhookSeconds.toFixed(1)} s after channel.create`,
  );
  const { figures: inboundRow, chatOf } = await inbound(product);
  console.log(
    `  ${backend}: ${inboundRow.perSecond.toFixed(0)} messages/s into the operator's list`,
  );
  const outboundRow = await outbound(product, chatOf);
  console.log(`  ${backend}: ${outboundRow.perSecond.toFixed(0)} replies/s delivered`);
  return {
    backend,
    webhookSeconds: product.webhookSeconds,
    inbound: inboundRow,
    outbound: outboundRow,
  };
}

async function benchPglite(api: BotApiServer): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-bench-telegram-'));
  try {
    const product = await startProduct(api, 'pglite', { dataDir });
    let row: Row;
    try {
      row = await measure(product, 'pglite');
    } finally {
      product.sync.close();
      await product.server.stop();
    }
    const database = await openDatabase({ dataDir });
    try {
      await verifyStored(database, product.channelId);
    } finally {
      await database.close();
    }
    return row;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(api: BotApiServer, adminUrl: string): Promise<Row | string> {
  return onThrowawayPostgres(adminUrl, async (database, url) => {
    const product = await startProduct(api, 'postgres', { DATABASE_URL: url });
    let row: Row;
    try {
      row = await measure(product, 'postgres');
    } finally {
      product.sync.close();
      await product.server.stop();
    }
    await verifyStored(database, product.channelId);
    return row;
  });
}

const NAMES: Record<Backend, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

function table(rows: readonly Row[]): string {
  const ms = (value: number) => value.toFixed(0);
  return formatTable(
    [
      'backend',
      'direction',
      'count',
      'seconds',
      'per s',
      'taken per s',
      'p50 ms',
      'p95 ms',
      'alone p50 ms',
      'alone p95 ms',
    ],
    rows.flatMap((row) => [
      [
        row.backend,
        'in: webhook → operator',
        String(row.inbound.messages),
        row.inbound.seconds.toFixed(2),
        row.inbound.perSecond.toFixed(0),
        row.inbound.acceptedPerSecond.toFixed(0),
        ms(row.inbound.latencyMs.p50),
        ms(row.inbound.latencyMs.p95),
        ms(row.inbound.aloneMs.p50),
        ms(row.inbound.aloneMs.p95),
      ],
      [
        row.backend,
        'out: command → sendMessage',
        String(row.outbound.replies),
        row.outbound.seconds.toFixed(2),
        row.outbound.perSecond.toFixed(0),
        row.outbound.commandsPerSecond.toFixed(0),
        '',
        '',
        '',
        '',
      ],
    ]),
    2,
  );
}

function figuresOf(rows: readonly Row[]): Figure[] {
  return rows.flatMap((row): Figure[] => [
    {
      id: `channel.telegram.inbound.${row.backend}`,
      what: `Telegram messages through the webhook into the operator's list (${NAMES[row.backend]})`,
      value: row.inbound.perSecond,
      unit: '/s',
      note: `${String(row.inbound.messages)} messages from ${String(row.inbound.customers)} customers, ${String(row.inbound.senders)} webhook connections; POST → operator p50 ${row.inbound.latencyMs.p50.toFixed(0)} ms, p95 ${row.inbound.latencyMs.p95.toFixed(0)} ms (one at a time: p50 ${row.inbound.aloneMs.p50.toFixed(0)} ms)`,
    },
    {
      id: `channel.telegram.inbound-alone.${row.backend}`,
      what: `one Telegram message alone: webhook POST → the operator's live connection (${NAMES[row.backend]})`,
      value: row.inbound.aloneMs.p50,
      unit: 'ms',
      stat: 'p50',
      note: `${String(row.inbound.aloneMs.n)} messages one at a time, nothing queued; p95 ${row.inbound.aloneMs.p95.toFixed(0)} ms`,
    },
    {
      id: `channel.telegram.outbound.${row.backend}`,
      what: `operator replies delivered to the Telegram Bot API server (${NAMES[row.backend]})`,
      value: row.outbound.perSecond,
      unit: '/s',
      note: `${String(row.outbound.replies)} replies, each once, ${String(row.outbound.senders)} command requests at once; commands taken at ${row.outbound.commandsPerSecond.toFixed(0)}/s; first delivery after ${row.outbound.firstDeliveryMs.toFixed(0)} ms`,
    },
  ]);
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`Telegram channel: webhook in, replies out (${machineLine()})`);
  console.log(
    `${String(MESSAGES)} messages from ${String(CUSTOMERS)} customers over ${String(SENDERS)} webhook connections, after ${String(WARMUP)} one at a time; ${String(REPLIES)} replies from ${String(REPLY_SENDERS)} command requests at once.\n`,
  );
  const api = await startBotApiServer();
  const rows: Row[] = [];
  try {
    console.log("PGlite (the server's embedded database, in a temp folder) …");
    rows.push(await benchPglite(api));
    const pgUrl = benchPostgresUrl();
    console.log(`PostgreSQL (${hidePassword(pgUrl)}, throwaway database) …`);
    const postgres = await benchPostgres(api, pgUrl);
    if (typeof postgres === 'string') console.log(`PostgreSQL skipped: ${postgres}`);
    else rows.push(postgres);
  } finally {
    await api.close();
  }

  console.log(`\n${table(rows)}\n`);
  console.log(
    "in   = first webhook POST → the last message's event on the operator's live connection; taken per s =",
  );
  console.log(
    '       webhook calls answered per second; latency per message from its POST, under load and one at a time.',
  );
  console.log(
    'out  = first message.send sent → the last sendMessage received, each reply exactly once; taken per s =',
  );
  console.log('       commands answered per second.');

  const figures = figuresOf(rows);
  reportFigures(figures);
  const file = writeResults('telegram-channel', {
    bench: 'telegram-channel',
    at: new Date().toISOString(),
    ...machine(),
    settings: {
      messages: MESSAGES,
      customers: CUSTOMERS,
      senders: SENDERS,
      warmup: WARMUP,
      replies: REPLIES,
      replySenders: REPLY_SENDERS,
    },
    results: rows,
    figures,
    totalSeconds: (performance.now() - started) / 1000,
  });
  console.log(
    `Results written to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
