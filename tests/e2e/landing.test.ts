import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import * as t from '../../server/db/schema';
import { browserAndApp } from './in-process-app';
import type { Page } from './browser';

const OPERATOR = 'operator@demo.test';
const PASSWORD = 'Demo-pass-1!';

/** The code an authenticator app shows for `secret` now. */
const codeFor = (secret: string): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * The scripts of the workspace's entry (src/app/main.tsx) that the landing page's entry
 * (src/landing/main.tsx) does not share, as the built page lists them: the router, the session,
 * the app's catalogs. The landing page must fetch none of them.
 */
function workspaceOnlyScripts(): string[] {
  const html = readFileSync(
    fileURLToPath(new URL('../../dist/app/index.html', import.meta.url)),
    'utf8',
  );
  const entry = (pattern: RegExp) => {
    const found = pattern.exec(html)?.[1];
    if (!found) throw new Error(`no ${String(pattern)} in the built index.html`);
    const parsed = JSON.parse(found) as { script: string; js: string[] };
    return [parsed.script, ...parsed.js];
  };
  const landing = entry(/const page = landing \? (\{.*?\}) : app;/);
  return entry(/const app = (\{.*?\});/).filter((script) => !landing.includes(script));
}

/** Every script the page requests from now on, by path. */
function scriptsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

const loginError = (page: Page, text: string) =>
  page.getByTestId('login-error').filter({ hasText: text }).waitFor({ timeout: 10_000 });

describe('the landing page, an entry of its own', () => {
  const suite = browserAndApp();

  it('a visitor at / signs in on a page without the workspace: a wrong password is told in the language they chose, the right one opens the workspace in it, and / leads there from then on', async () => {
    const { browser, app } = suite;
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Sign in · SmartConnect');
    const workspaceOnly = workspaceOnlyScripts();
    expect(workspaceOnly.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => workspaceOnly.includes(path))).toEqual([]);

    // The fields are checked before the server is asked.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Required field').first().waitFor();
    expect(await page.getByText('Required field').count()).toBe(2);
    await page.getByLabel('E-mail').fill('operator');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email format').waitFor();

    // A wrong password is the server's named error, in English…
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill('Wrong-pass-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await loginError(page, 'Incorrect login or password');
    expect(new URL(page.url()).pathname).toBe('/');

    // … and in Russian once the visitor chooses it, which the next visit remembers.
    await page.getByTestId('language').selectOption('ru');
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await page.getByRole('button', { name: 'Войти' }).click();
    await loginError(page, 'Неверный логин или пароль');
    await page.reload();
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    expect(await page.getByRole('link', { name: 'Забыли пароль?' }).getAttribute('href')).toBe(
      '/restore',
    );

    // The right password opens the workspace, still in Russian.
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/admin\/chats\?filter=assigned$/);
    await page.getByTestId('chat-row').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('menu-assigned').innerText()).toContain('В работе');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Signed in, the landing page is the workspace.
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(/\/admin\/chats\?filter=assigned$/);
    await page.getByTestId('chat-row').first().waitFor({ timeout: 20_000 });
    await context.close();
  }, 90_000);

  it('with two-factor authentication the landing page asks for the code: a wrong one is told and can be entered again, the right one opens the workspace', async () => {
    const { browser, app } = suite;
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await app.database.db
      .update(t.users)
      .set({ totpEnabled: true, totpSecret: secret })
      .where(eq(t.users.email, OPERATOR));
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/`);
      await page.getByLabel('E-mail').fill(OPERATOR);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

      const code = page.getByLabel('Code', { exact: true });
      // Letters are not taken; five digits are not a code.
      await code.fill('12a45');
      expect(await code.inputValue()).toBe('1245');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('The code must be 6 digits').waitFor();

      const right = codeFor(secret);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await loginError(page, 'The code entered is incorrect');
      await page.getByRole('button', { name: 'Enter again' }).click();
      expect(await code.inputValue()).toBe('');
      await code.fill(codeFor(secret));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/admin\/chats\?filter=assigned$/);
      await page.getByTestId('chat-row').first().waitFor({ timeout: 20_000 });
      await context.close();
    } finally {
      await app.database.db
        .update(t.users)
        .set({ totpEnabled: false, totpSecret: null })
        .where(eq(t.users.email, OPERATOR));
    }
  }, 90_000);
});
