import { describe, expect, it } from 'vitest';
import { reportKey, type ReportResult } from '../../src/protocol/reports';
import { DAYS, metrics, query, result } from '../../src/protocol/reports/test-fixtures';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** Writes report answers into the signed-in user's local store, as an earlier visit left them. */
async function storeReports(page: Page, results: ReportResult[]) {
  const rows = results.map((r) => ({
    key: reportKey(r.query),
    result: r,
    storedAt: new Date().toISOString(),
  }));
  await page.evaluate(async (rows) => {
    const databases = await indexedDB.databases();
    const name = databases.map((d) => d.name ?? '').find((n) => n.startsWith('sc-'));
    if (!name) throw new Error('no local store');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        resolve(open.result);
      };
      open.onerror = () => {
        reject(new Error(String(open.error)));
      };
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('reports', 'readwrite');
      for (const row of rows) tx.objectStore('reports').put(row);
      tx.oncomplete = () => {
        resolve();
      };
      tx.onerror = () => {
        reject(new Error(String(tx.error)));
      };
    });
    db.close();
  }, rows);
}

const tab = (page: Page, name: string) =>
  page.locator('.tabs').getByRole('link', { name, exact: true }).click();

const show = (page: Page) => page.getByTestId('report-show').click();

/**
 * Issue 21, the reports pages without the reports server: spec §5's period rules said at their
 * fields before anything is asked, a report kept in the local store opening offline marked with
 * when and in which zone it was computed, spec §8's "No data for the period", and what is said
 * when there is nothing to show or to download. (The real endpoint answers the online steps.)
 */
describe('the reports pages in Chromium', () => {
  const suite = browserAndApp();

  it('a supervisor is stopped by the period rules, and opens stored reports offline', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/reports`);
    await page.waitForURL(/\/admin\/reports\/report$/);
    // The consolidated report asks at once; whatever the server says, the page stands.
    await page.locator('[data-testid="report"][data-state="done"]').waitFor({ timeout: 15_000 });

    // Spec §5: an arbitrary period needs both dates, the end not before the start, at most 366 days.
    await tab(page, 'Summary');
    await page.getByTestId('report-period-kind').selectOption('range');
    await show(page);
    await page.getByText('Choose the start date').waitFor();
    await page.getByText('Choose the end date').waitFor();
    await page.getByTestId('report-period-from').fill('2026-03-10');
    await page.getByTestId('report-period-to').fill('2026-03-01');
    await show(page);
    await page.getByText('The end date cannot be before the start date').waitFor();
    await page.getByTestId('report-period-from').fill('2024-01-01');
    await page.getByTestId('report-period-to').fill('2025-01-01');
    await show(page);
    await page.getByText('A report covers at most 366 days').waitFor();
    await page.getByTestId('report-period-kind').selectOption('date');
    await show(page);
    await page.getByText('Choose the date').waitFor();

    // Loaded earlier on this device: the summary of three days, and an empty categories report.
    await storeReports(page, [
      result(query('common'), DAYS),
      result(query('categories'), [], { empty: true, byDay: [], total: metrics() }),
    ]);
    await context.setOffline(true);
    await page.getByTestId('report-period-kind').selectOption('range');
    await page.getByTestId('report-period-from').fill('2026-03-28');
    await page.getByTestId('report-period-to').fill('2026-03-30');
    await show(page);
    const rows = page.getByTestId('report-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    expect(await rows.first().locator('[data-column="dialogs"]').textContent()).toBe('4');
    expect(await rows.first().locator('[data-column="firstReplyMean"]').textContent()).toBe(
      '1 min 30 sec',
    );
    expect(await rows.first().locator('[data-column="firstReplyMedian"]').textContent()).toBe(
      '1 min',
    );
    expect(
      await page.getByTestId('report-total').locator('[data-column="dialogs"]').textContent(),
    ).toBe('10');
    expect(await page.getByTestId('report-computed-at').textContent()).toContain('Europe/Berlin');
    await page.getByTestId('report-stored-copy').waitFor();
    expect(await page.getByTestId('report-chart').getAttribute('data-points')).toBe('3');

    // A download needs the server: offline, the page says so.
    await page.getByTestId('report-download-csv').click();
    expect(await page.getByTestId('report-download-notice').textContent()).toBe(
      'Downloading needs a connection.',
    );

    // The same period on the categories tab: stored, and empty.
    await tab(page, 'Appeal categories');
    await page.getByTestId('report-no-data').getByText('No data for the period').waitFor();

    // Nothing stored for the channels: offline, the page says why there is nothing.
    await tab(page, 'Communication channels');
    await page
      .getByTestId('report-problem')
      .getByText('You are offline, and this report has not been loaded on this device yet', {
        exact: false,
      })
      .waitFor();

    // Back online, a download the server cannot give yet is a notice, not a crash.
    await context.setOffline(false);
    await tab(page, 'Appeal categories');
    await page.getByTestId('report-download-xlsx').click();
    await page.getByTestId('report-download-notice').waitFor();
    expect(await page.getByTestId('report-download-notice').textContent()).toBe(
      'Report downloaded',
    );
    await context.close();
  }, 90_000);
});
