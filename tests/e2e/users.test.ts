import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import type { InProcessApp } from './in-process-app';
import { browserAndApp } from './in-process-app';
import { signedInPage, type Page } from './browser';
import { demoIds } from '../server/harness';

const usersNamed = (app: InProcessApp, name: string) =>
  app.database.db.select().from(t.users).where(eq(t.users.name, name));

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

const userRow = (page: Page, name: string) =>
  page
    .getByTestId('user-row')
    .filter({ has: page.getByTestId('user-name').getByText(name, { exact: true }) });

/** The error under the field labelled `label`. */
const fieldError = (page: Page, label: string) =>
  page
    .getByTestId('user-form')
    .locator('.field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.field__error');

/** A small real JPEG (1×1), as a phone or a camera would produce one. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PASSWORD = 'Welcome#2026';

/**
 * Issue 6: the administrator runs the organization's people through the Users screens. Every
 * step is checked on the screen, as the administrator sees it, and in the database.
 */
describe('the Users screens in Chromium', () => {
  const suite = browserAndApp();

  it('the administrator adds a user with a photo, role, team and password, is refused a taken e-mail at the field, and finds a deactivated user under Inactive', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-users').click();
    await page.waitForURL(/\/admin\/users\/all/);
    await userRow(page, 'Oscar Operator').waitFor();

    // Add: a PNG is turned away at once, then a JPEG is previewed.
    await page.getByTestId('user-add').click();
    await page.waitForURL(/\/admin\/users\/edit$/);
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-photo-input').setInputFiles({
      name: 'face.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await form.getByText('The photo must be a JPEG image').waitFor();
    await form.getByTestId('user-photo-input').setInputFiles({
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await form.getByTestId('user-photo').waitFor();
    expect(await form.getByText('The photo must be a JPEG image').count()).toBe(0);
    await form.getByLabel('Name', { exact: true }).fill('Polina Petrova');
    await form.getByLabel('E-mail', { exact: true }).fill('Polina@Demo.test');
    await form.getByLabel('Phone', { exact: true }).fill('+7 912 000-11-22');
    await form.getByLabel('Affiliation', { exact: true }).fill('Acme Outsourcing');
    await form.getByLabel('Role', { exact: true }).selectOption({ label: 'Supervisor' });
    await form.getByTestId('user-teams').getByLabel('Sales', { exact: true }).check();
    await form.getByLabel('Automatic break after, minutes').fill('1000');
    await form.getByText('Time specified incorrectly: the automatic break will be off').waitFor();
    await form.getByLabel('Automatic break after, minutes').fill('20');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password', { exact: true }).fill(`${PASSWORD}x`);
    await form.getByTestId('user-save').click();
    await fieldError(page, 'Repeat password')
      .filter({ hasText: 'Passwords do not match' })
      .waitFor();
    expect(await usersNamed(app, 'Polina Petrova')).toHaveLength(0);
    await form.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
    await form.getByTestId('user-save').click();
    await toast(page, 'User created');
    await page.waitForURL(/\/admin\/users\/all/);
    const row = userRow(page, 'Polina Petrova');
    await row.waitFor();
    // The photo comes back from the server with the session's token and shows in the row.
    await row.getByTestId('user-photo').waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual([
      '',
      'Polina Petrova',
      'polina@demo.test',
      'Supervisor',
      'Sales',
      'Offline',
      'Never',
      'Yes',
      'Edit',
    ]);
    const ids = await demoIds(app.database);
    const [created] = await usersNamed(app, 'Polina Petrova');
    expect(created).toMatchObject({
      email: 'polina@demo.test',
      phone: '+7 912 000-11-22',
      affiliation: 'Acme Outsourcing',
      roleId: ids.supervisor.roleId,
      teamIds: [ids.sales.id],
      autoBreakMinutes: 20,
      active: true,
    });
    expect(created?.passwordHash).toMatch(/^\$argon2id\$/);
    const photoId = /^\/api\/files\/(.+)$/.exec(created?.photoUrl ?? '')?.[1] ?? '';
    const [photo] = await app.database.db.select().from(t.files).where(eq(t.files.id, photoId));
    expect(photo).toMatchObject({ type: 'image/jpeg', size: JPEG.length });
    const signIn = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'polina@demo.test', password: PASSWORD }),
    });
    expect(((await signIn.json()) as { code: string }).code).toBe('ok');

    // A second user with a taken e-mail: refused at the e-mail field, nothing created.
    await page.getByTestId('user-add').click();
    await form.getByLabel('Name', { exact: true }).fill('Second Oscar');
    await form.getByLabel('E-mail', { exact: true }).fill('operator@demo.test');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
    await form.getByTestId('user-save').click();
    await fieldError(page, 'E-mail')
      .filter({ hasText: 'This e-mail is already used' })
      .waitFor({ timeout: 10_000 });
    expect(await usersNamed(app, 'Second Oscar')).toHaveLength(0);
    expect(await page.getByTestId('rejected-error').count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/admin\/users\/all/);
    expect(await userRow(page, 'Second Oscar').count()).toBe(0);

    // Deactivate Polina; the Inactive filter shows her, and only the inactive.
    await row.getByTestId('user-edit').click();
    await page.waitForURL(/\/admin\/users\/edit\?id=/);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Polina Petrova');
    expect(await form.getByLabel('Automatic break after, minutes').inputValue()).toBe('20');
    await form.getByLabel('Account active').uncheck();
    await form.getByTestId('user-save').click();
    await toast(page, 'User saved');
    await page.waitForURL(/\/admin\/users\/all/);
    await expect.poll(async () => (await usersNamed(app, 'Polina Petrova'))[0]?.active).toBe(false);
    await page.getByTestId('users-filter').selectOption('inactive');
    await row.waitFor();
    expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Polina Petrova']);
    expect(await row.getByTestId('user-active').innerText()).toBe('No');
    await page.getByTestId('users-filter').selectOption('active');
    await row.waitFor({ state: 'detached' });

    // The search: nothing matches, and the spec's empty state says so.
    await page.getByTestId('users-search').fill('nobody-like-this');
    await page.getByTestId('users-empty').getByText('Users not found').waitFor();
    await context.close();
  }, 180_000);
});
