import { describe, expect, it } from 'vitest';
import { REPORT_TABS, TAB_SLICE } from '../../protocol/reports';
import { reportColumns } from '../../protocol/reports/report-tables';
import { REPORTS_EN, REPORTS_RU } from './reports-messages';

describe('the reports texts', () => {
  it('name every column heading of every tab, in English and Russian', () => {
    for (const tab of REPORT_TABS)
      for (const column of reportColumns(tab)) {
        expect(REPORTS_EN[column.heading], column.heading).toBeTruthy();
        expect(REPORTS_RU[column.heading], column.heading).toBeTruthy();
      }
  });

  it('name the row of no key of every slice', () => {
    for (const tab of REPORT_TABS)
      expect(REPORTS_EN[`reports.none.${TAB_SLICE[tab]}`]).toBeTruthy();
  });
});
