import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { newId } from '../../src/protocol';
import { commandOk, operatorOnPendingList, signedInPage } from './browser';
import { browserAndApp } from './in-process-app';

/**
 * The tables must move on their own, with no reload and no polling of ours: a bound far above the
 * issue's 1 s promise, which a shared CI machine under a parallel suite cannot be held to.
 * The promise itself is measured where speed is measured, by bench/ui-monitoring.ts (p95 of 15
 * arrivals on DESIGN §6's organization); this test prints its figures for reading.
 */
const LIVE_MS = 5000;
/** Polls every 25 ms, so the printed figures are close to the real delays. */
const POLL_MS = 25;

/** Polls `check` in this process until it holds; resolves with the time since `from`. */
async function within(from: number, check: () => Promise<boolean>, limit = 10_000) {
  for (;;) {
    if (await check()) return Date.now() - from;
    if (Date.now() - from > limit) throw new Error(`not within ${String(limit)} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Issue 21 item 3: a supervisor watches online monitoring; a customer writes and the chat is in
 * the client table and the queue within a second; the operator takes it and their row moves
 * within a second (bench/ui-monitoring.ts holds that figure) — computed in the supervisor's browser from the local store, with no polling.
 */
describe('online monitoring in Chromium', () => {
  // Through a proxy the test can cut: the tables then say since when they stand still.
  // The reports worker keeps today's figures, as under npm start.
  const suite = browserAndApp({ proxy: true, reportsWorker: true });

  it('a new chat, its take and its first reply move the supervisor’s tables live; cut off, they say they are stale', async () => {
    const { browser, app, proxy } = suite;
    const baseUrl = proxy.baseUrl;
    const { db } = app.database;
    const [operator] = await db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'operator@demo.test'));
    if (!operator) throw new Error('no demo operator');
    const { page: operatorPage } = await operatorOnPendingList(browser, baseUrl);

    const { page } = await signedInPage(browser, baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${baseUrl}/admin/monitoring`);
    await page.waitForURL(/\/admin\/monitoring\/channels$/);
    await page.getByTestId('monitoring-channels').waitFor({ timeout: 30_000 });
    await page.getByTestId('monitoring-filters').waitFor();

    // The client table: every open chat; a new customer's row appears.
    await page.goto(`${baseUrl}/admin/monitoring/abonents`);
    const clients = page.getByTestId('monitoring-abonents');
    await clients.waitFor({ timeout: 30_000 });
    const before = Number(await clients.getAttribute('data-count'));
    expect(before).toBeGreaterThan(0);
    await page.getByTestId('monitoring-sort-startTime').click(); // newest first
    const name = `Monitored ${newId().slice(-6)}`;
    const externalId = `mon-${newId()}`;
    const wroteAt = Date.now();
    await app.customerWrites(externalId, name, 'Hello, anyone?');
    const appeared = await within(
      wroteAt,
      async () =>
        (await page.getByTestId('monitoring-client-row').filter({ hasText: name }).count()) > 0,
    );
    const row = page.getByTestId('monitoring-client-row').filter({ hasText: name });
    expect(await row.getAttribute('data-status')).toBe('pending');
    expect(Number(await clients.getAttribute('data-count'))).toBe(before + 1);
    // Its waits run from the shared clock: a second later they have moved.
    const wait = await row.locator('[data-cell="currentWait"]').textContent();
    await expect
      .poll(() => row.locator('[data-cell="currentWait"]').textContent(), { timeout: 5000 })
      .not.toBe(wait);

    // The operator table: the operator takes the chat; their chats at work go up by one.
    const [chat] = await db
      .select({ id: t.chats.id, teamId: t.chats.teamId })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(eq(t.clientContacts.value, externalId))
      .orderBy(desc(t.chats.createdAt))
      .limit(1);
    if (!chat) throw new Error('no chat for the customer');
    await page.goto(`${baseUrl}/admin/monitoring/teams`);
    const teamQueue = page
      .locator(`[data-testid="monitoring-row"][data-id="${chat.teamId ?? ''}"]`)
      .locator('[data-cell="inQueue"]');
    await teamQueue.waitFor({ timeout: 30_000 });
    const queued = Number(await teamQueue.textContent());
    expect(queued).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/admin/monitoring/operators`);
    const atWork = page
      .locator(`[data-testid="monitoring-row"][data-id="${operator.id}"]`)
      .locator('[data-cell="atWork"]');
    await atWork.waitFor({ timeout: 30_000 });
    const operatorRow = page.locator(`[data-testid="monitoring-row"][data-id="${operator.id}"]`);
    const assigned = operatorRow.locator('[data-cell="assigned"]');
    const replySpeed = operatorRow.locator('[data-cell="replySpeed"]');
    const holding = Number(await atWork.textContent());
    // The day's numbers come from the server's figures, which the worker may still be writing
    // for the demo's own chats: read them once they stand still.
    let assignedBefore = Number(await assigned.textContent());
    await expect
      .poll(
        async () => {
          const [was, now] = [assignedBefore, Number(await assigned.textContent())];
          assignedBefore = now;
          return was === now;
        },
        { interval: 1500, timeout: 15_000 },
      )
      .toBe(true);
    const tookAt = Date.now();
    await commandOk(operatorPage, 'chat.take', { chatId: chat.id });
    const moved = await within(
      tookAt,
      async () => Number(await atWork.textContent()) === holding + 1,
    );
    // Today's figures: the take counts as assigned to the operator, as today's report counts it.
    const counted = await within(
      tookAt,
      async () => Number(await assigned.textContent()) === assignedBefore + 1,
    );
    // Their first reply enters their reply speed (its median and count in the cell's title).
    const speedBefore = await replySpeed.innerHTML();
    const repliedAt = Date.now();
    await commandOk(operatorPage, 'message.send', {
      chatId: chat.id,
      text: 'Here to help',
      attachments: [],
    });
    const answered = await within(
      repliedAt,
      async () => (await replySpeed.innerHTML()) !== speedBefore,
    );

    console.log(
      `monitoring e2e: customer message → client row ${String(appeared)} ms; take → operator row ${String(moved)} ms, → assigned today ${String(counted)} ms; first reply → reply speed ${String(answered)} ms (poll ${String(POLL_MS)} ms)`,
    );
    expect(appeared).toBeLessThanOrEqual(LIVE_MS);
    expect(moved).toBeLessThanOrEqual(LIVE_MS);
    expect(counted).toBeLessThanOrEqual(LIVE_MS);
    expect(answered).toBeLessThanOrEqual(LIVE_MS);

    // The team's queue went down by one, the chat left the queue in the client table too.
    await page.goto(`${baseUrl}/admin/monitoring/teams`);
    await expect.poll(async () => Number(await teamQueue.textContent())).toBe(queued - 1);

    // The connection goes: the figures are marked stale, with the time; back, the mark goes.
    expect(await page.getByTestId('monitoring-stale').count()).toBe(0);
    await proxy.cut();
    await page.getByTestId('monitoring-stale').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('monitoring').getAttribute('data-stale')).toBe('true');
    expect(await page.getByTestId('monitoring-stale').textContent()).toMatch(/\d\d:\d\d:\d\d/);
    await proxy.restore();
    await page.getByTestId('monitoring-stale').waitFor({ state: 'detached', timeout: 30_000 });
  }, 120_000);
});
