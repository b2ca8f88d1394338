/**
 * Issue 22 item 4: scale-out, proven. Three server instances (server/instance.ts, what
 * `npm start` runs) share one PostgreSQL behind a small local proxy (bench/scale-out-proxy.ts);
 * 2,000 live sync connections of staff are spread over them through the proxy
 * (bench/scale-out-clients.ts) while site-chat customers write at 500 messages a second for a
 * minute (bench/scale-out-customers.ts). Every process is its own, so each event loop and each
 * server's memory is measured as deployed.
 *
 * What it checks, and fails on:
 *   - every event reaches every connection entitled to it exactly once and in order: each
 *     connection's seqs are compared with what the log itself (readEvents with the viewer's sync
 *     groups, the catch-up path) says that viewer may see over the run; a batch that does not
 *     follow the cursor the connection holds, a seq that does not rise, a missing or an extra
 *     event is a violation;
 *   - every accepted customer message is stored exactly once.
 * What it measures: commit → delivery over every (message × entitled connection), the rate the
 * customers' messages were taken at, and each server's memory before, during and after the load
 * (after a full collection).
 *
 * Settings: BENCH_SCALE_INSTANCES (3), BENCH_SCALE_CONNECTIONS (2,000), BENCH_SCALE_RATE (500 a
 * second), BENCH_SCALE_SECONDS (60), BENCH_SCALE_ORGS (10), BENCH_SCALE_VISITORS (2,500),
 * BENCH_SCALE_NATS (the machine's nats://127.0.0.1:4222, or `off`): the NATS the instances send
 * each organization's commands to its home over (server/scale/command-router.ts); when none
 * answers, every instance runs the commands it receives, and the run says so.
 * PostgreSQL: DATABASE_URL, else the machine's (bench/throwaway-postgres.ts), in a throwaway
 * database; without one the run says so and measures nothing.
 */
import { availableParallelism } from 'node:os';
import { connect } from '@nats-io/transport-node';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { loadViewer } from '../server/auth/viewer';
import { events, messages } from '../server/db/schema';
import { seedBenchOrganization, type BenchOrganization } from '../server/demo/bench-organization';
import { currentSeq, readEvents } from '../server/sync/event-log';
import { ChildIpc } from './child-ipc';
import { notifyCeiling } from './notify-ceiling';
import { cpuSeconds, cpuSecondsOfCommand } from './process-cpu';
import { sampleActivity } from './pg-activity-sampler';
import type { Connection, FromClients, ToClients } from './scale-out-clients';
import type { FromCustomers, ToCustomers } from './scale-out-customers';
import type { FromInstance, Memory, ToInstance } from './scale-out-instance';
import type { FromProxy, ToProxy } from './scale-out-proxy';
import { reportFigures, type Figure } from './figures';
import { machine, machineLine } from './machine';
import { writeResults } from './results-file';
import { benchPostgresUrl, onThrowawayPostgres } from './throwaway-postgres';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const INSTANCES = setting('BENCH_SCALE_INSTANCES', 3);
const CONNECTIONS = setting('BENCH_SCALE_CONNECTIONS', 2000);
const RATE = setting('BENCH_SCALE_RATE', 500);
const SECONDS = setting('BENCH_SCALE_SECONDS', 60);
const ORGS = setting('BENCH_SCALE_ORGS', 10);
const VISITORS = setting('BENCH_SCALE_VISITORS', 2500);
const NATS = process.env.BENCH_SCALE_NATS ?? 'nats://127.0.0.1:4222';

/** The NATS URL the instances are given: the setting's, when a server answers there. */
async function natsOrNull(): Promise<string | null> {
  if (NATS === 'off') return null;
  try {
    const probe = await connect({ servers: NATS, timeout: 2_000, reconnect: false });
    await probe.close();
    return NATS;
  } catch {
    return null;
  }
}

/** Each organization: operators spread over teams, each team with its own site chat. */
const OPERATORS = 40;
const TEAMS = 4;
/** Memory is sampled this often during the load. */
const SAMPLE_MS = 5000;
/** No frame for this long means every connection has what it will get. */
const QUIET_MS = 3000;

const file = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Session = { org: BenchOrganization; userId: string; token: string };
type Instance = ChildIpc<ToInstance, FromInstance>;

async function login(proxyUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${proxyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as { code?: string; entity?: { token?: string } };
  if (answer.code !== 'ok' || !answer.entity?.token)
    throw new Error(`${email} could not sign in: ${JSON.stringify(answer)}`);
  return answer.entity.token;
}

async function memoryOf(instances: readonly Instance[], gc: boolean): Promise<Memory[]> {
  return Promise.all(instances.map((one) => one.ask({ kind: 'memory', gc }, 'memory')));
}

/** Every seq of the organization the viewer's sync groups entitle them to, in (after, upTo]. */
async function entitled(
  database: Database,
  orgId: string,
  groups: readonly string[],
  after: number,
  upTo: number,
): Promise<number[]> {
  const seqs: number[] = [];
  for (let from = after; ;) {
    const page = await readEvents(database.db, { orgId, after: from, upTo, limit: 5000, groups });
    for (const event of page) seqs.push(event.seq);
    if (page.length < 5000) return seqs;
    from = page[page.length - 1]?.seq ?? upTo;
  }
}

/** What a few events are, for a failure's example: seq, type and sync groups. */
async function describe(
  database: Database,
  orgId: string,
  seqs: readonly number[],
): Promise<string> {
  if (seqs.length === 0) return 'none';
  const rows = await database.db
    .select({ seq: events.seq, type: events.type, groups: events.groups })
    .from(events)
    .where(and(eq(events.orgId, orgId), inArray(events.seq, [...seqs])));
  return rows.map((row) => `${String(row.seq)} ${row.type} [${row.groups.join(' ')}]`).join(', ');
}

type Check = {
  connections: number;
  exact: number;
  missing: number;
  extra: number;
  violations: number;
  delivered: number;
  examples: string[];
};

/** Compares what each connection got with what the log says it was entitled to. */
async function checkDeliveries(
  database: Database,
  report: Extract<FromClients, { kind: 'report' }>,
  startSeq: ReadonlyMap<string, number>,
  endSeq: ReadonlyMap<string, number>,
): Promise<Check> {
  const expected = new Map<string, number[]>();
  const check: Check = {
    connections: report.connections.length,
    exact: 0,
    missing: 0,
    extra: 0,
    violations: 0,
    delivered: 0,
    examples: [],
  };
  for (const connection of report.connections) {
    const [orgId = '', userId = ''] = connection.key.split('|');
    const upTo = endSeq.get(orgId) ?? 0;
    let want = expected.get(connection.key);
    if (!want) {
      const viewer = await loadViewer(database.db, userId);
      if (!viewer) throw new Error(`no viewer ${userId}`);
      want = await entitled(database, orgId, viewer.groups, startSeq.get(orgId) ?? 0, upTo);
      expected.set(connection.key, want);
    }
    const got = connection.seqs.filter((seq) => seq <= upTo);
    check.delivered += got.length;
    const wanted = new Set(want);
    const gotSet = new Set(got);
    const missingSeqs = want.filter((seq) => !gotSet.has(seq));
    const extraSeqs = got.filter((seq) => !wanted.has(seq));
    const missing = missingSeqs.length;
    const extra = extraSeqs.length;
    check.missing += missing;
    check.extra += extra;
    check.violations += connection.violations.length;
    if (
      missing === 0 &&
      extra === 0 &&
      connection.violations.length === 0 &&
      got.length === want.length
    )
      check.exact += 1;
    else if (check.examples.length < 5) {
      const odd = await describe(database, orgId, [...missingSeqs, ...extraSeqs].slice(0, 3));
      check.examples.push(
        `${connection.key}: ${String(got.length)} of ${String(want.length)} events, ${String(missing)} missing, ${String(extra)} extra (${odd}); ${connection.violations.slice(0, 3).join('; ')}`,
      );
    }
  }
  return check;
}

async function run(database: Database, url: string): Promise<void> {
  const started = performance.now();
  const { db } = database;
  const now = new Date();
  const orgs: BenchOrganization[] = [];
  for (let i = 0; i < ORGS; i++)
    orgs.push(
      await seedBenchOrganization(
        db,
        {
          seed: i + 1,
          chats: 20,
          messages: 40,
          operators: OPERATORS,
          teams: TEAMS,
          login: `scale${String(i + 1)}`,
        },
        now,
      ),
    );
  console.log(
    `${String(ORGS)} organizations seeded, each ${String(OPERATORS)} operators in ${String(TEAMS)} teams with a site chat each (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const instances: Instance[] = [];
  let proxy: ChildIpc<ToProxy, FromProxy> | undefined;
  let clients: ChildIpc<ToClients, FromClients> | undefined;
  let customers: ChildIpc<ToCustomers, FromCustomers> | undefined;
  try {
    for (let i = 0; i < INSTANCES; i++)
      instances.push(
        ChildIpc.start<ToInstance, FromInstance>(
          `instance ${String(i + 1)}`,
          file('./scale-out-instance.ts'),
          {
            execArgv: ['--expose-gc'],
          },
        ),
      );
    const natsUrl = await natsOrNull();
    const ports = await Promise.all(
      instances.map(
        async (one) =>
          (await one.ask({ kind: 'start', databaseUrl: url, natsUrl }, 'started')).port,
      ),
    );
    proxy = ChildIpc.start<ToProxy, FromProxy>('proxy', file('./scale-out-proxy.ts'));
    const proxyPort = (await proxy.ask({ kind: 'start', upstreams: ports }, 'started')).port;
    const proxyUrl = `http://127.0.0.1:${String(proxyPort)}`;
    console.log(
      `${String(INSTANCES)} instances on ports ${ports.join(', ')} behind the proxy at ${proxyUrl}; ${natsUrl ? `each organization's commands run at its home instance, sent there over NATS at ${natsUrl}` : `no NATS (${NATS}): every instance runs the commands it receives`}`,
    );

    const sessions: Session[] = [];
    for (const org of orgs) {
      const people = [
        { id: org.adminId, email: org.adminEmail },
        ...org.operatorIds.map((id, i) => ({ id, email: org.operatorEmails[i] ?? '' })),
      ];
      const tokens = await Promise.all(
        people.map((person) => login(proxyUrl, person.email, org.password)),
      );
      people.forEach((person, i) =>
        sessions.push({ org, userId: person.id, token: tokens[i] ?? '' }),
      );
    }
    const startSeq = new Map<string, number>();
    for (const org of orgs) startSeq.set(org.orgId, await currentSeq(db, org.orgId));
    const targets: Connection[] = Array.from({ length: CONNECTIONS }, (_, i) => {
      const session = sessions[i % sessions.length] as Session;
      const after = startSeq.get(session.org.orgId) ?? 0;
      return {
        key: `${session.org.orgId}|${session.userId}`,
        after,
        url: `ws://127.0.0.1:${String(proxyPort)}/api/sync/live?after=${String(after)}&token=${encodeURIComponent(session.token)}`,
      };
    });

    clients = ChildIpc.start<ToClients, FromClients>('clients', file('./scale-out-clients.ts'));
    const opened = await clients.ask({ kind: 'open', connections: targets }, 'opened');
    console.log(
      `${String(opened.connections)} live connections (${String(sessions.length)} staff sessions) open in ${opened.seconds.toFixed(1)} s`,
    );
    customers = ChildIpc.start<ToCustomers, FromCustomers>(
      'customers',
      file('./scale-out-customers.ts'),
    );
    const channelIds = orgs.flatMap((org) => org.channelIds);
    const made = await customers.ask(
      { kind: 'visitors', proxyPort, channelIds, count: VISITORS },
      'visitors',
    );
    console.log(
      `${String(made.count)} site-chat visitors, each from an address of its own, in ${made.seconds.toFixed(1)} s`,
    );
    await clients.ask({ kind: 'quiet', forMs: 1000, timeoutMs: 30_000 }, 'quiet');

    const commitsNow = async () => {
      const [row] = await rowsOf<{ n: string }>(
        db.execute(
          sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
        ),
      );
      return Number(row?.n ?? 0);
    };
    const commitsBefore = await commitsNow();
    const before = await memoryOf(instances, true);
    // Where the cores go, from the load's start until every connection has what it is owed.
    const processes = [
      ...instances.map((one) => ({ name: one.name, cpu: () => cpuSeconds(one.pid) })),
      { name: 'PostgreSQL (all its processes)', cpu: () => cpuSecondsOfCommand('postgres') },
      { name: 'proxy', cpu: () => cpuSeconds(proxy?.pid ?? 0) },
      { name: 'staff connections (clients)', cpu: () => cpuSeconds(clients?.pid ?? 0) },
      { name: 'customers', cpu: () => cpuSeconds(customers?.pid ?? 0) },
      { name: 'this run', cpu: () => cpuSeconds(process.pid) },
    ];
    const cpuBefore = processes.map((one) => one.cpu());
    const activity = sampleActivity(url);
    const samples: { at: number; memory: Memory[] }[] = [];
    const loadStarted = performance.now();
    let loaded = false;
    const sampling = () => !loaded;
    const sampler = (async () => {
      while (sampling()) {
        await pause(SAMPLE_MS);
        if (sampling())
          samples.push({
            at: (performance.now() - loadStarted) / 1000,
            memory: await memoryOf(instances, false),
          });
      }
    })();
    console.log(`Customers write ${String(RATE)} messages a second for ${String(SECONDS)} s…`);
    const sent = await customers.ask(
      { kind: 'load', rate: RATE, seconds: SECONDS, answerTimeoutMs: 180_000 },
      'sent',
    );
    loaded = true;
    await sampler;
    const settled = await clients.ask(
      { kind: 'quiet', forMs: QUIET_MS, timeoutMs: 180_000 },
      'quiet',
    );
    if (!settled.quiet)
      throw new Error('the live connections were still receiving 180 s after the load');
    const window = (performance.now() - loadStarted) / 1000;
    const profile = await activity.stop();
    const cpu = processes.map((one, i) => ({
      name: one.name,
      seconds: one.cpu() - (cpuBefore[i] ?? 0),
    }));
    const commitsDuring = (await commitsNow()) - commitsBefore;
    const endSeq = new Map<string, number>();
    for (const org of orgs) endSeq.set(org.orgId, await currentSeq(db, org.orgId));
    await clients.ask({ kind: 'quiet', forMs: QUIET_MS, timeoutMs: 60_000 }, 'quiet');
    const after = await memoryOf(instances, true);

    // Exactly once in the store: every accepted message is there, once (its id is the key).
    const ids = sent.accepted.map((one) => one.id);
    let stored = 0;
    for (let i = 0; i < ids.length; i += 5000) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(inArray(messages.id, ids.slice(i, i + 5000)));
      stored += row?.n ?? 0;
    }
    const orgIds = orgs.map((org) => org.orgId);
    const [customerMessages] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          inArray(messages.orgId, orgIds),
          eq(messages.authorKind, 'client'),
          gt(messages.createdAt, now),
        ),
      );

    const report = await clients.ask({ kind: 'report' }, 'report');
    const check = await checkDeliveries(database, report, startSeq, endSeq);

    // Commit times to the clients' clock: each process's offset from this one is measured.
    const clientsClock = await clients.clockOffset();
    const commitIds: string[] = [];
    const commitAt: number[] = [];
    const offsets: number[] = [];
    const routed = { ranForOthers: 0, sentToOthers: 0, ranHereUnanswered: 0 };
    for (const one of instances) {
      const offset = await one.clockOffset();
      offsets.push(offset.offsetMs);
      const { ids: committed, at, ...counts } = await one.ask({ kind: 'commits' }, 'commits');
      // Instances from before the command router report no routing: none of it happened there.
      routed.ranForOthers += counts.ranForOthers ?? 0;
      routed.sentToOthers += counts.sentToOthers ?? 0;
      routed.ranHereUnanswered += counts.ranHereUnanswered ?? 0;
      committed.forEach((id, i) => {
        commitIds.push(id);
        commitAt.push((at[i] ?? 0) - offset.offsetMs + clientsClock.offsetMs);
      });
    }
    const latency = await clients.ask({ kind: 'latency', ids: commitIds, at: commitAt }, 'latency');
    const spread = await proxy.ask({ kind: 'counts' }, 'counts');

    const ceiling = await notifyCeiling(url);
    const rate = sent.ok / Math.max(sent.answeredSeconds, SECONDS);
    // What the machine could take in with every core busy at the CPU every process of the run (the
    // instances, PostgreSQL, the proxy, the stand-in browsers and customers) spent per message.
    const cpuPerMessageMs = (1000 * cpu.reduce((sum, one) => sum + one.seconds, 0)) / sent.ok;
    const cpuCeiling = (availableParallelism() * 1000) / cpuPerMessageMs;
    const heapGrowth = Math.max(
      ...after.map((m, i) => m.heapUsedMb - (before[i]?.heapUsedMb ?? 0)),
    );
    const rssPeak = Math.max(
      ...samples.flatMap((s) => s.memory.map((m) => m.rssMb)),
      ...after.map((m) => m.rssMb),
    );
    const half = samples.filter((s) => s.at >= SECONDS / 2);
    const rssSecondHalf = half.length
      ? Math.max(
          ...half.map((s) =>
            Math.max(
              ...s.memory.map((m, i) => m.rssMb - (samples[0]?.memory[i]?.rssMb ?? m.rssMb)),
            ),
          ),
        )
      : 0;
    const problems =
      check.missing +
      check.extra +
      check.violations +
      (ids.length - stored) +
      (customerMessages?.n ?? 0) -
      stored;

    console.log(`
Sent ${String(sent.sent)} messages in ${sent.sendingSeconds.toFixed(1)} s (${String(sent.lateSends)} sent late by the customers' own process); accepted ${String(sent.ok)}, refused ${JSON.stringify(sent.refused)}; last answer at ${sent.answeredSeconds.toFixed(1)} s: ${rate.toFixed(0)} messages/s taken in. Answer p50 ${sent.answerP50.toFixed(1)} ms, p99 ${sent.answerP99.toFixed(1)} ms.
Commands sent to their organization's home instance ${String(routed.sentToOthers)}, run there ${String(routed.ranForOthers)}, run where they arrived for want of an answer ${String(routed.ranHereUnanswered)}.
Stored: ${String(stored)} of ${String(ids.length)} accepted messages; ${String(customerMessages?.n ?? 0)} customer messages written in the run.
Proxy: requests per instance ${spread.requests.join(' / ')}, live connections per instance ${spread.upgrades.join(' / ')}, ${String(spread.errors)} upstream errors.
Deliveries: ${String(check.delivered)} events over ${String(check.connections)} connections (${String(report.frames)} frames); ${String(check.exact)} connections got exactly what they were entitled to, in order; missing ${String(check.missing)}, extra ${String(check.extra)}, order or cursor violations ${String(check.violations)}.
${check.examples.join('\n')}
Commit → delivery over ${String(latency.arrivals)} (message × connection) arrivals: p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms (${String(latency.unmatched)} arrivals without a commit time; clock offsets ${offsets.map((o) => o.toFixed(2)).join(', ')} ms, clients ${clientsClock.offsetMs.toFixed(2)} ms).
PostgreSQL: ${String(commitsDuring)} commits during the load (${(commitsDuring / SECONDS).toFixed(0)}/s, ${(sent.ok / Math.max(commitsDuring, 1)).toFixed(2)} messages per commit, every statement of every instance counted); on its own, ${String(ceiling.writers)} writers commit ${ceiling.without.toFixed(0)} small transactions a second, ${ceiling.withNotify.toFixed(0)} when each NOTIFYs.
CPU from the load's start until the connections went quiet (${window.toFixed(0)} s, ${String(availableParallelism())} cores): ${cpu.map((one) => `${one.name} ${one.seconds.toFixed(0)} s (${((100 * one.seconds) / window).toFixed(0)}% of a core)`).join('; ')}; ${cpuPerMessageMs.toFixed(1)} ms of CPU per message in all, so ${cpuCeiling.toFixed(0)} messages/s with every core busy.
PostgreSQL's busy backends over ${String(profile.samples)} samples (the statements most often running; lock waits ${JSON.stringify(profile.lockWaits)}):
${profile.statements
  .slice(0, 12)
  .map((one) => `  ${String(one.seen).padStart(6)}  ${one.statement}`)
  .join('\n')}
Memory (MB, after a full collection) before → after: ${before.map((m, i) => `instance ${String(i + 1)} heap ${m.heapUsedMb.toFixed(0)} → ${(after[i]?.heapUsedMb ?? 0).toFixed(0)}, rss ${m.rssMb.toFixed(0)} → ${(after[i]?.rssMb ?? 0).toFixed(0)}`).join('; ')}. RSS peak ${rssPeak.toFixed(0)} MB; growth in the load's second half over its first sample ${rssSecondHalf.toFixed(0)} MB.`);

    const note = `${String(INSTANCES)} instances${natsUrl ? ' (one home per organization over NATS)' : ''}, one PostgreSQL, ${String(check.connections)} connections, ${String(ORGS)} organizations, target ${String(RATE)}/s for ${String(SECONDS)} s`;
    const figures: Figure[] = [
      {
        id: 'server.scaleout.taken',
        what: 'customer messages taken in across instances (widget API through the proxy)',
        value: rate,
        unit: '/s',
        budget: { op: '>=', value: RATE },
        reference: {
          what: `every core busy at the run's CPU per message (${cpuPerMessageMs.toFixed(1)} ms, every process)`,
          value: cpuCeiling,
        },
        note: `${note}; answer p99 ${sent.answerP99.toFixed(0)} ms`,
      },
      {
        id: 'server.scaleout.delivery.p99',
        what: 'commit → delivery to every entitled connection, under that load',
        value: latency.p99,
        unit: 'ms',
        stat: 'p99',
        note: `${String(latency.arrivals)} arrivals; p50 ${latency.p50.toFixed(1)} ms, max ${latency.max.toFixed(0)} ms`,
      },
      {
        id: 'server.scaleout.violations',
        what: 'events missed, doubled or out of order, and messages not stored once',
        value: problems,
        unit: 'count',
        budget: { op: '<=', value: 0 },
        note: `${String(check.delivered)} deliveries checked against the log`,
      },
      {
        id: 'server.scaleout.notify-ceiling',
        what: 'notifying commits a second on this PostgreSQL (the next limit of fan-out)',
        value: ceiling.withNotify,
        unit: '/s',
        reference: { what: 'the same commits without NOTIFY', value: ceiling.without },
        note: `${String(ceiling.writers)} writers, ${String(ceiling.seconds)} s each`,
      },
      {
        id: 'server.scaleout.heap',
        what: 'server heap growth over the run, after a full collection (largest instance)',
        value: heapGrowth,
        unit: '',
        note: `MB; RSS peak ${rssPeak.toFixed(0)} MB`,
      },
    ];
    reportFigures(figures);
    const written = writeResults('scale-out', {
      bench: 'scale-out',
      at: new Date().toISOString(),
      ...machine(),
      settings: { INSTANCES, CONNECTIONS, RATE, SECONDS, ORGS, VISITORS, OPERATORS, TEAMS },
      sent: { ...sent, accepted: sent.accepted.length },
      stored,
      customerMessages: customerMessages?.n ?? 0,
      spread,
      check,
      frames: report.frames,
      latency,
      postgres: { commitsDuring, ceiling },
      cpu: { windowSeconds: window, processes: cpu },
      postgresActivity: { ...profile, statements: profile.statements.slice(0, 40) },
      memory: { before, after, samples },
      figures,
      totalSeconds: (performance.now() - started) / 1000,
    });
    console.log(
      `Results written to ${written} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
    );
    if (problems > 0) process.exitCode = 1;
  } finally {
    await customers?.close();
    await clients?.close();
    await proxy?.close();
    await Promise.all(instances.map((one) => one.close()));
  }
}

async function main(): Promise<void> {
  console.log(
    `Scale-out: ${String(INSTANCES)} instances on one PostgreSQL behind a proxy, ${String(CONNECTIONS)} live connections, ${String(RATE)} customer messages a second for ${String(SECONDS)} s (${machineLine()})`,
  );
  const outcome = await onThrowawayPostgres(benchPostgresUrl(), run);
  if (typeof outcome === 'string') {
    console.log(`PostgreSQL ${outcome}: the scale-out run needs one and measured nothing.`);
    reportFigures([]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
