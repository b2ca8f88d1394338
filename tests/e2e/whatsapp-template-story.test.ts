import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAdapters } from '../../server/channels/registry';
import type { Clock } from '../../server/clock';
import { startCloudApiServer, type CloudApiServer } from '../providers/whatsapp/cloud-api-server';
import { commandOk, launchBrowser, signedInPage, type Browser, type Page } from './browser';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * Issue 23's WhatsApp template story, end to end in Chromium against a local Cloud API: an
 * administrator writes a registered template and submits it, Meta approves it by webhook, and an
 * operator whose customer wrote more than 24 hours ago is kept from a free reply and offered the
 * template instead; it reaches Meta as the template with its values.
 */
let api: CloudApiServer;
let app: InProcessApp;
let browser: Browser;
/** The server's clock, which the story sets a day back while the customer writes. */
const clock: Clock & { offsetMs: number } = {
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
};

beforeAll(async () => {
  api = await startCloudApiServer();
  app = await startInProcessApp({
    channelAdapters: channelAdapters({ WHATSAPP_API_ROOT: api.url }),
    clock,
    channelWorkers: true,
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser.close();
  await app.close();
  await api.close();
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
}

const statusOf = (page: Page, name: string) =>
  page
    .getByTestId('messenger-template-row')
    .filter({ hasText: name })
    .getByTestId('messenger-template-status');

describe('a registered WhatsApp template', () => {
  it('is written, approved by Meta, and the one reply that reaches a customer after the 24-hour session', async () => {
    const account = api.addAccount('79995550011', 'Acme Shop');
    const { context: adminContext, page: admin } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await admin.waitForURL(/\/admin\/chats/);
    await admin.goto(`${app.baseUrl}/admin/preferences/channels/all`);
    await admin
      .locator('[data-testid="channel-type"][data-type="whatsapp"]')
      .getByTestId('channel-connect')
      .click();
    const form = admin.locator('form');
    await form.locator('input[name="name"]').fill('Shop in WhatsApp');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.locator('input[name="phone"]').fill(account.phone);
    await form.locator('input[name="login"]').fill(account.accountId);
    await form.getByTestId('channel-secret-password').fill(account.token);
    await form.getByTestId('channel-secret-appSecret').fill(account.appSecret);
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/whatsapp\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => account.callback !== undefined);

    // The template, written on its page: a name as people type it, a variable in the header and text.
    await admin.goto(`${app.baseUrl}/admin/preferences/templates/whats-app`);
    await admin.getByTestId('messenger-template-add').click();
    const panel = admin.getByTestId('messenger-template-panel');
    await panel.getByTestId('messenger-template-name').fill('Order ready');
    await panel.getByTestId('messenger-template-header').fill('Order {{1}}');
    await panel.getByTestId('messenger-template-text').fill('Hello {{1}}, it is waiting at {{3}}.');
    await panel.getByTestId('messenger-template-submit').click();
    await panel.getByText('Variables must be numbered').waitFor();
    await panel.getByTestId('messenger-template-text').fill('Hello {{1}}, it is waiting at {{2}}.');
    await panel.getByTestId('messenger-template-submit').click();
    await until(() => account.templateNamed('order_ready', 'en') !== undefined);
    await statusOf(admin, 'order_ready').filter({ hasText: 'In review' }).waitFor();
    const held = account.templateNamed('order_ready', 'en');
    expect(await account.review(held?.id ?? '', 'APPROVED')).toBe(200);
    await statusOf(admin, 'order_ready').filter({ hasText: 'Approved' }).waitFor();
    await adminContext.close();

    // The customer wrote a day and a bit ago.
    clock.offsetMs = -(24 * 3_600_000 + 10 * 60_000);
    await account.customerWrites(
      { waId: '79161234567', name: 'Zinaida Orlova' },
      'Is my order ready?',
    );
    const { context: operatorContext, page: operator } = await signedInPage(
      browser,
      app.baseUrl,
      'operator@demo.test',
    );
    await operator.waitForURL(/\/admin\/chats/);
    await operator.getByTestId('menu-open').click();
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Zinaida Orlova' }).first();
    await row.waitFor({ timeout: 30_000 });
    clock.offsetMs = 0;
    await row.click();
    await operator.getByTestId('chat-take').click();

    // The session has ended: the box takes notes only, and says why; a template is offered.
    const session = operator.getByTestId('messenger-session');
    await session.waitFor();
    expect(await session.getAttribute('data-session')).toBe('closed');
    await session.getByText('24-hour WhatsApp session has ended').waitFor();
    expect(await operator.getByTestId('internal-switch').isDisabled()).toBe(true);
    // A free reply sent anyway (another screen, an old tab) is refused with the spec's reason.
    const chatId = await operator.getByTestId('chat-screen').getAttribute('data-chat-id');
    await expect(
      commandOk(operator, 'message.send', { chatId, text: 'Ready!', attachments: [] }),
    ).rejects.toThrow(/MESSENGER_SESSION_EXPIRED/);

    await session.getByTestId('send-template').click();
    const dialog = operator.getByTestId('send-template-dialog');
    await dialog.getByTestId('send-template-header').fill('#1042');
    const values = dialog.getByTestId('send-template-body');
    await values.nth(0).fill('Anna');
    await values.nth(1).fill('Main street 5');
    await dialog
      .getByTestId('send-template-preview')
      .filter({ hasText: 'Hello Anna, it is waiting at Main street 5.' })
      .waitFor();
    await dialog.getByTestId('send-template-confirm').click();
    await operator
      .getByTestId('message')
      .filter({ hasText: 'Order #1042' })
      .getByTestId('message-template')
      .waitFor({ timeout: 20_000 });
    await until(() => account.sent.some((sent) => sent.type === 'template'));
    expect(account.sent.filter((sent) => sent.type === 'template')).toMatchObject([
      {
        to: '79161234567',
        template: {
          name: 'order_ready',
          language: 'en',
          header: ['#1042'],
          body: ['Anna', 'Main street 5'],
        },
      },
    ]);
    await operatorContext.close();
  }, 180_000);
});
