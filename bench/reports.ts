/**
 * Issue 21: "the 30-day summary's server time for the 10,000-chat organisation (budget ≤ 200 ms,
 * DESIGN §6) beside a plain scan of the same rows".
 *
 * On DESIGN §6's organization (10,000 chats, 200,000 messages over 28 days, 50 operators):
 * - the full roll-up rebuild (what a time-zone change or the first start on existing data costs);
 * - the Summary tab for the last 30 days through computeReport (what POST /api/reports runs:
 *   guards, catching up, reading the period's roll-ups, combining them), N calls, p50 and p95;
 * - the plain scan: the same report computed the naive way, reading the period's chats, their
 *   history and messages and computing every metric from them (reportFromObservations).
 *
 * PGlite on the seeded folder, and PostgreSQL when one answers (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/test) in a throwaway database dropped at the end.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Right } from '../src/protocol';
import {
  chatObservations,
  chatTimeline,
  clientDirectory,
  daysSpan,
  periodDays,
  reportFromObservations,
  type Observation,
} from '../src/protocol/metrics';
import { openDatabase, type Database } from '../server/db/database';
import * as t from '../server/db/schema';
import { seedBenchOrganization, type BenchOrganization } from '../server/demo/bench-organization';
import { computeReport } from '../server/reports/compute-report';
import { rebuildOrganization } from '../server/reports/rollup-store';
import { systemClock } from '../server/clock';
import { machineLine } from './machine';
import { reportFigures, type Figure } from './figures';
import { writeResults } from './results-file';
import { formatTable, summarize } from './stats';
import { BENCH_SIZE, seededCopy } from './seeded-org';
import { benchPostgresUrl, hidePassword, onThrowawayPostgres } from './throwaway-postgres';

const CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 30);
const SCANS = Number(process.env.BENCH_REPORT_SCANS ?? 5);
const RIGHTS: ReadonlySet<Right> = new Set(['AUTHORITY_ALL_STAT']);

type Measured = {
  backend: 'pglite' | 'postgres';
  rebuildMs: number;
  rollupRows: number;
  report: ReturnType<typeof summarize>;
  scan: ReturnType<typeof summarize>;
  dialogs: number;
};

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The naive way: the period's chats, history and messages read and every metric computed. */
async function plainScan(database: Database, org: BenchOrganization, now: Date) {
  const { db } = database;
  const zone = 'Europe/Moscow';
  const days = periodDays({ kind: 'last30' }, now.getTime(), zone);
  const span = daysSpan(days.from, days.to, zone);
  // Chats that began or were still open in the period: every chat of the 28-day organization.
  const chatRows = await db
    .select({
      id: t.chats.id,
      channelId: t.chats.channelId,
      clientId: t.chats.clientId,
      teamId: t.chats.teamId,
    })
    .from(t.chats)
    .where(and(eq(t.chats.orgId, org.orgId), gte(t.chats.lastMessageAt, new Date(span.start))));
  const ids = chatRows.map((chat) => chat.id);
  const history = [];
  const thread = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    history.push(
      ...(await db.select().from(t.chatHistory).where(inArray(t.chatHistory.chatId, part))),
    );
    thread.push(
      ...(await db
        .select({
          chatId: t.messages.chatId,
          authorKind: t.messages.authorKind,
          authorId: t.messages.authorId,
          internal: t.messages.internal,
          createdAt: t.messages.createdAt,
        })
        .from(t.messages)
        .where(inArray(t.messages.chatId, part))),
    );
  }
  const historyOf = groupBy(history, (line) => line.chatId);
  const threadOf = groupBy(thread, (line) => line.chatId);
  const observations: Observation[] = [];
  for (const chat of chatRows)
    observations.push(
      ...chatObservations(
        chatTimeline(
          chat,
          (historyOf.get(chat.id) ?? []) as Parameters<typeof chatTimeline>[1],
          threadOf.get(chat.id) ?? [],
        ),
      ),
    );
  return reportFromObservations(observations, span, {}, clientDirectory([], []));
}

async function measure(
  backend: Measured['backend'],
  database: Database,
  org: BenchOrganization,
): Promise<Measured> {
  const { db } = database;
  const now = systemClock.now();
  const started = performance.now();
  await rebuildOrganization(db, org.orgId, now);
  const rebuildMs = performance.now() - started;
  const rollupRows = (
    await db
      .select({ day: t.reportRollups.day })
      .from(t.reportRollups)
      .where(eq(t.reportRollups.orgId, org.orgId))
  ).length;
  const asker = { id: org.adminId, orgId: org.orgId, rights: RIGHTS };
  const query = {
    tab: 'common' as const,
    period: { kind: 'last30' as const },
    channelId: null,
    teamId: null,
    operatorId: null,
  };
  let dialogs = 0;
  const times: number[] = [];
  for (let i = 0; i < CALLS + 3; i++) {
    const began = performance.now();
    const outcome = await computeReport(db, asker, query, systemClock.now());
    const ms = performance.now() - began;
    if (!outcome.ok) throw new Error(`report refused: ${outcome.error.name}`);
    dialogs = outcome.result.total.dialogs;
    if (i >= 3) times.push(ms); // the first calls warm the caches
  }
  const scans: number[] = [];
  let scanned = 0;
  for (let i = 0; i < SCANS + 1; i++) {
    const began = performance.now();
    const metrics = await plainScan(database, org, systemClock.now());
    const ms = performance.now() - began;
    scanned = metrics.dialogs;
    if (i >= 1) scans.push(ms);
  }
  if (scanned !== dialogs)
    console.warn(
      `the plain scan counted ${String(scanned)} dialogs, the roll-ups ${String(dialogs)}`,
    );
  return {
    backend,
    rebuildMs,
    rollupRows,
    report: summarize(times),
    scan: summarize(scans),
    dialogs,
  };
}

async function main(): Promise<void> {
  console.log(`bench reports: ${machineLine()}`);
  const results: Measured[] = [];
  const copy = await seededCopy('reports');
  try {
    const database = await openDatabase({ dataDir: copy.dataDir });
    try {
      results.push(await measure('pglite', database, copy.org));
    } finally {
      await database.close();
    }
  } finally {
    copy.remove();
  }
  const url = benchPostgresUrl();
  const pgResult = await onThrowawayPostgres(url, async (database) => {
    const org = await seedBenchOrganization(database.db, BENCH_SIZE, systemClock.now());
    return measure('postgres', database, org);
  });
  if (typeof pgResult === 'string') console.log(`PostgreSQL skipped: ${pgResult}`);
  else results.push(pgResult);

  const ms = (value: number) => value.toFixed(1);
  console.log(
    formatTable(
      [
        'backend',
        'rebuild s',
        'rows',
        'report p50',
        'report p95',
        'scan p50',
        'scan p95',
        'dialogs',
      ],
      results.map((r) => [
        r.backend,
        (r.rebuildMs / 1000).toFixed(1),
        String(r.rollupRows),
        ms(r.report.p50),
        ms(r.report.p95),
        ms(r.scan.p50),
        ms(r.scan.p95),
        String(r.dialogs),
      ]),
    ),
  );
  const figures: Figure[] = results.flatMap((r) => [
    {
      id: `server.reports.summary30.${r.backend}`,
      what: `30-day summary, server time (${r.backend})`,
      value: r.report.p95,
      unit: 'ms',
      stat: 'p95',
      budget: { op: '<=', value: 200 },
      reference: { what: 'plain scan of the same rows, p95', value: r.scan.p95 },
      note: `${String(r.report.n)} calls, p50 ${ms(r.report.p50)} ms; ${String(r.rollupRows)} roll-up rows`,
    },
    {
      id: `server.reports.rebuild.${r.backend}`,
      what: `full roll-up rebuild, 10,000 chats (${r.backend})`,
      value: r.rebuildMs / 1000,
      unit: 's',
    },
  ]);
  reportFigures(figures);
  const file = writeResults('reports', {
    machine: machineLine(),
    size: BENCH_SIZE,
    results,
    postgres: hidePassword(url),
  });
  console.log(`written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
