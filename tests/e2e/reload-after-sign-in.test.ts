import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, signIn, type Browser, type Page } from './browser';
import { startInProcessApp } from './in-process-app';

/** Waits until the Pending list shows a chat of this customer. */
const pendingShows = (page: Page, name: string) =>
  page.getByTestId('chat-row').filter({ hasText: name }).first().waitFor({ timeout: 10_000 });

/**
 * A person reloads whenever they like: right after signing in (while the first bootstrap may
 * still be streaming) and again later on a full local store. After each, the workspace must keep
 * following the server — a customer's new chat shows up without any further action.
 */
describe('reloading the workspace', () => {
  let browser: Browser;
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startInProcessApp();
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await app.close();
  });

  it('keeps live updates after a reload right after sign-in and after a later one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);

    // At once, without waiting for anything on screen.
    await page.goto(`${app.baseUrl}/admin/chats?filter=open`);
    await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
    await app.customerWrites('reload-first', 'Reload Customer One', 'Hello after a reload');
    await pendingShows(page, 'Reload Customer One');

    // Again, on a full local store: the warm start.
    await page.reload();
    await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
    await app.customerWrites('reload-second', 'Reload Customer Two', 'Hello after another');
    await pendingShows(page, 'Reload Customer Two');

    await context.close();
  });
});
