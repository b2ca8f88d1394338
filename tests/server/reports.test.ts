import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { newId, type CommandResult } from '../../src/protocol';
import { addDays, dayStart, localDay } from '../../src/protocol/metrics';
import type { ReportQuery, ReportResult } from '../../src/protocol/reports';
import * as t from '../../server/db/schema';
import { processDirtyChats, rebuildOrganization } from '../../server/reports/rollup-store';
import { startReportsWorker } from '../../server/reports/reports-worker';
import {
  call,
  command,
  customerWrites,
  login,
  otherOrganization,
  sendCommands,
  serverForSuite,
  withoutOptions,
  type Suite,
} from './harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const query = (over: Partial<ReportQuery> = {}): ReportQuery => ({
  tab: 'report',
  period: { kind: 'today' },
  channelId: null,
  teamId: null,
  operatorId: null,
  ...over,
});

/**
 * The server's clock held at a chosen instant: every command, the report's "today" and its
 * `computedAt` read it, so the durations below are exact.
 */
function holdClock(suite: Suite) {
  let at = Date.now();
  suite.server.clock.now = () => new Date(at);
  return {
    set: (ms: number) => {
      at = ms;
    },
  };
}

async function report(suite: Suite, token: string, body: unknown) {
  return call(suite.server, 'POST', '/api/reports', { token, body });
}

async function reportOk(suite: Suite, token: string, q: ReportQuery): Promise<ReportResult> {
  const answer = await report(suite, token, q);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.code).toBe('ok');
  return answer.body.entity as ReportResult;
}

const ok = (result: CommandResult | undefined) => {
  expect(result?.ok ? 'ok' : result).toBe('ok');
};

describe('reports on the server', () => {
  const suite = serverForSuite();
  let admin = '';
  let clock: ReturnType<typeof holdClock>;
  let categoryId = '';
  /** A day of the demo organization's zone (Europe/Moscow) two days ahead: nothing else on it. */
  let day = '';
  let t0 = 0;

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    clock = holdClock(suite);
    const zone = suite.ids.org.timeZone;
    expect(zone).toBe('Europe/Moscow');
    day = addDays(localDay(Date.now(), zone), 2);
    t0 = dayStart(day, zone) + 10 * 60 * MINUTE; // 10:00 local
    clock.set(t0 - MINUTE);
    categoryId = newId();
    ok(
      (
        await sendCommands(suite.server, admin, [
          command('requestCategory.create', {
            categoryId,
            parentId: null,
            name: `Billing ${newId().slice(-6)}`,
            teamIds: [],
          }),
        ])
      )[0],
    );
  });

  /** A customer's message at an instant; returns their chat. */
  async function customerAt(at: number, externalId: string, text = 'Hello') {
    clock.set(at);
    ok(
      await customerWrites(suite.server, suite.ids.org.id, suite.ids.channel.id, externalId, text),
    );
    const [row] = await suite.server.database.db
      .select({ chat: t.chats })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(
        and(
          eq(t.clientContacts.channelId, suite.ids.channel.id),
          eq(t.clientContacts.value, externalId),
        ),
      )
      .orderBy(desc(t.chats.createdAt))
      .limit(1);
    if (!row) throw new Error('no chat');
    return row.chat;
  }

  async function staffAt(at: number, token: string, type: string, payload: unknown) {
    clock.set(at);
    ok((await sendCommands(suite.server, token, [command(type, payload)]))[0]);
  }

  it('counts a realistic day exactly: take, reply, transfer, close with a category, a missed chat, a rating', async () => {
    const { operator, supervisor, ids } = suite;
    // Chat 1: written at 10:00, taken at 10:01, answered at 10:01:30, the customer writes again
    // at 10:02, the operator hands it to the supervisor at 10:03, who answers at 10:04 and closes
    // it with a category at 10:05; the customer rates it 4 at 10:06.
    const first = await customerAt(t0, `rep-a-${newId()}`);
    expect(first.status).toBe('pending');
    await staffAt(t0 + MINUTE, operator, 'chat.take', { chatId: first.id });
    await staffAt(t0 + 90 * SECOND, operator, 'message.send', {
      chatId: first.id,
      text: 'Let me look',
      attachments: [],
    });
    clock.set(t0 + 2 * MINUTE);
    const externalA = (
      await suite.server.database.db
        .select({ value: t.clientContacts.value })
        .from(t.clientContacts)
        .where(eq(t.clientContacts.clientId, first.clientId))
    )[0]?.value;
    ok(
      await customerWrites(
        suite.server,
        ids.org.id,
        ids.channel.id,
        externalA ?? '',
        'Still there?',
      ),
    );
    // An internal note never counts as a reply.
    await staffAt(t0 + 150 * SECOND, operator, 'message.send', {
      chatId: first.id,
      text: 'note for the supervisor',
      internal: true,
      attachments: [],
    });
    await staffAt(t0 + 3 * MINUTE, operator, 'chat.transfer', {
      chatId: first.id,
      to: { operatorId: ids.supervisor.id },
    });
    await staffAt(t0 + 4 * MINUTE, supervisor, 'message.send', {
      chatId: first.id,
      text: 'Done',
      attachments: [],
    });
    await staffAt(t0 + 5 * MINUTE, supervisor, 'chat.close', { chatId: first.id, categoryId });

    // Chat 2: written at 10:10, taken at 10:11 and closed at 10:12 with no reply: missed.
    const second = await customerAt(t0 + 10 * MINUTE, `rep-b-${newId()}`);
    await staffAt(t0 + 11 * MINUTE, operator, 'chat.take', { chatId: second.id });
    await staffAt(t0 + 12 * MINUTE, operator, 'chat.close', { chatId: second.id });

    // Every change listed its chat for the worker in its own transaction.
    const dirty = await suite.server.database.db.select().from(t.reportDirtyChats);
    expect(dirty.map((row) => row.chatId)).toEqual(expect.arrayContaining([first.id, second.id]));

    clock.set(t0 + 20 * MINUTE);
    const before = await reportOk(suite, admin, query({ tab: 'common' }));
    expect(before).toMatchObject({ from: day, to: day, timeZone: 'Europe/Moscow', empty: false });
    expect(before.computedAt).toBe(new Date(t0 + 20 * MINUTE).toISOString());
    expect(before.total).toEqual({
      dialogs: 2,
      uniqueClients: 2,
      firstReply: { count: 1, meanMs: 90_000, medianMs: 90_000 },
      // Chat 1's two customer turns: answered after 90 s and after 120 s.
      replyTime: { count: 2, meanMs: 105_000, medianMs: 105_000 },
      // The operator answered 30 s after taking it; the supervisor 60 s after the transfer.
      reaction: { count: 2, meanMs: 45_000, medianMs: 45_000 },
      dialogTime: { count: 2, meanMs: 210_000, medianMs: 210_000 },
      // Chat 2's hold ended with no reply from its holder; the operator had answered in chat 1.
      unansweredAssignments: 1,
      missed: 1,
      closed: 2,
      closesByCause: {
        client_inactivity: 0,
        operator_inactivity: 0,
        unattended: 0,
        operator: 2,
        bot: 0,
        spam: 0,
      },
      categories: { [categoryId]: 1 },
      assigned: { bot: 0, operator: 3, team: 2 },
      transferred: 1,
      quality: {
        rated: 0,
        mean: null,
        median: null,
        counts: [0, 0, 0, 0, 0],
        shares: [0, 0, 0, 0, 0],
      },
      workingTime: before.total.workingTime,
    });
    expect(before.byDay).toEqual([{ key: day, metrics: before.total }]);
    expect(before.rows).toEqual(before.byDay);
    expect(await suite.server.database.db.select().from(t.reportDirtyChats)).toEqual([]);

    // The Employees tab: the replies count for whoever wrote them.
    const employees = await reportOk(suite, admin, query({ tab: 'employees' }));
    const of = (id: string | null) => employees.rows.find((row) => row.key === id)?.metrics;
    expect(of(ids.operator.id)).toMatchObject({
      firstReply: { count: 1, meanMs: 90_000 },
      replyTime: { count: 1, meanMs: 90_000 },
      reaction: { count: 1, meanMs: 30_000 },
      transferred: 1,
      missed: 1,
      closesByCause: { operator: 1 },
    });
    expect(of(ids.supervisor.id)).toMatchObject({
      firstReply: { count: 0 },
      replyTime: { count: 1, meanMs: 120_000 },
      reaction: { count: 1, meanMs: 60_000 },
      dialogTime: { count: 1, meanMs: 300_000 },
      closesByCause: { operator: 1 },
    });
    // An operator filter gives the same numbers as that operator's row.
    const onlyOperator = await reportOk(suite, admin, query({ operatorId: ids.operator.id }));
    expect(onlyOperator.total).toEqual(of(ids.operator.id));
    // The categories tab: one row per category, its closes.
    const categories = await reportOk(suite, admin, query({ tab: 'categories' }));
    expect(categories.rows.map((row) => [row.key, row.metrics.closed])).toEqual([[categoryId, 1]]);
    // A channel and team filter of the chats' own.
    const support = await reportOk(
      suite,
      admin,
      query({ tab: 'teams', teamId: ids.support.id, channelId: ids.channel.id }),
    );
    expect(support.rows.map((row) => row.key)).toEqual([ids.support.id]);
    expect(support.total.dialogs).toBe(2);

    // Later, the customer rates chat 1: the report follows.
    const [link] = await suite.server.database.db
      .select()
      .from(t.ratingLinks)
      .where(eq(t.ratingLinks.chatId, first.id));
    if (!link) throw new Error('no rating link');
    clock.set(t0 + 30 * MINUTE);
    const rated = await call(suite.server, 'POST', `/api/public/rating/${link.id}`, {
      body: { rating: 4 },
    });
    expect(rated.body.code).toBe('ok');
    const after = await reportOk(suite, admin, query());
    expect(after.total.quality).toEqual({
      rated: 1,
      mean: 4,
      median: 4,
      counts: [0, 0, 0, 1, 0],
      shares: [0, 0, 0, 1, 0],
    });
    expect({ ...after.total, quality: before.total.quality }).toEqual(before.total);
  });

  it('downloads the summary and the categories report with the numbers the screen shows', async () => {
    const download = (body: unknown, token = admin) =>
      fetch(`${suite.server.baseUrl}/api/reports/download`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const summaryQuery = query({ tab: 'common', period: { kind: 'date', day } });
    const screen = await reportOk(suite, admin, summaryQuery);
    const onScreen = screen.rows.map((row) => row.metrics.dialogs);
    expect(onScreen).toEqual([2]);

    const xlsx = await download({ query: summaryQuery, format: 'xlsx', language: 'en' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.headers.get('content-disposition')).toContain(`summary_${day}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const lines: unknown[][] = [];
    sheet.eachRow((row) => {
      lines.push((row.values as unknown[]).slice(1));
    });
    expect(lines[0]).toEqual(['Summary report']);
    expect(lines).toContainEqual(['Time zone', 'Europe/Moscow']);
    const header = lines.findIndex((line) => line[0] === 'Day');
    const dialogsAt = (lines[header] ?? []).indexOf('Dialogs');
    // The day's row, then the total: the screen's numbers.
    expect(lines[header + 1]?.[dialogsAt]).toBe(2);
    expect(lines[header + 2]?.[0]).toBe('Total');
    expect(lines[header + 2]?.[dialogsAt]).toBe(screen.total.dialogs);

    const csv = await download({
      query: query({ tab: 'categories', period: { kind: 'date', day } }),
      format: 'csv',
      language: 'ru',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).split('\r\n');
    expect(rows[0]).toBe('Отчёт по категориям обращений');
    expect(rows).toContain('Категория;Чаты;Доля, %');
    const [category] = await suite.server.database.db
      .select()
      .from(t.requestCategories)
      .where(eq(t.requestCategories.id, categoryId));
    expect(rows).toContain(`${category?.name ?? '?'};1;100,0`);

    // Only the summary and the categories report are downloads; and the same guards as /reports.
    const dialogs = await download({
      query: query({ tab: 'dialogs' }),
      format: 'csv',
      language: 'en',
    });
    expect(dialogs.status).toBe(400);
    expect(((await dialogs.json()) as { error: { name: string } }).error.name).toBe(
      'VALIDATION_FAILED',
    );
    const operator = await download(
      { query: summaryQuery, format: 'csv', language: 'en' },
      suite.operator,
    );
    expect(((await operator.json()) as { error: { name: string } }).error.name).toBe(
      'ACCESS_DENIED',
    );
  });

  it('keeps the roll-ups current through the worker, and a rebuild gives the same rows', async () => {
    const { db } = suite.server.database;
    const at = t0 + 2 * 60 * MINUTE;
    const worker = startReportsWorker(
      { database: suite.server.database, clock: suite.server.clock },
      { everyMs: 50 },
    );
    try {
      const chat = await customerAt(at, `rep-w-${newId()}`);
      await staffAt(at + MINUTE, suite.operator, 'chat.take', { chatId: chat.id });
      worker.kick();
      await worker.drain();
      expect(await db.select().from(t.reportDirtyChats)).toEqual([]);
      const stored = await db
        .select()
        .from(t.reportChatObservations)
        .where(eq(t.reportChatObservations.chatId, chat.id));
      expect(stored.map((row) => row.day)).toEqual([day]);
      // A burst of customers writing at once, twice, while the worker runs on its own beat:
      // marks that arrive while a chat is being computed must survive its computation.
      const customers = Array.from({ length: 8 }, () => `rep-burst-${newId()}`);
      for (const wave of [at + 2 * MINUTE, at + 3 * MINUTE]) {
        clock.set(wave);
        const results = await Promise.all(
          customers.map((externalId) =>
            customerWrites(suite.server, suite.ids.org.id, suite.ids.channel.id, externalId, 'Hi'),
          ),
        );
        for (const result of results) ok(result);
      }
      await worker.drain();
      expect(await db.select().from(t.reportDirtyChats)).toEqual([]);
    } finally {
      await worker.stop();
    }
    const rowsOf = async () =>
      (await db.select().from(t.reportRollups).where(eq(t.reportRollups.orgId, suite.ids.org.id)))
        .map((row) => JSON.stringify(row))
        .sort();
    const kept = await rowsOf();
    await rebuildOrganization(db, suite.ids.org.id, suite.server.clock.now());
    expect(await rowsOf()).toEqual(kept);
    // Twice is the same as once.
    await rebuildOrganization(db, suite.ids.org.id, suite.server.clock.now());
    expect(await rowsOf()).toEqual(kept);
    expect(await processDirtyChats(db, suite.server.clock.now())).toBe(0);
  });

  it('counts working time from In work, Break and connections, per day, today up to now', async () => {
    const { db } = suite.server.database;
    const zone = suite.ids.org.timeZone;
    const workDay = addDays(day, 3);
    const start = dayStart(workDay, zone);
    const operatorId = suite.ids.operator.id;
    // Presence is recorded as its events are appended: connections by the sync layer, In work /
    // Break by the operator's command.
    const presence = async (at: number, change: { online?: boolean; status?: string }) => {
      clock.set(at);
      await db.insert(t.reportPresenceChanges).values({
        id: newId(),
        orgId: suite.ids.org.id,
        operatorId,
        at: new Date(at),
        online: change.online ?? null,
        status: (change.status as 'in_work' | 'break' | undefined) ?? null,
      });
    };
    await presence(start + 9 * 60 * MINUTE, { online: true });
    await staffAt(start + 9 * 60 * MINUTE + 10 * MINUTE, suite.operator, 'operator.setStatus', {
      status: 'in_work',
    });
    await staffAt(start + 13 * 60 * MINUTE, suite.operator, 'operator.setStatus', {
      status: 'break',
    });
    await presence(start + 14 * 60 * MINUTE, { online: false });
    clock.set(start + 15 * 60 * MINUTE);
    const today = await reportOk(
      suite,
      admin,
      query({ tab: 'time', operatorId, period: { kind: 'today' } }),
    );
    // Online 09:00–14:00: break 09:00–09:10 and 13:00–14:00, at work 09:10–13:00; not online
    // from midnight to 09:00 and 14:00 to now (15:00).
    expect(today.total.workingTime).toEqual({
      at_work: (3 * 60 + 50) * MINUTE,
      break: 70 * MINUTE,
      not_online: 10 * 60 * MINUTE,
    });
    expect(today.empty).toBe(false);
    // The next day the finished day is a stored row and counts its whole 24 hours.
    clock.set(start + 30 * 60 * MINUTE);
    const yesterday = await reportOk(
      suite,
      admin,
      query({ tab: 'time', operatorId, period: { kind: 'yesterday' } }),
    );
    expect(yesterday.total.workingTime).toEqual({
      at_work: (3 * 60 + 50) * MINUTE,
      break: 70 * MINUTE,
      not_online: (24 * 60 - 5 * 60) * MINUTE,
    });
    const [stored] = await db
      .select()
      .from(t.reportRollups)
      .where(
        and(
          eq(t.reportRollups.orgId, suite.ids.org.id),
          eq(t.reportRollups.day, workDay),
          eq(t.reportRollups.source, 'working'),
          eq(t.reportRollups.operatorId, operatorId),
        ),
      );
    expect(stored).toBeDefined();
    // A team on the Working time tab means its members.
    const sales = await reportOk(
      suite,
      admin,
      query({ tab: 'time', teamId: suite.ids.sales.id, period: { kind: 'yesterday' } }),
    );
    expect(sales.rows.map((row) => row.key)).not.toContain(operatorId);
  });

  it('copies presence still in the event log (from before the copy table) when it rebuilds', async () => {
    const { db } = suite.server.database;
    const [event] = await db
      .select()
      .from(t.events)
      .where(and(eq(t.events.orgId, suite.ids.org.id), eq(t.events.type, 'operator.statusChanged')))
      .limit(1);
    if (!event) throw new Error('no status event');
    await db.delete(t.reportPresenceChanges).where(eq(t.reportPresenceChanges.id, event.id));
    await rebuildOrganization(db, suite.ids.org.id, suite.server.clock.now());
    const [copied] = await db
      .select()
      .from(t.reportPresenceChanges)
      .where(eq(t.reportPresenceChanges.id, event.id));
    expect(copied).toMatchObject({
      operatorId: event.data.userId,
      status: event.data.status,
      online: null,
    });
  });

  it('counts unique clients after merges, and leaves spam clients out', async () => {
    const at = dayStart(addDays(day, 6), suite.ids.org.timeZone) + 9 * 60 * MINUTE;
    const a = await customerAt(at, `rep-m-a-${newId()}`);
    await staffAt(at + MINUTE, admin, 'chat.take', { chatId: a.id });
    await staffAt(at + 2 * MINUTE, admin, 'chat.close', { chatId: a.id });
    const externalA = (
      await suite.server.database.db
        .select({ value: t.clientContacts.value })
        .from(t.clientContacts)
        .where(eq(t.clientContacts.clientId, a.clientId))
    )[0]?.value;
    // The same customer writes again after the close: a second dialog of the same client.
    const again = await customerAt(at + 3 * MINUTE, externalA ?? '');
    expect(again.id).not.toBe(a.id);
    const b = await customerAt(at + 4 * MINUTE, `rep-m-b-${newId()}`);
    const c = await customerAt(at + 5 * MINUTE, `rep-m-c-${newId()}`);
    clock.set(at + 10 * MINUTE);
    const period = { kind: 'date', day: addDays(day, 6) } as const;
    expect((await reportOk(suite, admin, query({ period }))).total).toMatchObject({
      dialogs: 4,
      uniqueClients: 3,
    });
    await staffAt(at + 11 * MINUTE, admin, 'client.merge', {
      survivorId: a.clientId,
      mergedId: b.clientId,
    });
    await staffAt(at + 12 * MINUTE, admin, 'client.setSpam', { clientId: c.clientId, spam: true });
    clock.set(at + 13 * MINUTE);
    expect((await reportOk(suite, admin, query({ period }))).total).toMatchObject({
      dialogs: 4,
      uniqueClients: 1,
    });
  });

  it('sets aside a chat it cannot compute: the others are counted and reports still answer', async () => {
    const { db } = suite.server.database;
    const zone = suite.ids.org.timeZone;
    // Two chats far from the other tests' days; a broken stored row spoils the first one's day.
    const spoiled = addDays(day, 20);
    const fine = addDays(day, 21);
    const bad = await customerAt(dayStart(spoiled, zone) + 9 * 60 * MINUTE, `rep-bad-${newId()}`);
    const good = await customerAt(dayStart(fine, zone) + 9 * 60 * MINUTE, `rep-ok-${newId()}`);
    await db.insert(t.reportChatObservations).values({
      chatId: newId(),
      day: spoiled,
      orgId: suite.ids.org.id,
      observations: [null],
    });
    const errors: string[] = [];
    const now = new Date(dayStart(fine, zone) + 10 * 60 * MINUTE);
    await processDirtyChats(db, now, {
      onError: (_error, chatId) => {
        errors.push(chatId);
      },
    });
    expect(errors).toEqual([bad.id]);
    const queued = await db.select().from(t.reportDirtyChats);
    expect(queued.map((row) => row.chatId)).toEqual([bad.id]);
    // Claimed as of now: not taken again at once (no busy loop), but after the claim lapses.
    expect(await processDirtyChats(db, now)).toBe(0);
    clock.set(now.getTime());
    const report = await reportOk(
      suite,
      admin,
      query({ tab: 'common', period: { kind: 'date', day: fine } }),
    );
    expect(report.total.dialogs).toBe(1);
    expect(good.status).toBe('pending');

    // Mended, it is computed the next time round.
    await db.delete(t.reportChatObservations).where(eq(t.reportChatObservations.day, spoiled));
    await processDirtyChats(db, new Date(now.getTime() + 6 * 60 * MINUTE));
    expect(await db.select().from(t.reportDirtyChats)).toEqual([]);
  });

  describe('refusals', () => {
    let other: Awaited<ReturnType<typeof otherOrganization>>;
    let otherChannel = '';
    let otherTeam = '';
    let otherUser = '';
    beforeAll(async () => {
      const { db } = suite.server.database;
      other = await otherOrganization(suite.server.database);
      otherTeam = newId();
      otherChannel = newId();
      otherUser = newId();
      await db
        .insert(t.teams)
        .values({ id: otherTeam, orgId: other.id, name: 'Theirs', description: '' });
      await db
        .insert(t.channels)
        .values({ id: otherChannel, orgId: other.id, name: 'Theirs', type: 'site_chat' });
      await db.insert(t.users).values({
        id: otherUser,
        orgId: other.id,
        email: `${otherUser}@other.test`,
        name: 'Them',
        roleId: other.roles.Operator,
        passwordHash: 'x',
      });
    });

    const refused = async (token: string, body: unknown) => {
      const answer = await report(suite, token, body);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe('error');
      return { status: answer.status, ...(answer.body.error as { name: string; params: object }) };
    };

    it('refuses staff without AUTHORITY_ALL_STAT, and callers not signed in', async () => {
      expect(await refused(suite.operator, query())).toMatchObject({
        status: 403,
        name: 'ACCESS_DENIED',
      });
      expect(await refused('', query())).toMatchObject({ status: 401, name: 'UNAUTHORIZED' });
      // The supervisor holds it.
      await reportOk(suite, suite.supervisor, query());
    });

    it('names another organization’s channel, team or operator as not found', async () => {
      expect(await refused(admin, query({ channelId: otherChannel }))).toMatchObject({
        status: 404,
        name: 'CHANNEL_NOT_FOUND',
      });
      expect(await refused(admin, query({ teamId: otherTeam }))).toMatchObject({
        name: 'TEAM_NOT_FOUND',
      });
      expect(await refused(admin, query({ operatorId: otherUser }))).toMatchObject({
        name: 'OPERATOR_NOT_FOUND',
      });
      expect(await refused(admin, query({ operatorId: newId() }))).toMatchObject({
        name: 'OPERATOR_NOT_FOUND',
      });
    });

    it('refuses a day that does not exist, an end before the start, and more than 366 days', async () => {
      const cases: [ReportQuery['period'], string][] = [
        [{ kind: 'date', day: '2026-02-30' }, 'day'],
        [{ kind: 'range', from: '2026-02-29', to: '2026-03-01' }, 'from'],
        [{ kind: 'range', from: '2026-03-01', to: '2026-04-31' }, 'to'],
        [{ kind: 'range', from: '2026-03-02', to: '2026-03-01' }, 'to'],
        [{ kind: 'range', from: '2025-01-01', to: '2026-01-02' }, 'to'],
      ];
      for (const [period, field] of cases)
        expect(await refused(admin, query({ period })), JSON.stringify(period)).toMatchObject({
          status: 400,
          name: 'VALIDATION_FAILED',
          params: { field },
        });
      // 366 days is allowed (a leap year and a day is not).
      const year = await reportOk(
        suite,
        admin,
        query({ period: { kind: 'range', from: '2024-01-01', to: '2024-12-31' } }),
      );
      expect(year.byDay).toHaveLength(366);
      expect(
        await refused(admin, { ...query(), period: { kind: 'range', from: '2026-1-1' } }),
      ).toMatchObject({ name: 'VALIDATION_FAILED' });
    });

    describe('without OPTION_STATISTIC', () => {
      withoutOptions(suite, ['OPTION_STATISTIC']);
      it('answers the consolidated tab only', async () => {
        await reportOk(suite, admin, query({ tab: 'report' }));
        for (const tab of [
          'common',
          'dialogs',
          'channels',
          'employees',
          'teams',
          'time',
          'categories',
        ] as const)
          expect(await refused(admin, query({ tab }))).toMatchObject({
            name: 'OPTION_NOT_AVAILABLE',
          });
      });
    });

    it('never answers a 5xx to any body', async () => {
      const id = fc.constantFrom(newId(), suite.ids.channel.id, 'not-an-id', '');
      const day = fc.oneof(
        fc.constantFrom('2026-02-30', '2026-13-01', '0000-01-01', '9999-12-31', '2024-02-29'),
        fc.string(),
      );
      const period = fc.oneof(
        fc.constantFrom('today', 'yesterday', 'last7', 'last30').map((kind) => ({ kind })),
        fc.record({ kind: fc.constant('date'), day }),
        fc.record({ kind: fc.constant('range'), from: day, to: day }),
        fc.anything(),
      );
      const body = fc.oneof(
        fc.record({
          tab: fc.oneof(fc.constantFrom('report', 'common', 'time', 'categories'), fc.string()),
          period,
          channelId: fc.option(id, { nil: null }),
          teamId: fc.option(id, { nil: null }),
          operatorId: fc.option(id, { nil: null }),
        }),
        fc.anything(),
      );
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          const answer = await report(suite, admin, sent);
          expect(answer.status).toBeLessThan(500);
          expect(['ok', 'error']).toContain(answer.body.code);
        }),
        { numRuns: 60, seed: 2_100_015 },
      );
      // The download route parses the same query inside its own body.
      const download = fc.oneof(
        fc.record({
          query: body,
          format: fc.oneof(fc.constantFrom('xlsx', 'csv'), fc.string()),
          language: fc.oneof(fc.constantFrom('en', 'ru'), fc.anything()),
        }),
        fc.anything(),
      );
      await fc.assert(
        fc.asyncProperty(download, async (sent) => {
          const answer = await call(suite.server, 'POST', '/api/reports/download', {
            token: admin,
            body: sent,
          });
          expect(answer.status).toBeLessThan(500);
        }),
        { numRuns: 40, seed: 2_100_016 },
      );
    });
  });

  describe('the time zone', () => {
    it('is refused unknown, and only to those with RIGHT_ACCOUNT_CONTROL', async () => {
      const bad = (
        await sendCommands(suite.server, admin, [
          command('organization.setTimeZone', { timeZone: 'Mars/Olympus_Mons' }),
        ])
      )[0];
      expect(bad).toMatchObject({
        ok: false,
        error: { name: 'VALIDATION_FAILED', params: { field: 'timeZone' } },
      });
      const denied = (
        await sendCommands(suite.server, suite.supervisor, [
          command('organization.setTimeZone', { timeZone: 'UTC' }),
        ])
      )[0];
      expect(denied).toMatchObject({ ok: false, error: { name: 'ACCESS_DENIED' } });
    });

    it('moves a chat across a day boundary when it changes, and syncs the organization row', async () => {
      const { db } = suite.server.database;
      // 00:30 in Moscow on the day after `day` is 21:30 UTC on `day`.
      const next = addDays(day, 1);
      const at = dayStart(next, 'Europe/Moscow') + 30 * MINUTE;
      const chat = await customerAt(at, `rep-z-${newId()}`);
      clock.set(at + MINUTE);
      const moscow = await reportOk(suite, admin, query({ period: { kind: 'date', day: next } }));
      expect(moscow.total.dialogs).toBe(1);
      const sent = command('organization.setTimeZone', { timeZone: 'utc' });
      ok((await sendCommands(suite.server, admin, [sent]))[0]);
      const [org] = await db
        .select()
        .from(t.organizations)
        .where(eq(t.organizations.id, suite.ids.org.id));
      expect(org?.timeZone).toBe('UTC');
      const [event] = await db.select().from(t.events).where(eq(t.events.commandId, sent.id));
      expect(event?.type).toBe('organization.timeZoneSet');
      expect(event?.changes).toEqual([
        expect.objectContaining({
          table: 'organizations',
          row: expect.objectContaining({ timeZone: 'UTC' }),
          groups: ['org'],
        }),
      ]);
      const utcNext = await reportOk(suite, admin, query({ period: { kind: 'date', day: next } }));
      expect(utcNext).toMatchObject({ timeZone: 'UTC', empty: true });
      expect(utcNext.total.dialogs).toBe(0);
      const utcDay = await reportOk(suite, admin, query({ period: { kind: 'date', day } }));
      const stored = await db
        .select({ day: t.reportChatObservations.day })
        .from(t.reportChatObservations)
        .where(eq(t.reportChatObservations.chatId, chat.id));
      expect(stored.map((row) => row.day)).toEqual([day]);
      // The first test's two chats and the worker test's nine (10:00 and 12:00 in Moscow are
      // 07:00 and 09:00 UTC, the same day), and this one.
      expect(utcDay.total.dialogs).toBe(12);
      ok(
        (
          await sendCommands(suite.server, admin, [
            command('organization.setTimeZone', { timeZone: 'Europe/Moscow' }),
          ])
        )[0],
      );
      expect(
        (await reportOk(suite, admin, query({ period: { kind: 'date', day: next } }))).total
          .dialogs,
      ).toBe(1);
    });
  });
});
