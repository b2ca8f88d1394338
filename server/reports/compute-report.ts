import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ErrorName, ErrorParams, Right } from '../../src/protocol';
import {
  addDays,
  clientDirectory,
  combine,
  combineBy,
  dayStart,
  daysBetween,
  emptyCounters,
  localDay,
  periodDays,
  reportFromTotals,
  selectRollups,
  type ClientDirectory,
  type DailyRollup,
  type LocalDay,
  type ReportFilter,
  type ReportMetrics,
  type RollupCounters,
} from '../../src/protocol/metrics';
import {
  REPORT_MAX_DAYS,
  TAB_SLICE,
  tabNeedsStatisticOption,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
  type ReportSlice,
} from '../../src/protocol/reports';
import type { Db } from '../db/database';
import {
  blacklist,
  channels,
  clientContacts,
  clientMerges,
  clients,
  organizations,
  reportRollups,
  reportState,
  teams,
  users,
} from '../db/schema';
import { catchUp, dailyRollup, workingTimeRows } from './rollup-store';
import { rowsOf } from '../db/rows-of';

/** Who asks: a signed-in staff member (server/auth/viewer.ts has more; this is what is read). */
export type ReportAsker = { id: string; orgId: string; rights: ReadonlySet<Right> };

export type ReportOutcome =
  | { ok: true; result: ReportResult }
  | { ok: false; error: { name: ErrorName; params: ErrorParams } };

const refuse = (name: ErrorName, params: ErrorParams = {}): ReportOutcome => ({
  ok: false,
  error: { name, params },
});

/** A `YYYY-MM-DD` that names a day of the calendar (the schema lets 2026-02-31 through). */
const isRealDay = (day: string): boolean => addDays(day, 0) === day;

/**
 * A report for a query (docs/reports.md): the guards of spec §6, the period rules of §5 and §9,
 * then the period's daily roll-ups combined. The route answers with it; the downloads build
 * their files on the same result, so a screen and its file never differ.
 *
 * Refusals, in the order checked: ACCESS_DENIED (no AUTHORITY_ALL_STAT), OPTION_NOT_AVAILABLE
 * (OPTION_STATISTIC for every tab but the consolidated one), CHANNEL_NOT_FOUND / TEAM_NOT_FOUND /
 * OPERATOR_NOT_FOUND (a filter naming what is not the organization's), VALIDATION_FAILED at
 * `day`, `from` or `to` (a day that does not exist, an end before the start, more than
 * REPORT_MAX_DAYS days).
 */
export async function computeReport(
  db: Db,
  asker: ReportAsker,
  query: ReportQuery,
  now: Date,
  /** Told when the report rolled up chats the worker had not (their figures are owed). */
  onRolledUp?: (orgId: string) => void,
): Promise<ReportOutcome> {
  if (!asker.rights.has('AUTHORITY_ALL_STAT')) return refuse('ACCESS_DENIED');
  const [org] = await db
    .select({ options: organizations.options, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, asker.orgId));
  if (!org) return refuse('ACCESS_DENIED');
  if (tabNeedsStatisticOption(query.tab) && !org.options.includes('OPTION_STATISTIC'))
    return refuse('OPTION_NOT_AVAILABLE');

  const filterRefusal = await checkFilters(db, asker.orgId, query);
  if (filterRefusal) return filterRefusal;

  const zone = org.timeZone;
  const period = query.period;
  if (period.kind === 'date' && !isRealDay(period.day))
    return refuse('VALIDATION_FAILED', { field: 'day' });
  if (period.kind === 'range') {
    if (!isRealDay(period.from)) return refuse('VALIDATION_FAILED', { field: 'from' });
    if (!isRealDay(period.to)) return refuse('VALIDATION_FAILED', { field: 'to' });
  }
  const { from, to } = periodDays(period, now.getTime(), zone);
  if (to < from) return refuse('VALIDATION_FAILED', { field: 'to' });
  if (addDays(from, REPORT_MAX_DAYS - 1) < to) return refuse('VALIDATION_FAILED', { field: 'to' });

  // Everything committed before the question is in the answer (the worker is usually ahead).
  if (await catchUp(db, asker.orgId, now)) onRolledUp?.(asker.orgId);

  const filter = await reportFilter(db, query);
  // Filtered already (in SQL, and the live working time by selectRollups).
  const selected = await periodRollups(
    db,
    asker.orgId,
    zone,
    { from, to },
    now,
    filter,
    TAB_SLICE[query.tab],
  );
  // The period's totals from its days' (the same sums, unions and merged lists; half the work).
  const perDay = combineBy(selected, (row) => row.day);
  const totals = combine(perDay.values());
  const directory = await directoryFor(db, asker.orgId, totals.clients);
  const metricsOf = (counters: RollupCounters): ReportMetrics =>
    reportFromTotals(counters, directory);
  const total = metricsOf(totals);

  const byDay: ReportRow[] = daysBetween(from, to).map((day) => ({
    key: day,
    metrics: metricsOf(perDay.get(day) ?? emptyCounters()),
  }));
  const result: ReportResult = {
    query,
    from,
    to,
    timeZone: zone,
    computedAt: now.toISOString(),
    total,
    byDay,
    rows: sliceRows(query, selected, totals, byDay, total, metricsOf),
    empty: total.dialogs === 0 && total.workingTime.at_work === 0 && total.workingTime.break === 0,
  };
  return { ok: true, result };
}

/** The tab's rows (TAB_SLICE): the whole period, per day, or per channel, team, operator, category. */
function sliceRows(
  query: ReportQuery,
  selected: DailyRollup[],
  totals: RollupCounters,
  byDay: ReportRow[],
  total: ReportMetrics,
  metricsOf: (counters: RollupCounters) => ReportMetrics,
): ReportRow[] {
  const keyed = (key: (row: DailyRollup) => string | null): ReportRow[] =>
    [...combineBy(selected, key)]
      .map(([k, counters]) => ({ key: k, metrics: metricsOf(counters) }))
      .sort(byKey);
  switch (TAB_SLICE[query.tab]) {
    case 'none':
      return [{ key: null, metrics: total }];
    case 'day':
      return byDay;
    case 'channel':
      return keyed((row) => row.channelId).filter((row) => row.key !== null);
    case 'team':
      return keyed((row) => row.teamId);
    case 'operator':
      return keyed((row) => row.operatorId);
    case 'category':
      // A roll-up counts closes per category, nothing else per category: each row says how many
      // dialogs closed with it (`closed`, and `categories` naming it).
      return Object.entries(totals.categories)
        .map(([categoryId, n]) => {
          const metrics = metricsOf(emptyCounters());
          metrics.closed = n;
          metrics.categories = { [categoryId]: n };
          return { key: categoryId, metrics };
        })
        .sort(byKey);
  }
}

const byKey = (a: ReportRow, b: ReportRow): number =>
  a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1;

/** A filter naming another organization's channel, team or operator is as if it did not exist. */
async function checkFilters(
  db: Db,
  orgId: string,
  query: ReportQuery,
): Promise<ReportOutcome | null> {
  if (query.channelId) {
    const [row] = await db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, query.channelId), eq(channels.orgId, orgId)));
    if (!row) return refuse('CHANNEL_NOT_FOUND');
  }
  if (query.teamId) {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, query.teamId), eq(teams.orgId, orgId)));
    if (!row) return refuse('TEAM_NOT_FOUND');
  }
  if (query.operatorId) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, query.operatorId), eq(users.orgId, orgId)));
    if (!row) return refuse('OPERATOR_NOT_FOUND');
  }
  return null;
}

/**
 * The query's filters as roll-up filters. On the Working time tab a team means its members
 * (working time has no team, docs/metrics.md); everywhere else it is the chats' team.
 */
async function reportFilter(db: Db, query: ReportQuery): Promise<ReportFilter> {
  const filter: ReportFilter = {};
  if (query.channelId) filter.channelIds = new Set([query.channelId]);
  if (query.operatorId) filter.operatorIds = new Set([query.operatorId]);
  if (query.teamId) {
    if (query.tab === 'time') {
      const members = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${query.teamId}::uuid = any(${users.teamIds})`);
      const ids = members.map((member) => member.id);
      filter.operatorIds = new Set(
        query.operatorId ? ids.filter((id) => id === query.operatorId) : ids,
      );
    } else filter.teamIds = new Set([query.teamId]);
  }
  return filter;
}

/** The roll-up column a tab's rows are keyed by (TAB_SLICE), or none. */
const SLICE_COLUMN = {
  none: null,
  day: null,
  category: null,
  channel: 'channel_id',
  team: 'team_id',
  operator: 'operator_id',
} as const;

/**
 * The period's roll-ups under the filters, one row per day and value of the tab's key: the
 * filters are applied in SQL, which also concatenates each group's lists and counters into one
 * text each (the rows of a 30-day month are ~1,600 at the benchmark organization; a row's
 * overhead, on PGlite above all, costs more than its numbers). Each group is then combined with
 * `combine`, as every total is. Plus the working time of the days not rolled up yet (today,
 * running to now), computed from the presence changes and filtered by `selectRollups`.
 */
async function periodRollups(
  db: Db,
  orgId: string,
  zone: string,
  days: { from: LocalDay; to: LocalDay },
  now: Date,
  filter: ReportFilter,
  slice: ReportSlice,
): Promise<DailyRollup[]> {
  const conditions: SQL[] = [
    eq(reportRollups.orgId, orgId),
    gte(reportRollups.day, days.from),
    lte(reportRollups.day, days.to),
  ];
  if (filter.channelIds) conditions.push(inArray(reportRollups.channelId, [...filter.channelIds]));
  if (filter.teamIds) conditions.push(inArray(reportRollups.teamId, [...filter.teamIds]));
  if (filter.operatorIds) {
    if (filter.operatorIds.size === 0) return [];
    conditions.push(inArray(reportRollups.operatorId, [...filter.operatorIds]));
  }
  const column = SLICE_COLUMN[slice];
  const rows = await readGrouped(db, orgId, and(...conditions), column);
  if (!filter.channelIds && !filter.teamIds) {
    const [state] = await db
      .select({ through: reportState.workingThrough })
      .from(reportState)
      .where(eq(reportState.orgId, orgId));
    const today = localDay(now.getTime(), zone);
    const first = state?.through ? addDays(state.through, 1) : today;
    const start = first > days.from ? first : days.from;
    const end = Math.min(now.getTime(), dayStart(addDays(days.to, 1), zone));
    if (start <= days.to) {
      const live = await workingTimeRows(db, orgId, zone, { start: dayStart(start, zone), end });
      rows.push(...selectRollups(live, days, filter));
    }
  }
  return rows;
}

const list = (text: string | null): string[] => (text ? text.split(',') : []);

/** The rows under a condition, grouped by day and a key column (see periodRollups). */
async function readGrouped(
  db: Db,
  orgId: string,
  where: SQL | undefined,
  column: (typeof SLICE_COLUMN)[ReportSlice],
): Promise<DailyRollup[]> {
  const key = column ? sql.raw(column) : sql`null::uuid`;
  const joined = (name: string) =>
    sql`string_agg(nullif(array_to_string(${sql.raw(name)}, ','), ''), ',')`;
  const groups = await rowsOf<{
    day: string;
    key: string | null;
    counters: string;
    clients: string | null;
    first_reply: string | null;
    reply_time: string | null;
    reaction: string | null;
    dialog_time: string | null;
  }>(
    db.execute(sql`
      select day, ${key} as key, jsonb_agg(counters)::text as counters,
        ${joined('clients')} as clients, ${joined('first_reply')} as first_reply,
        ${joined('reply_time')} as reply_time, ${joined('reaction')} as reaction,
        ${joined('dialog_time')} as dialog_time
      from ${reportRollups} where ${where}
      group by day, ${key}`),
  );
  return groups.map((group) => {
    const dims = {
      orgId,
      day: group.day,
      source: 'chats' as const,
      channelId: column === 'channel_id' ? group.key : null,
      teamId: column === 'team_id' ? group.key : null,
      operatorId: column === 'operator_id' ? group.key : null,
    };
    const empty: string[] = [];
    // Each stored row's counters (and the sums of its lists), then the group's lists at once.
    const parts = (JSON.parse(group.counters) as Record<string, unknown>[]).map((counters) =>
      dailyRollup({
        ...dims,
        counters,
        clients: empty,
        firstReply: empty,
        replyTime: empty,
        reaction: empty,
        dialogTime: empty,
      }),
    );
    parts.push(
      dailyRollup({
        ...dims,
        counters: {},
        clients: list(group.clients),
        firstReply: list(group.first_reply),
        replyTime: list(group.reply_time),
        reaction: list(group.reaction),
        dialogTime: list(group.dialog_time),
      }),
    );
    return {
      orgId,
      day: dims.day,
      channelId: dims.channelId,
      teamId: dims.teamId,
      operatorId: dims.operatorId,
      ...combine(parts),
    };
  });
}

/** Merges and excluded clients (spam, a blacklisted contact) among the clients counted. */
async function directoryFor(
  db: Db,
  orgId: string,
  clientIds: readonly string[],
): Promise<ClientDirectory> {
  if (clientIds.length === 0) return clientDirectory([], []);
  const merges = await db
    .select({ id: clientMerges.id, survivorId: clientMerges.survivorId })
    .from(clientMerges)
    .where(eq(clientMerges.orgId, orgId));
  const spam = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.orgId, orgId), eq(clients.spam, true)));
  const blacklisted = await db
    .selectDistinct({ id: clientContacts.clientId })
    .from(clientContacts)
    .innerJoin(
      blacklist,
      and(
        eq(blacklist.orgId, clientContacts.orgId),
        eq(blacklist.kind, clientContacts.kind),
        eq(blacklist.value, clientContacts.value),
        sql`(${blacklist.channelId} is null or ${blacklist.channelId} = ${clientContacts.channelId})`,
      ),
    )
    .where(eq(clientContacts.orgId, orgId));
  return clientDirectory(
    merges,
    [...spam, ...blacklisted].map((row) => row.id),
  );
}
