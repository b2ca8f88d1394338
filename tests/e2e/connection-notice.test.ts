import { describe, expect, it } from 'vitest';
import { sendReply, signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

const notice = (page: Page) =>
  page.getByTestId('notices').getByRole('alert').filter({ hasText: 'Connection lost' });

const messageStatus = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text }).first().getAttribute('data-status');

/**
 * The connection-lost notice (spec §2, §4, §8) shows whenever the app has no connection to the
 * server — also when it has had none since the page loaded — and goes when it connects.
 */
describe('the connection-lost notice', () => {
  const suite = browserAndApp({ proxy: true });

  it('shows after a reload with the network off, beside the queued reply, and goes when the server is back', async () => {
    const { browser, proxy } = suite;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.getByTestId('chat-row').first().click();
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    expect(await notice(page).count()).toBe(0);

    // The network goes away for real, and the page is loaded again without it.
    await proxy.cut();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('composer').waitFor({ timeout: 30_000 });
    await sendReply(page, 'Written with no connection since the reload');
    await page
      .getByTestId('connection')
      .filter({ hasText: '1 change waiting to be sent' })
      .waitFor();
    expect(await messageStatus(page, 'Written with no connection since the reload')).toBe('queued');
    await notice(page).waitFor({ timeout: 15_000 });
    await notice(page).getByRole('button', { name: 'Refresh' }).waitFor();

    // Back: the notice goes once the app is connected, and the reply leaves.
    await proxy.restore();
    await context.setOffline(false);
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor({
      timeout: 30_000,
    });
    await notice(page).waitFor({ state: 'detached', timeout: 5_000 });
    await expect
      .poll(() => messageStatus(page, 'Written with no connection since the reload'), {
        timeout: 30_000,
      })
      .toBe('sent');
    await context.close();
  }, 120_000);
});

describe('the connection-lost notice in a tab opened while the server is unreachable', () => {
  const suite = browserAndApp({ proxy: true });

  it('shows on the new tab’s first load, and goes when the server can be reached', async () => {
    const { browser, proxy } = suite;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    // A new tab opens the workspace while the server is unreachable (the browser thinks it is online).
    await proxy.cut();
    const second = await context.newPage();
    await page.close();
    await second.goto(`${proxy.baseUrl}/admin/chats?filter=open`);
    await second.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
    await notice(second).waitFor({ timeout: 30_000 });

    await proxy.restore();
    await second.locator('[data-testid="connection"][data-connection="online"]').waitFor({
      timeout: 30_000,
    });
    await notice(second).waitFor({ state: 'detached', timeout: 5_000 });
    await context.close();
  }, 120_000);
});
