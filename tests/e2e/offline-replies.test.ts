import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { sendReply, signedInPage, waitForQueued, type Page } from './browser';
import { browserAndApp } from './in-process-app';

const messageStatus = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text }).first().getAttribute('data-status');

describe('replies written with the network gone', () => {
  const suite = browserAndApp({ proxy: true });

  it('survive a reload while offline and reach the server exactly once, in order, when it comes back', async () => {
    const { browser, app, proxy } = suite;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.getByTestId('chat-row').first().click();
    const chatId = await page.getByTestId('chat-screen').getAttribute('data-chat-id');
    expect(chatId).toBeTruthy();
    await sendReply(page, 'Online reply');
    await expect.poll(() => messageStatus(page, 'Online reply'), { timeout: 10_000 }).toBe('sent');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });

    // The network goes away for real: connections drop and new ones are refused.
    await proxy.cut();
    await context.setOffline(true);
    await sendReply(page, 'Offline reply one');
    await sendReply(page, 'Offline reply two');
    await page.getByTestId('internal-switch').check({ force: true });
    await sendReply(page, 'Offline internal note');
    expect(await messageStatus(page, 'Offline reply one')).toBe('queued');
    await waitForQueued(page, 3);

    await page.reload();
    await page
      .getByTestId('message')
      .filter({ hasText: 'Offline internal note' })
      .first()
      .waitFor({ timeout: 45_000 });
    expect(await messageStatus(page, 'Offline reply one')).toBe('queued');
    expect(await messageStatus(page, 'Offline reply two')).toBe('queued');
    expect(
      await page
        .getByTestId('message')
        .filter({ hasText: 'Offline internal note' })
        .first()
        .getAttribute('data-internal'),
    ).toBe('true');

    // Back online: everything is delivered once, in the order it was written.
    await proxy.restore();
    await context.setOffline(false);
    for (const text of ['Offline reply one', 'Offline reply two', 'Offline internal note']) {
      await expect.poll(() => messageStatus(page, text), { timeout: 45_000 }).toBe('sent');
    }
    const stored = await app.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chatId ?? ''))
      .orderBy(asc(t.messages.createdAt));
    const mine = stored.filter((m) => m.authorKind === 'operator' && /reply|note/.test(m.text));
    expect(mine.map((m) => [m.text, m.internal])).toEqual([
      ['Online reply', false],
      ['Offline reply one', false],
      ['Offline reply two', false],
      ['Offline internal note', true],
    ]);
    await context.close();
  }, 120_000);
});
