import { describe, it } from 'vitest';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** Waits until the Pending list shows a chat of this customer. */
const pendingShows = (page: Page, name: string) =>
  page.getByTestId('chat-row').filter({ hasText: name }).first().waitFor({ timeout: 10_000 });

/**
 * A person reloads whenever they like: right after signing in (while the first bootstrap may
 * still be streaming) and again later on a full local store. After each, the workspace must keep
 * following the server — a customer's new chat shows up without any further action.
 */
describe('reloading the workspace', () => {
  const suite = browserAndApp();

  it('keeps live updates after a reload right after sign-in and after a later one', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
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
