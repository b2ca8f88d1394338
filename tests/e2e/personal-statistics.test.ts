import { describe, expect, it } from 'vitest';
import { customerOnDemoSite, operatorOnPendingList, sendReply } from './browser';
import { browserAndApp } from './in-process-app';
import { takenToday } from './my-statistics';

/**
 * Issue 30, item 2: an operator sees their own statistics (spec §6), live from the local store.
 * The profile's "My statistics" block is open in a second tab while the operator works in the
 * first: taking a chat and answering it show there without a reload.
 */
describe('personal statistics in Chromium', () => {
  const suite = browserAndApp();

  it('the operator takes a customer’s chat and their statistics count one more chat taken; after their reply they show a first reply time', async () => {
    const { browser, app } = suite;
    const { context, page: operator } = await operatorOnPendingList(browser, app.baseUrl);

    // The menu's "My statistics" link opens the profile at the block, in a tab of its own.
    const stats = await context.newPage();
    await stats.goto(`${app.baseUrl}/admin/chats?filter=open`);
    await stats.getByTestId('menu-my-stats').click();
    await stats.waitForURL(/\/admin\/profile\/general#my-statistics$/);
    await stats.getByTestId('my-stats-week').waitFor({ timeout: 20_000 });
    const before = await takenToday(stats);

    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customer.locator('[data-testid="widget-input"]').fill('Where is my parcel?');
    await customer.locator('[data-testid="widget-input"]').press('Enter');

    const row = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    await operator.getByTestId('chat-take').click();

    await expect.poll(() => takenToday(stats), { timeout: 10_000 }).toBe(before + 1);
    expect(Number(await stats.getByTestId('my-stats-week-taken').innerText())).toBeGreaterThan(
      before,
    );

    await sendReply(operator, 'Let me look it up.');
    const firstReply = stats.getByTestId('my-stats-today-first-reply');
    await expect
      .poll(() => firstReply.innerText(), { timeout: 10_000 })
      .toMatch(/^\d+ (sec|min|h|d)/);
    // The customer's wait, from their first message to the reply: seconds in this test.
    expect(await firstReply.getAttribute('title')).toMatch(/Median .+, \d+ repl/);

    await customerContext.close();
    await context.close();
  }, 120_000);
});
