import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { signedInPage, type Page } from './browser';
import { FRONT_DESK, drawThreeNodeBot, firstWords } from './chatbot-drawing';
import { browserAndApp, type InProcessApp } from './in-process-app';

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

/** Polls the server's database until `found` holds (commands travel through the outbox). */
async function eventually<T>(read: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (found(value)) return value;
    if (Date.now() > until) throw new Error(`not found in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function siteChannel(app: InProcessApp) {
  const [channel] = await app.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.type, 'site_chat'));
  if (!channel) throw new Error('no site-chat channel');
  return channel;
}

/** Waits for the editor's save state; on a timeout the error says the state it shows instead. */
async function status(page: Page, value: string, timeout = 15_000): Promise<void> {
  try {
    await page
      .locator(`[data-testid="chatbot-status"][data-status="${value}"]`)
      .waitFor({ timeout });
  } catch (error) {
    const shown = await page.getByTestId('chatbot-status').textContent();
    throw new Error(`the editor did not say ${value}; it says: ${String(shown)}`, { cause: error });
  }
}

/**
 * Issue 24, the chat-bot editor: the administrator draws a three-node bot on the canvas, saves
 * and publishes it, and gives the site chat's chats to it by a routing rule; the server holds
 * the published version, and the editor shows it again after a reload. A draft survives a reload
 * made offline.
 */
describe('the chat-bot editor in Chromium', () => {
  const suite = browserAndApp({ proxy: true });

  it('an administrator draws a three-node bot, saves and publishes it, and routes the site chat to it', async () => {
    const { browser, app, proxy } = suite;
    const db = app.database.db;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${proxy.baseUrl}/admin/preferences/chat-bots`);
    await page.getByTestId('chatbot-add').click();
    await page.waitForURL(/\/chat-bots\/bot\?id=/);
    await status(page, 'unsaved');
    await page.getByTestId('chatbot-problems').waitFor();

    await drawThreeNodeBot(page);
    // The drag led the first button to the answer; the panel led the second to the transfer.
    await page.getByTestId('chatbot-go-to-node').selectOption({ index: 1 });
    const panel = page.getByTestId('chatbot-node-panel');
    await panel.getByTestId('chatbot-node-root').waitFor();
    expect(
      await panel
        .getByTestId('chatbot-button-next')
        .evaluateAll((selects) =>
          selects.map((select) => (select as HTMLSelectElement).selectedOptions[0]?.text),
        ),
    ).toEqual([firstWords(FRONT_DESK.answer), firstWords(FRONT_DESK.transfer)]);
    await page.getByTestId('chatbot-problems').waitFor({ state: 'detached' });

    // Undo takes back the last step (the second edge), redo brings it again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => panel.getByTestId('chatbot-button-next').nth(1).inputValue()).toBe('');
    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(() => panel.getByTestId('chatbot-button-next').nth(1).inputValue())
      .not.toBe('');

    await page.getByTestId('chatbot-save').click();
    await status(page, 'saved');
    const botId = new URL(page.url()).searchParams.get('id') ?? '';
    await page.getByTestId('chatbot-publish').click();
    await toast(page, 'Version 1 published');
    const [version] = await eventually(
      () => db.select().from(t.chatbotVersions).where(eq(t.chatbotVersions.chatbotId, botId)),
      (found) => found.length === 1,
    );
    expect(version?.version).toBe(1);
    const nodes = version?.scenario.nodes ?? [];
    expect(nodes).toHaveLength(3);
    const [greeting, answer, transfer] = nodes;
    const [support] = await db.select().from(t.teams).where(eq(t.teams.name, FRONT_DESK.team));
    expect(greeting?.buttons.map((button) => [button.name, button.next])).toEqual([
      [FRONT_DESK.buttons[0], answer?.id],
      [FRONT_DESK.buttons[1], transfer?.id],
    ]);
    expect(answer?.action).toEqual({ kind: 'close' });
    expect(transfer?.action).toEqual({ kind: 'team', teamId: support?.id });

    // The list says what chats get.
    await page.goto(`${proxy.baseUrl}/admin/preferences/chat-bots`);
    const row = page.locator(`[data-testid="chatbot-row"][data-chatbot-id="${botId}"]`);
    await row.getByTestId('chatbot-state').filter({ hasText: 'published v1' }).waitFor();

    // The site chat's Routing tab gives chats to the bot.
    const channel = await siteChannel(app);
    await page.goto(`${proxy.baseUrl}/admin/preferences/channels/site_chat/edit/${channel.id}`);
    await page.getByTestId('channel-tab-routing').click({ timeout: 20_000 });
    await page.getByTestId('rule-add').click();
    const rule = page.getByTestId('rule-panel');
    await rule.locator('input[name="name"]').fill('Greetings meet the front desk');
    // A rule of its own conditions: the default rule already takes every chat.
    await rule.getByTestId('rule-includeIntents').getByLabel('Greeting').check();
    await rule.locator('select[name="action"]').selectOption('chat_bot');
    await rule.locator('select[name="botId"]').selectOption({ label: FRONT_DESK.name });
    await rule.getByTestId('rule-save').click();
    await toast(page, 'Routing rule created');
    await eventually(
      () =>
        db
          .select()
          .from(t.routingRules)
          .where(
            and(eq(t.routingRules.channelId, channel.id), eq(t.routingRules.isDefault, false)),
          ),
      (found) =>
        found.some((each) => each.action.kind === 'chat_bot' && each.action.botId === botId),
    );

    // The bot a rule uses is not deleted: the refusal in words.
    await page.goto(`${proxy.baseUrl}/admin/preferences/chat-bots`);
    await row.getByTestId('chatbot-delete').click();
    await page.getByTestId('chatbot-delete-confirm').click();
    await page.getByTestId('chatbot-delete-error').waitFor();
    await page.getByTestId('chatbot-delete-dialog').getByRole('button', { name: 'Cancel' }).click();

    // After a reload the editor shows the saved bot and its published version.
    await page.goto(`${proxy.baseUrl}/admin/preferences/chat-bots/bot?id=${botId}`);
    await page.reload();
    await status(page, 'saved');
    await page.locator('[data-testid="chatbot-version"][data-version="1"]').waitFor();
    expect(await page.getByTestId('chatbot-name').inputValue()).toBe(FRONT_DESK.name);
    expect(
      await page.getByTestId('chatbot-go-to-node').locator('option').allTextContents(),
    ).toEqual([
      'Bot settings',
      firstWords(FRONT_DESK.greeting),
      firstWords(FRONT_DESK.answer),
      firstWords(FRONT_DESK.transfer),
    ]);
    await context.close();
  }, 180_000);

  it('a draft edited offline survives a reload, and is saved once the network is back', async () => {
    const { browser, app, proxy } = suite;
    const db = app.database.db;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${proxy.baseUrl}/admin/preferences/chat-bots/bot`);
    await page.waitForURL(/\/chat-bots\/bot\?id=/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    await proxy.cut();
    await context.setOffline(true);
    await page.getByTestId('chatbot-name').fill('Night shift');
    await page.getByTestId('chatbot-default-message').fill('We answer in the morning.');
    await page.getByTestId('chatbot-add-node').click();
    await page.getByTestId('chatbot-node-reply').fill('Good evening! We are closed now.');
    await status(page, 'unsaved');

    await page.reload();
    await status(page, 'unsaved');
    expect(await page.getByTestId('chatbot-name').inputValue()).toBe('Night shift');
    await page.getByTestId('chatbot-go-to-node').selectOption({ index: 1 });
    expect(await page.getByTestId('chatbot-node-reply').inputValue()).toBe(
      'Good evening! We are closed now.',
    );

    // Saved offline: it waits in the outbox, and reaches the server with the network.
    await page.getByTestId('chatbot-save').click();
    await status(page, 'saving');
    await proxy.restore();
    await context.setOffline(false);
    await status(page, 'saved', 60_000);
    const botId = new URL(page.url()).searchParams.get('id') ?? '';
    const [saved] = await eventually(
      () => db.select().from(t.chatbots).where(eq(t.chatbots.id, botId)),
      (found) => found.length === 1,
    );
    expect(saved?.name).toBe('Night shift');
    expect(saved?.scenario.nodes[0]?.reply.text).toBe('Good evening! We are closed now.');
    await context.close();
  }, 120_000);
});
