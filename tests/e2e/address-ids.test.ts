import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

const NOT_FOUND = 'The page you are looking for does not exist.';
const CRASH = 'An unexpected error occurred.';

/** What the page says once it has settled on an address. */
async function shows(page: Page, text: string): Promise<string> {
  await page.getByText(text).first().waitFor({ timeout: 15_000 });
  return page.locator('body').innerText();
}

/**
 * Every id the app reads from its address — in the search (`?id=`, `?chat=`) or the path
 * (`…/edit/$id`, `/link-action/$uuid`) — is checked at the route: a malformed one shows the
 * not-found page, an unknown one the screen's own not-found text, never "Something went wrong".
 */
describe('ids in the address', () => {
  const suite = browserAndApp();

  it('a malformed id shows the not-found page, and a well-formed unknown one the screen’s not-found text', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('chat-row').first().waitFor();

    for (const address of [
      '/admin/users/edit?id=123',
      '/admin/users/edit?id=abc',
      '/admin/users/edit?id=%5B1%5D',
      '/admin/preferences/chat-bots/bot?id=1',
      '/admin/preferences/chat-bots/bot?id=not-an-id',
      '/admin/preferences/merge-contacts?clientId=42',
      '/admin/chats?filter=open&chat=123',
      '/admin/chats?filter=open&chat=x%3Cscript%3E',
      '/admin/preferences/channels/telegram/edit/123',
      '/admin/preferences/channels/support/edit/abc',
      '/admin/preferences/categories/template/123',
      '/link-action/123',
      '/bot-action/not-an-id',
    ]) {
      await page.goto(`${app.baseUrl}${address}`);
      const text = await shows(page, NOT_FOUND);
      expect(text, address).not.toContain(CRASH);
      expect(await page.title(), address).toMatch(/^Page not found/);
    }

    // Well-formed, but no such row: the screen says so in its own words.
    await page.goto(`${app.baseUrl}/admin/users/edit?id=${newId()}`);
    expect(await shows(page, 'This user was not found.')).not.toContain(CRASH);
    await page.goto(`${app.baseUrl}/admin/chats?filter=open&chat=${newId()}`);
    expect(await shows(page, 'This chat is not available')).not.toContain(CRASH);
    await page.goto(`${app.baseUrl}/admin/preferences/merge-contacts?clientId=${newId()}`);
    expect(await shows(page, 'This profile was not found.')).not.toContain(CRASH);

    // And the good addresses still open what they name.
    const [operator] = await app.database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'operator@demo.test'));
    await page.goto(`${app.baseUrl}/admin/users/edit?id=${operator?.id ?? ''}`);
    await shows(page, `Edit user: ${operator?.name ?? ''}`);
    await page.goto(`${app.baseUrl}/admin/users/edit`);
    await shows(page, 'New user');
    await page.goto(`${app.baseUrl}/admin/preferences/chat-bots/bot?id=${newId()}`);
    expect(await shows(page, 'Chat bot')).not.toContain(NOT_FOUND);
    await context.close();
  }, 120_000);
});
