import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import type { InProcessApp } from './in-process-app';
import { browserAndApp } from './in-process-app';
import { customerOnDemoSite, signedInPage, type Browser, type Page } from './browser';

const statusOf = async (app: InProcessApp, email: string): Promise<string | undefined> => {
  const [user] = await app.database.db
    .select({ status: t.users.operatorStatus })
    .from(t.users)
    .where(eq(t.users.email, email));
  return user?.status;
};

const chatIds = async (app: InProcessApp): Promise<Set<string>> =>
  new Set((await app.database.db.select({ id: t.chats.id }).from(t.chats)).map((row) => row.id));

/** A new customer on the demo site writes `text`; answers the id of the chat it opened. */
async function newCustomerWrites(browser: Browser, app: InProcessApp, text: string) {
  const before = await chatIds(app);
  const { context, page } = await customerOnDemoSite(browser, app.baseUrl);
  await page.locator('[data-testid="widget-input"]').fill(text);
  await page.locator('[data-testid="widget-input"]').press('Enter');
  let chatId: string | undefined;
  await expect
    .poll(
      async () => {
        chatId = [...(await chatIds(app))].find((id) => !before.has(id));
        return chatId;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return { context, chatId: chatId ?? '' };
}

/** The status the switch in the menu shows, once it shows `status`. */
const showsStatus = (page: Page, status: 'in_work' | 'break') =>
  page.locator(`[data-testid="operator-status"][data-status="${status}"]`).waitFor({
    timeout: 10_000,
  });

const chatRow = (page: Page, chatId: string) =>
  page.locator(`[data-testid="chat-row"][data-chat-id="${chatId}"]`);

/** Opens a list of the menu and waits until it has read the local store (it may be empty). */
async function openList(page: Page, list: 'assigned' | 'open'): Promise<void> {
  await page.getByTestId(`menu-${list}`).click();
  await page.waitForURL(new RegExp(`filter=${list}`));
  await page.locator('[data-testid="chat-list"]:not([aria-busy])').waitFor();
}

/**
 * Spec §4: the operator's own status decides whether the distribution engine gives them new chats
 * (issue 5). Each step goes through the switch in the menu, as a person would.
 */
describe('the operator status switch in Chromium', () => {
  const suite = browserAndApp();

  it('In work receives a new customer chat in In progress; after a reload it still shows In work; on Break the next chat waits in Pending', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats\?filter=assigned/);
    await page.getByTestId('chat-row').first().waitFor();
    // Everyone starts on Break; the connection must be live for distribution to count them.
    await showsStatus(page, 'break');
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor();

    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('radio', { name: 'In work' })
      .click();
    await showsStatus(page, 'in_work');
    await expect.poll(() => statusOf(app, 'operator@demo.test')).toBe('in_work');
    await page.reload();
    await showsStatus(page, 'in_work');
    expect(await page.getByRole('radio', { name: 'In work' }).isChecked()).toBe(true);
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor();

    const first = await newCustomerWrites(browser, app, 'Hello');
    await chatRow(page, first.chatId).waitFor({ timeout: 10_000 });
    await chatRow(page, first.chatId).getByRole('link').click();
    await page.getByTestId('message').filter({ hasText: 'Hello' }).first().waitFor();
    await openList(page, 'open');
    expect(await chatRow(page, first.chatId).count()).toBe(0);

    await page.getByRole('radio', { name: 'Break' }).click();
    await showsStatus(page, 'break');
    await expect.poll(() => statusOf(app, 'operator@demo.test')).toBe('break');

    const second = await newCustomerWrites(browser, app, 'Is anyone there?');
    await chatRow(page, second.chatId).waitFor({ timeout: 10_000 });
    await openList(page, 'assigned');
    await chatRow(page, first.chatId).waitFor();
    expect(await chatRow(page, second.chatId).count()).toBe(0);
    const [waiting] = await app.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.id, second.chatId));
    expect(waiting).toMatchObject({ status: 'pending', operatorId: null });

    await first.context.close();
    await second.context.close();
    await context.close();
  }, 120_000);

  it('with every licence occupied, In work is refused: the switch returns to Break and says why', async () => {
    const { browser, app } = suite;
    await app.database.db.update(t.organizations).set({ licenseCount: 0 });
    const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await showsStatus(page, 'break');

    await page.getByRole('radio', { name: 'In work' }).click();
    await page
      .getByTestId('rejected-error')
      .filter({ hasText: 'All operator licences are occupied, contact the administrator' })
      .waitFor({ timeout: 10_000 });
    await showsStatus(page, 'break');
    expect(await page.getByRole('radio', { name: 'Break' }).isChecked()).toBe(true);
    expect(await statusOf(app, 'supervisor@demo.test')).toBe('break');
    await context.close();
  }, 60_000);
});
