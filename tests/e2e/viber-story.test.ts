import { describe, expect, it } from 'vitest';
import { startViberApiServer } from '../providers/viber/viber-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's Viber story, end to end: the product as `npm start` runs it, pointed at a local Viber
 * by VIBER_API_ROOT, with a public address; an administrator connects a bot in the wizard with its
 * token and its required JPEG photo, a customer's message (delivered twice) reaches the operator
 * once, and a reply with a file reaches the customer once through "too many requests" and a
 * restart, named with the bot's photo; a late "delivered" does not undo "seen".
 */
const story = providerStory(startViberApiServer, (viber) => ({ VIBER_API_ROOT: viber.url }));

/** A JPEG's first bytes and padding up to `size`. */
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 9)]);

describe('a Viber bot connected through the wizard', () => {
  it('brings a customer’s message to the operator once, and a reply with a file to the customer once', async () => {
    const [api, app, browser] = [story.provider(), story.app(), story.browser()];
    const bot = api.addBot('Gomel Tea');
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'viber_bot');
    await form.locator('input[name="name"]').fill('Tea in Viber');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-secret-token').fill(bot.token);
    // A PNG is not the JPEG Viber wants: said at once, nothing sent.
    await form.getByTestId('channel-photo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('\x89PNG logo', 'latin1'),
    });
    await form.getByTestId('channel-photo').getByText('must be a JPEG image').waitFor();
    const photo = jpeg(5000);
    await form.getByTestId('channel-photo-input').setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await form.getByTestId('channel-photo-state').filter({ hasText: 'logo.jpg' }).waitFor();
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/viber_bot\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(() => bot.webhook !== undefined, 'the webhook set');
    await adminContext.close();

    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = bot.newCustomer('Darya Kovaleva');
    const callback = bot.composeMessage(customer, 'Do you have milk oolong?');
    expect(await bot.deliver(callback)).toBe(200);
    expect(await bot.deliver(callback)).toBe(200);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Darya Kovaleva' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Do you have milk oolong?');
    expect(
      await operator.getByTestId('message').filter({ hasText: 'Do you have milk oolong?' }).count(),
    ).toBe(1);

    bot.failNextWithTooManyRequests(1, ['send_message']);
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'price-list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 teas'),
    });
    await sendReply(operator, 'Yes, here is our price list');
    await until(
      () => bot.refusals.some((refusal) => refusal.method === 'send_message'),
      'the first send refused',
    );
    expect(bot.sent).toEqual([]);
    await app.restart();
    await until(
      () => bot.sent.length === 2,
      () =>
        `both parts sent (calls ${JSON.stringify(bot.calls)}, refused ${JSON.stringify(bot.refusals)})`,
    );
    expect(bot.sent.map((sent) => sent.type)).toEqual(['text', 'file']);
    expect(bot.sent[0]?.text).toBe('Yes, here is our price list');
    expect(bot.sent[1]?.media?.bytes.toString()).toBe('%PDF-1.4 teas');
    expect(bot.sent[0]?.sender.avatarBytes?.equals(photo)).toBe(true);

    const reply = operator
      .getByTestId('message')
      .filter({ hasText: 'Yes, here is our price list' })
      .first();
    const token = bot.sent[0]?.token ?? '';
    expect(await bot.reportStatus(token, 'seen')).toBe(200);
    expect(await bot.reportStatus(token, 'delivered')).toBe(200);
    await until(async () => (await reply.getAttribute('data-status')) === 'read');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reply.getAttribute('data-status')).toBe('read');
    expect(bot.sent).toHaveLength(2);
    await operatorContext.close();
  }, 240_000);
});
