import type { ReactNode } from 'react';
import { cellText, type ReportTable } from '../../protocol/reports/report-tables';
import type { Translator } from '../../ui/i18n';

/** The consolidated report: its total as one card per number. */
function ReportCards({
  table,
  i18n,
}: {
  table: ReportTable;
  i18n: Pick<Translator, 't' | 'lang'>;
}) {
  return (
    <dl className="report-cards" data-testid="report-cards">
      {table.columns.slice(1).map((column, i) => (
        <div
          key={column.key}
          className="report-card"
          data-testid="report-card"
          data-column={column.key}
        >
          <dt className="report-card__label">{i18n.t(column.heading)}</dt>
          <dd className="report-card__value">
            {cellText(column.kind, table.total.cells[i + 1] ?? null, i18n.lang)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A tab's table: its rows, then the period's total; durations mean and median side by side. */
export function ReportTableView({
  table,
  i18n,
}: {
  table: ReportTable;
  i18n: Pick<Translator, 't' | 'lang'>;
}): ReactNode {
  if (table.tab === 'report') return <ReportCards table={table} i18n={i18n} />;
  const cell = (row: ReportTable['total'], testId: string) =>
    table.columns.map((column, i) => {
      const text = cellText(column.kind, row.cells[i] ?? null, i18n.lang);
      return i === 0 ? (
        <th key={column.key} scope="row">
          {text}
        </th>
      ) : (
        <td
          key={column.key}
          className="table__number"
          data-testid={testId}
          data-column={column.key}
        >
          {text}
        </td>
      );
    });
  return (
    <div className="report-table">
      <table className="table" data-testid="report-table">
        <thead>
          <tr>
            {table.columns.map((column, i) => (
              <th key={column.key} scope="col" className={i === 0 ? undefined : 'table__number'}>
                {i18n.t(column.heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={row.key ?? `none-${index}`} data-testid="report-row" data-key={row.key ?? ''}>
              {cell(row, 'report-cell')}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="report-total">{cell(table.total, 'report-total-cell')}</tr>
        </tfoot>
      </table>
    </div>
  );
}
