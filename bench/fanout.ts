/**
 * DESIGN §6 budget "server: fan-out of one event to 1,000 live connections, p99 ≤ 100 ms", with a
 * bare `ws` broadcast of the same bytes to as many sockets as the reference.
 *
 * This process runs the product's server (buildServer: the live hub, the command path, PGlite in
 * memory with the demo organization) and, beside it, a bare `ws` WebSocketServer
 * (bench/fanout-bare.ts). A second process (bench/fanout-clients.ts) holds 1,000 live sync
 * connections — sessions of the demo's administrator, supervisor and operator, who all see the
 * Support team's chats — and 1,000 sockets to the bare server, so the server's event loop is the
 * one measured, not the clients'.
 *
 * Each round, one at a time:
 *   - live: the client process posts a customer message through the site-chat widget's API
 *     (POST /api/widget/messages → message.receive); every connection waits for the frame holding
 *     the message's marker. Timed from the commit — the moment executeCommand wakes the hub after
 *     its transaction — and, for the end-to-end view, from the HTTP request being sent.
 *   - bare: the server's process broadcasts a frame of the same byte length; timed from the
 *     broadcast call.
 * Arrival times are taken in the client process, commit and broadcast times in this one, on the
 * machine's clock (`performance.timeOrigin + performance.now()`); the run first checks over IPC how
 * far the two processes' clocks agree and prints it.
 *
 * BENCH_FANOUT_ROUNDS sets the measured rounds (default 40), BENCH_FANOUT_CONNECTIONS the sockets
 * per server (default 1,000). Results: a printed table, the figures for `npm run bench`, and
 * bench/results/fanout-<time>.json.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, sum } from 'drizzle-orm';
import { newId } from '../src/protocol';
import { openDatabase, type Database } from '../server/db/database';
import { buildServer } from '../server/http/app';
import type { ServerContext } from '../server/http/context';
import { seedDemoIfEmpty, DEMO_PASSWORD } from '../server/demo/demo-data';
import { systemClock } from '../server/clock';
import { channels, organizations, presence } from '../server/db/schema';
import { currentSeq } from '../server/sync/event-log';
import { WIDGET_RATE_LIMIT } from '../server/channels/site-chat/visitor-auth';
import { paddedFrame, startBareServer, type BareServer } from './fanout-bare';
import { ChildIpc } from './child-ipc';
import { machineNow, type Arrivals, type FromClients, type ToClients } from './fanout-protocol';
import { reportFigures, type Figure } from './figures';
import { machine, machineLine } from './machine';
import { writeResults } from './results-file';
import { formatTable, percentile } from './stats';

const BUDGET_P99_MS = 100;
const CONNECTIONS = Number(process.env.BENCH_FANOUT_CONNECTIONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 40);
/** Rounds before the measured ones: the new chat's first message, JIT, socket buffers. */
const WARMUP = 5;
/** Quiet time between two probes, so one probe's tail never overlaps the next. */
const PAUSE_MS = 25;
const PROBE_TIMEOUT_MS = 10_000;
/** The demo staff who all see a Support chat, and sessions of each: 1,000 browsers among them. */
const STAFF = ['admin@demo.test', 'supervisor@demo.test', 'operator@demo.test'];
const SESSIONS_PER_USER = 4;
const CLOCK_PINGS = 20;

// Every probe is one widget message from one visitor's address; the widget's rate limit per
// minute must let the whole run through.
if (WARMUP + ROUNDS > WIDGET_RATE_LIMIT.max - 5)
  throw new Error(
    `BENCH_FANOUT_ROUNDS: at most ${String(WIDGET_RATE_LIMIT.max - 5 - WARMUP)} (the widget's rate limit)`,
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = {
  baseUrl: string;
  wsUrl: string;
  context: ServerContext;
  database: Database;
  /** The commit time (wake of the hub) of each command, by command id. */
  commits: Map<string, number>;
  close: () => Promise<void>;
};

/**
 * The product's server on an ephemeral port, as tests/server/harness.ts starts it, with the hub's
 * wake-up timed: executeCommand wakes the hub right after its transaction commits.
 */
async function startServer(): Promise<Server> {
  const database = await openDatabase({ inMemory: true });
  await seedDemoIfEmpty(database.db, systemClock.now());
  const { app, context } = await buildServer({
    database,
    clock: systemClock,
    loginAttemptsPerMinute: 1000,
  });
  const commits = new Map<string, number>();
  let lastWake = 0;
  const wake = context.hub.wake.bind(context.hub);
  context.hub.wake = (orgId) => {
    lastWake = machineNow();
    wake(orgId);
  };
  const execute = context.execute;
  context.execute = async (caller, command) => {
    const result = await execute(caller, command);
    commits.set(command.id, lastWake);
    return result;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    wsUrl: `ws://127.0.0.1:${String(port)}`,
    context,
    database,
    commits,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function postJson(url: string, body: unknown): Promise<{ entity: Record<string, string> }> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { code?: string; entity: Record<string, string> };
  if (answer.code !== 'ok') throw new Error(`${url}: ${JSON.stringify(answer)}`);
  return answer;
}

type Clients = ChildIpc<ToClients, FromClients>;

const startClients = (): Clients =>
  ChildIpc.start('client process', fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)));

/** Presence is written once per opened connection; the run waits until all are written. */
async function presenceSettled(database: Database, orgId: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const [row] = await database.db
      .select({ connections: sum(presence.connections) })
      .from(presence)
      .where(eq(presence.orgId, orgId));
    if (Number(row?.connections ?? 0) === CONNECTIONS) return;
    if (performance.now() > deadline)
      throw new Error(`presence holds ${String(row?.connections)} of ${String(CONNECTIONS)}`);
    await pause(100);
  }
}

type Round = {
  live: Arrivals & { commitAt: number };
  bare: Arrivals & { broadcastAt: number };
};

/** One live event through the product, then the same bytes through the bare broadcast. */
async function round(
  server: Server,
  clients: Clients,
  bare: BareServer,
  i: number,
): Promise<Round> {
  const messageId = newId();
  const live = await clients.ask(
    { kind: 'ours', marker: `[fanout-${String(i)}]`, messageId },
    'arrivals',
  );
  const commitAt = server.commits.get(messageId);
  if (commitAt === undefined) throw new Error(`no commit seen for message ${messageId}`);
  server.commits.clear();
  await pause(PAUSE_MS);

  const marker = `[bare-${String(i)}]`;
  const frame = paddedFrame(marker, live.frameBytes.max);
  const armed = clients.next('armed');
  const arrived = clients.next('arrivals');
  clients.send({ kind: 'arm', marker });
  await armed;
  const broadcastAt = bare.broadcast(frame);
  const bareArrivals = await arrived;
  await pause(PAUSE_MS);
  return { live: { ...live, commitAt }, bare: { ...bareArrivals, broadcastAt } };
}

type Timing = {
  /** Every (event × connection) arrival, in ms after the start. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  min: number;
  arrivals: number;
  /** Per event, the time until the last connection had it: its median and worst. */
  lastP50: number;
  lastMax: number;
};

function timing(perEvent: readonly (readonly number[])[]): Timing {
  const all = perEvent.flat().sort((a, b) => a - b);
  const last = perEvent.map((arrivals) => Math.max(...arrivals)).sort((a, b) => a - b);
  return {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: all[all.length - 1] ?? 0,
    min: all[0] ?? 0,
    arrivals: all.length,
    lastP50: percentile(last, 50),
    lastMax: last[last.length - 1] ?? 0,
  };
}

const since = (from: number, arrivals: readonly number[]) => arrivals.map((at) => at - from);

function table(rows: readonly [string, Timing][]): string {
  const ms = (value: number) => value.toFixed(2);
  return formatTable(
    ['from', 'arrivals', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'last p50 ms', 'last max ms'],
    rows.map(([name, t]) => [
      name,
      String(t.arrivals),
      ms(t.p50),
      ms(t.p95),
      ms(t.p99),
      ms(t.max),
      ms(t.lastP50),
      ms(t.lastMax),
    ]),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `Fan-out: one event to ${String(CONNECTIONS)} live connections, ${String(ROUNDS)} events (${machineLine()})`,
  );
  const server = await startServer();
  const bare = await startBareServer();
  let clients: Clients | undefined;
  try {
    const { db } = server.database;
    const [org] = await db.select().from(organizations).where(eq(organizations.login, 'demo'));
    const [channel] = await db
      .select()
      .from(channels)
      .where(and(eq(channels.orgId, org?.id ?? ''), eq(channels.type, 'site_chat')));
    if (!org || !channel) throw new Error('the demo organization has no site chat');

    const tokens: string[] = [];
    for (const email of STAFF)
      for (let i = 0; i < SESSIONS_PER_USER; i++) {
        const { entity } = await postJson(`${server.baseUrl}/api/auth/login`, {
          email,
          password: DEMO_PASSWORD,
        });
        tokens.push(entity.token ?? '');
      }
    const visitor = await postJson(
      `${server.baseUrl}/api/widget/${channel.id}/visitors`,
      undefined,
    );

    clients = startClients();
    const ready = await clients.ask(
      {
        kind: 'setup',
        liveUrl: `${server.wsUrl}/api/sync/live?after=${String(await currentSeq(db, org.id))}`,
        tokens,
        bareUrl: bare.url,
        connections: CONNECTIONS,
        widgetMessagesUrl: `${server.baseUrl}/api/widget/messages`,
        visitorToken: visitor.entity.token ?? '',
        timeoutMs: PROBE_TIMEOUT_MS,
      },
      'ready',
    );
    await presenceSettled(server.database, org.id);
    console.log(
      `${String(ready.ours)} live connections (${String(tokens.length)} sessions of ${String(STAFF.length)} staff) and ${String(ready.bare)} bare sockets open in ${ready.seconds.toFixed(1)} s`,
    );
    const clock = await clients.clockOffset(CLOCK_PINGS);
    console.log(
      `Clocks: client process − server process = ${clock.offsetMs.toFixed(3)} ms (± ${clock.boundMs.toFixed(3)} ms, half the shortest IPC round trip)`,
    );

    for (let i = 0; i < WARMUP; i++) await round(server, clients, bare, -1 - i);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(server, clients, bare, i));

    const fromCommit = timing(rounds.map(({ live }) => since(live.commitAt, live.arrivals)));
    const fromSend = timing(rounds.map(({ live }) => since(live.sentAt ?? 0, live.arrivals)));
    const bareTiming = timing(rounds.map(({ bare: b }) => since(b.broadcastAt, b.arrivals)));
    const commandMs = rounds
      .map(({ live }) => (live.answeredAt ?? 0) - (live.sentAt ?? 0))
      .sort((a, b) => a - b);
    const commitAfterSendMs = rounds
      .map(({ live }) => live.commitAt - clock.offsetMs - (live.sentAt ?? 0))
      .sort((a, b) => a - b);
    const frameBytes = {
      min: Math.min(...rounds.map(({ live }) => live.frameBytes.min)),
      max: Math.max(...rounds.map(({ live }) => live.frameBytes.max)),
    };
    // An arrival before its cause, beyond what the clocks may disagree by, is a broken measurement.
    const earliest = Math.min(fromCommit.min, bareTiming.min);
    if (earliest < -(Math.abs(clock.offsetMs) + clock.boundMs + 0.5))
      throw new Error(`an arrival ${earliest.toFixed(2)} ms before its cause: the clocks disagree`);

    console.log(
      `\n${table([
        ['live hub: commit → frame', fromCommit],
        ['live hub: command sent → frame', fromSend],
        ['bare ws: broadcast call → frame', bareTiming],
      ])}\n`,
    );
    console.log(
      `Live frames ${String(frameBytes.min)}–${String(frameBytes.max)} bytes; the bare frame of each round has the live frame's length.`,
    );
    console.log(
      `The widget command: sent → committed p50 ${percentile(commitAfterSendMs, 50).toFixed(2)} ms, sent → HTTP answer p50 ${percentile(commandMs, 50).toFixed(2)} ms.`,
    );
    const verdict = fromCommit.p99 <= BUDGET_P99_MS ? 'PASS' : 'MISS';
    console.log(
      `DESIGN §6 budget: p99 ≤ ${String(BUDGET_P99_MS)} ms over every (event × connection) arrival, from commit — ${verdict}: p99 ${fromCommit.p99.toFixed(2)} ms, ${(fromCommit.p99 / bareTiming.p99).toFixed(1)}× the bare broadcast's ${bareTiming.p99.toFixed(2)} ms.`,
    );

    const note = `${String(ROUNDS)} widget messages × ${String(CONNECTIONS)} connections, from commit (hub woken); from the command sent p99 ${fromSend.p99.toFixed(1)} ms; last connection p50 ${fromCommit.lastP50.toFixed(1)} ms`;
    const reference = 'bare ws broadcast, same bytes and sockets';
    const figures: Figure[] = [
      {
        id: 'server.fanout.p50',
        what: `fan-out of one event to ${String(CONNECTIONS)} live connections`,
        value: fromCommit.p50,
        unit: 'ms',
        stat: 'p50',
        reference: { what: reference, value: bareTiming.p50 },
        note,
      },
      {
        id: 'server.fanout.p99',
        what: `fan-out of one event to ${String(CONNECTIONS)} live connections`,
        value: fromCommit.p99,
        unit: 'ms',
        stat: 'p99',
        budget: { op: '<=', value: BUDGET_P99_MS },
        reference: { what: reference, value: bareTiming.p99 },
        note,
      },
    ];
    reportFigures(figures);
    const file = writeResults('fanout', {
      bench: 'fanout',
      at: new Date().toISOString(),
      ...machine(),
      connections: CONNECTIONS,
      sessions: tokens.length,
      rounds: ROUNDS,
      warmup: WARMUP,
      clock,
      frameBytes,
      budget: { p99Ms: BUDGET_P99_MS, verdict },
      fromCommit,
      fromSend,
      bare: bareTiming,
      command: {
        sentToCommitP50: percentile(commitAfterSendMs, 50),
        sentToAnswerP50: percentile(commandMs, 50),
      },
      // Per event, until the last connection had it: which events were slow, for a second look.
      lastArrivalMs: rounds.map(({ live, bare: b }) => ({
        live: Math.max(...since(live.commitAt, live.arrivals)),
        bare: Math.max(...since(b.broadcastAt, b.arrivals)),
      })),
      figures,
      totalSeconds: (performance.now() - started) / 1000,
    });
    console.log(
      `Results written to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
    );
  } finally {
    await clients?.close();
    await bare.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
