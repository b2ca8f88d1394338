import { describe, expect, it } from 'vitest';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

type Seen = { layers: string[]; both: boolean; inert: boolean[]; hidden: string[] };

/**
 * Records, from the page's very first DOM change, every text the last screen's copy showed
 * (src/app/shell/screen-copy.ts), whether it was ever up beside the app's own chat rows, and
 * whether it was inert and hidden from assistive technology.
 */
function recordScreenCopies(): void {
  const seen: Seen = { layers: [], both: false, inert: [], hidden: [] };
  (window as unknown as { seen: Seen }).seen = seen;
  new MutationObserver(() => {
    const layer = document.querySelector<HTMLElement>('[data-testid="screen-copy"]');
    if (!layer) return;
    seen.layers.push(layer.textContent);
    seen.inert.push(layer.inert);
    seen.hidden.push(layer.getAttribute('aria-hidden') ?? '');
    if (document.querySelector('[data-testid="chat-row"]')) seen.both = true;
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * As the page is left, after the app has kept its copies: the kept screen's first customer is
 * renamed `name`, and with `stale` the pages are told of a later write than the copies hold.
 */
const tamperOnLeave = (page: Page, name: string, stale: boolean) =>
  page.evaluate(
    ([name, stale]) => {
      document.addEventListener('visibilitychange', () => {
        const stored = localStorage.getItem('screen-copy');
        sessionStorage.setItem('screen-found', String(stored !== null));
        if (!stored) return;
        const copy = JSON.parse(stored) as { markup: string; dbName: string; version: number };
        const first = /Customer \w+|[A-Z][a-z]+ [A-Z][a-z]+/.exec(
          new DOMParser()
            .parseFromString(copy.markup, 'text/html')
            .querySelector('[data-copy-of="chat-row"]')?.textContent ?? '',
        )?.[0];
        sessionStorage.setItem('screen-name', first ?? '');
        if (!first) return;
        copy.markup = copy.markup.replace(first, name);
        localStorage.setItem('screen-copy', JSON.stringify(copy));
        if (stale) localStorage.setItem(`${copy.dbName}:written-heard`, String(copy.version + 1));
      });
    },
    [name, stale] as const,
  );

const seenOf = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

/**
 * DESIGN §6 warm start: the chat list's screen as the page left it is drawn by the next start
 * before the app renders, only while it is current, and the app's own list replaces it.
 */
describe('the last screen drawn at a start', () => {
  const suite = browserAndApp();

  it(
    'draws the list the page left at once, never an outdated one, and forgets it at sign-out',
    { timeout: 90_000 },
    async () => {
      const { browser, app } = suite;
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.waitForURL(/\/admin\/chats/);
      await context.addInitScript(recordScreenCopies);
      await page.goto(`${app.baseUrl}/admin/chats?filter=open`);
      await page
        .locator('[data-testid="connection"][data-bootstrap="done"]')
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });

      // Current: the copy is up before the app's rows, inert and hidden, and then gone.
      await page.waitForTimeout(1_000); // the chat index reads its whole table after the first screen
      await tamperOnLeave(page, 'Only On The Kept Screen', false);
      await page.reload();
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('screen-found'))).toBe('true');
      expect(await page.evaluate(() => sessionStorage.getItem('screen-name'))).not.toBe('');
      let seen = await seenOf(page);
      expect(seen.layers.join('\n')).toContain('Only On The Kept Screen');
      expect(seen.both).toBe(false);
      expect(seen.inert.every(Boolean)).toBe(true);
      expect(seen.hidden.every((value) => value === 'true')).toBe(true);
      await expect.poll(() => page.getByTestId('screen-copy').count()).toBe(0);
      expect(await page.getByTestId('chat-list').textContent()).not.toContain(
        'Only On The Kept Screen',
      );

      // A write heard after it was kept: never drawn, not even for a frame.
      await page.waitForTimeout(1_000);
      await tamperOnLeave(page, 'Outdated Kept Screen', true);
      await page.reload();
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('screen-found'))).toBe('true');
      await page.waitForTimeout(500);
      seen = await seenOf(page);
      expect(seen.layers).toEqual([]);

      // Another list than the one kept: not drawn either.
      await page.waitForTimeout(1_000);
      await page.goto(`${app.baseUrl}/admin/chats?filter=closed`);
      await page.getByTestId('chat-list').waitFor({ timeout: 30_000 });
      expect((await seenOf(page)).layers).toEqual([]);

      // Customers' names are in it: signing out takes it with the local store.
      await page.goto(`${app.baseUrl}/admin/chats?filter=open`);
      await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => localStorage.getItem('screen-copy'))).not.toBeNull();
      // The page is hidden again and again while it signs out (a switch of tab at that moment):
      // the list still on screen must not keep the copies of the store just deleted.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        });
        setInterval(() => document.dispatchEvent(new Event('visibilitychange')), 1);
      });
      await page.getByTestId('menu-logout').click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('screen-copy'))).toBeNull();

      await context.close();
    },
  );
});
