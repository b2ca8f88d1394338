import { describe, expect, it } from 'vitest';
import { facebookVerifyToken } from '../../server/channels/facebook/facebook-adapter';
import { startFacebookApiServer } from '../providers/facebook/facebook-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's Facebook story, end to end: the product as `npm start` runs it, its Facebook roots
 * and Meta app pointed at a local Facebook, with a public address; an administrator and an
 * operator in Chromium. The wizard signs in with Facebook, offers the Pages the administrator
 * may answer for, and signs in again for the one picked; a customer's message reaches the
 * operator once however often Meta delivers it; a reply with a file reaches the customer once
 * through a 429 and a restart; and a late delivery does not undo a read.
 */
const story = providerStory(
  startFacebookApiServer,
  (facebook) => ({
    FACEBOOK_API_ROOT: facebook.url,
    FACEBOOK_DIALOG_ROOT: facebook.url,
    FACEBOOK_APP_ID: facebook.appId,
    FACEBOOK_APP_SECRET: facebook.appSecret,
  }),
  (facebook, baseUrl) =>
    facebook.setCallback(
      `${baseUrl}/api/channels/webhooks/facebook`,
      facebookVerifyToken(facebook.appSecret),
    ),
);

describe('a Facebook Page connected by signing in and picking it', () => {
  it('brings customers to the operator and each reply to them once', async () => {
    const [facebook, app, browser] = [story.provider(), story.app(), story.browser()];
    const person = facebook.addUser('Clara Nunes');
    const shop = facebook.addPage('Nunes Ceramics');
    const studio = facebook.addPage('Nunes Studio');
    person.manages(shop).manages(studio);
    facebook.signedIn = person;

    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'facebook');
    await form.locator('input[name="name"]').fill('Ceramics on Facebook');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-sign-in-start').click();
    await admin.getByTestId('facebook-allow').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/facebook\/create/);
    const choices = form.getByTestId('channel-sign-in-choices');
    await choices.waitFor({ timeout: 20_000 });
    expect(await choices.locator('label').allTextContents()).toEqual([
      'Nunes Ceramics',
      'Nunes Studio',
    ]);
    await choices.getByLabel('Nunes Ceramics').check();
    await form.getByTestId('channel-sign-in-pick').click();
    await admin.getByTestId('facebook-allow').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/facebook\/create/);
    await form
      .getByTestId('channel-sign-in-status')
      .filter({ hasText: 'Signed in as Nunes Ceramics' })
      .waitFor({ timeout: 20_000 });
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Ceramics on Facebook');
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/facebook\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => shop.subscribedFields.includes('messages'), 'the Page subscribed');
    expect(studio.subscribedFields).toEqual([]);
    await adminContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = shop.newCustomer('Joana', 'Reis');
    const body = shop.composeMessage(customer, 'Do you make custom mugs?');
    expect(await shop.deliver(body)).toBe(200);
    expect(await shop.deliver(body)).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Joana Reis' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Do you make custom mugs?');
    expect(
      await operator.getByTestId('message').filter({ hasText: 'Do you make custom mugs?' }).count(),
    ).toBe(1);

    // A reply with a file: Meta throttles once; the product restarts before the retry.
    shop.failNextWith429(1, ['messages']);
    const tries = () => shop.calls.filter((name) => name === 'POST messages').length;
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'mug.png',
      mimeType: 'image/png',
      buffer: Buffer.from('\x89PNG a blue mug', 'latin1'),
    });
    await sendReply(operator, 'Yes, like this one');
    await until(() => tries() > 0, 'the first try');
    expect(shop.sent).toEqual([]);
    await app.restart();
    await until(
      () => shop.sent.length === 2,
      () => `Meta got ${JSON.stringify(shop.calls)}`,
    );
    expect(shop.sent.map((sent) => sent.text ?? sent.attachment?.type)).toEqual([
      'Yes, like this one',
      'image',
    ]);
    expect(shop.sent[1]?.attachment?.bytes.toString('latin1')).toBe('\x89PNG a blue mug');

    // Read, then the delivery of the same messages arriving late: it stays read.
    const reply = operator.getByTestId('message').filter({ hasText: 'Yes, like this one' }).first();
    expect(await shop.reportRead(customer, Date.now() + 1_000)).toBe(200);
    await until(async () => (await reply.getAttribute('data-status')) === 'read', 'read');
    expect(
      await shop.reportDelivered(
        customer,
        shop.sent.map((sent) => sent.id),
      ),
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reply.getAttribute('data-status')).toBe('read');
    expect(shop.sent).toHaveLength(2);
    await operatorContext.close();
  }, 240_000);
});
