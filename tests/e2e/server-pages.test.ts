import { describe, expect, it } from 'vitest';
import { signedInPage } from './browser';
import { browserAndApp } from './in-process-app';

const NOT_FOUND_TEXT = 'The page you are looking for does not exist.';

/**
 * The service worker answers only the app's own addresses with the app shell; the server's own
 * pages (the demo site with the widget, /api, the widget's script) go to the network, so a browser
 * that once opened the app still sees them.
 */
describe("the server's own pages in a browser that has opened the app", () => {
  const suite = browserAndApp({ proxy: true });

  it('/demo/site shows the demo shop with its widget, online from the network and offline not as the app', async () => {
    const { browser, proxy } = suite;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.getByTestId('chat-row').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    // The worker is in charge: an address of the app is answered by it.
    const app = await page.goto(`${proxy.baseUrl}/admin/chats?filter=open`);
    expect(app?.fromServiceWorker()).toBe(true);

    const demo = await page.goto(`${proxy.baseUrl}/demo/site`);
    expect(demo?.fromServiceWorker()).toBe(false);
    expect(demo?.status()).toBe(200);
    expect(await page.title()).toBe('Demo Store — shoes and jackets since 2012');
    await page.getByTestId('widget-launcher').waitFor({ timeout: 15_000 });
    expect(await page.locator('body').innerText()).not.toContain(NOT_FOUND_TEXT);

    // The server's JSON and files are the server's too, with the worker in place.
    const api = await page.goto(`${proxy.baseUrl}/api/no-such-endpoint`);
    expect(api?.fromServiceWorker()).toBe(false);
    expect(api?.status()).toBe(404);
    const script = await page.goto(`${proxy.baseUrl}/widget.js`);
    expect(script?.fromServiceWorker()).toBe(false);
    expect(script?.headers()['content-type']).toContain('javascript');

    // Offline, the app still opens from the worker; the demo site is not the app's to show, so
    // the browser says it is offline instead of the app saying the page does not exist.
    await proxy.cut();
    await context.setOffline(true);
    const offlineApp = await page.goto(`${proxy.baseUrl}/admin/chats?filter=assigned`);
    expect(offlineApp?.fromServiceWorker()).toBe(true);
    await page.getByTestId('chat-row').first().waitFor({ timeout: 30_000 });
    await expect(page.goto(`${proxy.baseUrl}/demo/site`)).rejects.toThrow(/ERR_/);
    expect(await page.locator('body').innerText()).not.toContain(NOT_FOUND_TEXT);

    await proxy.restore();
    await context.setOffline(false);
    await page.goto(`${proxy.baseUrl}/demo/site`);
    await page.getByTestId('widget-launcher').waitFor({ timeout: 15_000 });
    await context.close();
  }, 120_000);
});
