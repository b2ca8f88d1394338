import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/passwords';
import * as t from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/demo/demo-data';
import { newId } from '../../src/protocol';
import { signedInPage, waitForQueued, type Page } from './browser';
import { browserAndApp, type InProcessApp } from './in-process-app';

const teamId = async (app: InProcessApp, name: string) => {
  const [team] = await app.database.db.select().from(t.teams).where(eq(t.teams.name, name));
  if (!team) throw new Error(`no team ${name}`);
  return team;
};

/** A second operator, of Sales only: the demo has one operator, of Support. */
async function salesOperator(app: InProcessApp): Promise<string> {
  const sales = await teamId(app, 'Sales');
  const [role] = await app.database.db
    .select()
    .from(t.roles)
    .where(and(eq(t.roles.orgId, sales.orgId), eq(t.roles.name, 'Operator')));
  if (!role) throw new Error('no Operator role');
  const email = 'sales.operator@demo.test';
  await app.database.db.insert(t.users).values({
    id: newId(),
    orgId: sales.orgId,
    email,
    name: 'Sofia Sales',
    roleId: role.id,
    teamIds: [sales.id],
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  return email;
}

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).last().waitFor({ timeout: 10_000 });

/** The categories page's row whose own name is exactly `name`. */
const categoryRow = (page: Page, name: string) =>
  page
    .getByTestId('category-row')
    .filter({ has: page.getByTestId('category-name-text').getByText(name, { exact: true }) });

/** The supervisor adds a category (or, under a row, a topic or subtopic) for Support only. */
async function supervisorAddsCategory(page: Page, name: string, under?: string): Promise<void> {
  if (under === undefined) await page.getByTestId('category-add').click();
  else await categoryRow(page, under).getByTestId('category-add-child').click();
  const panel = page.getByTestId('category-panel');
  await panel.getByTestId('category-name').fill(name);
  await panel.getByLabel('Support', { exact: true }).check();
  await panel.getByTestId('category-save').click();
  await toast(page, 'Category created');
  await categoryRow(page, name).waitFor();
  await panel.waitFor({ state: 'detached' });
}

/** On the preferences pages: Warranty › Repair › Cracked screen and a template, for Support. */
async function supervisorAddsCategoryAndTemplate(page: Page, app: InProcessApp): Promise<void> {
  await page.goto(`${app.baseUrl}/admin/preferences/categories`);
  await categoryRow(page, 'Delivery').waitFor({ timeout: 15_000 });
  await supervisorAddsCategory(page, 'Warranty');
  await supervisorAddsCategory(page, 'Repair', 'Warranty');
  await supervisorAddsCategory(page, 'Cracked screen', 'Repair');
  await supervisorAddsTemplate(page, app);
}

/** The supervisor files a template for Support, with the client's name put in by its button. */
async function supervisorAddsTemplate(page: Page, app: InProcessApp): Promise<void> {
  await page.goto(`${app.baseUrl}/admin/preferences/templates/custom`);
  await page.getByTestId('template-category-add').click();
  const categoryPanel = page.getByTestId('template-category-panel');
  await categoryPanel.getByLabel('Name').fill('Warranty');
  await categoryPanel.getByLabel('Support').check();
  await categoryPanel.getByTestId('template-category-save').click();
  await toast(page, 'Template category created');

  await page.getByTestId('template-add').click();
  const panel = page.getByTestId('template-panel');
  await panel.getByLabel('Title').fill('Warranty repair');
  const text = panel.locator('textarea[name="text"]');
  await text.fill('Hello, ! I am {operator.firstName}, and I will arrange the repair.');
  await text.press('Control+Home');
  for (let i = 0; i < 'Hello, '.length; i += 1) await text.press('ArrowRight');
  await panel.getByTestId('placeholder-client.name').click();
  await expect
    .poll(() => text.inputValue())
    .toBe('Hello, {client.name}! I am {operator.firstName}, and I will arrange the repair.');
  await panel.getByTestId('template-category').selectOption({ label: 'Warranty' });
  await panel.getByTestId('template-teams').getByLabel('Support').check();
  await panel.getByTestId('template-save').click();
  await toast(page, 'Template created');
  await page.getByTestId('template-row').filter({ hasText: 'Warranty repair' }).waitFor();
}

/** Opens the first chat of the Pending list whose row holds `text`, and takes it. */
async function takeFromPending(page: Page, text: string): Promise<string> {
  await page.getByTestId('menu-open').click();
  await page.getByTestId('chat-row').filter({ hasText: text }).first().click();
  const screen = page.getByTestId('chat-screen').filter({ hasText: text });
  await screen.waitFor();
  await page.getByTestId('chat-take').click();
  const chatId = await screen.getAttribute('data-chat-id');
  if (!chatId) throw new Error('the chat screen names no chat');
  return chatId;
}

/** The template texts the composer's picker offers in the open chat. */
async function offeredTemplates(page: Page): Promise<string[]> {
  await page.getByTestId('templates-button').click();
  await page.getByTestId('template-picker').waitFor();
  const texts = await page.getByTestId('template').allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

/** The names the close dialog offers at the top level of the category picker. */
async function offeredCategories(page: Page): Promise<string[]> {
  await page.getByTestId('chat-close').click();
  const options = await page.getByTestId('category-level-0').locator('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

/**
 * Issue 20, "Done when": a supervisor adds a category with a topic and a subtopic for one team and
 * a template with a placeholder for that team; an operator of that team closes a chat with the new
 * subtopic and inserts the template with the client's name filled; an operator of another team
 * sees neither.
 */
describe('categories and templates, from the supervisor to the operators (Chromium)', () => {
  const suite = browserAndApp();

  it("a supervisor's category and template for Support reach Support's operator only", async () => {
    const { browser, app } = suite;
    const salesEmail = await salesOperator(app);
    await app.customerWrites('warranty-1', 'Maria Lopez', 'My screen cracked under warranty');

    // The supervisor, on the preferences pages.
    const { context: supervisorContext, page: supervisor } = await signedInPage(
      browser,
      app.baseUrl,
      'supervisor@demo.test',
    );
    await supervisor.waitForURL(/\/admin\/chats/);
    await supervisorAddsCategoryAndTemplate(supervisor, app);
    await supervisorContext.close();

    // Support's operator: the template comes with the client's name filled, the subtopic closes.
    const { context: operatorContext, page: operator } = await signedInPage(
      browser,
      app.baseUrl,
      'operator@demo.test',
    );
    await operator.waitForURL(/\/admin\/chats/);
    const chatId = await takeFromPending(operator, 'Maria Lopez');
    await expect
      .poll(async () => {
        const [chat] = await app.database.db.select().from(t.chats).where(eq(t.chats.id, chatId));
        return chat?.status;
      })
      .toBe('assigned');
    // Offline: the templates are on the device, and the reply waits in the outbox.
    await operatorContext.setOffline(true);
    await operator.getByTestId('templates-button').click();
    const offered = operator.getByTestId('template').filter({ hasText: 'Warranty repair' });
    // The picker shows what the customer will read, not the placeholder.
    expect(await offered.textContent()).toContain('Hello, Maria Lopez! I am Oscar');
    await offered.click();
    await expect
      .poll(() => operator.getByTestId('composer').inputValue())
      .toBe('Hello, Maria Lopez! I am Oscar, and I will arrange the repair.');
    await operator.getByTestId('composer').press('Enter');
    await operator
      .getByTestId('message')
      .filter({ hasText: 'Hello, Maria Lopez! I am Oscar' })
      .waitFor();
    await waitForQueued(operator, 1);
    await operatorContext.setOffline(false);

    await operator.getByTestId('chat-close').click();
    await operator.getByTestId('category-level-0').selectOption({ label: 'Warranty' });
    await operator.getByTestId('category-level-1').selectOption({ label: 'Repair' });
    await operator.getByTestId('category-level-2').selectOption({ label: 'Cracked screen' });
    await operator.getByTestId('close-confirm').click();
    const [subtopic] = await app.database.db
      .select()
      .from(t.requestCategories)
      .where(eq(t.requestCategories.name, 'Cracked screen'));
    await expect
      .poll(async () => {
        const [chat] = await app.database.db.select().from(t.chats).where(eq(t.chats.id, chatId));
        return chat && { status: chat.status, categoryId: chat.categoryId };
      })
      .toEqual({ status: 'closed', categoryId: subtopic?.id });
    const [sent] = await app.database.db
      .select()
      .from(t.messages)
      .where(and(eq(t.messages.chatId, chatId), eq(t.messages.authorKind, 'operator')));
    expect(sent?.text).toBe('Hello, Maria Lopez! I am Oscar, and I will arrange the repair.');
    await operatorContext.close();

    // Sales' operator, on a Sales chat: neither the template nor the category is offered.
    const { context: salesContext, page: sales } = await signedInPage(
      browser,
      app.baseUrl,
      salesEmail,
    );
    await sales.waitForURL(/\/admin\/chats/);
    // Dmitry Sokolov's chat waits in Sales' queue in the demo data.
    await takeFromPending(sales, 'Dmitry Sokolov');
    const salesTemplates = await offeredTemplates(sales);
    expect(salesTemplates.some((text) => text.includes('Hello! Thank you for contacting'))).toBe(
      true,
    );
    expect(salesTemplates.join('\n')).not.toContain('Warranty repair');
    const salesCategories = await offeredCategories(sales);
    expect(salesCategories).toContain('Delivery');
    expect(salesCategories).not.toContain('Warranty');
    await salesContext.close();
  }, 180_000);
});
