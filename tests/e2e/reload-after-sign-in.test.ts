import { describe, expect, it } from 'vitest';
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

  /**
   * Arms the page to change the copy of the Pending list the app keeps as it is left (store/
   * list-copy.ts): its first customer's name becomes `name`, and with `stale` the pages are told of
   * a later write than the copy holds. A listener added after the app's runs after it. Whether a
   * copy was there to change is kept in sessionStorage, and the row texts the next page draws are
   * recorded from its very first DOM change.
   */
  const tamperOnLeave = (page: Page, name: string, stale: boolean) =>
    page.evaluate(
      ([name, stale]) => {
        const tamper = () => {
          const key = Object.keys(localStorage).find((k) => k.endsWith(':list-copy:open'));
          const copy = key
            ? (JSON.parse(localStorage.getItem(key) ?? '') as {
                version: number;
                clientNames: [string, string][];
              })
            : undefined;
          const first = copy?.clientNames[0];
          sessionStorage.setItem('copy-found', String(key !== undefined && first !== undefined));
          if (!key || !copy || !first) return;
          first[1] = name;
          localStorage.setItem(key, JSON.stringify(copy));
          if (stale)
            localStorage.setItem(
              key.replace(/list-copy:open$/, 'written-heard'),
              String(copy.version + 1),
            );
        };
        // The app keeps its copy as the page is hidden, which leaving it includes.
        document.addEventListener('visibilitychange', tamper);
      },
      [name, stale] as const,
    );

  it(
    'draws the list the page left before its store answers, but never a copy older than a write heard',
    { timeout: 90_000 },
    async () => {
      const { browser, app } = suite;
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.waitForURL(/\/admin\/chats/);
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenRows: string[] }).seenRows = seen;
        new MutationObserver(() => {
          for (const row of document.querySelectorAll('[data-testid="chat-row"]'))
            seen.push(row.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`${app.baseUrl}/admin/chats?filter=open`);
      await page
        .locator('[data-testid="connection"][data-bootstrap="done"]')
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      const seenRows = () =>
        page.evaluate(() => (window as unknown as { seenRows: string[] }).seenRows.join('\n'));

      // A copy as current as the store: drawn first, then the store's own rows replace it.
      await page.waitForTimeout(1_000); // the chat index reads its whole table after the first screen
      await tamperOnLeave(page, 'Only In The Kept Copy', false);
      await page.reload();
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('copy-found'))).toBe('true');
      await expect.poll(seenRows).toContain('Only In The Kept Copy');
      await expect
        .poll(() => page.getByTestId('chat-list').textContent())
        .not.toContain('Only In The Kept Copy');

      // A copy older than a write some page heard: never drawn, not even for a frame.
      await page.waitForTimeout(1_000);
      await tamperOnLeave(page, 'Outdated Kept Copy', true);
      await page.reload();
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('copy-found'))).toBe('true');
      await page.waitForTimeout(500);
      expect(await seenRows()).not.toContain('Outdated Kept Copy');
      expect(await seenRows()).not.toBe('');

      await context.close();
    },
  );
});
