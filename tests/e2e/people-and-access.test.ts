import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import * as t from '../../server/db/schema';
import type { InProcessApp } from './in-process-app';
import { browserAndApp } from './in-process-app';
import { signIn, signInOnLoginScreen, signedInPage, type Page } from './browser';

const EMAIL = 'nadia.night@demo.test';
const PASSWORD = 'Night-shift-1!';

/** The code an authenticator app shows for `secret`, `offset` seconds from now. */
const codeFor = (secret: string, offset = 0): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 1000,
  });

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

async function userByEmail(app: InProcessApp) {
  const [user] = await app.database.db.select().from(t.users).where(eq(t.users.email, EMAIL));
  return user;
}

const liveSessionsOf = async (app: InProcessApp, userId: string) =>
  app.database.db
    .select({ id: t.sessions.id })
    .from(t.sessions)
    .where(and(eq(t.sessions.userId, userId), isNull(t.sessions.revokedAt)));

/**
 * Issue 6, "Done when": the whole life of a new staff member, each step through the screens as
 * the people involved would take it, and each checked in the database as well.
 */
describe('people and access, end to end in Chromium', () => {
  const suite = browserAndApp();

  it('the administrator creates a team and an operator in it; the operator signs in, turns two-factor on with a computed code, signs in again with a fresh one; deactivated, their open session goes back to the login screen', async () => {
    const { browser, app } = suite;
    const admin = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    const adminPage = admin.page;
    await adminPage.waitForURL(/\/admin\/chats/);

    // The administrator creates the team.
    await adminPage.getByTestId('menu-teams').click();
    await adminPage.waitForURL(/\/admin\/teams\/all/);
    await adminPage.getByTestId('team-add').click();
    const panel = adminPage.getByTestId('team-panel');
    await panel.getByLabel('Name', { exact: true }).fill('Night shift');
    await panel.getByLabel('Description', { exact: true }).fill('Answers from 22:00 to 06:00');
    await panel.getByTestId('team-save').click();
    await toast(adminPage, 'Team created');
    const [team] = await app.database.db
      .select()
      .from(t.teams)
      .where(eq(t.teams.name, 'Night shift'));
    expect(team?.description).toBe('Answers from 22:00 to 06:00');

    // … and an operator in it.
    await adminPage.getByTestId('menu-users').click();
    await adminPage.waitForURL(/\/admin\/users\/all/);
    await adminPage.getByTestId('user-add').click();
    const form = adminPage.getByTestId('user-form');
    await form.getByLabel('Name', { exact: true }).fill('Nadia Night');
    await form.getByLabel('E-mail', { exact: true }).fill(EMAIL);
    await form.getByLabel('Role', { exact: true }).selectOption({ label: 'Operator' });
    await form.getByTestId('user-teams').getByLabel('Night shift', { exact: true }).check();
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
    await form.getByTestId('user-save').click();
    await toast(adminPage, 'User created');
    const created = await userByEmail(app);
    const [operatorRole] = await app.database.db
      .select()
      .from(t.roles)
      .where(eq(t.roles.name, 'Operator'));
    expect(created).toMatchObject({
      name: 'Nadia Night',
      roleId: operatorRole?.id,
      teamIds: [team?.id],
      active: true,
      totpEnabled: false,
    });
    const userId = created?.id ?? '';

    // The new operator signs in and turns two-factor on with a code computed from the secret shown.
    const operator = await browser.newContext();
    const page = await operator.newPage();
    await signIn(page, app.baseUrl, EMAIL, PASSWORD);
    await page.waitForURL(/\/admin\/chats\?filter=assigned/);
    await page.getByTestId('menu-profile').filter({ hasText: 'Nadia Night' }).click();
    await page.getByRole('link', { name: 'Authentication' }).click();
    await page.waitForURL(/\/admin\/profile\/authentication/);
    await page.getByTestId('totp-setup').click();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const enablingCode = codeFor(secret);
    await page.getByTestId('totp').getByLabel('Code', { exact: true }).fill(enablingCode);
    await page.getByTestId('totp-enable').click();
    await toast(page, 'Two-factor authentication is on');
    expect((await userByEmail(app))?.totpEnabled).toBe(true);

    // Logs out, and back in: the password alone is not enough any more.
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInOnLoginScreen(page, EMAIL, PASSWORD);
    const code = page.getByLabel('Code', { exact: true });
    await code.waitFor();
    // The code that switched two-factor on has been used: it does not open a session.
    await code.fill(enablingCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByTestId('login-error')
      .filter({ hasText: 'The code entered is incorrect' })
      .waitFor();
    await page.getByRole('button', { name: 'Enter again' }).click();
    // A fresh code, the next one the app will show, signs in.
    await code.fill(codeFor(secret, 30));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/admin\/chats\?filter=assigned/);
    await page.locator('[data-testid="connection"][data-connection="online"]').waitFor();
    expect(await liveSessionsOf(app, userId)).toHaveLength(1);

    // The administrator deactivates her: her open session is thrown back to the login screen.
    await adminPage.getByTestId('menu-users').click();
    await adminPage.waitForURL(/\/admin\/users\/all/);
    await adminPage
      .getByTestId('user-row')
      .filter({ hasText: 'Nadia Night' })
      .getByTestId('user-edit')
      .click();
    await adminPage.waitForURL(/\/admin\/users\/edit\?id=/);
    await form.getByLabel('Account active').uncheck();
    await form.getByTestId('user-save').click();
    await toast(adminPage, 'User saved');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await userByEmail(app)).toMatchObject({ active: false });
    expect(await liveSessionsOf(app, userId)).toEqual([]);

    // And she cannot sign in again.
    await signIn(page, app.baseUrl, EMAIL, PASSWORD);
    await page
      .getByTestId('login-error')
      .filter({ hasText: 'The account is inactive' })
      .waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');

    await operator.close();
    await admin.context.close();
  }, 180_000);
});
