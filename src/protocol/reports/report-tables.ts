import { dayStart, type ReportMetrics } from '../metrics';
import { formatDuration, type DurationLanguage } from './duration-units';
import { TAB_SLICE, type ReportResult, type ReportRow, type ReportTab } from './report-api';

/**
 * The table model of every report tab, in one pure module: the page's table, its chart and the
 * server's downloads (XLSX, CSV) are all built from `reportTable` / `reportChart`, so a table, its
 * chart and its download cannot disagree (research §1: "a download not matching the screen").
 */

/**
 * How a column's numbers read: `count` a whole number, `duration` milliseconds (spec §3's units),
 * `share` 0 to 1, `rating` a mean or median of ratings 1–5, `text` the row's label.
 */
export type ColumnKind = 'count' | 'duration' | 'share' | 'rating' | 'text';

/** Every number a report column can show, with how it is read from a slice's metrics. */
const METRIC_COLUMNS = {
  dialogs: { kind: 'count', value: (m) => m.dialogs },
  uniqueClients: { kind: 'count', value: (m) => m.uniqueClients },
  // Durations: the mean and the median always side by side (a mean alone is pulled by the one
  // chat that waited over a weekend, a median alone hides it).
  firstReplyMean: { kind: 'duration', value: (m) => m.firstReply.meanMs },
  firstReplyMedian: { kind: 'duration', value: (m) => m.firstReply.medianMs },
  replyTimeMean: { kind: 'duration', value: (m) => m.replyTime.meanMs },
  replyTimeMedian: { kind: 'duration', value: (m) => m.replyTime.medianMs },
  reactionMean: { kind: 'duration', value: (m) => m.reaction.meanMs },
  reactionMedian: { kind: 'duration', value: (m) => m.reaction.medianMs },
  dialogTimeMean: { kind: 'duration', value: (m) => m.dialogTime.meanMs },
  dialogTimeMedian: { kind: 'duration', value: (m) => m.dialogTime.medianMs },
  missed: { kind: 'count', value: (m) => m.missed },
  unansweredAssignments: { kind: 'count', value: (m) => m.unansweredAssignments },
  closed: { kind: 'count', value: (m) => m.closed },
  closedByOperator: { kind: 'count', value: (m) => m.closesByCause.operator },
  closedByBot: { kind: 'count', value: (m) => m.closesByCause.bot },
  closedClientInactivity: { kind: 'count', value: (m) => m.closesByCause.client_inactivity },
  closedOperatorInactivity: { kind: 'count', value: (m) => m.closesByCause.operator_inactivity },
  closedUnattended: { kind: 'count', value: (m) => m.closesByCause.unattended },
  closedSpam: { kind: 'count', value: (m) => m.closesByCause.spam },
  assignedBot: { kind: 'count', value: (m) => m.assigned.bot },
  assignedOperator: { kind: 'count', value: (m) => m.assigned.operator },
  assignedTeam: { kind: 'count', value: (m) => m.assigned.team },
  transferred: { kind: 'count', value: (m) => m.transferred },
  rated: { kind: 'count', value: (m) => m.quality.rated },
  qualityMean: { kind: 'rating', value: (m) => m.quality.mean },
  qualityMedian: { kind: 'rating', value: (m) => m.quality.median },
  rating5Share: { kind: 'share', value: (m) => (m.quality.rated ? m.quality.shares[4] : null) },
  rating4Share: { kind: 'share', value: (m) => (m.quality.rated ? m.quality.shares[3] : null) },
  rating3Share: { kind: 'share', value: (m) => (m.quality.rated ? m.quality.shares[2] : null) },
  rating2Share: { kind: 'share', value: (m) => (m.quality.rated ? m.quality.shares[1] : null) },
  rating1Share: { kind: 'share', value: (m) => (m.quality.rated ? m.quality.shares[0] : null) },
  atWork: { kind: 'duration', value: (m) => m.workingTime.at_work },
  onBreak: { kind: 'duration', value: (m) => m.workingTime.break },
  notOnline: { kind: 'duration', value: (m) => m.workingTime.not_online },
  atWorkShare: {
    kind: 'share',
    value: (m) => {
      const all = m.workingTime.at_work + m.workingTime.break + m.workingTime.not_online;
      return all === 0 ? null : m.workingTime.at_work / all;
    },
  },
} satisfies Record<
  string,
  { kind: Exclude<ColumnKind, 'text'>; value: (m: ReportMetrics) => number | null }
>;

type MetricColumnKey = keyof typeof METRIC_COLUMNS;

/** The categories tab's own numbers: chats closed under a category, and their share. */
type CategoryColumnKey = 'categoryChats' | 'categoryShare';

/** The label column: what a row is (the period, a day, a channel, …). */
type LabelColumnKey = 'period' | 'day' | 'channel' | 'operator' | 'team' | 'category';

export type ColumnKey = MetricColumnKey | CategoryColumnKey | LabelColumnKey;

/** A column's heading is a message key of the reports catalog (en + ru), the server's too. */
export type ColumnHeading = `reports.column.${ColumnKey}`;

export type ReportColumn = { key: ColumnKey; heading: ColumnHeading; kind: ColumnKind };

export type ReportCell = string | number | null;

/** One row: its slice key (a day, an id, null), and one cell per column, the label first. */
export type ReportTableRow = { key: string | null; cells: ReportCell[] };

export type ReportTable = {
  tab: ReportTab;
  columns: ReportColumn[];
  /** The slice's rows (empty for the consolidated report, which is its total). */
  rows: ReportTableRow[];
  /** The period as a whole under the filters. */
  total: ReportTableRow;
};

/** The metric columns of each tab, in order, after its label column. */
export const TAB_COLUMNS: Record<ReportTab, readonly (MetricColumnKey | CategoryColumnKey)[]> = {
  report: [
    'dialogs',
    'uniqueClients',
    'firstReplyMean',
    'firstReplyMedian',
    'replyTimeMean',
    'replyTimeMedian',
    'dialogTimeMean',
    'dialogTimeMedian',
    'missed',
    'closed',
    'transferred',
    'qualityMean',
    'rated',
  ],
  common: [
    'dialogs',
    'uniqueClients',
    'firstReplyMean',
    'firstReplyMedian',
    'replyTimeMean',
    'replyTimeMedian',
    'reactionMean',
    'reactionMedian',
    'dialogTimeMean',
    'dialogTimeMedian',
    'missed',
    'closed',
    'closedClientInactivity',
    'closedOperatorInactivity',
    'closedUnattended',
    'assignedBot',
    'assignedOperator',
    'assignedTeam',
    'closedByBot',
    'closedByOperator',
    'transferred',
    'qualityMean',
    'qualityMedian',
  ],
  dialogs: [
    'dialogs',
    'closed',
    'closedByOperator',
    'closedByBot',
    'closedClientInactivity',
    'closedOperatorInactivity',
    'closedUnattended',
    'closedSpam',
    'missed',
    'unansweredAssignments',
    'assignedBot',
    'assignedOperator',
    'assignedTeam',
    'transferred',
    'dialogTimeMean',
    'dialogTimeMedian',
  ],
  channels: [
    'dialogs',
    'uniqueClients',
    'firstReplyMean',
    'firstReplyMedian',
    'replyTimeMean',
    'replyTimeMedian',
    'dialogTimeMean',
    'dialogTimeMedian',
    'missed',
    'closed',
    'qualityMean',
  ],
  employees: [
    'firstReplyMean',
    'firstReplyMedian',
    'replyTimeMean',
    'replyTimeMedian',
    'reactionMean',
    'reactionMedian',
    'unansweredAssignments',
    'assignedOperator',
    'closedByOperator',
    'transferred',
    'dialogTimeMean',
    'dialogTimeMedian',
    'rated',
    'qualityMean',
    'qualityMedian',
    'rating5Share',
    'rating4Share',
    'rating3Share',
    'rating2Share',
    'rating1Share',
  ],
  teams: [
    'dialogs',
    'uniqueClients',
    'firstReplyMean',
    'firstReplyMedian',
    'replyTimeMean',
    'replyTimeMedian',
    'dialogTimeMean',
    'dialogTimeMedian',
    'missed',
    'assignedTeam',
    'transferred',
    'qualityMean',
  ],
  time: ['atWork', 'onBreak', 'notOnline', 'atWorkShare'],
  categories: ['categoryChats', 'categoryShare'],
};

const LABEL_COLUMN: Record<ReportTab, LabelColumnKey> = {
  report: 'period',
  common: 'day',
  dialogs: 'day',
  channels: 'channel',
  employees: 'operator',
  teams: 'team',
  time: 'operator',
  categories: 'category',
};

const CATEGORY_COLUMNS: Record<CategoryColumnKey, ColumnKind> = {
  categoryChats: 'count',
  categoryShare: 'share',
};

const isMetricColumn = (key: ColumnKey): key is MetricColumnKey => key in METRIC_COLUMNS;

const column = (key: ColumnKey, kind: ColumnKind): ReportColumn => ({
  key,
  heading: `reports.column.${key}`,
  kind,
});

/** A tab's columns: its label column, then its numbers. */
export function reportColumns(tab: ReportTab): ReportColumn[] {
  return [
    column(LABEL_COLUMN[tab], 'text'),
    ...TAB_COLUMNS[tab].map((key) =>
      column(key, isMetricColumn(key) ? METRIC_COLUMNS[key].kind : CATEGORY_COLUMNS[key]),
    ),
  ];
}

/** Names by id for the labels, from the local store (the browser) or the database (downloads). */
export type ReportNames = {
  channels: Readonly<Record<string, string>>;
  teams: Readonly<Record<string, string>>;
  operators: Readonly<Record<string, string>>;
  /** A category's whole path, e.g. "Warranty › Repair". */
  categories: Readonly<Record<string, string>>;
};

/** Label texts in the reader's language: the total row, a null key, an id with no name. */
export type ReportLabels = { total: string; none: string; unknown: string };

const NAMES_OF: Record<ReportTab, keyof ReportNames | null> = {
  report: null,
  common: null,
  dialogs: null,
  channels: 'channels',
  employees: 'operators',
  teams: 'teams',
  time: 'operators',
  categories: 'categories',
};

function labelOf(tab: ReportTab, key: string | null, names: ReportNames, labels: ReportLabels) {
  if (key === null) return labels.none;
  const table = NAMES_OF[tab];
  // A day labels itself (YYYY-MM-DD, the organization's local day).
  if (table === null) return key;
  return names[table][key] ?? labels.unknown;
}

/**
 * A category row's count: the row's chats closed under its category. Read from the row's
 * `categories` counter, which holds the right number whether the server restricts the row's
 * metrics to the category or not; the row of no category is the closes left uncategorised.
 */
function categoryChats(row: ReportRow): number {
  const counted = row.metrics.categories;
  if (row.key !== null) return counted[row.key] ?? 0;
  const categorised = Object.values(counted).reduce((a, b) => a + b, 0);
  return Math.max(0, row.metrics.closed - categorised);
}

function metricCells(tab: ReportTab, metrics: ReportMetrics): ReportCell[] {
  return TAB_COLUMNS[tab].map((key) =>
    isMetricColumn(key) ? METRIC_COLUMNS[key].value(metrics) : null,
  );
}

const byLabel = (a: ReportTableRow, b: ReportTableRow): number => {
  // Rows with no key (no team, no category) and unknown ids go last; the rest by name.
  if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1;
  return (
    String(a.cells[0]).localeCompare(String(b.cells[0])) ||
    String(a.key).localeCompare(String(b.key))
  );
};

/**
 * A tab's table from the server's answer and names. Day tabs keep the days in order; the other
 * slices are sorted by name, so the page and a download list them alike.
 */
export function reportTable(
  result: ReportResult,
  names: ReportNames,
  labels: ReportLabels,
): ReportTable {
  const tab = result.query.tab;
  const columns = reportColumns(tab);
  if (tab === 'categories') {
    const counted = result.rows.map((row) => ({ key: row.key, chats: categoryChats(row) }));
    const all = counted.reduce((n, row) => n + row.chats, 0);
    const share = (n: number) => (all === 0 ? null : n / all);
    const rows = counted
      .filter((row) => row.chats > 0)
      .map((row) => ({
        key: row.key,
        cells: [labelOf(tab, row.key, names, labels), row.chats, share(row.chats)],
      }))
      .sort(byLabel);
    return { tab, columns, rows, total: { key: null, cells: [labels.total, all, share(all)] } };
  }
  const slice = TAB_SLICE[tab];
  const rows =
    slice === 'none'
      ? []
      : result.rows.map((row) => ({
          key: row.key,
          cells: [labelOf(tab, row.key, names, labels), ...metricCells(tab, row.metrics)],
        }));
  if (slice !== 'day') rows.sort(byLabel);
  return {
    tab,
    columns,
    rows,
    total: { key: null, cells: [labels.total, ...metricCells(tab, result.total)] },
  };
}

/** Which of a tab's columns its chart draws. */
export const CHART_COLUMNS: Record<ReportTab, readonly ColumnKey[]> = {
  report: ['dialogs', 'closed', 'missed'],
  common: ['dialogs', 'uniqueClients', 'missed', 'firstReplyMean', 'firstReplyMedian'],
  dialogs: ['dialogs', 'closed', 'missed', 'transferred'],
  channels: ['dialogs', 'missed'],
  employees: ['firstReplyMean', 'firstReplyMedian'],
  teams: ['dialogs', 'missed'],
  // Bars side by side, two at most: "not online" (most of a day) stays in the table.
  time: ['atWork', 'onBreak'],
  categories: ['categoryChats'],
};

export type ChartSeries = {
  key: ColumnKey;
  heading: ColumnHeading;
  kind: ColumnKind;
  values: (number | null)[];
};

/**
 * A chart: over the days of the period (`time`, x in epoch seconds at the start of each local
 * day in the organization's zone) or over the slice's rows (`slice`, x the row's index).
 */
export type ReportChart = {
  axis: 'time' | 'slice';
  /** The heading of what x is: the day, or the slice's label column. */
  xHeading: ColumnHeading;
  timeZone: string;
  x: number[];
  labels: string[];
  series: ChartSeries[];
};

function chartOf(
  axis: ReportChart['axis'],
  table: Pick<ReportTable, 'columns' | 'rows'>,
  keys: readonly ColumnKey[],
  x: number[],
  timeZone: string,
): ReportChart {
  const series = keys.flatMap((key): ChartSeries[] => {
    const index = table.columns.findIndex((c) => c.key === key);
    const col = table.columns[index];
    if (!col) return [];
    return [
      {
        key,
        heading: col.heading,
        kind: col.kind,
        values: table.rows.map((row) => {
          const cell = row.cells[index];
          return typeof cell === 'number' ? cell : null;
        }),
      },
    ];
  });
  return {
    axis,
    xHeading: table.columns[0]?.heading ?? 'reports.column.day',
    timeZone,
    x,
    labels: table.rows.map((row) => String(row.cells[0])),
    series,
  };
}

/**
 * A tab's chart, read from the very cells of its table: the day tabs over their rows; the
 * consolidated report over `byDay` with its own columns (its table is the total); the other
 * slices as bars over their rows.
 */
export function reportChart(
  result: ReportResult,
  table: ReportTable,
  names: ReportNames,
  labels: ReportLabels,
): ReportChart {
  const tab = result.query.tab;
  const keys = CHART_COLUMNS[tab];
  const zone = result.timeZone;
  const dayX = (rows: ReportTableRow[]) =>
    rows.map((row) => dayStart(String(row.key), zone) / 1000);
  if (tab === 'report') {
    const days = reportDayTable(result, names, labels);
    return chartOf('time', days, keys, dayX(days.rows), zone);
  }
  if (TAB_SLICE[tab] === 'day') return chartOf('time', table, keys, dayX(table.rows), zone);
  return chartOf(
    'slice',
    table,
    keys,
    table.rows.map((_, i) => i),
    zone,
  );
}

/** The consolidated report's columns, one row per day of the period (what its chart draws). */
export function reportDayTable(
  result: ReportResult,
  names: ReportNames,
  labels: ReportLabels,
): Pick<ReportTable, 'columns' | 'rows'> {
  const tab = result.query.tab;
  return {
    columns: [column('day', 'text'), ...reportColumns(tab).slice(1)],
    rows: result.byDay.map((row) => ({
      key: row.key,
      cells: [labelOf('common', row.key, names, labels), ...metricCells(tab, row.metrics)],
    })),
  };
}

/** A cell as the page shows it: counts whole, durations in spec §3's units, shares in percent. */
export function cellText(kind: ColumnKind, value: ReportCell, language: DurationLanguage): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'duration':
      return formatDuration(value, language);
    case 'share':
      return `${Math.round(value * 1000) / 10}%`;
    case 'rating':
      return (Math.round(value * 100) / 100).toFixed(2);
    case 'count':
    case 'text':
      return String(value);
  }
}
