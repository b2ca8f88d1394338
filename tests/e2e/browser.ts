import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { newId, type CommandResult } from '../../src/protocol';

/**
 * Flags for Debian's Chromium here: no sandbox or GPU in the container, and nothing that reaches
 * for Google's hosts, which this machine's closed network refuses (see the machine notes).
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium through playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/** Signs in through the login screen as a person would. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = 'Demo-pass-1!',
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await signInOnLoginScreen(page, email, password);
}

/**
 * Fills the login screen the page already shows (after a logout, say). Navigating again to the
 * address the page is on would be a reload nobody makes, and under a loaded CI machine Chromium
 * once never fired its load event for it while the service worker was still precaching.
 */
export async function signInOnLoginScreen(
  page: Page,
  email: string,
  password = 'Demo-pass-1!',
): Promise<void> {
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/** A fresh browser profile with one page, signed in through the login screen as `email`. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, baseUrl, email);
  return { context, page };
}

/**
 * The demo operator (a member of Support, whose queue the demo channels feed) signed in, on Break,
 * and on the Pending list, where a customer's new chat appears.
 */
export async function operatorOnPendingList(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const signedIn = await signedInPage(browser, baseUrl, 'operator@demo.test');
  await signedIn.page.waitForURL(/\/admin\/chats/);
  // The demo operator starts In work (as `npm start` seeds them); on Break, a story's new chat
  // waits in Pending for the operator to pick, instead of being given to them at once.
  // Straight to the server, not through the page's outbox: once it answers, no new chat can be
  // given to them, however loaded the machine.
  await commandOk(signedIn.page, 'operator.setStatus', { status: 'break' });
  await signedIn.page
    .locator('[data-testid="operator-status"][data-status="break"]')
    .waitFor({ timeout: 15_000 });
  await signedIn.page.getByTestId('menu-open').click();
  await signedIn.page.waitForURL(/filter=open/);
  return signedIn;
}

/**
 * The demo administrator signed in and on a channel type's wizard, reached as a person does: the
 * channel list's Connect button for that type. Returns the page and its form.
 */
export async function adminOnChannelWizard(
  browser: Browser,
  baseUrl: string,
  type: string,
): Promise<{ context: BrowserContext; page: Page; form: Locator }> {
  const { context, page } = await signedInPage(browser, baseUrl, 'admin@demo.test');
  await page.waitForURL(/\/admin\/chats/);
  await page.goto(`${baseUrl}/admin/preferences/channels/all`);
  await page
    .locator(`[data-testid="channel-type"][data-type="${type}"]`)
    .getByTestId('channel-connect')
    .click({ timeout: 20_000 });
  await page.waitForURL(new RegExp(`/admin/preferences/channels/${type}/create$`));
  return { context, page, form: page.getByTestId('channel-form') };
}

/** A customer on the demo site, in a browser profile of their own, with the chat widget open. */
export async function customerOnDemoSite(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/demo/site`);
  await page.locator('[data-testid="widget-launcher"]').click();
  return { context, page };
}

/** The operator writes in the open chat's composer and presses Enter, as a person would. */
export async function sendReply(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await page.getByTestId('message').filter({ hasText: text }).first().waitFor();
}

/**
 * Waits until the connection status says this many changes wait to be sent: the sign that what
 * the operator wrote is stored on the device (a reply shows from the keypress on, a few
 * milliseconds before its outbox write commits).
 */
export async function waitForQueued(page: Page, count: number): Promise<void> {
  await page
    .getByTestId('connection')
    .filter({
      hasText: `${String(count)} ${count === 1 ? 'change' : 'changes'} waiting to be sent`,
    })
    .waitFor({ timeout: 15_000 });
}

/**
 * A staff command sent as the signed-in user of `page`, as another screen of the app would send
 * it (straight to /api/commands, not through this page's outbox); the server's result.
 */
export async function commandAs(
  page: Page,
  type: string,
  payload: Record<string, unknown>,
): Promise<CommandResult | undefined> {
  const answer = await page.evaluate(
    async (command) => {
      const response = await fetch('/api/commands', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
        },
        body: JSON.stringify({ commands: [command] }),
      });
      return (await response.json()) as { results: CommandResult[] };
    },
    { id: newId(), type, payload },
  );
  return answer.results[0];
}

/** A staff command as `commandAs` sends it, which the server must accept. */
export async function commandOk(
  page: Page,
  type: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const result = await commandAs(page, type, payload);
  if (!result?.ok) throw new Error(`${type} refused: ${JSON.stringify(result)}`);
}

export type { Browser, BrowserContext, Page, Request };
