import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import type { InProcessApp } from './in-process-app';
import { browserAndApp } from './in-process-app';
import { signedInPage, type Page } from './browser';

const teamsNamed = (app: InProcessApp, name: string) =>
  app.database.db
    .select()
    .from(t.teams)
    .where(sql`lower(${t.teams.name}) = lower(${name})`);

const rolesNamed = (app: InProcessApp, name: string) =>
  app.database.db.select().from(t.roles).where(eq(t.roles.name, name));

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

const teamRow = (page: Page, name: string) =>
  page.getByTestId('team-row').filter({ has: page.getByRole('button', { name, exact: true }) });

/**
 * Issue 6: the administrator runs teams and roles through their screens. Every step is checked on
 * the screen, as the administrator sees it, and in the database, where it must really have happened.
 */
describe('the Teams and Roles screens in Chromium', () => {
  const suite = browserAndApp();

  it('a supervisor adds the operator to Sales on its panel and takes them out again', async () => {
    const { browser, app } = suite;
    const operatorTeams = async () => {
      const [row] = await app.database.db
        .select({ teamIds: t.users.teamIds })
        .from(t.users)
        .where(eq(t.users.email, 'operator@demo.test'));
      return row?.teamIds ?? [];
    };
    const [sales] = await teamsNamed(app, 'Sales');
    const { context, page } = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-teams').click();
    await page.waitForURL(/\/admin\/teams\/all/);
    await teamRow(page, 'Sales').getByRole('button', { name: 'Sales', exact: true }).click();
    const panel = page.getByTestId('team-panel');
    await panel.getByLabel('Add an operator').selectOption({ label: 'Oscar Operator' });
    await panel.getByTestId('team-member-add').click();
    const members = panel.getByTestId('team-members');
    await members.getByText('Oscar Operator').waitFor();
    await expect.poll(operatorTeams).toContain(sales?.id);

    await panel.getByRole('button', { name: 'Remove Oscar Operator from the team' }).click();
    await expect.poll(operatorTeams).not.toContain(sales?.id);
    expect(await members.getByText('Oscar Operator').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('the administrator creates a team in the side panel, is told a second one of that name exists, edits it and deletes it', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-teams').click();
    await page.waitForURL(/\/admin\/teams\/all/);
    await teamRow(page, 'Support').waitFor();

    // Create: every field filled, then the toast and the new row.
    await page.getByTestId('team-add').click();
    const panel = page.getByTestId('team-panel');
    // Spec §5: a required field's label carries the asterisk, and its input says it is required.
    expect(await panel.getByLabel('Name').getAttribute('aria-required')).toBe('true');
    expect(
      await panel
        .locator('label', { hasText: 'Name' })
        .evaluate((label) => getComputedStyle(label, '::after').content),
    ).toBe('" *"');
    expect(await panel.getByLabel('Distribution method').getAttribute('aria-required')).toBeNull();
    await panel.getByLabel('Name').fill('Returns');
    await panel.getByLabel('Description').fill('Refunds and exchanges');
    await panel.getByLabel('Distribution method').selectOption('least_busy');
    await panel.getByLabel('Dialog limit per operator').fill('0');
    await panel.getByTestId('team-save').click();
    await panel.getByText('Enter a whole number from 1 to 999').waitFor();
    await panel.getByLabel('Dialog limit per operator').fill('7');
    await panel.getByLabel('Redistribute unanswered chats').check();
    await panel.getByLabel('Redistribution time, minutes').fill('12');
    await panel.getByLabel('Close chats when the customer goes quiet').check();
    await panel.getByLabel('Customer inactivity, minutes').fill('90');
    await panel.getByLabel('Close unattended chats').selectOption('48');
    await panel.getByLabel('Inactivity time, minutes').fill('5');
    await panel.getByTestId('team-save').click();
    await panel.getByText('Inactivity time must be 0 or above 23').waitFor();
    expect(await teamsNamed(app, 'Returns')).toHaveLength(0);
    await panel.getByLabel('Inactivity time, minutes').fill('30');
    await panel.getByTestId('team-save').click();
    await toast(page, 'Team created');
    await panel.waitFor({ state: 'detached' });
    await teamRow(page, 'Returns').waitFor();
    expect(await teamRow(page, 'Returns').locator('td').allInnerTexts()).toEqual([
      'Returns',
      'Refunds and exchanges',
      'Least busy operator',
      '0',
      '7',
    ]);
    const [created] = await teamsNamed(app, 'Returns');
    expect(created).toMatchObject({
      description: 'Refunds and exchanges',
      distributionMethod: 'least_busy',
      dialogLimit: 7,
      redistributionMinutes: 12,
      autoCloseMinutes: 90,
      unattendedCloseHours: 48,
      inactivityMinutes: 30,
    });

    // A second team of the same name (another case): refused at the name field, nothing created.
    await page.getByTestId('team-add').click();
    await panel.getByLabel('Name').fill('returns');
    await panel.getByLabel('Description').fill('A second one');
    await panel.getByTestId('team-save').click();
    const nameError = panel
      .locator('.field')
      .filter({ has: page.getByLabel('Name', { exact: true }) })
      .locator('.field__error');
    await nameError.filter({ hasText: 'A team with this name already exists' }).waitFor({
      timeout: 10_000,
    });
    expect(await teamsNamed(app, 'returns')).toHaveLength(1);
    expect(await page.getByTestId('rejected-error').count()).toBe(0);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('team-row').count()).toBe(3);

    // Edit: the row being edited is selected, the change is saved and shown.
    await teamRow(page, 'Returns').getByRole('button', { name: 'Returns' }).click();
    expect(await teamRow(page, 'Returns').getAttribute('aria-selected')).toBe('true');
    expect(await panel.getByLabel('Dialog limit per operator').inputValue()).toBe('7');
    await panel.getByLabel('Name').fill('Returns and refunds');
    await panel.getByLabel('Dialog limit per operator').fill('9');
    await panel.getByLabel('Close chats when the customer goes quiet').uncheck();
    await panel.getByTestId('team-save').click();
    await toast(page, 'Team saved');
    await teamRow(page, 'Returns and refunds').waitFor();
    await expect
      .poll(async () => (await teamsNamed(app, 'Returns and refunds'))[0])
      .toMatchObject({ id: created?.id, dialogLimit: 9, autoCloseMinutes: null });

    // Delete through the confirm dialog.
    await teamRow(page, 'Returns and refunds').getByRole('button').click();
    await panel.getByTestId('team-delete').click();
    await page.getByTestId('team-delete-dialog').getByText('Returns and refunds').waitFor();
    await page.getByTestId('team-delete-confirm').click();
    await toast(page, 'Team deleted');
    await teamRow(page, 'Returns and refunds').waitFor({ state: 'detached' });
    await expect.poll(async () => (await teamsNamed(app, 'Returns and refunds')).length).toBe(0);
    await context.close();
  }, 120_000);

  it('the administrator creates a role with two rights, sees it listed with them, and deletes it', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-preferences').click();
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(/\/admin\/preferences\/roles/);
    const builtIn = page.getByTestId('roles-built-in');
    await builtIn.getByRole('row').filter({ hasText: 'Administrator' }).waitFor();
    expect(await builtIn.getByRole('button').count()).toBe(0);
    await page.getByTestId('roles-empty').waitFor();

    await page.getByTestId('role-add').click();
    const panel = page.getByTestId('role-panel');
    // The rights are listed (one every organization has is there) before one is checked absent.
    await panel.getByLabel('All statistics').waitFor();
    expect(await panel.getByText('Observer of all companies').count()).toBe(0);
    await panel.getByLabel('Name').fill('Team lead');
    await panel.getByLabel('Description').fill('Runs a team and reads its reports');
    await panel.getByLabel('All statistics').check();
    await panel.getByLabel('Teams', { exact: true }).check();
    await panel.getByTestId('role-save').click();
    await toast(page, 'Role created');
    const row = page.getByTestId('roles-created').getByTestId('role-row');
    await row.filter({ hasText: 'Team lead' }).waitFor();
    expect(await row.locator('.roles__right').allInnerTexts()).toEqual(['Teams', 'All statistics']);
    const [role] = await rolesNamed(app, 'Team lead');
    expect(role).toMatchObject({
      description: 'Runs a team and reads its reports',
      immutable: false,
    });
    expect([...(role?.rights ?? [])].sort()).toEqual([
      'AUTHORITY_ALL_STAT',
      'AUTHORITY_TEAM_MANAGEMENT',
    ]);

    await row.getByRole('button', { name: 'Team lead' }).click();
    expect(await row.getAttribute('aria-selected')).toBe('true');
    await panel.getByTestId('role-delete').click();
    // A double click deletes once: a second delete would be refused (the role is gone) and wait
    // in the notice of refused changes once the dialog is closed.
    await page.getByTestId('role-delete-confirm').dblclick();
    await toast(page, 'Role deleted');
    await page.getByTestId('roles-empty').waitFor();
    await expect.poll(async () => (await rolesNamed(app, 'Team lead')).length).toBe(0);
    await page.locator('[data-testid="connection"][data-pending="0"]').waitFor();
    expect(await page.getByTestId('rejected-error').count()).toBe(0);
    await context.close();
  }, 120_000);
  it('an operator, without the teams-management right, sees the teams read-only', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    // The menu is drawn (Settings shows to everyone) before Teams is checked absent from it.
    await page.getByTestId('menu-preferences').waitFor();
    expect(await page.getByTestId('menu-teams').count()).toBe(0);
    await page.goto(`${app.baseUrl}/admin/teams/all`);
    await page.getByTestId('team-row').first().waitFor();
    expect(await page.getByTestId('team-row').locator('td').first().innerText()).toBe('Sales');
    expect(await page.getByTestId('team-add').count()).toBe(0);
    expect(await page.getByTestId('teams-table').getByRole('button').count()).toBe(0);
    await page
      .getByText('You can view teams; changing them needs the teams-management right.')
      .waitFor();
    await context.close();
  }, 60_000);
});
