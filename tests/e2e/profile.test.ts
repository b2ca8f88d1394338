import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import * as t from '../../server/db/schema';
import type { InProcessApp } from './in-process-app';
import { browserAndApp } from './in-process-app';
import { signIn, signedInPage, type Page } from './browser';

const EMAIL = 'operator@demo.test';
const OLD_PASSWORD = 'Demo-pass-1!';
const NEW_PASSWORD = 'Brand-new#2026';

const operatorRow = async (app: InProcessApp) => {
  const [row] = await app.database.db.select().from(t.users).where(eq(t.users.email, EMAIL));
  if (!row) throw new Error('no operator');
  return row;
};

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).last().waitFor({ timeout: 10_000 });

/** The error under the field labelled `label` inside the block `testId`. */
const fieldError = (page: Page, testId: string, label: string) =>
  page
    .getByTestId(testId)
    .locator('.field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.field__error');

/** The code an authenticator app shows for `secret`, `offset` seconds from now. */
const codeFor = (secret: string, offset = 0): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 1000,
  });

/** A 6-digit code that is none of those the server accepts now (the current step and one either side). */
function wrongCodeFor(secret: string): string {
  const valid = new Set([codeFor(secret, -30), codeFor(secret), codeFor(secret, 30)]);
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(codeFor(secret)) + 1 + n) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const login = (app: InProcessApp, password: string) =>
  fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password }),
  });

/**
 * Issue 6: an operator keeps their own account in the profile. Every step is checked on the
 * screen, as the operator sees it, and in the database.
 */
describe('the profile in Chromium', () => {
  const suite = browserAndApp();

  it('the operator renames themselves and sees it in the menu, turns the interface Russian, is kept offline without losing what they typed, changes the password and signs in with it, and switches two-factor on and off with codes from the secret on the page', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, EMAIL);
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-profile').click();
    await page.waitForURL(/\/admin\/profile\/general/);
    const info = page.getByTestId('profile-info');
    // By its name attribute: its label changes with the interface language below.
    const name = info.locator('input[name="name"]');
    await expect.poll(() => name.inputValue()).toBe('Oscar Operator');
    // Spec §5: the name is marked required with the asterisk; the phone is not.
    expect(await name.getAttribute('aria-required')).toBe('true');
    expect(
      await info.getByLabel('Phone', { exact: true }).getAttribute('aria-required'),
    ).toBeNull();
    expect(
      await info
        .locator('label.required')
        .evaluateAll((labels) => labels.map((label) => getComputedStyle(label, '::after').content)),
    ).toEqual(['" *"']);

    // Your information: the name rules in the form, nothing sent.
    await name.fill('');
    await page.getByTestId('profile-save').click();
    await fieldError(page, 'profile-info', 'Name').filter({ hasText: 'Required field' }).waitFor();
    await name.fill('O'.repeat(33));
    await fieldError(page, 'profile-info', 'Name')
      .filter({ hasText: 'At most 32 characters' })
      .waitFor();
    expect((await operatorRow(app)).name).toBe('Oscar Operator');

    // A new name and phone: the toast, the menu at once, the database.
    await name.fill('Oscar O. Petrov');
    await info.getByLabel('Phone', { exact: true }).fill('+7 912 000-11-22');
    await page.getByTestId('profile-save').click();
    await toast(page, 'Your information is saved');
    await page.getByTestId('menu-profile').filter({ hasText: 'Oscar O. Petrov' }).waitFor();
    expect(await operatorRow(app)).toMatchObject({
      name: 'Oscar O. Petrov',
      phone: '+7 912 000-11-22',
      language: 'en',
    });

    // Russian: the interface turns Russian at once, the toast already speaks it.
    await info.getByLabel('Language', { exact: true }).selectOption('ru');
    await page.getByTestId('profile-save').click();
    await toast(page, 'Ваши данные сохранены');
    await page.getByTestId('menu-assigned').filter({ hasText: 'В работе' }).waitFor();
    await page.getByTestId('menu-logout').filter({ hasText: 'Выйти' }).waitFor();
    expect((await operatorRow(app)).language).toBe('ru');
    expect(await page.evaluate(() => localStorage.getItem('sc-lang'))).toBe('rus');

    // Offline: said in words, nothing changed, everything typed is still there.
    await context.setOffline(true);
    await name.fill('Oscar Offline');
    await info.getByLabel('Язык', { exact: true }).selectOption('en');
    await page.getByTestId('profile-save').click();
    await page
      .getByTestId('profile-info-failure')
      .filter({ hasText: 'Нет связи с сервером' })
      .waitFor();
    expect(await info.getByLabel('Имя', { exact: true }).inputValue()).toBe('Oscar Offline');
    expect((await operatorRow(app)).name).toBe('Oscar O. Petrov');
    await context.setOffline(false);
    // Back online, the same values go as they are: English again, and the new name.
    await name.fill('Oscar O. Petrov');
    await page.getByTestId('profile-save').click();
    await toast(page, 'Your information is saved');
    await page.getByTestId('menu-assigned').filter({ hasText: 'In progress' }).waitFor();
    expect((await operatorRow(app)).language).toBe('en');

    // Change password: the spec §5 rules in the form, then the server's verdict on the old one.
    const passwordForm = page.getByTestId('profile-password');
    await passwordForm.getByLabel('Current password', { exact: true }).fill(OLD_PASSWORD);
    await passwordForm.getByLabel('New password', { exact: true }).fill('weakpass');
    await passwordForm.getByLabel('Repeat new password', { exact: true }).fill('weakpass');
    await page.getByTestId('profile-password-save').click();
    await fieldError(page, 'profile-password', 'New password')
      .filter({ hasText: 'Invalid password format' })
      .waitFor();
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Repeat new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await fieldError(page, 'profile-password', 'Repeat new password')
      .filter({ hasText: 'Passwords do not match' })
      .waitFor();
    await passwordForm.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Current password', { exact: true }).fill('Wrong-pass-1!');
    await page.getByTestId('profile-password-save').click();
    await fieldError(page, 'profile-password', 'Current password')
      .filter({ hasText: 'Password specified incorrectly' })
      .waitFor();
    expect((await login(app, OLD_PASSWORD)).status).toBe(200);
    await passwordForm.getByLabel('Current password', { exact: true }).fill(OLD_PASSWORD);
    await page.getByTestId('profile-password-save').click();
    await toast(page, 'Password changed');
    expect(await passwordForm.getByLabel('Current password', { exact: true }).inputValue()).toBe(
      '',
    );
    expect(await passwordForm.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    expect((await login(app, OLD_PASSWORD)).status).toBe(401);
    // Another browser signs in with the new password, as a person would.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, app.baseUrl, EMAIL, NEW_PASSWORD);
    await otherPage.waitForURL(/\/admin\/chats/);
    await otherPage.getByTestId('menu-profile').filter({ hasText: 'Oscar O. Petrov' }).waitFor();
    await other.close();

    // Two-factor: a QR code and the secret on the page; the code is computed from that secret.
    await page.getByRole('link', { name: 'Authentication' }).click();
    await page.waitForURL(/\/admin\/profile\/authentication/);
    await page.getByTestId('totp-state').filter({ hasText: 'Off' }).waitFor();
    await page.getByTestId('totp-setup').click();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect((await operatorRow(app)).totpSecret).toBe(secret);
    const totp = page.getByTestId('totp');
    const code = totp.getByLabel('Code', { exact: true });
    await code.fill('12345');
    await page.getByTestId('totp-enable').click();
    await fieldError(page, 'totp', 'Code')
      .filter({ hasText: 'The code must be 6 digits' })
      .waitFor();
    await code.fill(wrongCodeFor(secret));
    await page.getByTestId('totp-enable').click();
    await fieldError(page, 'totp', 'Code')
      .filter({ hasText: 'The code entered is incorrect' })
      .waitFor();
    expect((await operatorRow(app)).totpEnabled).toBe(false);
    // The field stays for another try.
    await code.fill(codeFor(secret));
    await page.getByTestId('totp-enable').click();
    await toast(page, 'Two-factor authentication is on');
    await page.getByTestId('totp-state').filter({ hasText: 'On' }).waitFor();
    expect(await operatorRow(app)).toMatchObject({ totpEnabled: true, totpSecret: secret });
    const withCode = (await (await login(app, NEW_PASSWORD)).json()) as { code: string };
    expect(withCode.code).toBe('totp_required');

    // Disable with a fresh code: the next step's, as the enabling one may not be used twice.
    await page.getByTestId('totp-disable').click();
    await totp.getByLabel('Code', { exact: true }).fill(codeFor(secret, 30));
    await page.getByTestId('totp-disable-confirm').click();
    await toast(page, 'Two-factor authentication is off');
    await page.getByTestId('totp-state').filter({ hasText: 'Off' }).waitFor();
    expect(await operatorRow(app)).toMatchObject({ totpEnabled: false, totpSecret: null });
    expect(((await (await login(app, NEW_PASSWORD)).json()) as { code: string }).code).toBe('ok');

    // Push notifications: this browser's permission, and the reminder minutes rule (spec §5).
    const push = page.getByTestId('push');
    await page.getByTestId('push-permission').waitFor();
    await push.getByLabel('A chat assigned to me waits for my answer', { exact: true }).check();
    const minutes = push.getByLabel('Remind after, minutes', { exact: true });
    await minutes.fill('1000');
    await page.getByTestId('push-save').click();
    await fieldError(page, 'push', 'Remind after, minutes')
      .filter({ hasText: 'Incorrect time set' })
      .waitFor();
    await minutes.fill('10');
    await push.getByLabel('A new chat waits in my team queue', { exact: true }).uncheck();
    await page.getByTestId('push-save').click();
    await toast(page, 'Notification settings saved');
    const userId = (await operatorRow(app)).id;
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown,
      `sc-push-${userId}`,
    );
    expect(stored).toEqual({
      version: 1,
      events: { queued: false, message: true, transferred: true, reminder: true },
      reminderMinutes: 10,
    });
    await context.close();
  }, 120_000);

  it('while the workspace tab is hidden, a new chat in the team queue and the customer writing again in a chat of mine show system notifications with the customer and their words, a click opens the chat, and an event turned off in the profile stays silent', async () => {
    const { browser, app } = suite;
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: app.baseUrl });
    // What the page asks the service worker registration to show, instead of the desktop's tray.
    await context.addInitScript(() => {
      const shown: { title: string; body: string; url: string }[] = [];
      Object.assign(window, { shownNotices: shown });
      ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
        const data = options?.data as { url?: string } | undefined;
        shown.push({ title, body: options?.body ?? '', url: data?.url ?? '' });
        return Promise.resolve();
      };
    });
    const page = await context.newPage();
    await signIn(page, app.baseUrl, 'supervisor@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('connection').filter({ hasText: 'Online' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const notices = () =>
      page.evaluate(
        () =>
          (window as unknown as { shownNotices: { title: string; body: string; url: string }[] })
            .shownNotices,
      );
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (value ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);

    await setHidden(true);
    await app.customerWrites('push-nora', 'Nora Notify', 'Is my order shipped?');
    await expect.poll(notices, { timeout: 10_000 }).toEqual([
      {
        title: 'New chat in the queue',
        body: 'Nora Notify: Is my order shipped?',
        url: expect.stringMatching(/^\/admin\/chats\?filter=open&chat=[0-9a-f-]{36}$/) as string,
      },
    ]);

    // The click, as the service worker passes it to the open page: the chat opens; it is taken.
    const [queued] = await notices();
    await setHidden(false);
    await page.evaluate((url) => {
      navigator.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'sc-open-url', url } }),
      );
    }, queued?.url ?? '');
    await page.waitForURL(/filter=open&chat=/);
    await page.getByTestId('chat-screen').filter({ hasText: 'Nora Notify' }).waitFor();
    await page.getByTestId('chat-take').click();
    await page.getByTestId('chat-take').waitFor({ state: 'detached' });

    await setHidden(true);
    await app.customerWrites('push-nora', 'Nora Notify', 'Hello again?');
    await expect
      .poll(async () => (await notices()).at(-1), { timeout: 10_000 })
      .toEqual({
        title: 'New message',
        body: 'Nora Notify: Hello again?',
        url: expect.stringMatching(/^\/admin\/chats\?filter=assigned&chat=/) as string,
      });

    // Turned off in the profile: the next message in that chat shows nothing.
    await setHidden(false);
    await page.getByTestId('menu-profile').click();
    await page.getByRole('link', { name: 'Authentication' }).click();
    await page
      .getByTestId('push-permission')
      .filter({ hasText: 'allowed in this browser' })
      .waitFor();
    await page
      .getByTestId('push')
      .getByLabel('A customer writes in a chat assigned to me', { exact: true })
      .uncheck();
    await page.getByTestId('push-save').click();
    await toast(page, 'Notification settings saved');
    const before = (await notices()).length;
    await setHidden(true);
    await app.customerWrites('push-nora', 'Nora Notify', 'Anyone there?');
    // The message did arrive: the title alert (spec §4) runs for it, whatever the settings.
    await expect.poll(() => page.title(), { timeout: 10_000, interval: 200 }).toBe('New message!');
    // The control: an event still turned on, coming after it, does notify in this same setup, so
    // by the time its notice shows, the message's own would have shown too had it been allowed.
    await app.customerWrites('push-omar', 'Omar Other', 'Do you ship abroad?');
    await expect
      .poll(async () => (await notices()).slice(before), { timeout: 10_000 })
      .toEqual([
        {
          title: 'New chat in the queue',
          body: 'Omar Other: Do you ship abroad?',
          url: expect.stringMatching(/^\/admin\/chats\?filter=open&chat=/) as string,
        },
      ]);
    expect((await notices()).map((notice) => notice.body)).not.toContain(
      'Nora Notify: Anyone there?',
    );
    await context.close();
  }, 60_000);
});
