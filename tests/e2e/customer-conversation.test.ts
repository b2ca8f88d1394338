import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import {
  customerOnDemoSite,
  operatorOnPendingList,
  sendReply,
  waitForQueued,
  type Page,
} from './browser';
import { browserAndApp } from './in-process-app';

const customerTexts = async (customer: Page): Promise<string[]> =>
  customer.locator('[data-testid="widget-message"]').allInnerTexts();

/**
 * The product's main job (issue 4): a customer on the demo site and an operator in the workspace,
 * each in their own browser, the operator's network cut for real in the middle.
 */
describe('a customer and an operator, each in their own browser', () => {
  const suite = browserAndApp({ proxy: true });
  beforeAll(async () => {
    // The organization uses request categories: a chat closes only with one.
    await suite.app.database.db.update(t.organizations).set({ usesCategories: true });
  });

  it('customer writes, operator answers online and offline, customer gets every reply once and never the note, closes with a category, customer rates once', async () => {
    const { browser, app, proxy } = suite;
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      proxy.baseUrl,
    );
    await operator.getByTestId('chat-row').first().waitFor();
    // Readiness, not speed: the first install precaches the shell, slow on a loaded machine.
    await operator.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });

    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customer.locator('[data-testid="widget-input"]').fill('Hello');
    const wroteAt = Date.now();
    await customer.locator('[data-testid="widget-input"]').press('Enter');

    const row = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 5000 });
    const arrival = Date.now() - wroteAt;
    console.log(`customer message to the operator's Pending list: ${arrival} ms`);
    // The issue asks for "within a second": alone this takes 140–370 ms, and up to 640 ms while the
    // rest of the suite loads both cores. The bound leaves room for a busy CI machine; the figure
    // against the 1 s of the issue is measured by bench:ui ("customer message to Pending list").
    expect(arrival).toBeLessThan(2000);
    await row.click();
    await operator.getByTestId('chat-take').click();
    // Pasted from a word processor with an invisible vertical tab, which the server refuses in
    // text: the reply goes without it.
    await sendReply(operator, 'Hi!\u000b How can I help?');
    await customer
      .locator('[data-testid="widget-message"]', { hasText: 'Hi! How can I help?' })
      .waitFor({ timeout: 10_000 });

    // The operator's network goes away: two replies and a note, then a reload, all offline.
    await proxy.cut();
    await operatorContext.setOffline(true);
    await sendReply(operator, 'Let me check your order.');
    await sendReply(operator, 'It ships tomorrow.');
    await operator.getByTestId('internal-switch').check({ force: true });
    await sendReply(operator, 'Internal: VIP customer');
    await waitForQueued(operator, 3);
    await operator.reload();
    for (const text of ['Let me check your order.', 'It ships tomorrow.']) {
      const status = operator.getByTestId('message').filter({ hasText: text }).first();
      await status.waitFor({ timeout: 15_000 });
      expect(await status.getAttribute('data-status')).toBe('queued');
    }

    await proxy.restore();
    await operatorContext.setOffline(false);
    await customer
      .locator('[data-testid="widget-message"]', { hasText: 'It ships tomorrow.' })
      .waitFor({ timeout: 45_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // anything doubled would show by now
    const replies = [
      'Hi! How can I help?',
      'Let me check your order.',
      'It ships tomorrow.',
      'Internal: VIP customer',
    ];
    const seen = (await customerTexts(customer)).filter((text) => replies.includes(text));
    expect(seen).toEqual(['Hi! How can I help?', 'Let me check your order.', 'It ships tomorrow.']);

    // Closing needs a category here: the operator chooses one, and the customer is asked to rate.
    await operator.getByTestId('chat-close').click();
    await operator.getByTestId('category-level-0').selectOption({ label: 'Payments' });
    await operator.getByTestId('close-confirm').click();
    await customer.locator('[data-testid="widget-rating"]').waitFor({ timeout: 10_000 });
    expect((await customerTexts(customer)).join('\n')).not.toContain('VIP');
    await customer.locator('[data-testid="widget-rate-5"]').click();
    await customer
      .locator('[data-testid="widget-rating"]')
      .waitFor({ state: 'detached', timeout: 10_000 });

    const [link] = await app.database.db.select().from(t.ratingLinks);
    const [rated] = await app.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.id, link?.chatId ?? ''));
    expect(rated).toMatchObject({ status: 'closed', rating: 5 });
    expect(rated?.categoryId).not.toBeNull();
    await customer.goto(`${app.baseUrl}/link-action/${link?.id ?? ''}`);
    await customer.waitForURL(/\/already-used$/);
    await customerContext.close();
    await operatorContext.close();
  }, 150_000);
});
