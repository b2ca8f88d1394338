import { describe, expect, it } from 'vitest';
import { startCloudApiServer } from '../providers/whatsapp/cloud-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's WhatsApp story, end to end: the product as `npm start` runs it, pointed at a local
 * Cloud API by WHATSAPP_API_ROOT, with a public address; an administrator connects a number in the
 * wizard (digits with the country code, the account's id, a system user's token and the app
 * secret), a customer's message (delivered twice by Meta) reaches the operator once, a reply with
 * a file reaches the customer once through a 429 and a restart, and a "delivered" that Meta posts
 * after "read" does not move the reply back.
 */
const story = providerStory(startCloudApiServer, (api) => ({ WHATSAPP_API_ROOT: api.url }));

describe('a WhatsApp number connected through the wizard', () => {
  it('brings a customer’s message to the operator once, and a reply with a file to them once', async () => {
    const [api, app, browser] = [story.provider(), story.app(), story.browser()];
    const account = api.addAccount('79990007788', 'Birch Pharmacy');
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'whatsapp');
    await form.locator('input[name="name"]').fill('Pharmacy in WhatsApp');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.locator('input[name="phone"]').fill(account.phone);
    await form.locator('input[name="login"]').fill(account.accountId);
    await form.getByTestId('channel-secret-password').fill(account.token);
    await form.getByTestId('channel-secret-appSecret').fill(account.appSecret);
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/whatsapp\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => account.callback !== undefined, 'the webhook subscribed');
    await adminContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = { waId: '79161230099', name: 'Irina Volkova' };
    const body = account.composeText(customer, 'Do you have the drops in stock?');
    expect(await account.deliver(body)).toBe(200);
    expect(await account.deliver(body)).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Irina Volkova' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Do you have the drops in stock?');
    expect(
      await operator
        .getByTestId('message')
        .filter({ hasText: 'Do you have the drops in stock?' })
        .count(),
    ).toBe(1);

    // A reply with a file: Meta throttles once; the product restarts before the retry.
    account.failNextWith429(1, 130429, ['messages']);
    const tries = () => account.calls.filter((name) => name === 'POST messages').length;
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'prescription.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 prescription'),
    });
    await sendReply(operator, 'Yes, here is what we have');
    await until(() => tries() > 0, 'the first send refused');
    expect(account.sent).toEqual([]);
    await app.restart();
    await until(
      () => account.sent.length === 1,
      () => `Meta got ${JSON.stringify(account.calls)}`,
    );
    expect(account.sent[0]).toMatchObject({
      type: 'document',
      caption: 'Yes, here is what we have',
      media: { name: 'prescription.pdf', type: 'application/pdf' },
    });
    expect(account.sent[0]?.media?.bytes.toString()).toBe('%PDF-1.4 prescription');

    // Meta posts "read", then a late "delivered": the reply stays read.
    const reply = operator
      .getByTestId('message')
      .filter({ hasText: 'Yes, here is what we have' })
      .first();
    const id = account.sent[0]?.id ?? '';
    await account.reportStatuses({ id, status: 'read' }, { id, status: 'delivered' });
    await until(async () => (await reply.getAttribute('data-status')) === 'read', 'read');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reply.getAttribute('data-status')).toBe('read');
    expect(account.sent).toHaveLength(1);
    await operatorContext.close();
  }, 240_000);
});
