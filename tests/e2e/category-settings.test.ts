import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { signedInPage, type Page } from './browser';
import { browserAndApp, type InProcessApp } from './in-process-app';

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).last().waitFor({ timeout: 10_000 });

/** The categories page's row whose own name is exactly `name`. */
const row = (page: Page, name: string) =>
  page
    .getByTestId('category-row')
    .filter({ has: page.getByTestId('category-name-text').getByText(name, { exact: true }) });

/** The organization's live request categories as the server stored them, by name. */
async function storedCategories(app: InProcessApp, orgId: string) {
  const rows = await app.database.db
    .select()
    .from(t.requestCategories)
    .where(and(eq(t.requestCategories.orgId, orgId), eq(t.requestCategories.retired, false)));
  return rows;
}

/** Opens the panel (from the top, or from a row's "Add topic"), fills it, and saves. */
async function addCategory(page: Page, name: string, team: string, under?: string) {
  if (under === undefined) await page.getByTestId('category-add').click();
  else await row(page, under).getByTestId('category-add-child').click();
  const panel = page.getByTestId('category-panel');
  await panel.getByTestId('category-name').fill(name);
  await panel.getByLabel(team, { exact: true }).check();
  await panel.getByTestId('category-save').click();
  await toast(page, 'Category created');
  await row(page, name).waitFor();
  await panel.waitFor({ state: 'detached' });
}

/**
 * Issue 20, the supervisor's side: a category tree for one team built and edited on
 * `/admin/preferences/categories`, a ready-made set added over the demo's own categories (only
 * its missing rows), and a branch deleted — each seen on the page and in what the server stored.
 */
describe('the request category pages in Chromium', () => {
  const suite = browserAndApp();

  it('a supervisor builds a Sales-only branch, renames it, adds a ready-made set and deletes the branch', async () => {
    const { browser, app } = suite;
    const [sales] = await app.database.db.select().from(t.teams).where(eq(t.teams.name, 'Sales'));
    if (!sales) throw new Error('no Sales team');
    const orgId = sales.orgId;

    const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/preferences/categories`);
    await row(page, 'Delivery').waitFor({ timeout: 15_000 });

    // A category, a topic under it and a subtopic under that, each for Sales only.
    await addCategory(page, 'Warranty', 'Sales');
    await addCategory(page, 'Repair', 'Sales', 'Warranty');
    await addCategory(page, 'Screen', 'Sales', 'Repair');
    expect(await row(page, 'Screen').getAttribute('data-level')).toBe('3');
    // Level three is the last: a subtopic offers no "Add subtopic".
    expect(await row(page, 'Screen').getByTestId('category-add-child').count()).toBe(0);
    expect(await row(page, 'Warranty').getByTestId('category-teams-text').innerText()).toBe(
      'Sales',
    );

    // Renamed: the page shows the new name.
    await row(page, 'Screen').getByTestId('category-edit').click();
    const panel = page.getByTestId('category-panel');
    await panel.getByTestId('category-name').fill('Screen repair');
    await panel.getByTestId('category-save').click();
    await toast(page, 'Category saved');
    await row(page, 'Screen repair').waitFor();

    await expect
      .poll(async () =>
        (await storedCategories(app, orgId)).some((c) => c.name === 'Screen repair'),
      )
      .toBe(true);
    const stored = await storedCategories(app, orgId);
    const byName = new Map(stored.map((c) => [c.name, c]));
    const warranty = byName.get('Warranty');
    const repair = byName.get('Repair');
    expect(warranty?.parentId).toBeNull();
    expect(repair?.parentId).toBe(warranty?.id);
    expect(byName.get('Screen repair')?.parentId).toBe(repair?.id);
    for (const name of ['Warranty', 'Repair', 'Screen repair'])
      expect(byName.get(name)?.teamIds).toEqual([sales.id]);
    expect(byName.has('Screen')).toBe(false);

    // Moved up under the category: it becomes a topic.
    await row(page, 'Screen repair').getByTestId('category-move').click();
    await page.getByTestId('category-move-place').selectOption({ label: 'Warranty' });
    await page.getByTestId('category-move-confirm').click();
    await toast(page, 'Category moved');
    await expect.poll(() => row(page, 'Screen repair').getAttribute('data-level')).toBe('2');
    await expect
      .poll(async () => {
        const moved = (await storedCategories(app, orgId)).find((c) => c.name === 'Screen repair');
        return moved?.parentId;
      })
      .toBe(warranty?.id);

    // The close rule: not predicted, so the switch waits for the server's event.
    const required = page.getByTestId('categories-required-switch');
    expect(await required.isChecked()).toBe(false);
    await required.check();
    await toast(page, 'Categories are now required when closing a chat');
    expect(await required.isChecked()).toBe(true);
    const [organization] = await app.database.db
      .select()
      .from(t.organizations)
      .where(eq(t.organizations.id, orgId));
    expect(organization?.usesCategories).toBe(true);

    // The online shop set over the demo's Delivery › Late delivery / Change of address and
    // Payments: only its other 20 rows are added, under the existing ones where they belong.
    await page.getByTestId('categories-sets-link').click();
    await page
      .getByTestId('category-set')
      .filter({ hasText: 'Online shop' })
      .getByTestId('category-set-open')
      .click();
    await page.getByTestId('category-set-missing').getByText('20 rows will be added').waitFor();
    await page.getByTestId('category-set-apply').click();
    await page.getByTestId('category-set-done').waitFor({ timeout: 20_000 });
    await toast(page, '20 categories added');
    await page
      .getByTestId('category-set-missing')
      .getByText('You already have every row')
      .waitFor();

    await page.getByTestId('category-set-done-link').click();
    await row(page, 'Wrong size').waitFor();
    await row(page, 'Delivery cost').waitFor();
    expect(await row(page, 'Delivery').count()).toBe(1);
    const afterSet = await storedCategories(app, orgId);
    const named = (name: string) => afterSet.filter((c) => c.name === name);
    expect(afterSet).toHaveLength(4 + 3 + 20);
    expect(named('Delivery')).toHaveLength(1);
    expect(named('Delivery cost')[0]?.parentId).toBe(named('Delivery')[0]?.id);
    expect(named('Refund')[0]?.parentId).toBe(named('Payments')[0]?.id);
    expect(named('Wrong size')[0]?.parentId).toBe(named('Return an item')[0]?.id);
    expect(named('Returns')[0]?.teamIds).toEqual([]);

    // Deleted with its children: no chat used them, so the server erases all three.
    await row(page, 'Warranty').getByTestId('category-delete').click();
    const dialog = page.getByTestId('category-delete-dialog');
    await dialog.getByText('kept for their history').waitFor();
    await page.getByTestId('category-delete-confirm').click();
    await toast(page, 'Category deleted');
    await row(page, 'Warranty').waitFor({ state: 'detached' });
    expect(await row(page, 'Repair').count()).toBe(0);
    await expect
      .poll(async () =>
        (await app.database.db.select().from(t.requestCategories)).filter((c) =>
          ['Warranty', 'Repair', 'Screen repair'].includes(c.name),
        ),
      )
      .toEqual([]);

    // A well-formed id of no set: the page says so.
    await page.goto(
      `${app.baseUrl}/admin/preferences/categories/template/0190a0b4-5e70-7000-8000-0000000000ff`,
    );
    await page.getByTestId('category-set-not-found').waitFor();

    await context.close();
  }, 150_000);
});
