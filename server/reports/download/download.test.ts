import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CSV_BOM, sheetToCsv } from './csv';
import { downloadFileName, type Sheet } from './sheet';
import { sheetToXlsx } from './xlsx';

const sheet: Sheet = {
  title: 'Сводный отчёт',
  about: [
    ['Период', '2026-03-28 — 2026-03-30'],
    ['Часовой пояс', 'Europe/Berlin'],
  ],
  columns: [
    { heading: 'День', kind: 'day' },
    { heading: 'Оператор', kind: 'text' },
    { heading: 'Диалоги', kind: 'count' },
    { heading: 'Первый ответ', kind: 'duration' },
    { heading: 'Доля оценок 5', kind: 'share' },
    { heading: 'Оценка', kind: 'rating' },
  ],
  rows: [
    ['2026-03-28', 'Анна; "старшая"', 12, 95_400, 0.5, 4.25],
    ['2026-03-29', '=HYPERLINK("http://x")', 0, null, 0, null],
    ['2026-03-30', 'Boris', 3, 93_600_000, 1 / 3, 5],
  ],
};

const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
const elapsedMs = (value: ExcelJS.CellValue): number | null =>
  value instanceof Date ? Math.round(value.getTime() - EXCEL_DAY_ZERO) : null;

describe('report downloads', () => {
  it('writes CSV a Russian Excel opens: BOM, semicolons, CRLF, decimal commas, units in headings', () => {
    const csv = sheetToCsv(sheet, 'ru');
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Сводный отчёт');
    expect(lines[1]).toBe('Период;2026-03-28 — 2026-03-30');
    expect(lines[2]).toBe('Часовой пояс;Europe/Berlin');
    expect(lines[4]).toBe('День;Оператор;Диалоги;Первый ответ, с;Доля оценок 5, %;Оценка');
    // A separator or a quote in a name is quoted; 95.4 s rounds to 95; 50 %; 4.25 with a comma.
    expect(lines[5]).toBe('2026-03-28;"Анна; ""старшая""";12;95;50,0;4,25');
    // A name a spreadsheet would run as a formula stays text; no value is an empty field.
    expect(lines[6]).toBe(`2026-03-29;"'=HYPERLINK(""http://x"")";0;;0,0;`);
    // 26 hours are 93,600 seconds, not a clock time that wraps at 24.
    expect(lines[7]).toBe('2026-03-30;Boris;3;93600;33,3;5,00');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes English CSV with decimal points', () => {
    const csv = sheetToCsv(sheet, 'en');
    expect(csv.split('\r\n')[7]).toBe('2026-03-30;Boris;3;93600;33.3;5.00');
  });

  it('writes XLSX with typed cells: dates, elapsed times, percentages, numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const file = await sheetToXlsx(sheet);
    // exceljs declares its own Buffer type; the bytes are the same.
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no worksheet');
    expect(worksheet.name).toBe('Сводный отчёт');
    expect(worksheet.getCell('A1').value).toBe('Сводный отчёт');
    expect(worksheet.getCell('B3').value).toBe('Europe/Berlin');
    const header = worksheet.getRow(5);
    expect(header.getCell(4).value).toBe('Первый ответ');
    const first = worksheet.getRow(6);
    // The organization's calendar day, whatever the zone of the computer that opens the file.
    const day = first.getCell(1).value;
    expect(day).toBeInstanceOf(Date);
    expect((day as Date).toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(2).value).toBe('Анна; "старшая"');
    expect(first.getCell(3).value).toBe(12);
    // Elapsed time is a number of days with a time format; a reader shows it counted from Excel's
    // day zero, 1899-12-30.
    expect(elapsedMs(first.getCell(4).value)).toBe(95_400);
    expect(first.getCell(4).numFmt).toBe('[h]:mm:ss');
    expect(first.getCell(5).value).toBe(0.5);
    expect(first.getCell(5).numFmt).toBe('0.0%');
    // A formula-looking name is a plain string cell, never a formula.
    expect(worksheet.getRow(7).getCell(2).value).toBe('=HYPERLINK("http://x")');
    expect(worksheet.getRow(7).getCell(4).value).toBeNull();
    expect(elapsedMs(worksheet.getRow(8).getCell(4).value)).toBe(26 * 3_600_000);
  });

  it('names the file by the report and its period, safely', () => {
    expect(downloadFileName('Summary report', '2026-03-01', '2026-03-30', 'xlsx')).toBe(
      'summary-report_2026-03-01_2026-03-30.xlsx',
    );
    expect(downloadFileName('Сводка', '2026-03-01', '2026-03-01', 'csv')).toBe(
      'report_2026-03-01.csv',
    );
  });
});
