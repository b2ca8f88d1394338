import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser, type Page } from './browser';
import { startRestartableApp, type RestartableApp } from './restartable-app';

/**
 * What a channel's story in Chromium shares (Instagram, Viber, Avito, …): a local provider, the
 * product as `npm start` runs it with the provider's roots in its environment and a public
 * address, and a browser; started before the file's tests and closed after them.
 */
export function providerStory<P extends { url: string; close(): Promise<void> }>(
  startProvider: () => Promise<P>,
  envOf: (provider: P) => Record<string, string>,
  /** Set up once the product's address is known (an app-level webhook's callback). */
  afterStart?: (provider: P, baseUrl: string) => Promise<void>,
): { provider: () => P; app: () => RestartableApp; browser: () => Browser } {
  let provider: P | undefined;
  let app: RestartableApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    provider = await startProvider();
    app = await startRestartableApp(envOf(provider));
    await afterStart?.(provider, app.baseUrl);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await provider?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not up yet`);
    return value;
  };
  return {
    provider: () => ready(provider, 'the local provider'),
    app: () => ready(app, 'the product'),
    browser: () => ready(browser, 'the browser'),
  };
}

/**
 * Waits for what the server and the provider do in the background, then says what did not come.
 * The bound names a hang, it measures nothing: two minutes, room for a product restarting on a
 * CI machine that runs the other stories at the same time.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  /** What is waited for; a function also tells what the provider saw, for the failure. */
  what: string | (() => string) = 'the wait',
): Promise<void> {
  const by = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > by)
      throw new Error(`${typeof what === 'string' ? what : what()}: not within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The open chat's thread shows a message with this text. */
export const shown = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
