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
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 24's chat-bot story, end to end: the product as `npm start` runs it, with a local Telegram
 * Bot API server. A published three-node bot (a greeting with two buttons; one answers and closes
 * the chat, the other hands it to Support) receives the site chat's and the Telegram bot's new
 * chats by a routing rule; a customer on the demo site taps a button in the widget, a Telegram
 * customer presses an inline button, and each chat reaches the Support team's Pending list with
 * the bot's part in its thread.
 */
const story = providerStory(startBotApiServer, (api) => ({ TELEGRAM_API_ROOT: api.url }));

const GREETING = 'Hello! I am the shop’s assistant. What do you need?';

/** The Done-when's bot, as the editor saves it: three nodes, published. */
async function publishFrontDesk(admin: Page, supportId: string): Promise<string> {
  const id = newId();
  const [hours, person] = [newId(), newId()];
  const node = (fields: Record<string, unknown>) => ({
    reply: { text: '', fileId: null },
    buttons: [],
    intents: [],
    triggers: [],
    defaultNext: null,
    action: { kind: 'none' },
    position: { x: 0, y: 0 },
    ...fields,
  });
  await commandOk(admin, 'chatbot.save', {
    chatbotId: id,
    name: 'Front desk',
    description: 'Greets customers first',
    defaultMessage: 'Sorry, I did not get that. Please tap one of the buttons.',
    baseVersion: null,
    scenario: {
      nodes: [
        node({
          id: newId(),
          title: 'Greeting',
          reply: { text: GREETING, fileId: null },
          buttons: [
            { id: newId(), name: 'Opening hours', kind: 'value', link: '', next: hours },
            { id: newId(), name: 'Talk to a person', kind: 'value', link: '', next: person },
          ],
        }),
        node({
          id: hours,
          title: 'Hours',
          reply: { text: 'We are open 9:00–18:00, Monday to Friday.', fileId: null },
          action: { kind: 'close' },
        }),
        node({
          id: person,
          title: 'Person',
          reply: { text: 'Connecting you with our team.', fileId: null },
          action: { kind: 'team', teamId: supportId },
        }),
      ],
    },
  });
  await commandOk(admin, 'chatbot.publish', { chatbotId: id, version: 1 });
  return id;
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

/** The id of a team the teams page shows by this name. */
async function teamIdOf(admin: Page, baseUrl: string, name: string): Promise<string> {
  await admin.goto(`${baseUrl}/admin/teams/all`);
  const row = admin.getByTestId('team-row').filter({ hasText: name }).first();
  await row.waitFor({ timeout: 20_000 });
  const id = await row.getAttribute('data-team-id');
  if (!id) throw new Error(`no id on the ${name} team's row`);
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
    const supportId = await teamIdOf(admin, app.baseUrl, 'Support');
    const botId = await publishFrontDesk(admin, supportId);
    await routeToBot(admin, await channelIdOf(admin, app.baseUrl, 'Website chat'), botId);

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

    // A customer on the site: the bot greets with its buttons; "Opening hours" is not tapped,
    // "Talk to a person" is.
    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customer.getByTestId('widget-input').fill('Hi, I have a question about my order');
    await customer.getByTestId('widget-input').press('Enter');
    await customer
      .getByTestId('widget-message')
      .filter({ hasText: GREETING })
      .waitFor({ timeout: 20_000 });
    const answers = customer.getByTestId('widget-answer');
    await answers.first().waitFor();
    expect(await answers.allInnerTexts()).toEqual(['Opening hours', 'Talk to a person']);
    await answers.filter({ hasText: 'Talk to a person' }).click();
    await customer
      .getByTestId('widget-message')
      .filter({ hasText: 'Connecting you with our team.' })
      .waitFor({ timeout: 20_000 });
    // The buttons go once answered.
    await expect.poll(() => answers.count(), { timeout: 10_000 }).toBe(0);

    // The chat waits in Support's Pending list, with the bot's part in its thread.
    const siteRow = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await siteRow.waitFor({ timeout: 20_000 });
    await siteRow.click();
    await shown(operator, GREETING);
    await shown(operator, 'Talk to a person');
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
      text: GREETING,
      inlineKeyboard: [[{ text: 'Opening hours' }], [{ text: 'Talk to a person' }]],
    });
    if (!greeting) throw new Error('no greeting');
    const press = await telegramBot.customerPresses(tamara, greeting, 'Talk to a person');
    await until(
      () => telegramBot.sent.some((sent) => sent.text === 'Connecting you with our team.'),
      'the bot’s last words in Telegram',
    );
    await until(() => telegramBot.answeredPresses.has(press?.callback_query?.id ?? ''));
    const telegramRow = operator
      .getByTestId('chat-row')
      .filter({ hasText: 'Tamara Volkova' })
      .first();
    await telegramRow.waitFor({ timeout: 20_000 });
    await telegramRow.click();
    await shown(operator, GREETING);
    await shown(operator, 'Talk to a person');
    await operatorContext.close();
  });
});
