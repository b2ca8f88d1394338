import { CLOSE_CAUSES, PRESENCE_STATES, type ReportMetrics } from '../metrics';
import type { ReportQuery, ReportResult, ReportRow } from './report-api';

/**
 * Fixed report answers for the tests of the pages and the downloads: what `POST /api/reports`
 * sends back (src/protocol/reports/report-api.ts), with numbers chosen by hand.
 */

type Partial2<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

/** Metrics of a slice: zero everywhere but what `over` sets. */
export function metrics(over: Partial2<ReportMetrics> = {}): ReportMetrics {
  const none = { count: 0, meanMs: null, medianMs: null };
  const base: ReportMetrics = {
    dialogs: 0,
    uniqueClients: 0,
    firstReply: none,
    replyTime: none,
    reaction: none,
    dialogTime: none,
    unansweredAssignments: 0,
    missed: 0,
    closed: 0,
    closesByCause: Object.fromEntries(
      CLOSE_CAUSES.map((c) => [c, 0]),
    ) as ReportMetrics['closesByCause'],
    categories: {},
    assigned: { bot: 0, operator: 0, team: 0 },
    transferred: 0,
    quality: {
      rated: 0,
      mean: null,
      median: null,
      counts: [0, 0, 0, 0, 0],
      shares: [0, 0, 0, 0, 0],
    },
    workingTime: Object.fromEntries(
      PRESENCE_STATES.map((s) => [s, 0]),
    ) as ReportMetrics['workingTime'],
  };
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(over)) {
    const old = (base as Record<string, unknown>)[key];
    merged[key] =
      value && typeof value === 'object' && !Array.isArray(value) && old && typeof old === 'object'
        ? { ...old, ...value }
        : value;
  }
  return merged as ReportMetrics;
}

export const query = (tab: ReportQuery['tab'], over: Partial<ReportQuery> = {}): ReportQuery => ({
  tab,
  period: { kind: 'range', from: '2026-03-28', to: '2026-03-30' },
  channelId: null,
  teamId: null,
  operatorId: null,
  ...over,
});

/** Three days around Berlin's change to summer time (2026-03-29 is 23 hours long). */
export const DAYS: ReportRow[] = [
  {
    key: '2026-03-28',
    metrics: metrics({
      dialogs: 4,
      uniqueClients: 3,
      closed: 3,
      missed: 1,
      transferred: 1,
      firstReply: { count: 3, meanMs: 90_000, medianMs: 60_000 },
    }),
  },
  { key: '2026-03-29', metrics: metrics() },
  {
    key: '2026-03-30',
    metrics: metrics({
      dialogs: 6,
      uniqueClients: 6,
      closed: 5,
      missed: 0,
      firstReply: { count: 6, meanMs: 30_000, medianMs: 20_000 },
    }),
  },
];

export function result(
  q: ReportQuery,
  rows: ReportRow[],
  over: Partial<ReportResult> = {},
): ReportResult {
  return {
    query: q,
    from: '2026-03-28',
    to: '2026-03-30',
    timeZone: 'Europe/Berlin',
    computedAt: '2026-03-30T21:15:00.000Z',
    total: metrics({
      dialogs: 10,
      uniqueClients: 8,
      closed: 8,
      missed: 1,
      transferred: 1,
      firstReply: { count: 9, meanMs: 50_000, medianMs: 30_000 },
    }),
    byDay: DAYS,
    rows,
    empty: false,
    ...over,
  };
}
