import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { seedBenchOrganization } from '../../server/demo/bench-organization';
import { rebuildOrganization } from '../../server/reports/rollup-store';
import type { ReportResult } from '../../src/protocol/reports';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** The report the page's own session gets from the server for the last 30 days. */
const serverSummary = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/reports', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
      },
      body: JSON.stringify({
        tab: 'common',
        period: { kind: 'last30' },
        channelId: null,
        teamId: null,
        operatorId: null,
      }),
    });
    return ((await response.json()) as { entity: ReportResult }).entity;
  });

const totalDialogs = (page: Page) =>
  page.getByTestId('report-total').locator('[data-column="dialogs"]').textContent();

/** Saves what a download button gives and returns its bytes and name. */
async function downloaded(page: Page, format: 'xlsx' | 'csv') {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    page.getByTestId(`report-download-${format}`).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/**
 * Issue 21, "Done when": a 30-day summary of the benchmark organization (10,000 chats, 200,000
 * messages) shows, downloads as XLSX and CSV with the page's numbers, and opens again offline.
 */
describe('the summary report of the benchmark organization (Chromium)', () => {
  const suite = browserAndApp();

  it('shows 30 days, downloads them as XLSX and CSV, opens again offline, and follows a new time zone', async () => {
    const { browser, app } = suite;
    const db = app.database.db;
    const org = await seedBenchOrganization(
      db,
      { seed: 21, chats: 10_000, messages: 200_000, login: 'bench-reports' },
      new Date(),
    );
    // What a server start does for existing data (the worker's backfill), done here at once.
    await rebuildOrganization(db, org.orgId, new Date());

    const { context, page } = await signedInPage(browser, app.baseUrl, org.adminEmail);
    // 10,000 chats in an embedded database in this very process, beside the rest of the suite:
    // under that load one action can take longer than Playwright's 30 s default. What is
    // asserted is what the page shows, never how fast (bench/reports.ts measures that).
    page.setDefaultTimeout(90_000);
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/reports/common`);
    await page.getByTestId('report-period-kind').selectOption('last30');
    await page.getByTestId('report-show').click();
    const rows = page.getByTestId('report-row');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBe(30);
    const expected = await serverSummary(page);
    expect(expected.total.dialogs).toBeGreaterThan(1000);
    const shown = String(expected.total.dialogs);
    await expect.poll(() => totalDialogs(page)).toBe(shown);

    // XLSX: the total row holds the page's number, in a typed cell.
    const xlsx = await downloaded(page, 'xlsx');
    expect(xlsx.name).toMatch(/^summary_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const lines: unknown[][] = [];
    sheet.eachRow((row) => {
      lines.push((row.values as unknown[]).slice(1));
    });
    expect(lines).toContainEqual(['Time zone', 'Europe/Moscow']);
    const header = lines.findIndex((line) => line[0] === 'Day');
    const dialogsAt = (lines[header] ?? []).indexOf('Dialogs');
    const total = lines.find((line) => line[0] === 'Total');
    expect(total?.[dialogsAt]).toBe(expected.total.dialogs);
    expect(lines.length - header - 2).toBe(30);

    // CSV: a BOM, semicolons, the same total.
    const csv = await downloaded(page, 'csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvLines = csv.bytes.toString('utf8').slice(1).split('\r\n');
    const csvHeader = (csvLines.find((line) => line.startsWith('Day;')) ?? '').split(';');
    const csvTotal = (csvLines.find((line) => line.startsWith('Total;')) ?? '').split(';');
    expect(csvTotal[csvHeader.indexOf('Dialogs')]).toBe(shown);

    // Offline, away and back: the report opens from the device, saying when it was computed.
    await context.setOffline(true);
    await page.locator('.tabs').getByRole('link', { name: 'Dialogs', exact: true }).click();
    await page.waitForURL(/\/admin\/reports\/dialogs/);
    await page.locator('.tabs').getByRole('link', { name: 'Summary', exact: true }).click();
    await page.waitForURL(/\/admin\/reports\/common/);
    await page.getByTestId('report-period-kind').selectOption('last30');
    await page.getByTestId('report-show').click();
    await page.getByTestId('report-stored-copy').waitFor({ timeout: 60_000 });
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(30);
    await expect.poll(() => totalDialogs(page)).toBe(shown);
    expect(await page.getByTestId('report-computed-at').textContent()).toContain('Europe/Moscow');

    // Back online, the administrator counts the reports in UTC instead: the server recounts, and
    // the next summary is computed in that zone.
    await context.setOffline(false);
    await page.getByTestId('report-zone-change').click();
    await page.getByTestId('report-zone-select').selectOption('UTC');
    await page.getByTestId('toast').filter({ hasText: 'Time zone saved' }).waitFor();
    await page.getByTestId('report-zone-waiting').waitFor({ state: 'detached', timeout: 90_000 });
    const [stored] = await db
      .select({ timeZone: t.organizations.timeZone })
      .from(t.organizations)
      .where(eq(t.organizations.id, org.orgId));
    expect(stored?.timeZone).toBe('UTC');
    await page.getByTestId('report-show').click();
    await expect
      .poll(() => page.getByTestId('report-computed-at').textContent(), { timeout: 90_000 })
      .toContain('UTC');
    await context.close();
  }, 480_000);
});
