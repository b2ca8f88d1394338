import ExcelJS from 'exceljs';
import type { Sheet, SheetCell, SheetColumnKind } from './sheet';

const MS_PER_DAY = 86_400_000;

/** Excel's number formats per kind: durations as elapsed time, shares as percentages. */
const NUMBER_FORMAT: Partial<Record<SheetColumnKind, string>> = {
  day: 'yyyy-mm-dd',
  count: '0',
  duration: '[h]:mm:ss',
  share: '0.0%',
  rating: '0.00',
};

/**
 * A local day as an Excel date. Excel dates have no zone: the cell must show the organization's
 * calendar day, so it is written as that day's midnight in UTC, which exceljs stores unshifted.
 */
const excelDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

function value(cell: SheetCell, kind: SheetColumnKind): ExcelJS.CellValue {
  if (cell === null) return null;
  // A day column's total row says "Total": only a date is written as one.
  if (kind === 'day' && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell))
    return excelDay(cell);
  // Elapsed time in Excel is a fraction of a day.
  if (kind === 'duration' && typeof cell === 'number') return cell / MS_PER_DAY;
  return cell;
}

/**
 * A report as an XLSX workbook with typed cells: dates are dates, durations elapsed times
 * (`[h]:mm:ss`, so 26 hours shows as 26:00:00 and sums correctly), shares percentages, counts
 * numbers. The lines above the table say the period, the organization's time zone the days are
 * in, and when the numbers were computed.
 */
export async function sheetToXlsx(sheet: Sheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SmartConnect';
  // Sheet names are at most 31 characters and may not hold : \ / ? * [ ].
  const worksheet = workbook.addWorksheet(sheet.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  worksheet.addRow([sheet.title]).font = { bold: true, size: 14 };
  for (const [label, text] of sheet.about) worksheet.addRow([label, text]);
  worksheet.addRow([]);
  const header = worksheet.addRow(sheet.columns.map((column) => column.heading));
  header.font = { bold: true };
  const headerRow = header.number;
  for (const row of sheet.rows)
    worksheet.addRow(sheet.columns.map((column, i) => value(row[i] ?? null, column.kind)));
  sheet.columns.forEach((column, i) => {
    const excelColumn = worksheet.getColumn(i + 1);
    excelColumn.width = Math.max(12, Math.min(40, column.heading.length + 2));
    const format = NUMBER_FORMAT[column.kind];
    if (!format) return;
    // Only the table's own cells: the title and the lines above keep their text.
    for (let r = headerRow + 1; r <= worksheet.rowCount; r++)
      worksheet.getRow(r).getCell(i + 1).numFmt = format;
  });
  worksheet.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
