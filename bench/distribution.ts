/**
 * Issue 5: "the assignments per second figure in bench:server" — 1,000 chats, 50 operators.
 *
 * Everything goes through the real server context (buildServer, not listening): operators are
 * connected through its Presence (as their live sockets make them), every command runs through
 * its executeCommand in one transaction with distribution, timers and the event log. The team's
 * limit (20) gives the 50 operators exactly 1,000 places, so every chat can be assigned.
 *
 * - backlog, one serve: 1,000 chats wait while the operators are In work but the queue has not
 *   been served (their status set in the database); one team.setDistribution by the administrator
 *   serves the whole queue in one pass.
 * - backlog, shift start: 1,000 chats wait while everyone is on Break; the operators come In work
 *   one after another (operator.setStatus), each taking their 20 in their own command.
 * - steady: chats arrive one by one (message.receive from a new customer each) and each is
 *   assigned in the transaction that opens it; on PostgreSQL also with 8 senders at once.
 * - queued, nobody free: the same arrivals while everyone is on Break, so each chat only joins
 *   the queue: what the steady case costs without the assignment.
 *
 * Backends: PGlite in memory, and PostgreSQL when one answers (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/test) in a throwaway database dropped at the end. Results are
 * printed as a table and written to bench/results/distribution-<timestamp>.json.
 */
import { and, eq, sql } from 'drizzle-orm';
import { newId, type CommandEnvelope, type CommandResult } from '../src/protocol';
import { openDatabase, type Database } from '../server/db/database';
import * as t from '../server/db/schema';
import { buildServer } from '../server/http/app';
import type { ServerContext } from '../server/http/context';
import { loadViewer, type Viewer } from '../server/auth/viewer';
import { seedBenchOrganization } from '../server/demo/bench-organization';
import { systemClock } from '../server/clock';
import { machine, machineLine } from './machine';
import { reportFigures, type Figure } from './figures';
import { writeResults } from './results-file';
import { formatTable, percentile } from './stats';
import { benchPostgresUrl, hidePassword, onThrowawayPostgres } from './throwaway-postgres';

const CHATS = 1000;
const OPERATORS = 50;
/** 50 operators × 20 = 1,000 places: the whole backlog fits, and nobody has room to spare. */
const DIALOG_LIMIT = 20;
const SENDERS = 8; // the PostgreSQL pool holds 10 connections
const WARMUP_CHATS = 100;
/** Arrivals of the steady case: the rate settles well before 1,000 (`npm run bench` takes 500). */
const STEADY_CHATS = Number(process.env.BENCH_STEADY_CHATS ?? CHATS);

type Backend = 'pglite' | 'postgres';
type Case = 'one serve' | 'shift start' | 'steady' | 'queued';
type Row = {
  backend: Backend;
  case: Case;
  /** How the work came: one command, 50 commands in turn, or arrivals from 1 or 8 senders. */
  how: string;
  chats: number;
  assigned: number;
  commands: number;
  seconds: number;
  /** Assigned chats per second (queued chats per second for the queued case). */
  perSecond: number;
  latencyMs: { p50: number; p99: number };
};

type Org = {
  orgId: string;
  teamId: string;
  channelId: string;
  operators: Viewer[];
  admin: Viewer;
};

async function viewer(database: Database, userId: string): Promise<Viewer> {
  const found = await loadViewer(database.db, userId);
  if (!found) throw new Error(`user ${userId} missing`);
  return found;
}

/**
 * A fresh organization: one team with a site-chat channel routed to it, 50 operators on Break and
 * connected (through the server's Presence, as a live socket does), the team's limit 20.
 */
async function prepare(context: ServerContext, login: string): Promise<Org> {
  const { database } = context;
  const org = await seedBenchOrganization(
    database.db,
    { seed: 1, chats: 0, messages: 0, operators: OPERATORS, teams: 1, login },
    systemClock.now(),
  );
  const teamId = org.teamIds[0] ?? '';
  await database.db
    .update(t.teams)
    .set({ dialogLimit: DIALOG_LIMIT })
    .where(eq(t.teams.orgId, org.orgId));
  await database.db
    .update(t.users)
    .set({ operatorStatus: 'break', autoBreakMinutes: null })
    .where(eq(t.users.orgId, org.orgId));
  for (const id of org.operatorIds) await context.presence.opened({ id, orgId: org.orgId });
  return {
    orgId: org.orgId,
    teamId,
    channelId: org.channelId,
    operators: await Promise.all(org.operatorIds.map((id) => viewer(database, id))),
    admin: await viewer(database, org.adminId),
  };
}

/**
 * Lets the event loop turn, as it does between two requests. On PGlite (no I/O at all) a loop of
 * awaited commands would otherwise never reach the timers phase: the server's presence refresh
 * would not run, and after 45 s every operator would count as disconnected.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function run(
  context: ServerContext,
  caller: { orgId: string; viewer: Viewer | null; channelId?: string },
  type: string,
  payload: unknown,
): Promise<number> {
  await nextTurn();
  const command: CommandEnvelope = { id: newId(), type, payload };
  const actor = caller.viewer
    ? ({ kind: 'user', id: caller.viewer.id } as const)
    : ({ kind: 'channel', id: caller.channelId ?? '' } as const);
  const started = performance.now();
  const result: CommandResult = await context.execute(
    { orgId: caller.orgId, actor, viewer: caller.viewer },
    command,
  );
  const ms = performance.now() - started;
  if (!result.ok) throw new Error(`${type} refused: ${JSON.stringify(result.error)}`);
  return ms;
}

/** New customers' first messages, as a channel adapter delivers them, from `senders` at once. */
async function arrivals(
  context: ServerContext,
  org: Org,
  prefix: string,
  count: number,
  senders: number,
): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < count) {
        const i = next++;
        latencies.push(
          await run(
            context,
            { orgId: org.orgId, viewer: null, channelId: org.channelId },
            'message.receive',
            {
              channelId: org.channelId,
              client: { externalId: `${prefix}-${i}`, name: `Bench customer ${i}` },
              text: `Hello, I need help with order ${i}.`,
            },
          ),
        );
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

const inWork = (context: ServerContext, org: Org, operator: Viewer) =>
  run(context, { orgId: org.orgId, viewer: operator }, 'operator.setStatus', {
    status: 'in_work',
  });

/**
 * What distribution did in the organization: chats assigned, and that none is assigned twice,
 * none by anything but distribution, and nobody holds more than the limit.
 */
async function assignedChats(database: Database, org: Org): Promise<number> {
  const [row] = await database.db
    .select({
      assigned: sql<number>`count(*) filter (where ${t.chats.status} = 'assigned')::int`,
      pending: sql<number>`count(*) filter (where ${t.chats.status} = 'pending')::int`,
    })
    .from(t.chats)
    .where(eq(t.chats.orgId, org.orgId));
  const [history] = await database.db
    .select({
      entries: sql<number>`count(*)::int`,
      chats: sql<number>`count(distinct ${t.chatHistory.chatId})::int`,
      byDistribution: sql<number>`count(*) filter (where ${t.chatHistory.data}->>'by' = 'distribution')::int`,
    })
    .from(t.chatHistory)
    .where(and(eq(t.chatHistory.orgId, org.orgId), eq(t.chatHistory.kind, 'assigned')));
  const [busiest] = await database.db
    .select({ open: sql<number>`count(*)::int` })
    .from(t.chats)
    .where(and(eq(t.chats.orgId, org.orgId), eq(t.chats.status, 'assigned')))
    .groupBy(t.chats.operatorId)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  const assigned = row?.assigned ?? 0;
  if (
    history?.entries !== assigned ||
    history.chats !== assigned ||
    history.byDistribution !== assigned ||
    (busiest?.open ?? 0) > DIALOG_LIMIT
  )
    throw new Error(
      `distribution went wrong: ${JSON.stringify({ row, history, busiest, limit: DIALOG_LIMIT })}`,
    );
  return assigned;
}

function row(
  backend: Backend,
  kind: Case,
  how: string,
  measured: { seconds: number; latencies: number[]; assigned: number; chats: number },
): Row {
  if (kind !== 'queued' && measured.assigned !== measured.chats)
    throw new Error(`${backend} ${kind}: ${measured.assigned} of ${measured.chats} chats assigned`);
  const sorted = [...measured.latencies].sort((a, b) => a - b);
  const done = kind === 'queued' ? measured.chats : measured.assigned;
  const result: Row = {
    backend,
    case: kind,
    how,
    chats: measured.chats,
    assigned: measured.assigned,
    commands: sorted.length,
    seconds: measured.seconds,
    perSecond: done / measured.seconds,
    latencyMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99) },
  };
  console.log(
    `  ${backend} ${kind} (${how}): ${result.perSecond.toFixed(0)} ${kind === 'queued' ? 'queued' : 'assigned'}/s`,
  );
  return result;
}

async function measureAll(database: Database, backend: Backend): Promise<Row[]> {
  const { app, context } = await buildServer({ database, clock: systemClock });
  const rows: Row[] = [];
  let orgs = 0;
  const fresh = () => prepare(context, `bench-distribution-${++orgs}`);
  try {
    // Warm-up (JIT, connections, caches): a short steady run of its own.
    const warm = await fresh();
    for (const operator of warm.operators) await inWork(context, warm, operator);
    await arrivals(context, warm, 'warm', WARMUP_CHATS, 1);

    // Queued only, then one serve of that backlog.
    const pass = await fresh();
    const queued = await arrivals(context, pass, 'pass', CHATS, 1);
    if ((await assignedChats(database, pass)) !== 0) throw new Error('a chat was assigned');
    rows.push(
      row(backend, 'queued', 'new chats, 1 sender', { ...queued, assigned: 0, chats: CHATS }),
    );
    await database.db
      .update(t.users)
      .set({ operatorStatus: 'in_work' })
      .where(
        and(eq(t.users.orgId, pass.orgId), eq(t.users.roleId, pass.operators[0]?.roleId ?? '')),
      );
    const started = performance.now();
    const serve = await run(
      context,
      { orgId: pass.orgId, viewer: pass.admin },
      'team.setDistribution',
      {
        teamId: pass.teamId,
        distributionMethod: 'round_robin',
        dialogLimit: DIALOG_LIMIT,
        redistributionMinutes: 10,
        autoCloseMinutes: 60,
        unattendedCloseHours: 24,
        inactivityMinutes: 0,
      },
    );
    rows.push(
      row(backend, 'one serve', '1 team.setDistribution', {
        seconds: (performance.now() - started) / 1000,
        latencies: [serve],
        assigned: await assignedChats(database, pass),
        chats: CHATS,
      }),
    );

    // Shift start: the backlog, then everyone comes In work in turn.
    const shift = await fresh();
    await arrivals(context, shift, 'shift', CHATS, 1);
    const shiftStarted = performance.now();
    const latencies: number[] = [];
    for (const operator of shift.operators) latencies.push(await inWork(context, shift, operator));
    rows.push(
      row(backend, 'shift start', `${OPERATORS} × operator.setStatus`, {
        seconds: (performance.now() - shiftStarted) / 1000,
        latencies,
        assigned: await assignedChats(database, shift),
        chats: CHATS,
      }),
    );

    // Steady: everyone In work with room, chats assigned as they arrive.
    const steadySenders = backend === 'postgres' ? [1, SENDERS] : [1]; // PGlite is one connection
    for (const senders of steadySenders) {
      const steady = await fresh();
      for (const operator of steady.operators) await inWork(context, steady, operator);
      const measured = await arrivals(context, steady, `steady-${senders}`, STEADY_CHATS, senders);
      rows.push(
        row(backend, 'steady', `new chats, ${senders} sender${senders > 1 ? 's' : ''}`, {
          ...measured,
          assigned: await assignedChats(database, steady),
          chats: STEADY_CHATS,
        }),
      );
    }
  } finally {
    await app.close();
  }
  return rows;
}

function table(rows: readonly Row[]): string {
  const header = [
    'backend',
    'case',
    'work',
    'chats',
    'assigned',
    'seconds',
    'per second',
    'p50 ms',
    'p99 ms',
  ];
  const body = rows.map((r) => [
    r.backend,
    r.case,
    r.how,
    String(r.chats),
    String(r.assigned),
    r.seconds.toFixed(2),
    r.perSecond.toFixed(0),
    r.commands > 1 ? r.latencyMs.p50.toFixed(2) : '—',
    r.commands > 1 ? r.latencyMs.p99.toFixed(2) : '—',
  ]);
  return formatTable(header, body, 3);
}

/**
 * The figures `npm run bench` tabulates: assignments per second of each backend's steady case (a
 * chat assigned in the transaction that opens it, one sender) and of the one-pass backlog serve.
 * DESIGN §6 sets no budget on them; the queued case is the reference, what an arrival costs
 * without the assignment.
 */
function figuresOf(rows: readonly Row[]): Figure[] {
  const figures: Figure[] = [];
  for (const backend of ['pglite', 'postgres'] as const) {
    const of = (c: Case, how?: string) =>
      rows.find(
        (r) => r.backend === backend && r.case === c && (how === undefined || r.how === how),
      );
    const steady = of('steady', 'new chats, 1 sender');
    const queued = of('queued');
    const serve = of('one serve');
    if (steady)
      figures.push({
        id: `server.assign.${backend}.steady`,
        what: `assignments per second, new chats one by one (${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
        value: steady.perSecond,
        unit: '/s',
        ...(queued
          ? { reference: { what: 'the same arrivals only queued', value: queued.perSecond } }
          : {}),
      });
    if (serve)
      figures.push({
        id: `server.assign.${backend}.backlog`,
        what: `assignments per second, 1,000-chat backlog in one serve (${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
        value: serve.perSecond,
        unit: '/s',
      });
  }
  return figures;
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `\nDistribution: assignments per second (${CHATS.toLocaleString('en')} chats, ${OPERATORS} operators, limit ${DIALOG_LIMIT}) through the server context (${machineLine()})\n`,
  );
  const rows: Row[] = [];
  console.log('PGlite (in memory) …');
  const pglite = await openDatabase({ inMemory: true });
  try {
    rows.push(...(await measureAll(pglite, 'pglite')));
  } finally {
    await pglite.close();
  }
  const pgUrl = benchPostgresUrl();
  console.log(`PostgreSQL (${hidePassword(pgUrl)}, throwaway database) …`);
  const postgres = await onThrowawayPostgres(pgUrl, (database) => measureAll(database, 'postgres'));
  if (typeof postgres === 'string') console.log(`PostgreSQL skipped: ${postgres}`);
  else rows.push(...postgres);

  console.log(`\n${table(rows)}\n`);
  console.log(
    'per second = chats assigned per second of the work (queued: chats queued per second); p50/p99 = per command.',
  );
  console.log(
    'one serve  = 1,000 waiting chats, 50 operators In work: one team.setDistribution serves the queue in one pass.',
  );
  console.log(
    'shift start = 1,000 waiting chats; 50 operators come In work in turn, each taking 20 in their own command.',
  );
  console.log(
    'steady     = each new chat assigned in the transaction of its message.receive; queued = the same with nobody free.',
  );

  reportFigures(figuresOf(rows));
  const file = writeResults('distribution', {
    bench: 'distribution',
    at: new Date().toISOString(),
    ...machine(),
    chats: CHATS,
    operators: OPERATORS,
    dialogLimit: DIALOG_LIMIT,
    results: rows,
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
