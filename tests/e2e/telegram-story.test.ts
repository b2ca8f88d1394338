import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApiServer, type BotApiServer } from '../providers/telegram/bot-api-server';
import {
  adminOnChannelWizard,
  launchBrowser,
  operatorOnPendingList,
  sendReply,
  type Browser,
  type Page,
} from './browser';
import { startRestartableApp, type RestartableApp } from './restartable-app';

/**
 * Issue 19's Telegram story, end to end: the product as `npm start` runs it, pointed at a local
 * Bot API server by TELEGRAM_API_ROOT as a company points it at its own, with a public address
 * (so the bot's updates come by webhook); an administrator and an operator in Chromium.
 */
let api: BotApiServer;
let app: RestartableApp;
let browser: Browser;

beforeAll(async () => {
  api = await startBotApiServer();
  app = await startRestartableApp({ TELEGRAM_API_ROOT: api.url });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser.close();
  await app.stop();
  await api.close();
});

/** Waits for what the server and the Bot API server do in the background; the test's timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
}

const tamara = { id: 7001, firstName: 'Tamara', lastName: 'Volkova' };

/** The open chat's thread shows a message with this text. */
const shown = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

describe('a Telegram bot connected through the wizard', () => {
  it('brings a customer’s message to the operator, and each answer to the customer exactly once, through failures and a restart', async () => {
    const bot = api.addBot('acme_shop_bot');

    // The administrator connects the bot; a token the Bot API does not know is refused at its field.
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'telegram');
    await form.getByTestId('telegram-instructions').waitFor();
    await form.locator('input[name="name"]').fill('Shop in Telegram');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    const [botId] = bot.token.split(':');
    await form
      .getByTestId('channel-secret-token')
      .fill(`${botId ?? ''}:AAnotTheRightSecretAtAllxx`);
    await form.getByTestId('channel-save').click();
    await form.getByText('Incorrect token specified').waitFor({ timeout: 20_000 });
    expect(bot.webhook).toBeUndefined();

    await form.getByTestId('channel-secret-token').fill(bot.token);
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/telegram\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    // With a public address the product registers its webhook, with a secret in a header.
    await until(() => bot.webhook !== undefined);
    expect(bot.webhook?.url).toMatch(new RegExp(`^${app.baseUrl}/api/channels/[\\w-]+/webhook$`));
    expect(bot.webhook?.secretToken).toBeTruthy();
    expect(bot.webhook?.url).not.toContain(bot.webhook?.secretToken ?? '');
    await adminContext.close();

    // The customer writes to the bot; the chat waits in the operator's Pending list.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    await bot.customerWrites(tamara, 'Hello, where is my order 1234?');
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Tamara Volkova' }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await operator.getByTestId('chat-take').click();

    await shown(operator, 'Hello, where is my order 1234?');

    // A text answer: the Bot API is unavailable, then asks to wait a second; it gets it once.
    bot.failNextWith503(1, ['sendMessage']);
    bot.failNextWith429(1, 1, ['sendMessage']);
    await sendReply(operator, 'It left our warehouse this morning.');
    await until(() => bot.sent.some((sent) => sent.text === 'It left our warehouse this morning.'));

    // A file answer, sent as the file's bytes.
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'invoice-1234.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 invoice 1234'),
    });
    await operator.getByTestId('send').click();
    await until(() => bot.sent.some((sent) => sent.method === 'sendDocument'));

    // A reply the Bot API asks to retry later; the product restarts before it is due.
    bot.failNextWith429(1, 15, ['sendMessage']);
    const refusedBefore = bot.calls.filter((name) => name === 'sendMessage').length;
    await sendReply(operator, 'Anything else I can help with?');
    await until(() => bot.calls.filter((name) => name === 'sendMessage').length > refusedBefore);
    expect(bot.sent.map((sent) => sent.text)).not.toContain('Anything else I can help with?');
    await app.restart();
    await until(() => bot.sent.some((sent) => sent.text === 'Anything else I can help with?'));

    // After the restart the operator's page is back in touch: the customer's next message shows.
    await bot.customerWrites(tamara, 'No, thank you!');
    await shown(operator, 'No, thank you!');

    expect(
      bot.sent.map((sent) => ({
        method: sent.method,
        chatId: sent.chatId,
        text: sent.text,
        file: sent.file && { name: sent.file.name, data: sent.file.data.toString() },
      })),
    ).toEqual([
      {
        method: 'sendMessage',
        chatId: tamara.id,
        text: 'It left our warehouse this morning.',
        file: undefined,
      },
      {
        method: 'sendDocument',
        chatId: tamara.id,
        text: undefined,
        file: { name: 'invoice-1234.pdf', data: '%PDF-1.4 invoice 1234' },
      },
      {
        method: 'sendMessage',
        chatId: tamara.id,
        text: 'Anything else I can help with?',
        file: undefined,
      },
    ]);
    // Each refusal was retried: 503, 429 and the accepted call; 429 and the call after restart.
    expect(bot.calls.filter((name) => name === 'sendMessage')).toHaveLength(5);
    // One chat for the customer, nothing shown twice.
    expect(
      await operator.getByTestId('message').filter({ hasText: 'No, thank you!' }).count(),
    ).toBe(1);
    await operator.getByTestId('menu-assigned').click();
    await operator.waitForURL(/filter=assigned/);
    await operator.getByTestId('chat-row').filter({ hasText: 'Tamara Volkova' }).first().waitFor();
    expect(
      await operator.getByTestId('chat-row').filter({ hasText: 'Tamara Volkova' }).count(),
    ).toBe(1);
    await operatorContext.close();
  }, 240_000);
});
