import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** Opens this customer's chat from a list of the main menu and returns its id. */
async function openFromList(page: Page, list: 'open' | 'assigned', name: string): Promise<string> {
  await page.getByTestId(`menu-${list}`).click();
  await page.getByTestId('chat-row').filter({ hasText: name }).first().click();
  const screen = page.getByTestId('chat-screen').filter({ hasText: name });
  await screen.waitFor();
  const chatId = await screen.getAttribute('data-chat-id');
  if (!chatId) throw new Error('the chat screen names no chat');
  return chatId;
}

/** Whether the message showing `text` is within the thread's visible area, not scrolled away. */
const inView = (page: Page, text: string): Promise<boolean> =>
  page
    .getByTestId('message')
    .filter({ hasText: text })
    .first()
    .evaluate((node) => {
      const box = node.closest('[data-testid="thread"]')?.getBoundingClientRect();
      const own = node.getBoundingClientRect();
      return box !== undefined && own.bottom > box.top && own.top < box.bottom;
    });

/**
 * The chat screen's tools as an operator uses them (issue 4, item 2): drafts kept per chat and
 * across a reload, Shift+Enter, reply templates, emoji, the knowledge-base notice, and a transfer
 * to another team that takes the chat out of the operator's hands.
 */
describe('the chat screen tools', () => {
  const suite = browserAndApp();

  it('keeps drafts per chat, inserts templates and emoji, and transfers to a team', async () => {
    const { browser, app } = suite;
    await app.customerWrites('tools-first', 'Tools Customer', 'Where is my parcel?');
    await app.customerWrites('tools-second', 'Other Customer', 'Hello there');
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);

    const chatId = await openFromList(page, 'open', 'Tools Customer');
    await page.getByTestId('chat-take').click();
    const composer = page.getByTestId('composer');

    // Shift+Enter breaks the line and sends nothing.
    await composer.fill('First line');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('second line');
    expect(await composer.inputValue()).toBe('First line\nsecond line');
    expect(await page.getByTestId('message').filter({ hasText: 'First line' }).count()).toBe(0);

    // The draft stays with its chat: another chat opens empty, and coming back finds it.
    await openFromList(page, 'open', 'Other Customer');
    expect(await page.getByTestId('composer').inputValue()).toBe('');
    await openFromList(page, 'assigned', 'Tools Customer');
    expect(await page.getByTestId('composer').inputValue()).toBe('First line\nsecond line');

    // …and a reload.
    await page.reload();
    await page.getByTestId('chat-screen').filter({ hasText: 'Tools Customer' }).waitFor();
    expect(await page.getByTestId('composer').inputValue()).toBe('First line\nsecond line');

    // A reply template and an emoji go into the reply, which is then sent as one message.
    await page.getByTestId('composer').fill('');
    await page.getByTestId('templates-button').click();
    await page.getByTestId('template').filter({ hasText: 'Hello' }).first().click();
    await expect
      .poll(() => page.getByTestId('composer').inputValue())
      .toContain('Thank you for contacting Demo Store');
    await page.getByTestId('emoji-button').click();
    const emoji =
      (await page.getByTestId('emoji-picker').locator('button').first().textContent()) ?? '';
    expect(emoji).not.toBe('');
    await page.getByTestId('emoji-picker').locator('button').first().click();
    await expect.poll(() => page.getByTestId('composer').inputValue()).toContain(emoji);
    await page.getByTestId('composer').press('Enter');
    await page
      .getByTestId('message')
      .filter({ hasText: 'Thank you for contacting Demo Store' })
      .first()
      .waitFor();

    // The knowledge base belongs to the advanced plan.
    await page.getByTestId('panel-button-knowledge').click();
    await expect
      .poll(() => page.getByTestId('panel-knowledge').textContent())
      .toContain('Available in the advanced plan');

    // Transfer to the Sales team: the chat leaves the operator, and waits in Sales' queue.
    await page.getByTestId('chat-transfer').click();
    await page.getByTestId('transfer-dialog').getByLabel('A team').check();
    await page.getByTestId('transfer-target').selectOption({ label: 'Sales' });
    await page.getByTestId('transfer-confirm').click();
    const [sales] = await app.database.db
      .select({ id: t.teams.id })
      .from(t.teams)
      .where(eq(t.teams.name, 'Sales'));
    await expect
      .poll(
        async () => {
          const [chat] = await app.database.db
            .select({
              teamId: t.chats.teamId,
              operatorId: t.chats.operatorId,
              status: t.chats.status,
            })
            .from(t.chats)
            .where(eq(t.chats.id, chatId));
          return chat;
        },
        { timeout: 10_000 },
      )
      .toEqual({ teamId: sales?.id, operatorId: null, status: 'pending' });
    await page.getByTestId('menu-assigned').click();
    await expect
      .poll(() => page.getByTestId('chat-row').filter({ hasText: 'Tools Customer' }).count())
      .toBe(0);

    await context.close();
  });

  it('draws a long thread from its newest messages and adds earlier ones as the reader scrolls up, keeping their place', async () => {
    const { browser, app } = suite;
    for (let i = 1; i <= 130; i++)
      await app.customerWrites('long-thread', 'Long Thread', `Line ${String(i)} of a long story`);
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await openFromList(page, 'open', 'Long Thread');
    const messages = page.getByTestId('message');
    await messages.filter({ hasText: 'Line 130 of' }).waitFor();
    // The newest hundred, newest in view, and the way to the rest above them.
    expect(await messages.count()).toBe(100);
    expect(await messages.first().textContent()).toContain('Line 31 of');
    expect(await inView(page, 'Line 130 of')).toBe(true);
    expect(await inView(page, 'Line 31 of')).toBe(false);
    const earlier = page.getByTestId('show-earlier');
    await earlier.waitFor();

    // Scrolling to the top draws the rest above, and the line that was at the top stays in view.
    await page.getByTestId('thread').evaluate((box) => {
      box.scrollTop = 0;
    });
    await expect.poll(() => messages.count()).toBe(130);
    expect(await messages.first().textContent()).toContain('Line 1 of');
    expect(await inView(page, 'Line 31 of')).toBe(true);
    expect(await inView(page, 'Line 1 of')).toBe(false);
    expect(await earlier.count()).toBe(0);

    // A new message while reading back adds itself at the end without moving the reader.
    await app.customerWrites('long-thread', 'Long Thread', 'Line 131 of a long story');
    await messages.filter({ hasText: 'Line 131 of' }).waitFor({ state: 'attached' });
    expect(await inView(page, 'Line 31 of')).toBe(true);
    expect(await inView(page, 'Line 131 of')).toBe(false);

    // A reply sent while reading back takes the reader to it: they want to see what they sent.
    await page.getByTestId('composer').fill('Answering the whole story');
    await page.getByTestId('composer').press('Enter');
    await expect.poll(() => inView(page, 'Answering the whole story')).toBe(true);
    expect(await inView(page, 'Line 31 of')).toBe(false);
    await context.close();
  }, 120_000);
});
