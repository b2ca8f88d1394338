import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { reportTable } from '../../../src/protocol/reports';
import { DAYS, query, result } from '../../../src/protocol/reports/test-fixtures';
import { sheetToCsv } from './csv';
import { reportSheet } from './report-sheet';
import { sheetToXlsx } from './xlsx';

const names = { channels: {}, teams: {}, operators: {}, categories: { c1: 'Delivery › Late' } };
const labels = { total: 'Total', none: 'No day', unknown: 'Deleted' };

describe('a report download', () => {
  const summary = result(query('common'), DAYS);

  it('holds the very rows and numbers of the table the page shows, the total last', () => {
    const table = reportTable(summary, names, labels);
    const sheet = reportSheet(summary, names, 'en');
    expect(sheet.rows).toEqual([...table.rows, table.total].map((row) => row.cells));
    expect(sheet.columns.map((c) => c.kind)).toEqual(
      table.columns.map((c) => (c.key === 'day' ? 'day' : c.kind)),
    );
    expect(sheet.columns[0]?.heading).toBe('Day');
  });

  it('says its period, the time zone its days are in, and when it was computed, there', () => {
    const sheet = reportSheet(summary, names, 'ru', { team: 'Support' });
    expect(sheet.title).toBe('Сводный отчёт');
    expect(sheet.about).toEqual([
      ['Период', '2026-03-28 — 2026-03-30'],
      ['Часовой пояс', 'Europe/Berlin'],
      // 21:15 UTC on 30 March is 23:15 in Berlin (summer time since the 29th).
      ['Рассчитан', '2026-03-30 23:15'],
      ['Фильтры', 'Support'],
    ]);
  });

  it('writes the same numbers into CSV and XLSX', async () => {
    const sheet = reportSheet(summary, names, 'en');
    const table = reportTable(summary, names, labels);
    const dialogsColumn = table.columns.findIndex((c) => c.key === 'dialogs');
    const dialogs = table.rows.map((row) => row.cells[dialogsColumn]);
    const csvRows = sheetToCsv(sheet, 'en').slice(1).split('\r\n');
    const headerAt = csvRows.findIndex((line) => line.startsWith('Day;'));
    expect(
      csvRows
        .slice(headerAt + 1, headerAt + 1 + dialogs.length)
        .map((l) => Number(l.split(';')[dialogsColumn])),
    ).toEqual(dialogs);

    const workbook = new ExcelJS.Workbook();
    const file = await sheetToXlsx(sheet);
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no worksheet');
    let header = 0;
    worksheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Day') header = n;
    });
    const xlsxDialogs = dialogs.map(
      (_, i) => worksheet.getRow(header + 1 + i).getCell(dialogsColumn + 1).value,
    );
    expect(xlsxDialogs).toEqual(dialogs);
    // The total row's label stays text under the date column.
    expect(worksheet.getRow(header + 1 + dialogs.length).getCell(1).value).toBe('Total');
  });

  it('names a category by its whole path', () => {
    const categories = result(query('categories'), [
      { key: 'c1', metrics: { ...DAYS[0]!.metrics, categories: { c1: 3 } } },
    ]);
    const sheet = reportSheet(categories, names, 'en');
    expect(sheet.title).toBe('Appeal categories report');
    expect(sheet.rows[0]?.[0]).toBe('Delivery › Late');
    expect(sheet.rows[0]?.[1]).toBe(3);
  });
});
