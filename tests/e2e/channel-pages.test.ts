import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { signedInPage, type Page } from './browser';
import { browserAndApp, type InProcessApp } from './in-process-app';

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

async function siteChannel(app: InProcessApp) {
  const [channel] = await app.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.type, 'site_chat'));
  if (!channel) throw new Error('no site-chat channel');
  return channel;
}

/** Polls the server's database until `found` holds (commands travel through the outbox). */
async function eventually<T>(read: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (found(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 19, the channel pages: an administrator finds a channel among the connected ones, adds a
 * routing rule and sets an auto-reply on its edit page, changes the reply offline, and after a
 * reload without a network sees all of it from the local store; the change reaches the server
 * once the network is back.
 */
describe('the channel pages in Chromium', () => {
  const suite = browserAndApp({ proxy: true });

  it('an administrator edits a channel’s routing rule and auto-replies and sees them after a reload offline', async () => {
    const { browser, app, proxy } = suite;
    const db = app.database.db;
    const channel = await siteChannel(app);
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);

    // The list: connected channels with their team, and the types available to connect.
    await page.goto(`${proxy.baseUrl}/admin/preferences/channels/all`);
    const row = page.locator(`[data-testid="channel-row"][data-channel-id="${channel.id}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Support');
    await page.locator('[data-testid="channel-type"][data-type="telegram"]').waitFor();
    await row.getByTestId('channel-open').click();
    await page.waitForURL(new RegExp(`/admin/preferences/channels/site_chat/edit/${channel.id}$`));
    await page.getByTestId('channel-health').waitFor();

    // Routing: the default rule is there, read-only; a new rule is checked before it is sent.
    await page.getByTestId('channel-tab-routing').click();
    await page.getByTestId('rule-default').waitFor();
    await page.getByTestId('rule-add').click();
    const panel = page.getByTestId('rule-panel');
    await panel.getByTestId('rule-save').click();
    await panel.getByText('Required field').first().waitFor();
    await panel.locator('input[name="name"]').fill('People who ask for a person');
    await panel.getByTestId('rule-includeIntents').getByLabel('Asks for a person').check();
    await panel.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await panel.getByTestId('rule-save').click();
    await toast(page, 'Routing rule created');
    const rules = () =>
      db
        .select()
        .from(t.routingRules)
        .where(and(eq(t.routingRules.channelId, channel.id), eq(t.routingRules.isDefault, false)));
    const [rule] = await eventually(rules, (found) => found.length === 1);
    expect(rule).toMatchObject({
      name: 'People who ask for a person',
      conditions: { includeIntents: ['ESCALATE_TO_AGENT'] },
      action: { kind: 'team' },
    });

    // Auto-replies: the greeting switched on with a text and a button.
    await page.getByTestId('channel-tab-autoReplies').click();
    const greeting = page.locator('[data-testid="auto-reply"][data-kind="greeting"]');
    await greeting.getByTestId('auto-reply-enabled').check();
    await page.getByTestId('auto-replies-save').click();
    await greeting.getByText('The default message is empty').waitFor();
    await greeting.getByTestId('auto-reply-text').fill('Hello! We answer within minutes.');
    await greeting.getByTestId('auto-reply-buttons').fill('Prices');
    await page.getByTestId('auto-replies-save').click();
    await toast(page, 'Auto-replies saved');
    const replies = () =>
      db.select().from(t.autoReplies).where(eq(t.autoReplies.channelId, channel.id));
    await eventually(replies, (found) => found.some((reply) => reply.kind === 'greeting'));

    // Offline: the greeting changes, waits in the outbox, and survives a reload.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    await proxy.cut();
    await context.setOffline(true);
    await greeting.getByTestId('auto-reply-text').fill('Hello again! We answer within minutes.');
    await page.getByTestId('auto-replies-save').click();
    await page
      .getByTestId('connection')
      .filter({ hasText: '1 change waiting to be sent' })
      .waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByTestId('channel-tab-routing').click({ timeout: 20_000 });
    await page
      .getByTestId('rule-row')
      .filter({ hasText: 'People who ask for a person' })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('channel-tab-autoReplies').click();
    const reloaded = page.locator('[data-testid="auto-reply"][data-kind="greeting"]');
    expect(await reloaded.getByTestId('auto-reply-text').inputValue()).toBe(
      'Hello again! We answer within minutes.',
    );
    expect(await reloaded.getByTestId('auto-reply-buttons').inputValue()).toBe('Prices');
    expect(await reloaded.getByTestId('auto-reply-enabled').isChecked()).toBe(true);

    // Back online, the change reaches the server.
    await proxy.restore();
    await context.setOffline(false);
    const [saved] = await eventually(replies, (found) =>
      found.some((reply) => reply.text.startsWith('Hello again')),
    );
    expect(saved).toMatchObject({ kind: 'greeting', enabled: true, buttons: ['Prices'] });

    // The e-mail wizard: a port that is not a number is told at its field, and nothing is sent.
    await page.goto(`${proxy.baseUrl}/admin/preferences/channels/all`);
    await page
      .locator('[data-testid="channel-type"][data-type="email"]')
      .getByTestId('channel-connect')
      .click();
    await page.waitForURL(/\/admin\/preferences\/channels\/email\/create$/);
    const form = page.getByTestId('channel-form');
    await form.locator('input[name="name"]').fill('Support mail');
    await form.getByTestId('channel-secret-password').fill('mail-password');
    await form.getByTestId('channel-setting-address').fill('help@shop.example');
    await form.getByTestId('channel-setting-login').fill('help@shop.example');
    await form.getByTestId('channel-setting-receiveHost').fill('imap.shop.example');
    await form.getByTestId('channel-setting-receivePort').fill('99x');
    await form.getByTestId('channel-setting-sendHost').fill('smtp.shop.example');
    await form.getByTestId('channel-setting-copyAddresses').fill('archive@shop.example');
    await form.getByTestId('channel-save').click();
    await form.getByText('Incorrect value entered').first().waitFor();
    const mailChannels = await db.select().from(t.channels).where(eq(t.channels.type, 'email'));
    expect(mailChannels).toEqual([]);
    await context.close();
  });
});
