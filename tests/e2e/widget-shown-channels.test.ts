import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { signedInPage } from './browser';
import { browserAndApp } from './in-process-app';

/**
 * Spec §3 site_chat "list of channels shown": an administrator ticks the company's Telegram bot on
 * the site chat's page, and a customer on the company's site sees "Also write to us in: Telegram"
 * in the open chat, a link that opens the bot in a new tab; with the initial state "open" the chat is open when the page loads
 * until the customer closes it.
 */
describe('the channels a site-chat widget shows, in Chromium', () => {
  // The channels below are rows a connected bot and mailbox leave; no receiver runs for them.
  const suite = browserAndApp({ channelAdapters: {} });

  it('an administrator picks the Telegram bot and the customer’s widget offers it', async () => {
    const { browser, app } = suite;
    const db = app.database.db;
    const [site] = await db.select().from(t.channels).where(eq(t.channels.type, 'site_chat'));
    if (!site) throw new Error('no site-chat channel');
    const botId = newId();
    await db.insert(t.channels).values([
      {
        id: botId,
        orgId: site.orgId,
        name: 'Shoe bot',
        type: 'telegram',
        settings: { botUsername: 'shoe_shop_bot' },
        secrets: { token: 'not-for-browsers' },
      },
      {
        id: newId(),
        orgId: site.orgId,
        name: 'Shoe mail',
        type: 'email',
        settings: { address: 'help@shoes.example' },
      },
    ]);

    const { context: adminContext, page: admin } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await admin.waitForURL(/\/admin\//);
    await admin.goto(`${app.baseUrl}/admin/preferences/channels/site_chat/edit/${site.id}`);
    const shown = admin.getByTestId('channel-setting-shownChannelIds');
    await shown.getByTestId(`shown-channel-${botId}`).check({ timeout: 20_000 });
    expect(await shown.textContent()).toContain('help@shoes.example');
    // The widget opens by itself on a customer's first visit.
    await admin.locator('select[name="initialState"]').selectOption('open');
    await admin.getByTestId('channel-save').click();
    await admin.getByTestId('toast').filter({ hasText: 'Channel saved' }).waitFor();
    for (;;) {
      const [row] = await db
        .select({ settings: t.channels.settings })
        .from(t.channels)
        .where(eq(t.channels.id, site.id));
      if (
        JSON.stringify(row?.settings.shownChannelIds) === JSON.stringify([botId]) &&
        row?.settings.initialState === 'open'
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await adminContext.close();

    // No click on the launcher: the panel is open when the page loads.
    const context = await browser.newContext();
    const customer = await context.newPage();
    await customer.goto(`${app.baseUrl}/demo/site`);
    const offer = customer.locator('[data-testid="widget-shown-channels"]');
    await offer.filter({ hasText: 'Telegram' }).waitFor({ timeout: 15_000 });
    expect(await offer.textContent()).toBe('Also write to us in: Telegram');
    const link = offer.locator('[data-testid="widget-shown-channel"]');
    expect(await link.getAttribute('href')).toBe('https://t.me/shoe_shop_bot');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // The customer closes it; on the next page of the site it stays closed.
    await customer.locator('[data-testid="widget-launcher"]').click();
    await offer.waitFor({ state: 'hidden' });
    await customer.reload();
    // The launcher is on the page once the widget has its config, and with it the panel's state.
    await customer.locator('[data-testid="widget-launcher"]').waitFor();
    expect(await customer.locator('[data-testid="widget-panel"]').isVisible()).toBe(false);
    await customer.locator('[data-testid="widget-launcher"]').click();
    await offer.waitFor();
    await context.close();
  }, 120_000);
});
