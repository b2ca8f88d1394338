import { describe, expect, it } from 'vitest';
import { instagramVerifyToken } from '../../server/channels/instagram/instagram-adapter';
import { startInstagramApiServer } from '../providers/instagram/instagram-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply, signedInPage } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's Instagram story, end to end: the product as `npm start` runs it, its Instagram roots
 * and app pointed at a local Instagram, with a public address; an administrator and an operator in
 * Chromium. The channel is connected by signing in at Instagram from the wizard; a customer's
 * message reaches the operator once however often Meta delivers it; a reply with a photo reaches
 * the customer once through a 429 and a restart, a read only moving its status forward; and when
 * the token lapses the operator's replies wait, visibly, until the administrator signs in again.
 */
const story = providerStory(
  startInstagramApiServer,
  (instagram) => ({
    INSTAGRAM_API_ROOT: instagram.url,
    INSTAGRAM_LOGIN_ROOT: instagram.url,
    INSTAGRAM_AUTHORIZE_ROOT: instagram.url,
    INSTAGRAM_APP_ID: instagram.appId,
    INSTAGRAM_APP_SECRET: instagram.appSecret,
  }),
  (instagram, baseUrl) =>
    instagram.setCallback(
      `${baseUrl}/api/channels/webhooks/instagram`,
      instagramVerifyToken(instagram.appSecret),
    ),
);

describe('an Instagram account connected by signing in', () => {
  it('brings customers to the operator and each reply to them once, holding replies while its token has lapsed', async () => {
    const [api, app, browser] = [story.provider(), story.app(), story.browser()];
    const account = api.addAccount('birch.bakery', 'Birch Bakery');
    api.signedIn = account;

    // The wizard: a name typed, then the sign-in at Instagram; the name is still there after it.
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'instagram');
    await form.locator('input[name="name"]').fill('Bakery in Instagram');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-save').click();
    await form.getByTestId('channel-sign-in').getByText('Required field').waitFor();
    await form.getByTestId('channel-sign-in-start').click();
    await admin.getByTestId('instagram-allow').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/instagram\/create/);
    await form
      .getByTestId('channel-sign-in-status')
      .filter({ hasText: 'Signed in as @birch.bakery' })
      .waitFor({ timeout: 20_000 });
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Bakery in Instagram');
    expect(admin.url()).not.toContain('authorization=');
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/instagram\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    const editUrl = admin.url();
    await until(() => account.subscribedFields.includes('messages'));
    await adminContext.close();

    // A customer writes; Meta delivers the call twice; the chat waits once in Pending.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = account.newCustomer('lena.m', 'Lena Markova');
    const body = account.composeMessage(customer, 'Do you bake rye bread on Sundays?');
    expect(await account.deliver(body)).toBe(200);
    expect(await account.deliver(body)).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Lena Markova' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Do you bake rye bread on Sundays?');
    expect(
      await operator
        .getByTestId('message')
        .filter({ hasText: 'Do you bake rye bread on Sundays?' })
        .count(),
    ).toBe(1);

    // A reply with a photo: Instagram is busy once, and the product restarts before the retry.
    account.failNextWith429(1, ['messages']);
    const refused = () => account.calls.filter((call) => call.startsWith('POST messages')).length;
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'rye.png',
      mimeType: 'image/png',
      buffer: Buffer.from('\x89PNG rye loaf', 'latin1'),
    });
    await sendReply(operator, 'Yes, from eight o’clock');
    await until(() => refused() > 0);
    expect(account.sent).toEqual([]);
    await app.restart();
    await until(() => account.sent.length === 2);
    expect(account.sent.map((sent) => sent.text ?? sent.attachment?.type)).toEqual([
      'Yes, from eight o’clock',
      'image',
    ]);
    expect(account.sent[1]?.attachment?.bytes.toString('latin1')).toBe('\x89PNG rye loaf');
    const reply = operator
      .getByTestId('message')
      .filter({ hasText: 'Yes, from eight o’clock' })
      .first();
    // Read by the customer; the same read again changes nothing.
    await account.reportRead(customer, account.sent[0]?.id ?? '');
    await until(async () => (await reply.getAttribute('data-status')) === 'read');
    await account.reportRead(customer, account.sent[0]?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reply.getAttribute('data-status')).toBe('read');

    // The token lapses (the owner changed their password): the next reply waits, visibly.
    account.lapseToken();
    await sendReply(operator, 'We also have seeded rye');
    const waiting = operator.getByTestId('message').filter({ hasText: 'We also have seeded rye' });
    await operator
      .locator('[data-testid="message"][data-held="reauthorization"]')
      .filter({ hasText: 'We also have seeded rye' })
      .waitFor({ timeout: 30_000 });
    await waiting.getByText('Waits until the channel is authorised again').waitFor();
    expect(account.sent).toHaveLength(2);

    // The administrator sees why, signs in again from the channel's page, and saves.
    const { context: againContext, page: again } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await again.waitForURL(/\/admin\/chats/);
    await again.goto(editUrl);
    await again.getByTestId('channel-reauthorize').waitFor({ timeout: 20_000 });
    expect(await again.getByTestId('channel-health-state').textContent()).toBe(
      'Reauthorization required',
    );
    const editForm = again.getByTestId('channel-form');
    await editForm.getByTestId('channel-sign-in-start').click();
    await again.getByTestId('instagram-allow').click();
    await again.waitForURL(/\/admin\/preferences\/channels\/instagram\/edit\//);
    await editForm
      .getByTestId('channel-sign-in-status')
      .filter({ hasText: 'Signed in as @birch.bakery' })
      .waitFor({ timeout: 20_000 });
    await editForm.getByTestId('channel-save').click();
    await until(() => account.sent.length === 3);
    expect(account.sent[2]?.text).toBe('We also have seeded rye');
    await again.getByTestId('channel-reauthorize').waitFor({ state: 'detached', timeout: 20_000 });
    await waiting
      .getByText('Waits until the channel is authorised again')
      .waitFor({ state: 'detached', timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(account.sent).toHaveLength(3);
    await againContext.close();
    await operatorContext.close();
  }, 240_000);
});
