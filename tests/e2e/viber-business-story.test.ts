import { describe, expect, it } from 'vitest';
import { startSinchApiServer } from '../providers/sinch/sinch-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's Viber business story, end to end: the product as `npm start` runs it, its Sinch
 * account and roots pointed at a local Sinch, with a public address; an administrator connects the
 * company's Viber service by its service ID alone (spec §3 viber), a customer's message (delivered
 * twice) reaches the operator once, a reply with a file reaches the customer once through a 429
 * and a restart, and a late "delivered" does not undo "read".
 */
const story = providerStory(startSinchApiServer, (sinch) => ({
  SINCH_AUTH_ROOT: sinch.url,
  SINCH_API_ROOT: sinch.url,
  SINCH_PROJECT_ID: sinch.projectId,
  SINCH_KEY_ID: sinch.keyId,
  SINCH_KEY_SECRET: sinch.keySecret,
}));

describe('a Viber business service connected by its service ID', () => {
  it('brings a customer’s message to the operator once, and a reply with a file to the customer once', async () => {
    const [sinch, app, browser] = [story.provider(), story.app(), story.browser()];
    const service = sinch.addViberService('vitebsk-optics', 'Vitebsk Optics');
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'viber');
    await form.locator('input[name="name"]').fill('Optics in Viber');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    // A service ID the partner does not carry is refused at its field, nothing saved.
    await form.locator('input[name="serviceId"]').fill('vitebsk-optika');
    await form.getByTestId('channel-save').click();
    await form.getByText('The channel fields are invalid').first().waitFor({ timeout: 20_000 });
    await form.locator('input[name="serviceId"]').fill('vitebsk-optics');
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/viber\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => service.webhooks.length > 0, 'the webhook made');
    await adminContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = service.newCustomer('375297778899');
    const inbound = service.composeInbound(customer, 'Are my glasses ready?');
    expect(await service.deliver(inbound)).toBe(200);
    expect(await service.deliver(inbound)).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: '+375297778899' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Are my glasses ready?');
    expect(
      await operator.getByTestId('message').filter({ hasText: 'Are my glasses ready?' }).count(),
    ).toBe(1);

    sinch.failNextWith(1, 429, ['messages:send']);
    const tries = () => sinch.calls.filter((call) => call === 'POST messages:send').length;
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 receipt'),
    });
    await sendReply(operator, 'Yes, here is the receipt');
    await until(() => tries() > 0, 'the first send refused');
    expect(service.sent).toEqual([]);
    await app.restart();
    await until(
      () => service.sent.length === 2,
      () => `Sinch got ${JSON.stringify(sinch.calls)}`,
    );
    expect(service.sent.map((sent) => sent.text ?? sent.media?.contentType)).toEqual([
      'Yes, here is the receipt',
      'application/pdf',
    ]);
    expect(service.sent[1]?.media?.bytes.toString()).toBe('%PDF-1.4 receipt');

    const reply = operator
      .getByTestId('message')
      .filter({ hasText: 'Yes, here is the receipt' })
      .first();
    const first = service.sent[0]?.id ?? '';
    expect(await service.reportDelivery(first, 'READ')).toBe(200);
    await until(async () => (await reply.getAttribute('data-status')) === 'read', 'read');
    expect(await service.reportDelivery(first, 'DELIVERED')).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reply.getAttribute('data-status')).toBe('read');
    expect(service.sent).toHaveLength(2);
    await operatorContext.close();
  }, 240_000);
});
