import { describe, expect, it } from 'vitest';
import { newId } from '../../src/protocol';
import { startBotApiServer } from '../providers/telegram/bot-api-server';
import {
  adminOnChannelWizard,
  commandOk,
  customerOnDemoSite,
  operatorOnPendingList,
  signedInPage,
  type Page,
} from './browser';
import { FRONT_DESK, drawThreeNodeBot, firstWords } from './chatbot-drawing';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 24's chat-bot story, end to end: the product as `npm start` runs it, with a local Telegram
 * Bot API server. The administrator draws a three-node bot in the editor (a greeting with two
 * buttons; one answers and closes the chat, the other hands it to Support), publishes it and sets
 * it on the site chat's Routing tab and on a Telegram bot's channel; a customer on the demo site taps a button in the widget, a Telegram
 * customer presses an inline button, and each chat reaches the Support team's Pending list with
 * the bot's part in its thread.
 */
const story = providerStory(startBotApiServer, (api) => ({ TELEGRAM_API_ROOT: api.url }));

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 20_000 });

/**
 * The administrator draws the Done-when's bot in the editor (chatbot-drawing.ts: a greeting with
 * two buttons; one leads to an answer that closes the chat, the other to a transfer to Support),
 * saves and publishes it; returns its id.
 */
async function drawAndPublish(admin: Page, baseUrl: string): Promise<string> {
  await admin.goto(`${baseUrl}/admin/preferences/chat-bots`);
  await admin.getByTestId('chatbot-add').click();
  await admin.waitForURL(/\/chat-bots\/bot\?id=/);
  await drawThreeNodeBot(admin, FRONT_DESK);
  await admin.getByTestId('chatbot-problems').waitFor({ state: 'detached' });
  // The transfer's reply comes with a file: picked now, uploaded by the outbox before the save.
  await admin
    .getByTestId('chatbot-go-to-node')
    .selectOption({ label: firstWords(FRONT_DESK.transfer) });
  const panel = admin.getByTestId('chatbot-node-panel');
  await panel.getByTestId('chatbot-node-file-input').setInputFiles({
    name: 'opening-hours.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 Monday to Friday, 9 to 18'),
  });
  await panel
    .getByTestId('chatbot-node-file-name')
    .filter({ hasText: 'opening-hours.pdf' })
    .waitFor();
  await admin.getByTestId('chatbot-save').click();
  await admin
    .locator('[data-testid="chatbot-status"][data-status="saved"]')
    .waitFor({ timeout: 20_000 });
  await admin.getByTestId('chatbot-publish').click();
  await toast(admin, 'Version 1 published');
  return new URL(admin.url()).searchParams.get('id') ?? '';
}

/**
 * The site chat's Routing tab gives greeting customers to the bot, as the administrator sets it
 * (a rule of its own conditions: the default rule already takes every chat).
 */
async function routeSiteChatToBot(admin: Page, baseUrl: string, channelId: string): Promise<void> {
  await admin.goto(`${baseUrl}/admin/preferences/channels/site_chat/edit/${channelId}`);
  await admin.getByTestId('channel-tab-routing').click({ timeout: 20_000 });
  await admin.getByTestId('rule-add').click();
  const rule = admin.getByTestId('rule-panel');
  await rule.locator('input[name="name"]').fill('Greetings meet the front desk');
  await rule.getByTestId('rule-includeIntents').getByLabel('Greeting').check();
  await rule.locator('select[name="action"]').selectOption('chat_bot');
  await rule.locator('select[name="botId"]').selectOption({ label: FRONT_DESK.name });
  await rule.getByTestId('rule-save').click();
  await toast(admin, 'Routing rule created');
}

/** The channel's new chats go to the bot: a routing rule on the channel, as the Routing tab saves it. */
async function routeToBot(admin: Page, channelId: string, botId: string): Promise<void> {
  await commandOk(admin, 'routingRule.save', {
    id: newId(),
    channelId,
    name: 'Customers meet the bot first',
    isDefault: false,
    priority: 10,
    conditions: {
      chatStatus: 'any',
      messageType: 'client',
      mailingType: null,
      includeIntents: [],
      excludeIntents: [],
    },
    action: { kind: 'chat_bot', botId },
  });
}

/** The id of a channel the channel list shows by this name. */
async function channelIdOf(admin: Page, baseUrl: string, name: string): Promise<string> {
  await admin.goto(`${baseUrl}/admin/preferences/channels/all`);
  const row = admin.getByTestId('channel-row').filter({ hasText: name }).first();
  await row.waitFor({ timeout: 20_000 });
  const id = await row.getAttribute('data-channel-id');
  if (!id) throw new Error(`no id on the ${name} channel's row`);
  return id;
}

describe('a chat bot on the site chat and in Telegram', () => {
  it('greets customers with buttons, follows the one they tap, and hands them to the team with its part in the thread', async () => {
    const [api, app, browser] = [story.provider(), story.app(), story.browser()];
    const { context: adminContext, page: admin } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await admin.waitForURL(/\/admin\//);
    const botId = await drawAndPublish(admin, app.baseUrl);
    await routeSiteChatToBot(
      admin,
      app.baseUrl,
      await channelIdOf(admin, app.baseUrl, 'Website chat'),
    );

    // The Telegram bot, connected through its wizard, routes to the same chat bot.
    const telegramBot = api.addBot('front_desk_shop_bot');
    await adminContext.close();
    const {
      context: wizardContext,
      page: wizard,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'telegram');
    await form.locator('input[name="name"]').fill('Shop in Telegram');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-secret-token').fill(telegramBot.token);
    await form.getByTestId('channel-save').click();
    await wizard.waitForURL(/\/admin\/preferences\/channels\/telegram\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    const telegramChannelId = wizard.url().split('/').pop() ?? '';
    await routeToBot(wizard, telegramChannelId, botId);
    await until(() => telegramBot.webhook !== undefined, 'the Telegram webhook');
    await wizardContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );

    // A customer on the site greets: the bot answers with its buttons, and one is tapped.
    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customer.getByTestId('widget-input').fill('Hello!');
    await customer.getByTestId('widget-input').press('Enter');
    await customer
      .getByTestId('widget-message')
      .filter({ hasText: FRONT_DESK.greeting })
      .waitFor({ timeout: 20_000 });
    const answers = customer.getByTestId('widget-answer');
    await answers.first().waitFor();
    expect(await answers.allInnerTexts()).toEqual([...FRONT_DESK.buttons]);
    await answers.filter({ hasText: FRONT_DESK.buttons[1] }).click();
    await customer
      .getByTestId('widget-message')
      .filter({ hasText: FRONT_DESK.transfer })
      .waitFor({ timeout: 20_000 });
    await customer
      .getByTestId('widget-attachment-file')
      .filter({ hasText: 'opening-hours.pdf' })
      .waitFor({ timeout: 20_000 });
    // The buttons go once answered.
    await expect.poll(() => answers.count(), { timeout: 10_000 }).toBe(0);

    // The chat waits in Support's Pending list, with the bot's part in its thread.
    const siteRow = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await siteRow.waitFor({ timeout: 20_000 });
    await siteRow.click();
    await shown(operator, FRONT_DESK.greeting);
    await shown(operator, FRONT_DESK.buttons[1]);
    await operator
      .getByText('The chat bot “Front desk” handed the chat to the Support team')
      .waitFor({ timeout: 20_000 });
    await operator.getByText('The chat bot “Front desk” took the chat').waitFor();
    await customerContext.close();

    // A Telegram customer: the greeting comes with an inline keyboard; the press is an answer.
    const tamara = { id: 8101, firstName: 'Tamara', lastName: 'Volkova' };
    await telegramBot.customerWrites(tamara, 'Good evening');
    await until(
      () => telegramBot.sent.some((sent) => sent.inlineKeyboard !== undefined),
      () => `the greeting with buttons; sent: ${JSON.stringify(telegramBot.sent)}`,
    );
    const greeting = telegramBot.sent.find((sent) => sent.inlineKeyboard !== undefined);
    expect(greeting).toMatchObject({
      text: FRONT_DESK.greeting,
      inlineKeyboard: [[{ text: FRONT_DESK.buttons[0] }], [{ text: FRONT_DESK.buttons[1] }]],
    });
    if (!greeting) throw new Error('no greeting');
    const press = await telegramBot.customerPresses(tamara, greeting, FRONT_DESK.buttons[1]);
    // The transfer's words come as the caption of its file: one message, never half of it.
    await until(
      () =>
        telegramBot.sent.some(
          (sent) => sent.file?.name === 'opening-hours.pdf' && sent.caption === FRONT_DESK.transfer,
        ),
      () => `the bot’s last words in Telegram; sent: ${JSON.stringify(telegramBot.sent)}`,
    );
    await until(() => telegramBot.answeredPresses.has(press?.callback_query?.id ?? ''));
    const telegramRow = operator
      .getByTestId('chat-row')
      .filter({ hasText: 'Tamara Volkova' })
      .first();
    await telegramRow.waitFor({ timeout: 20_000 });
    await telegramRow.click();
    await shown(operator, FRONT_DESK.greeting);
    await shown(operator, FRONT_DESK.buttons[1]);
    await operatorContext.close();
  }, 240_000);
});
