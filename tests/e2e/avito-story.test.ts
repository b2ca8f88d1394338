import { describe, expect, it } from 'vitest';
import { startAvitoApiServer } from '../providers/avito/avito-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's Avito story, end to end: the product as `npm start` runs it, pointed at a local Avito
 * by AVITO_API_ROOT, with a public address; an administrator connects the account in the wizard
 * with its client id and secret, a customer's message (notified twice) reaches the operator once,
 * a notification Avito does not back is not believed, a reply with a picture reaches the
 * customer once through a 429 and a restart, and the customer's read shows on it and stays.
 */
const story = providerStory(startAvitoApiServer, (avito) => ({
  AVITO_API_ROOT: avito.url,
  // Avito notifies no reads: they are polled, here each second.
  AVITO_READ_POLL_SECONDS: '1',
}));

/** A PNG's signature and a little more: Avito looks at what a picture is. */
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a blue kayak'),
]);

describe('an Avito account connected through the wizard', () => {
  it('brings a customer’s message to the operator once, and a reply with a picture to them once', async () => {
    const [api, app, browser] = [story.provider(), story.app(), story.browser()];
    const account = api.addAccount('Kayak Rental');
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'avito');
    await form.locator('input[name="name"]').fill('Kayaks on Avito');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.locator('input[name="clientId"]').fill(account.clientId);
    await form.getByTestId('channel-secret-clientSecret').fill('not-the-secret');
    await form.getByTestId('channel-save').click();
    await form.getByText('Incorrect token specified').waitFor({ timeout: 20_000 });
    await form.getByTestId('channel-secret-clientSecret').fill(account.clientSecret);
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/avito\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => account.subscriptions.length > 0, 'the webhook subscribed');
    await adminContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = account.newCustomer('Kirill Sokolov');
    const body = account.composeMessage(customer, 'Is the blue kayak free on Saturday?');
    expect(await account.deliver(body)).toBe(200);
    expect(await account.deliver(body)).toBe(200);
    expect(
      await account.deliver(account.forgedMessage(customer, 'Pay in advance to this card')),
    ).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Kirill Sokolov' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Is the blue kayak free on Saturday?');
    expect(
      await operator
        .getByTestId('message')
        .filter({ hasText: 'Is the blue kayak free on Saturday?' })
        .count(),
    ).toBe(1);
    expect(
      await operator.getByTestId('message').filter({ hasText: 'Pay in advance' }).count(),
    ).toBe(0);

    account.failNextWith429(1, 5, ['postSendMessage']);
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'kayak.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await sendReply(operator, 'Yes, it is free. Here it is');
    await until(() => account.calls.includes('postSendMessage'), 'the first send refused');
    expect(account.sent).toEqual([]);
    await app.restart();
    await until(() => account.sent.length === 2, 'both parts sent');
    expect(account.sent.map((sent) => sent.type)).toEqual(['text', 'image']);
    expect(account.sent[0]?.text).toBe('Yes, it is free. Here it is');
    expect(account.sent[1]?.image?.bytes.equals(png)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(account.sent).toHaveLength(2);

    // The customer reads it at Avito: the reply shows read, and later rounds leave it so.
    const reply = operator
      .getByTestId('message')
      .filter({ hasText: 'Yes, it is free. Here it is' })
      .first();
    expect(account.customerReads(account.sent[0]?.chatId ?? '')).toBe(2);
    await until(async () => (await reply.getAttribute('data-status')) === 'read', 'the read');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await reply.getAttribute('data-status')).toBe('read');
    await operatorContext.close();
  }, 240_000);
});
