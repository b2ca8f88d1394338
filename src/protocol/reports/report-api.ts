import * as v from 'valibot';
import { IdSchema } from '../ids';
import type { LocalDay, ReportMetrics } from '../metrics';

/**
 * The contract between the reports pages and the server (issue 21, docs/reports.md): what a
 * report asks for, and what it gets back. The server computes every number from its daily
 * roll-ups in the organization's time zone; the browser keeps each answer in its local store
 * (keyed by `reportKey`) so a report once loaded opens again offline, marked with `computedAt`.
 */

/** The report tabs of spec §2 (`/admin/reports/<tab>`); `report` is the consolidated one. */
export const REPORT_TABS = [
  'report',
  'common',
  'dialogs',
  'channels',
  'employees',
  'teams',
  'time',
  'categories',
] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Spec §6: every tab but the consolidated one needs OPTION_STATISTIC besides the right. */
export const tabNeedsStatisticOption = (tab: ReportTab): boolean => tab !== 'report';

/** What each tab's rows are: the period as a whole, one per day, or one per channel, … */
export type ReportSlice = 'none' | 'day' | 'channel' | 'operator' | 'team' | 'category';
export const TAB_SLICE: Record<ReportTab, ReportSlice> = {
  report: 'none',
  common: 'day',
  dialogs: 'day',
  channels: 'channel',
  employees: 'operator',
  teams: 'team',
  time: 'operator',
  categories: 'category',
};

/** Spec §2: the summary and the categories report can be downloaded. */
export const DOWNLOADABLE_TABS: readonly ReportTab[] = ['common', 'categories'];
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest arbitrary period a report covers, in days: a year and a day for a leap year. */
export const REPORT_MAX_DAYS = 366;

/** A local day as `YYYY-MM-DD` (a calendar date in the organization's zone). */
export const LocalDaySchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/),
);

/**
 * Spec §9's periods. The arbitrary ones are checked by the server beyond their shape: a date
 * that does not exist, an end before the start, or a range over REPORT_MAX_DAYS is
 * VALIDATION_FAILED at `from` / `to` (spec §5: start and end dates required).
 */
export const ReportPeriodSchema = v.variant('kind', [
  v.object({ kind: v.literal('today') }),
  v.object({ kind: v.literal('yesterday') }),
  v.object({ kind: v.literal('last7') }),
  v.object({ kind: v.literal('last30') }),
  v.object({ kind: v.literal('date'), day: LocalDaySchema }),
  v.object({ kind: v.literal('range'), from: LocalDaySchema, to: LocalDaySchema }),
]);

/** A report asked for: a tab, a period, and filters (null: every channel, team, operator). */
export const ReportQuerySchema = v.object({
  tab: v.picklist(REPORT_TABS),
  period: ReportPeriodSchema,
  channelId: v.nullable(IdSchema),
  teamId: v.nullable(IdSchema),
  operatorId: v.nullable(IdSchema),
});
export type ReportQuery = v.InferOutput<typeof ReportQuerySchema>;

/** A download asked for: the same query, a format, and the language of its headings. */
export const ReportDownloadSchema = v.object({
  query: ReportQuerySchema,
  format: v.picklist(REPORT_FORMATS),
  language: v.picklist(['en', 'ru']),
});
export type ReportDownload = v.InferOutput<typeof ReportDownloadSchema>;

/** One row of a report: the slice's key (a day, or an id; null for "none" / unknown) and its numbers. */
export type ReportRow = { key: string | null; metrics: ReportMetrics };

/**
 * The server's answer (`POST /api/reports`). `byDay` holds every day of the period, empty days
 * included, for the chart; `rows` are the tab's slice (for the day tabs the same as `byDay`);
 * `total` is the whole period under the filters. `empty` is spec §8's "no data for the period".
 */
export type ReportResult = {
  query: ReportQuery;
  from: LocalDay;
  to: LocalDay;
  timeZone: string;
  /** ISO instant the numbers were computed at: shown beside a report opened offline. */
  computedAt: string;
  total: ReportMetrics;
  byDay: ReportRow[];
  rows: ReportRow[];
  empty: boolean;
};

/**
 * The local store's key of a report: the same query always maps to the same key, whatever the
 * order its fields were written in. A relative period ("last 7 days") keeps its name, so the
 * newest answer to it replaces the older one.
 */
export function reportKey(query: ReportQuery): string {
  const period =
    query.period.kind === 'date'
      ? `date:${query.period.day}`
      : query.period.kind === 'range'
        ? `range:${query.period.from}:${query.period.to}`
        : query.period.kind;
  return [
    query.tab,
    period,
    query.channelId ?? '*',
    query.teamId ?? '*',
    query.operatorId ?? '*',
  ].join('|');
}
