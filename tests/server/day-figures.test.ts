import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { newId, type CommandResult, type DayFigures } from '../../src/protocol';
import { durationStats, localDay } from '../../src/protocol/metrics';
import type { ReportQuery, ReportResult } from '../../src/protocol/reports';
import * as t from '../../server/db/schema';
import { catchUp } from '../../server/reports/rollup-store';
import { startReportsWorker, type ReportsWorker } from '../../server/reports/reports-worker';
import {
  bootstrapRows,
  call,
  command,
  customerWrites,
  LiveClient,
  login,
  sendCommands,
  serverForSuite,
} from './harness';

/** The figures rows a staff member's bootstrap gives. */
const bootstrapped = async (suite: ReturnType<typeof serverForSuite>, token: string) =>
  ((await bootstrapRows(suite.server, token)).get('dayFigures') ?? []) as DayFigures[];

const ok = (result: CommandResult | undefined) => {
  expect(result?.ok ? 'ok' : result).toBe('ok');
};

/** What monitoring shows for the rows a filter keeps: the same sums the page makes. */
function summed(rows: readonly DayFigures[]) {
  return {
    firstReply: durationStats(rows.flatMap((row) => row.firstReply)),
    reaction: durationStats(rows.flatMap((row) => row.reaction)),
    assigned: rows.reduce((n, row) => n + row.assigned, 0),
    closed: rows.reduce((n, row) => n + row.closed, 0),
  };
}

/**
 * Online monitoring's averages and day counts come from figures the reports worker cuts from the
 * roll-ups the reports read (docs/monitoring.md "Today's figures"): the supervisor's monitoring
 * and today's report therefore agree, for the whole organization and for each operator, and the
 * figures reach only holders of the statistics right, live and at bootstrap.
 */
describe('today’s figures for online monitoring', () => {
  const suite = serverForSuite();
  let worker: ReportsWorker;
  let admin = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    worker = startReportsWorker(
      {
        database: suite.server.database,
        clock: suite.server.clock,
        wake: (orgId) => {
          suite.server.context.hub.wake(orgId);
        },
      },
      { everyMs: 60_000, figuresEveryMs: 0 },
    );
    await worker.drain();
  });
  afterAll(async () => {
    await worker.stop();
  });

  async function report(q: Partial<ReportQuery>): Promise<ReportResult> {
    const body: ReportQuery = {
      tab: 'report',
      period: { kind: 'today' },
      channelId: null,
      teamId: null,
      operatorId: null,
      ...q,
    };
    const answer = await call(suite.server, 'POST', '/api/reports', { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entity as ReportResult;
  }

  it('follow a chat taken, answered and closed, live to the supervisor and never to the operator', async () => {
    const { server, ids } = suite;
    const cursor = (await server.database.db.select().from(t.eventLogHeads)).find(
      (head) => head.orgId === ids.org.id,
    )?.seq;
    const supervisorLive = LiveClient.open(server, suite.supervisor, cursor ?? 0);
    const operatorLive = LiveClient.open(server, suite.operator, cursor ?? 0);
    try {
      await supervisorLive.until((client) => client.ready);
      await operatorLive.until((client) => client.ready);

      const externalId = `fig-${newId()}`;
      ok(await customerWrites(server, ids.org.id, ids.channel.id, externalId, 'Hello'));
      const [chat] = await server.database.db
        .select({ id: t.chats.id })
        .from(t.chats)
        .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
        .where(eq(t.clientContacts.value, externalId))
        .orderBy(desc(t.chats.createdAt))
        .limit(1);
      if (!chat) throw new Error('no chat');
      for (const [type, payload] of [
        ['chat.take', { chatId: chat.id }],
        ['message.send', { chatId: chat.id, text: 'Here to help', attachments: [] }],
        ['chat.close', { chatId: chat.id }],
      ] as const)
        ok((await sendCommands(server, suite.operator, [command(type, payload)]))[0]);
      worker.kick();
      await worker.drain();

      const mine = (figures: DayFigures) =>
        figures.operatorId === ids.operator.id && figures.channelId === ids.channel.id;
      await supervisorLive.until((client) =>
        client.events.some(
          (event) =>
            event.type === 'monitoring.figuresChanged' &&
            event.changes.some((change) => change.op === 'put' && mine(change.row as DayFigures)),
        ),
      );
      const rows = await bootstrapped(suite, suite.supervisor);
      const today = localDay(server.clock.now().getTime(), ids.org.timeZone);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.day === today)).toBe(true);
      expect(summed(rows.filter(mine)).closed).toBeGreaterThanOrEqual(1);

      // The operator has no statistics right: nothing of it at bootstrap or live.
      expect(await bootstrapped(suite, suite.operator)).toEqual([]);
      await operatorLive.until((client) =>
        client.events.some((event) => event.type === 'chat.closed'),
      );
      expect(
        operatorLive.events.some(
          (event) =>
            event.type === 'monitoring.figuresChanged' ||
            event.changes.some((change) => change.table === 'dayFigures'),
        ),
      ).toBe(false);
    } finally {
      await supervisorLive.close();
      await operatorLive.close();
    }
  });

  it('sum to today’s report: the whole organization, each operator, each team and each channel', async () => {
    const rows = await bootstrapped(suite, suite.supervisor);
    const fromReport = (metrics: ReportResult['total']) => ({
      firstReply: metrics.firstReply,
      reaction: metrics.reaction,
      assigned: metrics.assigned.operator,
      closed: metrics.closed,
    });
    expect(summed(rows)).toEqual(fromReport((await report({})).total));
    for (const [tab, field] of [
      ['employees', 'operatorId'],
      ['teams', 'teamId'],
      ['channels', 'channelId'],
    ] as const) {
      const answer = await report({ tab });
      expect(answer.rows.length).toBeGreaterThan(0);
      for (const row of answer.rows)
        expect(
          summed(rows.filter((figures) => figures[field] === row.key)),
          `${tab} ${String(row.key)}`,
        ).toEqual(fromReport(row.metrics));
    }
    // A filter of two dimensions at once, as monitoring's filters combine them.
    const { ids } = suite;
    const both = await report({ teamId: ids.support.id, operatorId: ids.operator.id });
    expect(
      summed(
        rows.filter((row) => row.teamId === ids.support.id && row.operatorId === ids.operator.id),
      ),
    ).toEqual(fromReport(both.total));
  });

  it('are still written when a report rolled the chats up before the worker saw them', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const assignedToOperator = async () =>
      summed(
        (await db.select().from(t.dayFigures).where(eq(t.dayFigures.orgId, ids.org.id)))
          .map((row) => ({ ...row, firstReply: [], reaction: [] }))
          .filter((row) => row.operatorId === ids.operator.id),
      ).assigned;
    await worker.drain();
    const before = await assignedToOperator();
    // This worker hears of no commit (it is not the app's): a report's question comes first.
    const externalId = `fig-owed-${newId()}`;
    ok(await customerWrites(server, ids.org.id, ids.channel.id, externalId, 'Hello'));
    const [chat] = await db
      .select({ id: t.chats.id })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(eq(t.clientContacts.value, externalId));
    if (!chat) throw new Error('no chat');
    ok(
      (await sendCommands(server, suite.operator, [command('chat.take', { chatId: chat.id })]))[0],
    );
    expect(await catchUp(db, ids.org.id, server.clock.now())).toBe(true);
    expect(await catchUp(db, ids.org.id, server.clock.now())).toBe(false);
    // The worker's own round finds nothing dirty: without being told, it would owe the figures
    // until its minute beat.
    worker.kick();
    await worker.drain();
    expect(await assignedToOperator()).toBe(before);
    worker.figuresOwed(ids.org.id);
    await worker.drain();
    expect(await assignedToOperator()).toBe(before + 1);
  });

  it('send nothing when nothing moved', async () => {
    const before = await suite.server.database.db.select().from(t.eventLogHeads);
    worker.kick();
    await worker.drain();
    expect(await suite.server.database.db.select().from(t.eventLogHeads)).toEqual(before);
  });
});
