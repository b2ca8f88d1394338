/**
 * One report as a download sees it: a title, the lines that say what it covers (period, time
 * zone, when computed), and a table whose columns say what kind of value they hold. Both the
 * XLSX and the CSV writer take this shape, built from the same table model the page shows, so a
 * download cannot disagree with the screen (research §1: Chatwoot #7348).
 */
export type SheetColumnKind = 'text' | 'day' | 'count' | 'duration' | 'share' | 'rating';

export type SheetColumn = { heading: string; kind: SheetColumnKind };

/**
 * A cell: text for `text`; `YYYY-MM-DD` for `day`; a number for `count`, `rating`, `share`
 * (0 to 1) and `duration` (milliseconds); null when there is nothing to show (no replies, so no
 * mean).
 */
export type SheetCell = string | number | null;

export type Sheet = {
  title: string;
  /** Label and value lines above the table: period, time zone, computed at. */
  about: readonly (readonly [string, string])[];
  columns: readonly SheetColumn[];
  rows: readonly (readonly SheetCell[])[];
};

/** A file name of the report, its period and the format: safe on every system. */
export function downloadFileName(
  base: string,
  from: string,
  to: string,
  format: 'xlsx' | 'csv',
): string {
  const safe = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  const period = from === to ? from : `${from}_${to}`;
  return `${safe || 'report'}_${period}.${format}`;
}
