import { describe, expect, it } from 'vitest';
import { startVkApiServer } from '../providers/vk/vk-api-server';
import { adminOnChannelWizard, operatorOnPendingList, sendReply } from './browser';
import { providerStory, shown, until } from './provider-story';

/**
 * Issue 23's VK story, end to end: the product as `npm start` runs it, its VK roots and app
 * pointed at a local VK, with a public address; an administrator and an operator in Chromium.
 * The wizard signs in at VK, offers the communities the administrator runs, and signs in again
 * for the one picked; VK confirms the callback server; a customer's message reaches the operator
 * once however often VK delivers it; a reply with a photo reaches the customer once through
 * "too many requests" and a restart; and a read only moves replies forward.
 */
const story = providerStory(startVkApiServer, (vk) => ({
  VK_API_ROOT: vk.url,
  VK_OAUTH_ROOT: vk.url,
  VK_APP_ID: String(vk.appId),
  VK_APP_SECRET: vk.appSecret,
}));

describe('a VK community connected by signing in and picking it', () => {
  it('brings customers to the operator and each reply to them once', async () => {
    const [vk, app, browser] = [story.provider(), story.app(), story.browser()];
    const person = vk.addAdmin('Nina', 'Gromova');
    const school = vk.addCommunity('Dance school Polet', 'polet_dance');
    const cafe = vk.addCommunity('Cafe Polet', 'polet_cafe');
    person.administers(school).administers(cafe);
    vk.signedIn = person;

    // The wizard: a name typed, the sign-in at VK, a community picked, its own sign-in.
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'vk_bot');
    await form.locator('input[name="name"]').fill('Polet in VK');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-sign-in-start').click();
    await admin.getByTestId('vk-allow').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/vk_bot\/create/);
    const choices = form.getByTestId('channel-sign-in-choices');
    await choices.waitFor({ timeout: 20_000 });
    expect(await choices.locator('label').allTextContents()).toEqual([
      'Dance school Polet (@polet_dance)',
      'Cafe Polet (@polet_cafe)',
    ]);
    await choices.getByLabel('Cafe Polet (@polet_cafe)').check();
    await form.getByTestId('channel-sign-in-pick').click();
    await admin.getByTestId('vk-community').filter({ hasText: 'Cafe Polet' }).waitFor();
    await admin.getByTestId('vk-allow').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/vk_bot\/create/);
    await form
      .getByTestId('channel-sign-in-status')
      .filter({ hasText: 'Signed in as @polet_cafe' })
      .waitFor({ timeout: 20_000 });
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Polet in VK');
    await form.getByTestId('channel-save').click();
    await admin.waitForURL(/\/admin\/preferences\/channels\/vk_bot\/edit\/[\w-]+$/, {
      timeout: 20_000,
    });
    await until(
      () => cafe.callbackServers[0]?.status === 'ok',
      'VK confirming the callback server',
    );
    expect(school.callbackServers).toEqual([]);
    await adminContext.close();

    // A customer writes; VK delivers the event twice; the chat waits once in Pending.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const customer = cafe.newCustomer('Yulia', 'Kovaleva');
    const event = cafe.composeMessageNew(customer, 'Can I book a table for six tonight?');
    await cafe.deliver(event);
    await cafe.deliver(event);
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Yulia Kovaleva' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await operator.getByTestId('chat-take').click();
    await shown(operator, 'Can I book a table for six tonight?');
    expect(
      await operator
        .getByTestId('message')
        .filter({ hasText: 'Can I book a table for six tonight?' })
        .count(),
    ).toBe(1);

    // A reply with a photo: VK says "too many requests" once; the product restarts meanwhile.
    cafe.failNextWith(1, 6, ['messages.send']);
    const tries = () => cafe.calls.filter((name) => name === 'messages.send').length;
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'hall.png',
      mimeType: 'image/png',
      buffer: Buffer.from('\x89PNG the hall', 'latin1'),
    });
    await sendReply(operator, 'Yes, the hall by the window is yours');
    await until(() => tries() > 0, 'the first try');
    expect(cafe.sent).toEqual([]);
    await app.restart();
    await until(
      () => cafe.sent.length === 1,
      () => `VK got ${JSON.stringify(cafe.calls)}`,
    );
    const [sent] = cafe.sent;
    expect(sent?.text).toBe('Yes, the hall by the window is yours');
    expect(sent?.attachments.map((file) => file.bytes.toString('latin1'))).toEqual([
      '\x89PNG the hall',
    ]);
    await sendReply(operator, 'See you at seven');
    await until(() => cafe.sent.length === 2, 'the second reply');

    // Read up to the second reply: both are read; a read of the first alone, later, changes nothing.
    const statusOf = (text: string) =>
      operator.getByTestId('message').filter({ hasText: text }).first().getAttribute('data-status');
    await cafe.reportRead(customer, cafe.sent[1]?.id ?? 0);
    await until(
      async () => (await statusOf('Yes, the hall by the window is yours')) === 'read',
      'the first reply read',
    );
    expect(await statusOf('See you at seven')).toBe('read');
    await cafe.reportRead(customer, cafe.sent[0]?.id ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await statusOf('See you at seven')).toBe('read');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cafe.sent).toHaveLength(2);
    await operatorContext.close();
  }, 240_000);
});
