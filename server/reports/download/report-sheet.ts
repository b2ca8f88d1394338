import {
  REPORT_TEXTS_EN,
  REPORT_TEXTS_RU,
  TAB_SLICE,
  reportTable,
  type ReportNames,
  type ReportResult,
  type ReportTextKey,
} from '../../../src/protocol/reports';
import type { Sheet } from './sheet';

export type DownloadLanguage = 'en' | 'ru';

/** Names of what the query filtered by, for the file's "Filters" line. */
export type FilterNames = { channel?: string; team?: string; operator?: string };

const TEXTS: Record<DownloadLanguage, Record<ReportTextKey, string>> = {
  en: REPORT_TEXTS_EN,
  ru: REPORT_TEXTS_RU,
};

/** "2026-03-30 23:15" in the organization's zone: the file's days are that zone's days. */
function localMinute(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * A report answer as the rows of its download: the table model the page shows
 * (`reportTable`), its total row last, headings in the reader's language, and above it the
 * period, the organization's time zone (every day and time in the file is in it) and when the
 * numbers were computed.
 */
export function reportSheet(
  result: ReportResult,
  names: ReportNames,
  language: DownloadLanguage,
  filters: FilterNames = {},
): Sheet {
  const texts = TEXTS[language];
  const tab = result.query.tab;
  const table = reportTable(result, names, {
    total: texts['reports.total'],
    none: texts[`reports.none.${TAB_SLICE[tab]}`],
    unknown: texts['reports.unknown'],
  });
  const title =
    tab === 'categories'
      ? texts['reports.file.title.categories']
      : texts['reports.file.title.common'];
  const period = result.from === result.to ? result.from : `${result.from} — ${result.to}`;
  const filterText = [filters.channel, filters.team, filters.operator]
    .filter((name): name is string => name !== undefined)
    .join(', ');
  return {
    title,
    about: [
      [texts['reports.file.period'], period],
      [texts['reports.file.timeZone'], result.timeZone],
      [texts['reports.file.computedAt'], localMinute(result.computedAt, result.timeZone)],
      ...(filterText ? ([[texts['reports.file.filters'], filterText]] as const) : []),
    ],
    columns: table.columns.map((column) => ({
      heading: texts[column.heading],
      // A day row's label is a date cell in the workbook, not text.
      kind: column.key === 'day' ? 'day' : column.kind,
    })),
    rows: [...table.rows, table.total].map((row) => row.cells),
  };
}
