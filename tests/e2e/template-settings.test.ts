import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { commandAs, signedInPage, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

/**
 * Issue 20, the reply templates page: the supervisor files a template under a category of their
 * own for one team, with a placeholder put in by its button and the preview a client would read,
 * then finds, edits and deletes it; a template without a category is refused at its field.
 */
describe('the reply templates page in Chromium', () => {
  const suite = browserAndApp();

  it('the supervisor creates a category and a template with a placeholder, finds, edits and deletes it; no category is refused at the field', async () => {
    const { browser, app } = suite;
    const db = app.database.db;
    const [sales] = await db.select().from(t.teams).where(eq(t.teams.name, 'Sales'));
    const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/preferences/templates/custom`);
    await page.getByTestId('template-category-row').first().waitFor();

    // A template category for Sales only.
    await page.getByTestId('template-category-add').click();
    const categoryPanel = page.getByTestId('template-category-panel');
    await categoryPanel.getByLabel('Name').fill('Sales offers');
    await categoryPanel.getByLabel('Sales').check();
    expect(await categoryPanel.getByTestId('teams-field-all').isChecked()).toBe(false);
    await categoryPanel.getByTestId('template-category-save').click();
    await toast(page, 'Template category created');
    const categoryRow = page
      .getByTestId('template-category-row')
      .filter({ hasText: 'Sales offers' });
    await categoryRow.waitFor();
    expect(await categoryRow.innerText()).toContain('Sales');
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(t.templateCategories)
              .where(eq(t.templateCategories.name, 'Sales offers'))
          )[0]?.teamIds,
      )
      .toEqual([sales?.id]);

    // A template in it: the client's name put at the caret by its button, the preview filled.
    await page.getByTestId('template-add').click();
    const panel = page.getByTestId('template-panel');
    await panel.getByLabel('Title').fill('Welcome offer');
    const text = panel.locator('textarea[name="text"]');
    await text.fill('Hello, ! Your first order gets 5% off.');
    await text.press('Control+Home');
    for (let i = 0; i < 'Hello, '.length; i += 1) await text.press('ArrowRight');
    await panel.getByTestId('placeholder-client.name').click();
    expect(await text.inputValue()).toBe('Hello, {client.name}! Your first order gets 5% off.');
    expect(await panel.getByTestId('template-preview').innerText()).toBe(
      'Hello, Anna Petrova! Your first order gets 5% off.',
    );
    await panel.getByTestId('template-category').selectOption({ label: 'Sales offers' });
    await panel.getByTestId('template-teams').getByLabel('Sales').check();
    await panel.getByTestId('template-save').click();
    await toast(page, 'Template created');
    const row = page.getByTestId('template-row').filter({ hasText: 'Welcome offer' });
    await row.waitFor();
    const [category] = await db
      .select()
      .from(t.templateCategories)
      .where(eq(t.templateCategories.name, 'Sales offers'));
    await expect
      .poll(
        async () =>
          (await db.select().from(t.templates).where(eq(t.templates.title, 'Welcome offer')))[0],
      )
      .toMatchObject({
        text: 'Hello, {client.name}! Your first order gets 5% off.',
        categoryId: category?.id,
        teamIds: [sales?.id],
      });

    // Found by words of its title and text, in any case; the others are not listed.
    await page.getByTestId('template-search').fill('WELCOME first');
    await expect.poll(() => page.getByTestId('template-row').count()).toBe(1);
    await page.getByTestId('template-search').fill('welcome refund');
    await page.getByTestId('templates-empty').waitFor();
    await page.getByTestId('template-search').fill('welcome');

    // Edited: a new title, and the toast.
    await row.getByRole('button', { name: 'Welcome offer' }).click();
    await panel.getByLabel('Title').fill('Welcome discount');
    await panel.getByTestId('template-save').click();
    await toast(page, 'Template saved');
    await page.getByTestId('template-search').fill('');
    const edited = page.getByTestId('template-row').filter({ hasText: 'Welcome discount' });
    await edited.waitFor();
    await expect
      .poll(
        async () =>
          (await db.select().from(t.templates).where(eq(t.templates.title, 'Welcome discount')))
            .length,
      )
      .toBe(1);

    // The category holds a template: deleting it is explained, not sent.
    await categoryRow.getByRole('button', { name: 'Sales offers' }).click();
    await categoryPanel.getByTestId('template-category-delete').click();
    await page.getByTestId('template-category-in-use').waitFor();
    expect(await page.getByTestId('template-category-delete-confirm').isDisabled()).toBe(true);
    await page
      .getByTestId('template-category-delete-dialog')
      .getByRole('button', { name: 'Cancel' })
      .click();
    await categoryPanel.getByRole('button', { name: 'Cancel' }).click();

    // Deleted.
    await edited.getByRole('button', { name: 'Welcome discount' }).click();
    await panel.getByTestId('template-delete').click();
    await page.getByTestId('template-delete-confirm').click();
    await toast(page, 'Template deleted');
    await edited.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await db.select().from(t.templates).where(eq(t.templates.title, 'Welcome discount')))
            .length,
      )
      .toBe(0);

    // An old template filed under no category is listed under "No category", and saving it asks
    // for one at the field (spec §5): nothing is sent.
    const loose = page
      .getByTestId('template-row')
      .filter({ hasText: 'Discount for a second order' });
    expect(await loose.innerText()).toContain('No category');
    await loose.getByRole('button', { name: 'Discount for a second order' }).click();
    await panel.getByTestId('template-save').click();
    await panel.getByText('Choose a template category').waitFor();
    const [old] = await db
      .select()
      .from(t.templates)
      .where(eq(t.templates.title, 'Discount for a second order'));
    expect(old?.categoryId).toBeNull();
    // The server names the same refusal and its field, which the panel shows there too.
    const refused = await commandAs(page, 'template.update', {
      templateId: old?.id,
      title: old?.title,
      text: old?.text,
      categoryId: null,
      teamIds: old?.teamIds,
    });
    expect(refused?.ok ? null : refused?.error).toMatchObject({
      name: 'TEMPLATE_CATEGORY_NOT_SELECTED',
      params: { field: 'categoryId' },
    });

    // A plan without the template management pack: the page says so and offers no changes.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const [org] = await db.select().from(t.organizations);
    await db.update(t.organizations).set({
      options: (org?.options ?? []).filter((option) => option !== 'OPTION_TEMPLATE_MANAGEMENT'),
    });
    try {
      await page.reload();
      await page.getByTestId('templates-no-option').waitFor({ timeout: 10_000 });
      await page.getByTestId('template-row').first().waitFor();
      expect(await page.getByTestId('template-add').count()).toBe(0);
      expect(await page.getByTestId('template-category-add').count()).toBe(0);
      expect(await page.getByTestId('template-row').getByRole('button').count()).toBe(0);
    } finally {
      await db.update(t.organizations).set({ options: org?.options ?? [] });
    }
    await context.close();
  }, 120_000);
});
