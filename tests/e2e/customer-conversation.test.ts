import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { launchBrowser, signIn, type Browser } from './browser';
import { startInProcessApp } from './in-process-app';

describe('a customer and an operator, each in their own browser', () => {
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

  it('the customer writes on the demo site, the operator takes and answers, the customer sees it and rates once', async () => {
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(`${app.baseUrl}/demo/site`);
    await customer.locator('[data-testid="widget-launcher"]').click();
    await customer.locator('[data-testid="widget-input"]').fill('Hello');
    await customer.locator('[data-testid="widget-input"]').press('Enter');

    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await signIn(operator, app.baseUrl, 'operator@demo.test');
    await operator.waitForURL(/\/admin\/chats/);
    await operator.goto(`${app.baseUrl}/admin/chats?filter=open`);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    await operator.getByTestId('chat-take').click();
    await operator.getByTestId('composer').fill('Hi! How can I help?');
    await operator.getByTestId('composer').press('Enter');

    const answer = customer.locator('[data-testid="widget-message"]', {
      hasText: 'Hi! How can I help?',
    });
    await answer.waitFor({ timeout: 10_000 });
    await operator.getByTestId('composer').fill('Internal: VIP');
    await operator.getByTestId('internal-switch').check({ force: true });
    await operator.getByTestId('composer').press('Enter');
    await operator.getByTestId('message').filter({ hasText: 'Internal: VIP' }).first().waitFor();

    await operator.getByTestId('chat-close').click();
    await operator.getByTestId('close-confirm').click();
    await customer.locator('[data-testid="widget-rating"]').waitFor({ timeout: 10_000 });
    expect(await customer.locator('[data-testid="widget-thread"]').innerText()).not.toContain(
      'VIP',
    );
    await customer.locator('[data-testid="widget-rate-5"]').click();
    await customer
      .locator('[data-testid="widget-rating"]')
      .waitFor({ state: 'detached', timeout: 10_000 });

    // The rating reached the chat, and its one-time link now shows the already-used page.
    const [link] = await app.database.db.select().from(t.ratingLinks);
    const [rated] = await app.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.id, link?.chatId ?? ''));
    expect(rated?.rating).toBe(5);
    await customer.goto(`${app.baseUrl}/link-action/${link?.id ?? ''}`);
    await customer.waitForURL(/\/already-used$/);
    await customerContext.close();
    await operatorContext.close();
  }, 120_000);
});
