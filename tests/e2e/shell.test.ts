import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OPTIONS, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { launchBrowser, signedInPage, type Browser, type Page } from './browser';
import { startAppServer, type AppServer } from './app-server';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/** How many live sockets the server holds for the user signed in on this page. */
async function liveConnections(page: Page, baseUrl: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/sync/live/connections`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  const body = (await response.json()) as { entity: { connections: number } };
  return body.entity.connections;
}

async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  describe('against the product as npm start runs it', () => {
    let server: AppServer;
    beforeAll(async () => {
      server = await startAppServer();
    }, 90_000);
    afterAll(async () => {
      await server.stop();
    });

    it('the demo operator signs in and sees the demo chats; with the server gone a reload still shows them', async () => {
      const { context, page } = await signedInPage(browser, server.baseUrl, 'operator@demo.test');
      await page.waitForURL(/\/admin\/chats\?filter=assigned/);
      await page.getByTestId('chat-row').first().waitFor();
      // The demo operator's four chats in progress, and — starting In work, as `npm start` seeds
      // them — Support's three waiting chats, given to them the moment they are connected.
      await expect.poll(() => page.getByTestId('chat-row').count(), { timeout: 15_000 }).toBe(7);
      expect(await page.title()).not.toBe('');

      // The service worker holds the shell; then the network goes away for real.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 15_000,
      });
      await server.stop();
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('chat-row').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('chat-row').count()).toBe(7);
      await page.getByTestId('menu-open').waitFor();
      await context.close();
    }, 90_000);
  });

  describe('against the server in this process', () => {
    let app: InProcessApp;
    beforeAll(async () => {
      app = await startInProcessApp();
    }, 60_000);
    afterAll(async () => {
      await app.close();
    });

    it('two tabs hold one live connection, and closing the first moves it to the second', async () => {
      const { context, page: first } = await signedInPage(
        browser,
        app.baseUrl,
        'operator@demo.test',
      );
      await first.getByTestId('chat-row').first().waitFor();
      await until(
        async () => (await liveConnections(first, app.baseUrl)) === 1,
        'the first tab to connect',
      );
      const second = await context.newPage();
      await second.goto(`${app.baseUrl}/admin/chats?filter=open`);
      await second.getByTestId('chat-row').first().waitFor();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await liveConnections(second, app.baseUrl)).toBe(1);

      const pendingBefore = await second.getByTestId('chat-row').count();
      await first.close();
      const closedAt = Date.now();
      // A customer writes at once; only the second tab can bring it in now, so its arrival there
      // shows that the second tab has taken over the connection.
      await app.customerWrites(`tab-${newId()}`, 'Tab Tester', 'Anyone?');
      await until(
        async () => (await second.getByTestId('chat-row').count()) === pendingBefore + 1,
        'the new chat in the second tab',
      );
      const takeover = Date.now() - closedAt;
      // And the profile is back to exactly one live connection: the second tab's.
      await until(
        async () => (await liveConnections(second, app.baseUrl)) === 1,
        'one connection again',
        5000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await liveConnections(second, app.baseUrl)).toBe(1);
      console.log(`leader failover took ${takeover} ms`);
      await context.close();
    }, 90_000);

    it('a supervisor without the statistics option is sent to /admin/options; an operator to /no-rights', async () => {
      await app.database.db
        .update(t.organizations)
        .set({ options: OPTIONS.filter((o) => o !== 'OPTION_STATISTIC') });
      try {
        const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
        await page.waitForURL(/\/admin\/chats/);
        await page.goto(`${app.baseUrl}/admin/reports/common`);
        await page.waitForURL(/\/admin\/options$/);
        await context.close();
      } finally {
        await app.database.db.update(t.organizations).set({ options: [...OPTIONS] });
      }
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.waitForURL(/\/admin\/chats/);
      await page.goto(`${app.baseUrl}/admin/reports`);
      await page.waitForURL(/\/no-rights$/);
      await context.close();
    }, 90_000);

    it('switching to Russian survives a reload', async () => {
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.getByTestId('menu-assigned').waitFor();
      expect(await page.getByTestId('menu-assigned').innerText()).toContain('In progress');
      await page.getByTestId('language').selectOption('ru');
      await until(
        async () => (await page.getByTestId('menu-assigned').innerText()).includes('В работе'),
        'the Russian menu',
      );
      await page.reload();
      await page.getByTestId('menu-assigned').waitFor();
      expect(await page.getByTestId('menu-assigned').innerText()).toContain('В работе');
      expect(await page.evaluate(() => localStorage.getItem('sc-lang'))).toBe('rus');
      await context.close();
    }, 60_000);

    it('a customer message while the tab is hidden alternates the title with "New message!"', async () => {
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.getByTestId('chat-row').first().waitFor();
      const normal = await page.title();
      // Headless tabs never hide; the page is told it is hidden, as a background tab would be.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        });
      });
      await app.customerWrites(`alert-${newId()}`, 'Alert Tester', 'Hello?');
      const titles = new Set<string>();
      await until(
        async () => {
          titles.add(await page.title());
          return titles.has('New message!') && titles.has(normal);
        },
        'the title to alternate',
        10_000,
      );
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'visible',
        });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await until(async () => (await page.title()) === normal, 'the title restored');
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(await page.title()).toBe(normal);
      await context.close();
    }, 60_000);

    it('an operator creates a chat with a known client and writes first', async () => {
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.getByTestId('menu-createChat').click();
      await page.getByTestId('create-chat').waitFor();
      await page.getByTestId('create-chat-search').fill('Oliver');
      await page.getByTestId('create-chat-client').selectOption({ index: 0 }); // the one match
      await page.getByTestId('create-chat-text').fill('Hello Oliver, your order is back in stock');
      await page.getByTestId('create-chat-submit').click();
      await page.waitForURL(/filter=created/);
      const first = page
        .getByTestId('message')
        .filter({ hasText: 'your order is back in stock' })
        .first();
      await first.waitFor();
      await expect.poll(() => first.getAttribute('data-status'), { timeout: 10_000 }).toBe('sent');
      const [created] = await app.database.db
        .select()
        .from(t.chats)
        .where(
          eq(
            t.chats.createdBy,
            (
              await app.database.db
                .select()
                .from(t.users)
                .where(eq(t.users.email, 'operator@demo.test'))
            )[0]?.id ?? '',
          ),
        );
      expect(created).toMatchObject({ status: 'assigned' });
      await page.getByTestId('chat-row').first().waitFor();
      await context.close();
    }, 60_000);

    it('the lists search by client name, phone or message text', async () => {
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.getByTestId('menu-open').click();
      await page.waitForURL(/filter=open/);
      await page.getByTestId('chat-row').first().waitFor();
      expect(await page.getByTestId('chat-row').count()).toBeGreaterThan(1);
      await page.getByTestId('chat-search').fill('charged twice');
      await until(
        async () => (await page.getByTestId('chat-row').count()) === 1,
        'one chat by its text',
      );
      await page.getByTestId('chat-search').fill('no such words anywhere');
      await page.getByText('No results, try changing filters').waitFor();
      await page.getByTestId('chat-search').fill('');
      await until(
        async () => (await page.getByTestId('chat-row').count()) > 1,
        'the whole list again',
      );
      await context.close();
    }, 60_000);

    it('unread counts show new customer messages until the chat is opened', async () => {
      const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
      await page.getByTestId('menu-open').click();
      await page.waitForURL(/filter=open/);
      const visitor = `unread-${newId()}`;
      const write = (text: string) => app.customerWrites(visitor, 'Unread Tester', text);
      await write('First question');
      await write('Second question');
      const row = page.getByTestId('chat-row').filter({ hasText: 'Unread Tester' });
      await until(
        async () =>
          (await row
            .getByTestId('unread')
            .innerText()
            .catch(() => '')) === '2',
        'two unread',
      );
      await row.click();
      await page.getByTestId('message').filter({ hasText: 'Second question' }).first().waitFor();
      await until(async () => (await row.getByTestId('unread').count()) === 0, 'read once opened');
      await context.close();
    }, 60_000);
  });
});
