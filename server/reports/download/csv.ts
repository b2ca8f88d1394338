import type { Sheet, SheetCell, SheetColumnKind } from './sheet';

/**
 * A report as CSV for a spreadsheet in the reader's locale: UTF-8 with a byte-order mark (without
 * it a Russian Excel shows Cyrillic garbled), `;` between fields (the list separator a
 * Russian-locale Excel splits on), CRLF line ends (RFC 4180), and numbers with the language's
 * decimal mark. Durations are whole seconds and shares percentages — plain numbers a spreadsheet
 * can sum — with the unit named in the heading. The XLSX download carries typed cells instead.
 */
export const CSV_BOM = '\uFEFF';

const quote = (text: string): string =>
  /[";\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * Text a spreadsheet would take for a formula is prefixed with an apostrophe: a client or
 * category name such as "=HYPERLINK(…)" must stay text (CSV injection, OWASP).
 */
const defuse = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function number(value: number, decimals: number, language: 'en' | 'ru'): string {
  const fixed = decimals === 0 ? String(Math.round(value)) : value.toFixed(decimals);
  return language === 'ru' ? fixed.replace('.', ',') : fixed;
}

/** The unit a column's numbers are written in, added to its heading. */
const UNIT: Record<'en' | 'ru', Partial<Record<SheetColumnKind, string>>> = {
  en: { duration: 's', share: '%' },
  ru: { duration: 'с', share: '%' },
};

function heading(text: string, kind: SheetColumnKind, language: 'en' | 'ru'): string {
  const unit = UNIT[language][kind];
  return unit ? `${text}, ${unit}` : text;
}

function cell(value: SheetCell, kind: SheetColumnKind, language: 'en' | 'ru'): string {
  if (value === null) return '';
  if (typeof value === 'string') return quote(defuse(value));
  switch (kind) {
    case 'duration':
      return number(value / 1000, 0, language);
    case 'share':
      return number(value * 100, 1, language);
    case 'rating':
      return number(value, 2, language);
    default:
      return number(value, Number.isInteger(value) ? 0 : 2, language);
  }
}

/** The file's text, BOM first. */
export function sheetToCsv(sheet: Sheet, language: 'en' | 'ru'): string {
  const lines: string[] = [quote(defuse(sheet.title))];
  for (const [label, value] of sheet.about) lines.push(`${quote(label)};${quote(value)}`);
  lines.push('');
  lines.push(
    sheet.columns
      .map((column) => quote(defuse(heading(column.heading, column.kind, language))))
      .join(';'),
  );
  for (const row of sheet.rows)
    lines.push(
      sheet.columns.map((column, i) => cell(row[i] ?? null, column.kind, language)).join(';'),
    );
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
