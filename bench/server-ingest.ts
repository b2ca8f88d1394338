/**
 * DESIGN §6 budget "server: inbound messages through the full command path (PostgreSQL)
 * ≥ 2,000 /s on 2 cores".
 *
 * Sends customer messages exactly as the server runs a channel adapter's — a `message.receive`
 * command from a channel actor through the server's command queue (group commit: the commands
 * that arrive while the organization's last group runs go together): validation, one transaction
 * holding the state tables, the event log append (per-organization lock) and the stored command
 * results, and NOTIFY on PostgreSQL — and, beside it in the same run and database, a plain baseline: per message one
 * INSERT INTO messages and one UPDATE of its chat's times, each its own autocommit statement
 * through the same Drizzle driver, with no validation, transaction, event or command result.
 *
 * Backends: PGlite in memory, and PostgreSQL when one answers (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/test) in a throwaway database that is dropped at the end.
 * Results are printed as a table and written to bench/results/server-ingest-<timestamp>.json.
 */
import { cpus } from 'node:os';
import { eq, inArray, and } from 'drizzle-orm';
import { newId, type CommandResult } from '../src/protocol';
import { openDatabase, type Database } from '../server/db/database';
import { chats, clientContacts, messages } from '../server/db/schema';
import { CommandQueue } from '../server/domain/command-queue';
import { seedBenchOrganization } from '../server/demo/bench-organization';
import { systemClock } from '../server/clock';
import { machine, machineLine } from './machine';
import { reportFigures, type Figure } from './figures';
import { writeResults } from './results-file';
import { formatTable, percentile } from './stats';
import { benchPostgresUrl, hidePassword, onThrowawayPostgres } from './throwaway-postgres';

const BUDGET_PER_SECOND = 2000;
const CLIENTS = 500;
/**
 * Customers writing at once. A channel's webhook takes many customers' messages concurrently; the
 * server groups those of one organization into one transaction (server/domain/command-queue.ts),
 * so concurrency, not the pool's 10 connections, is what a busy inbox brings. 8 is the figure of
 * the earlier design, kept for comparison.
 */
const CONCURRENCY = [8, 64, 256];
/** Fixed counts, sized so the whole run stays under about two minutes on a 2-core machine. */
const COUNTS = {
  pglite: { warmup: 200, measured: Number(process.env.BENCH_PGLITE_MESSAGES ?? 2000) },
  postgres: { warmup: 300, measured: Number(process.env.BENCH_PG_MESSAGES ?? 4000) },
};

type Mode = 'serial' | 'concurrent';
type Row = {
  backend: 'pglite' | 'postgres';
  mode: Mode;
  senders: number;
  messages: number;
  newChats: number;
  seconds: number;
  perSecond: number;
  latencyMs: { p50: number; p99: number };
  plain: { statements: number; seconds: number; messagesPerSecond: number };
  /** Plain messages per second over full-path messages per second: what the full path costs. */
  costFactor: number;
  failures: number;
};

type Org = { orgId: string; channelId: string };

/**
 * Splits messages 0..count-1 over senders so each client belongs to one sender: a customer's
 * messages arrive one after another, as a messenger delivers them, never racing each other.
 */
function lanes(count: number, senders: number): number[][] {
  const out: number[][] = Array.from({ length: senders }, () => []);
  for (let i = 0; i < count; i++) out[(i % CLIENTS) % senders]?.push(i);
  return out;
}

async function runLanes(
  count: number,
  senders: number,
  send: (i: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  await Promise.all(
    lanes(count, senders).map(async (lane) => {
      for (const i of lane) await send(i);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** The full command path, exactly as the server runs a channel adapter's command. */
async function receive(
  deps: CommandQueue,
  org: Org,
  externalId: string,
  text: string,
): Promise<CommandResult> {
  return deps.execute(
    { orgId: org.orgId, actor: { kind: 'channel', id: org.channelId }, viewer: null },
    {
      id: newId(),
      type: 'message.receive',
      payload: {
        channelId: org.channelId,
        client: { externalId, name: `Bench client ${externalId}` },
        text,
      },
    },
  );
}

async function fullPath(
  deps: CommandQueue,
  org: Org,
  prefix: string,
  count: number,
  senders: number,
): Promise<{ seconds: number; latencies: number[]; failures: CommandResult[] }> {
  const latencies: number[] = [];
  const failures: CommandResult[] = [];
  const seconds = await runLanes(count, senders, async (i) => {
    const started = performance.now();
    const result = await receive(
      deps,
      org,
      `${prefix}-${i % CLIENTS}`,
      `Hello, this is message ${i} of the ingest benchmark.`,
    );
    latencies.push(performance.now() - started);
    if (!result.ok) failures.push(result);
  });
  return { seconds, latencies: latencies.sort((a, b) => a - b), failures };
}

/** The chats the full path opened for a prefix's clients, for the baseline to write into. */
async function chatsOf(database: Database, org: Org, prefix: string): Promise<string[]> {
  const externalIds = Array.from({ length: CLIENTS }, (_, i) => `${prefix}-${i}`);
  const rows = await database.db
    .select({ id: chats.id })
    .from(chats)
    .innerJoin(
      clientContacts,
      and(
        eq(clientContacts.clientId, chats.clientId),
        eq(clientContacts.channelId, chats.channelId),
      ),
    )
    .where(and(eq(chats.orgId, org.orgId), inArray(clientContacts.value, externalIds)));
  return rows.map((row) => row.id);
}

/** The baseline: per message one INSERT and one UPDATE, each in autocommit. */
async function plainInserts(
  database: Database,
  org: Org,
  chatIds: readonly string[],
  count: number,
  senders: number,
): Promise<number> {
  const { db } = database;
  return runLanes(count, senders, async (i) => {
    const chatId = chatIds[i % chatIds.length];
    if (!chatId) throw new Error('no chat for the baseline');
    const now = new Date();
    await db.insert(messages).values({
      id: newId(),
      orgId: org.orgId,
      chatId,
      authorKind: 'client',
      text: `Hello, this is message ${i} of the ingest benchmark.`,
      internal: false,
      status: 'delivered',
      createdAt: now,
    });
    await db
      .update(chats)
      .set({ lastMessageAt: now, lastClientMessageAt: now, updatedAt: now })
      .where(eq(chats.id, chatId));
  });
}

async function measure(
  database: Database,
  org: Org,
  backend: Row['backend'],
  mode: Mode,
  senders: number,
  counts: { warmup: number; measured: number },
): Promise<Row> {
  const deps = new CommandQueue({ database, clock: systemClock, wake: () => {} });
  const tag = `${backend}-${mode}-${String(senders)}`;
  // Warm up both paths (JIT, connections, caches) on clients of their own.
  const warm = await fullPath(deps, org, `${tag}-warm`, counts.warmup, senders);
  if (warm.failures.length > 0)
    throw new Error(`warm-up failed: ${JSON.stringify(warm.failures[0])}`);
  const warmChats = await chatsOf(database, org, `${tag}-warm`);
  await plainInserts(database, org, warmChats, Math.min(counts.warmup, 200), senders);

  const full = await fullPath(deps, org, tag, counts.measured, senders);
  const chatIds = await chatsOf(database, org, tag);
  const plainSeconds = await plainInserts(database, org, chatIds, counts.measured, senders);
  const perSecond = counts.measured / full.seconds;
  const plainPerSecond = counts.measured / plainSeconds;
  if (full.failures.length > 0)
    console.error(
      `${tag}: ${full.failures.length} commands refused, first: ${JSON.stringify(full.failures[0])}`,
    );
  console.log(
    `  ${backend} ${mode}: ${perSecond.toFixed(0)} msg/s full path, ${plainPerSecond.toFixed(0)} msg/s plain`,
  );
  return {
    backend,
    mode,
    senders,
    messages: counts.measured,
    newChats: chatIds.length,
    seconds: full.seconds,
    perSecond,
    latencyMs: { p50: percentile(full.latencies, 50), p99: percentile(full.latencies, 99) },
    plain: {
      statements: counts.measured * 2,
      seconds: plainSeconds,
      messagesPerSecond: plainPerSecond,
    },
    costFactor: plainPerSecond / perSecond,
    failures: full.failures.length,
  };
}

async function seedSmallOrg(database: Database): Promise<Org> {
  const org = await seedBenchOrganization(
    database.db,
    { seed: 1, chats: 200, messages: 2000, operators: 10, teams: 2, login: 'bench-ingest' },
    systemClock.now(),
  );
  return { orgId: org.orgId, channelId: org.channelId };
}

async function benchPglite(): Promise<Row[]> {
  const database = await openDatabase({ inMemory: true });
  try {
    const org = await seedSmallOrg(database);
    // PGlite is one connection in this process, but concurrent senders still share group
    // commits: serial for one message's own cost, and the most senders for the busy inbox.
    return [
      await measure(database, org, 'pglite', 'serial', 1, COUNTS.pglite),
      await measure(database, org, 'pglite', 'concurrent', CONCURRENCY.at(-1) ?? 1, COUNTS.pglite),
    ];
  } finally {
    await database.close();
  }
}

async function benchPostgres(adminUrl: string): Promise<Row[] | string> {
  return onThrowawayPostgres(adminUrl, async (database) => {
    const org = await seedSmallOrg(database);
    const rows = [await measure(database, org, 'postgres', 'serial', 1, COUNTS.postgres)];
    for (const senders of CONCURRENCY)
      rows.push(await measure(database, org, 'postgres', 'concurrent', senders, COUNTS.postgres));
    return rows;
  });
}

function table(rows: readonly Row[]): string {
  const header = [
    'backend',
    'mode',
    'messages',
    'new chats',
    'seconds',
    'msg/s',
    'p50 ms',
    'p99 ms',
    'plain msg/s',
    'plain/full',
    'budget',
  ];
  const body = rows.map((row) => [
    row.backend,
    row.mode === 'serial' ? 'serial' : `${row.senders} senders`,
    String(row.messages),
    String(row.newChats),
    row.seconds.toFixed(2),
    row.perSecond.toFixed(0),
    row.latencyMs.p50.toFixed(2),
    row.latencyMs.p99.toFixed(2),
    row.plain.messagesPerSecond.toFixed(0),
    `${row.costFactor.toFixed(2)}×`,
    row.backend === 'postgres' ? (row.perSecond >= BUDGET_PER_SECOND ? 'pass' : 'miss') : '—',
  ]);
  return formatTable(header, body, 2);
}

/**
 * The figures `npm run bench` tabulates: each backend's best full-path rate, beside the plain
 * INSERTs of the same run as the reference. DESIGN §6's budget is on PostgreSQL; PGlite, the
 * embedded default, is shown without one.
 */
function figuresOf(rows: readonly Row[]): Figure[] {
  const figures: Figure[] = [];
  for (const backend of ['pglite', 'postgres'] as const) {
    const best = rows
      .filter((row) => row.backend === backend)
      .reduce<Row | undefined>(
        (top, row) => (!top || row.perSecond > top.perSecond ? row : top),
        undefined,
      );
    if (!best) continue;
    figures.push({
      id: `server.ingest.${backend}`,
      what: `inbound messages through the full command path (${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      value: best.perSecond,
      unit: '/s',
      ...(backend === 'postgres' ? { budget: { op: '>=', value: BUDGET_PER_SECOND } } : {}),
      reference: { what: 'plain INSERT + UPDATE per message', value: best.plain.messagesPerSecond },
      note: `${best.mode === 'serial' ? 'one sender' : `${String(best.senders)} senders`}, ${String(best.messages)} messages; p99 ${best.latencyMs.p99.toFixed(1)} ms`,
    });
  }
  return figures;
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`Server ingest: message.receive through the command queue (${machineLine()})`);
  console.log(
    `${CLIENTS} distinct customers per run, so the first ${CLIENTS} messages open chats and the rest join them.\n`,
  );

  const rows: Row[] = [];
  console.log(
    `PGlite (in memory): ${COUNTS.pglite.warmup} warm-up + ${COUNTS.pglite.measured} measured …`,
  );
  rows.push(...(await benchPglite()));

  const pgUrl = benchPostgresUrl();
  console.log(
    `PostgreSQL (${hidePassword(pgUrl)}, throwaway database): ${COUNTS.postgres.warmup} warm-up + ${COUNTS.postgres.measured} measured, serial and ${CONCURRENCY.join(', ')} senders …`,
  );
  const postgres = await benchPostgres(pgUrl);
  if (typeof postgres === 'string') console.log(`PostgreSQL skipped: ${postgres}`);
  else rows.push(...postgres);

  console.log(`\n${table(rows)}\n`);
  console.log(
    'full   = message.receive from a channel actor through the command queue: validation, group commits with the state',
  );
  console.log('         tables, event log append and command result, NOTIFY on PostgreSQL.');
  console.log(
    'plain  = per message 1 INSERT INTO messages + 1 UPDATE chats, each its own autocommit statement, same',
  );
  console.log(
    '         driver, same run; plain/full = how many times more the full path costs per message.',
  );

  const pgRows = rows.filter((row) => row.backend === 'postgres');
  const best = pgRows.reduce<Row | undefined>(
    (top, row) => (!top || row.perSecond > top.perSecond ? row : top),
    undefined,
  );
  let verdict: 'pass' | 'miss' | 'not measured';
  if (!best) {
    verdict = 'not measured';
    console.log(
      `\nDESIGN §6 budget: ≥ ${BUDGET_PER_SECOND} msg/s on PostgreSQL — not measured (no PostgreSQL).`,
    );
  } else {
    verdict = best.perSecond >= BUDGET_PER_SECOND ? 'pass' : 'miss';
    console.log(
      `\nDESIGN §6 budget: ≥ ${BUDGET_PER_SECOND} msg/s on PostgreSQL (${cpus().length} CPUs here) — ${verdict.toUpperCase()}: best ${best.perSecond.toFixed(0)} msg/s (${best.mode === 'serial' ? 'serial' : `${best.senders} concurrent senders`}).`,
    );
  }

  reportFigures(figuresOf(rows));
  const file = writeResults('server-ingest', {
    bench: 'server-ingest',
    at: new Date().toISOString(),
    ...machine(),
    budget: {
      messagesPerSecond: BUDGET_PER_SECOND,
      backend: 'postgres',
      verdict,
      best: best ? { mode: best.mode, perSecond: best.perSecond } : null,
    },
    plainBaseline:
      'per message: 1 INSERT INTO messages + 1 UPDATE chats, each in autocommit, same driver',
    clients: CLIENTS,
    results: rows,
    totalSeconds: (performance.now() - started) / 1000,
  });
  console.log(
    `Results written to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
  );
  if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
