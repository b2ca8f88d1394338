import { describe, expect, it } from 'vitest';
import { REPORT_TABS, TAB_SLICE, type ReportTab } from './report-api';
import { dayStart } from '../metrics';
import {
  CHART_COLUMNS,
  cellText,
  reportChart,
  reportColumns,
  reportTable,
  type ReportNames,
} from './report-tables';
import { DAYS, metrics, query, result } from './test-fixtures';

const NAMES: ReportNames = {
  channels: { c1: 'Website', c2: 'Telegram' },
  teams: { t1: 'Support', t2: 'Sales' },
  operators: { u1: 'Olga', u2: 'Anton' },
  categories: { k1: 'Warranty › Repair', k2: 'Billing' },
};
const LABELS = { total: 'Total', none: 'None', unknown: 'Deleted' };

/** A fixed answer for each tab, with the rows of its slice. */
function answer(tab: ReportTab) {
  const q = query(tab);
  switch (TAB_SLICE[tab]) {
    case 'none':
      return result(q, []);
    case 'day':
      return result(q, DAYS);
    case 'channel':
      return result(q, [
        { key: 'c2', metrics: metrics({ dialogs: 3, missed: 1 }) },
        { key: 'c1', metrics: metrics({ dialogs: 7, missed: 0 }) },
      ]);
    case 'team':
      return result(q, [
        { key: null, metrics: metrics({ dialogs: 1 }) },
        { key: 't2', metrics: metrics({ dialogs: 4, missed: 1 }) },
        { key: 't1', metrics: metrics({ dialogs: 5 }) },
      ]);
    case 'operator':
      return result(q, [
        {
          key: 'u1',
          metrics: metrics({
            firstReply: { count: 2, meanMs: 80_000, medianMs: 40_000 },
            workingTime: { at_work: 6 * 3_600_000, break: 3_600_000, not_online: 17 * 3_600_000 },
            quality: {
              rated: 4,
              mean: 4.5,
              median: 4.5,
              counts: [0, 0, 0, 2, 2],
              shares: [0, 0, 0, 0.5, 0.5],
            },
          }),
        },
        {
          key: 'gone',
          metrics: metrics({ firstReply: { count: 1, meanMs: 10_000, medianMs: 10_000 } }),
        },
        {
          key: 'u2',
          metrics: metrics({ firstReply: { count: 1, meanMs: 5_000, medianMs: 5_000 } }),
        },
      ]);
    case 'category':
      return result(q, [
        // A server that gives each category's row the whole period's metrics: the count is the
        // row's own category counter, and "no category" is what the counters leave.
        { key: 'k2', metrics: metrics({ closed: 8, categories: { k1: 5, k2: 2 } }) },
        { key: 'k1', metrics: metrics({ closed: 5, categories: { k1: 5 } }) },
        { key: null, metrics: metrics({ closed: 8, categories: { k1: 5, k2: 2 } }) },
        { key: 'k3', metrics: metrics({ closed: 0, categories: {} }) },
      ]);
  }
}

describe('the report table model', () => {
  it('gives every tab a label column first, then numbers with a kind and a heading key', () => {
    for (const tab of REPORT_TABS) {
      const columns = reportColumns(tab);
      expect(columns[0]?.kind).toBe('text');
      for (const c of columns.slice(1)) expect(c.kind).not.toBe('text');
      for (const c of columns) expect(c.heading).toBe(`reports.column.${c.key}`);
      expect(new Set(columns.map((c) => c.key)).size).toBe(columns.length);
    }
  });

  it('puts the median beside every mean', () => {
    for (const tab of REPORT_TABS) {
      const keys = reportColumns(tab).map((c) => c.key as string);
      keys.forEach((key, i) => {
        if (key.endsWith('Mean') && key !== 'qualityMean') {
          expect(keys[i + 1]).toBe(key.replace(/Mean$/, 'Median'));
        }
      });
    }
  });

  it('the consolidated report is its total: no rows, the period as one line', () => {
    const table = reportTable(answer('report'), NAMES, LABELS);
    expect(table.rows).toEqual([]);
    const at = (key: string) => table.total.cells[table.columns.findIndex((c) => c.key === key)];
    expect(at('period')).toBe('Total');
    expect(at('dialogs')).toBe(10);
    expect(at('firstReplyMean')).toBe(50_000);
    expect(at('firstReplyMedian')).toBe(30_000);
    expect(at('qualityMean')).toBeNull();
  });

  it.each(['common', 'dialogs'] as const)(
    '%s: one row per day, in order, empty days kept',
    (tab) => {
      const table = reportTable(answer(tab), NAMES, LABELS);
      expect(table.rows.map((r) => r.cells[0])).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
      const dialogs = table.columns.findIndex((c) => c.key === 'dialogs');
      expect(table.rows.map((r) => r.cells[dialogs])).toEqual([4, 0, 6]);
      expect(table.total.cells[dialogs]).toBe(10);
    },
  );

  it('channels and teams: rows by name, the row of no team last', () => {
    const channels = reportTable(answer('channels'), NAMES, LABELS);
    expect(channels.rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['Telegram', 3],
      ['Website', 7],
    ]);
    const teams = reportTable(answer('teams'), NAMES, LABELS);
    expect(teams.rows.map((r) => r.cells[0])).toEqual(['Sales', 'Support', 'None']);
  });

  it('employees: a deleted operator keeps a label; ratings as shares', () => {
    const table = reportTable(answer('employees'), NAMES, LABELS);
    expect(table.rows.map((r) => r.cells[0])).toEqual(['Anton', 'Deleted', 'Olga']);
    const olga = table.rows[2]?.cells ?? [];
    const at = (key: string) => olga[table.columns.findIndex((c) => c.key === key)];
    expect(at('firstReplyMean')).toBe(80_000);
    expect(at('firstReplyMedian')).toBe(40_000);
    expect(at('rating5Share')).toBe(0.5);
    expect(at('rating1Share')).toBe(0);
    // No ratings at all: no share to show, not 0 %.
    const anton = table.rows[0]?.cells ?? [];
    expect(anton[table.columns.findIndex((c) => c.key === 'rating5Share')]).toBeNull();
  });

  it('working time: hours per state and the share at work', () => {
    const table = reportTable(answer('time'), NAMES, LABELS);
    expect(table.columns.map((c) => [c.key, c.kind])).toEqual([
      ['operator', 'text'],
      ['atWork', 'duration'],
      ['onBreak', 'duration'],
      ['notOnline', 'duration'],
      ['atWorkShare', 'share'],
    ]);
    const olga = table.rows.find((r) => r.key === 'u1');
    expect(olga?.cells).toEqual(['Olga', 6 * 3_600_000, 3_600_000, 17 * 3_600_000, 0.25]);
    expect(table.rows.find((r) => r.key === 'u2')?.cells[4]).toBeNull();
  });

  it('categories: chats closed under each, whatever metrics the rows carry; shares of the whole', () => {
    const table = reportTable(answer('categories'), NAMES, LABELS);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Billing', 2, 0.25],
      ['Warranty › Repair', 5, 0.625],
      ['None', 1, 0.125],
    ]);
    expect(table.total.cells).toEqual(['Total', 8, 1]);
  });
});

describe('the chart of each tab', () => {
  it.each(REPORT_TABS.filter((tab) => tab !== 'report'))(
    '%s: every series is a column of the table, value for value',
    (tab) => {
      const res = answer(tab);
      const table = reportTable(res, NAMES, LABELS);
      const chart = reportChart(res, table, NAMES, LABELS);
      expect(chart.series.map((s) => s.key)).toEqual(CHART_COLUMNS[tab]);
      expect(chart.labels).toEqual(table.rows.map((r) => r.cells[0]));
      for (const series of chart.series) {
        const index = table.columns.findIndex((c) => c.key === series.key);
        expect(series.kind).toBe(table.columns[index]?.kind);
        expect(series.values).toEqual(table.rows.map((r) => r.cells[index]));
      }
    },
  );

  it('day tabs are drawn at each local day’s start in the organization’s zone (23-hour day included)', () => {
    const res = answer('common');
    const chart = reportChart(res, reportTable(res, NAMES, LABELS), NAMES, LABELS);
    expect(chart.axis).toBe('time');
    expect(chart.timeZone).toBe('Europe/Berlin');
    expect(chart.x).toEqual(DAYS.map((d) => dayStart(d.key ?? '', 'Europe/Berlin') / 1000));
    expect(chart.x[2]! - chart.x[1]!).toBe(23 * 3600);
  });

  it('the consolidated chart runs over the days, and its counts add up to the table’s total', () => {
    const res = answer('report');
    const table = reportTable(res, NAMES, LABELS);
    const chart = reportChart(res, table, NAMES, LABELS);
    expect(chart.axis).toBe('time');
    expect(chart.labels).toEqual(DAYS.map((d) => d.key));
    for (const series of chart.series) {
      const index = table.columns.findIndex((c) => c.key === series.key);
      const sum = series.values.reduce<number>((a, b) => a + (b ?? 0), 0);
      expect(sum).toBe(table.total.cells[index]);
    }
  });

  it('slice tabs are bars over their rows, two series at most (drawn side by side)', () => {
    const res = answer('channels');
    const chart = reportChart(res, reportTable(res, NAMES, LABELS), NAMES, LABELS);
    expect(chart.axis).toBe('slice');
    expect(chart.x).toEqual([0, 1]);
    expect(chart.xHeading).toBe('reports.column.channel');
    for (const tab of REPORT_TABS)
      if (TAB_SLICE[tab] !== 'day' && TAB_SLICE[tab] !== 'none')
        expect(CHART_COLUMNS[tab].length).toBeLessThanOrEqual(2);
  });
});

describe('cell text', () => {
  it.each([
    ['count', 12, 'en', '12'],
    ['duration', 95_000, 'en', '1 min 35 sec'],
    ['duration', 95_000, 'ru', '1 мин 35 сек'],
    ['share', 0.1234, 'en', '12.3%'],
    ['rating', 4.5, 'en', '4.50'],
    ['text', 'Olga', 'en', 'Olga'],
    ['duration', null, 'en', '—'],
  ] as const)('%s %j (%s) reads %j', (kind, value, lang, text) => {
    expect(cellText(kind, value, lang)).toBe(text);
  });
});
