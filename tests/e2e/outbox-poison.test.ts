import { describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { LIMITS, newId } from '../../src/protocol';
import { breakMessagesHolding } from '../server/database-fault';
import { customerOnDemoSite, sendReply, signedInPage, waitForQueued, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** 10,000 characters, 30 KB in UTF-8: 80 of them are 2.4 MB, over the server's 2 MiB body limit. */
const longReply = (n: number): string =>
  `#${String(n).padStart(2, '0')} ${'語'.repeat(LIMITS.messageTextMax - 4)}`;

/** The operator writes a reply as a person would; waits for it in the thread by its first words. */
async function writeReply(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await page
    .getByTestId('message')
    .filter({ hasText: text.slice(0, 20) })
    .first()
    .waitFor();
}

/** The first words of the operator's long replies the customer's widget shows, in its order. */
const customerSees = async (customer: Page): Promise<string[]> =>
  (await customer.locator('[data-testid="widget-message"]').allInnerTexts())
    .filter((text) => /#\d\d /.test(text))
    .map((text) => /#\d\d/.exec(text)?.[0] ?? '');

describe('an outbox holding a command the server can never take', () => {
  const suite = browserAndApp({ proxy: true });

  it('sends every one of 80 long replies written offline once, in order, and shows the refused one to the operator', async () => {
    const { browser, app, proxy } = suite;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });

    // A customer writes on the demo site; the operator answers from their Pending list.
    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customer.locator('[data-testid="widget-input"]').fill('I have a long list of questions');
    await customer.locator('[data-testid="widget-input"]').press('Enter');
    await page.getByTestId('menu-open').click();
    const row = page.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    const chatId = (await page.getByTestId('chat-screen').getAttribute('data-chat-id')) ?? '';
    await page.getByTestId('chat-take').click();
    await sendReply(page, 'Let me answer each one.');
    await customer
      .locator('[data-testid="widget-message"]', { hasText: 'Let me answer each one.' })
      .waitFor({ timeout: 10_000 });

    // A reply the server can never store: its database fails on it, every time.
    const marker = `cannot-store-${newId()}`;
    const repair = await breakMessagesHolding(app.database, marker);
    try {
      await proxy.cut();
      await context.setOffline(true);
      for (let n = 0; n < 40; n++) await writeReply(page, longReply(n));
      await writeReply(page, `This one breaks the server: ${marker}`);
      for (let n = 40; n < 80; n++) await writeReply(page, longReply(n));
      await waitForQueued(page, 81);

      const back = Date.now();
      await proxy.restore();
      await context.setOffline(false);
      await page
        .getByTestId('rejected-error')
        .filter({ hasText: 'Unknown error' })
        .waitFor({ timeout: 60_000 });
      const refusedShown = Date.now() - back;
      await page
        .locator('[data-testid="connection"][data-pending="0"]')
        .waitFor({ timeout: 60_000 });
      const confirmed = Date.now() - back;
      // The widget draws and stores its whole thread again at each message (2.4 MB here): slow.
      await expect
        .poll(() => customerSees(customer).then((seen) => seen.length), { timeout: 120_000 })
        .toBe(80);
      console.log(
        `after reconnecting: refused reply shown ${String(refusedShown)} ms, 80 replies confirmed ${String(confirmed)} ms, all on the customer's screen ${String(Date.now() - back)} ms`,
      );
    } finally {
      await repair();
    }

    const expected = Array.from({ length: 80 }, (_, n) => `#${String(n).padStart(2, '0')}`);
    // The customer got each reply once, in the order it was written.
    expect(await customerSees(customer)).toEqual(expected);
    // The server stored each once, and applied them in that order (the event log's order).
    const stored = await app.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .innerJoin(
        t.events,
        and(
          eq(t.events.type, 'message.added'),
          sql`${t.events.data}->>'messageId' = ${t.messages.id}::text`,
        ),
      )
      .where(
        and(
          eq(t.messages.chatId, chatId),
          eq(t.messages.authorKind, 'operator'),
          like(t.messages.text, '#%'),
        ),
      )
      .orderBy(asc(t.events.seq));
    expect(stored.map((r) => r.text.slice(0, 3))).toEqual(expected);
    expect(stored.every((r, n) => r.text === longReply(n))).toBe(true);

    // The refused reply is kept and shown, with its words and a way to retry or discard it.
    const refused = page.getByRole('alert').filter({ has: page.getByTestId('rejected-error') });
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.innerText()).toContain('This one breaks the server');
    expect(await refused.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(await refused.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await customerContext.close();
    await context.close();
  }, 300_000);
});
