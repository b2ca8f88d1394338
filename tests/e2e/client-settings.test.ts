import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { newId } from '../../src/protocol';
import {
  commandOk,
  customerOnDemoSite,
  operatorOnPendingList,
  signedInPage,
  type Page,
} from './browser';
import { browserAndApp, type InProcessApp } from './in-process-app';

/** A success toast with this text (spec §8). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

async function siteChannel(app: InProcessApp) {
  const [channel] = await app.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.type, 'site_chat'));
  if (!channel) throw new Error('no site-chat channel');
  return channel;
}

/** The customer behind a site-chat visitor: their profile, found by the visitor's identity. */
async function visitorClient(app: InProcessApp, channelId: string, visitorId: string) {
  const [contact] = await app.database.db
    .select()
    .from(t.clientContacts)
    .where(and(eq(t.clientContacts.channelId, channelId), eq(t.clientContacts.value, visitorId)));
  return contact?.clientId;
}

/** The widget visitor's id, as the widget keeps it once it has written. */
const widgetVisitorId = (customer: Page, channelId: string) =>
  customer.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { visitorId: string | null }).visitorId : null;
  }, `sc-widget:${channelId}`);

async function customerWrites(customer: Page, text: string) {
  await customer.locator('[data-testid="widget-input"]').fill(text);
  await customer.locator('[data-testid="widget-input"]').press('Enter');
}

/**
 * Issue 18, the administrator's side: two profiles of one person merged on the contact merge
 * page, then seen as one by an operator; and a blacklisted visitor whose message opens no chat
 * and waits on the blacklist page.
 */
describe('the client settings screens in Chromium', () => {
  const suite = browserAndApp();

  it('an administrator merges two profiles of one person, and the operator then sees one client with both histories', async () => {
    const { browser, app } = suite;
    const channel = await siteChannel(app);

    // One profile: a visitor of the website writes through the widget (no phone).
    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    await customerWrites(customer, 'Hello from the website');
    await customer.waitForFunction(
      (key) =>
        Boolean(
          (JSON.parse(localStorage.getItem(key) ?? '{}') as { visitorId?: string }).visitorId,
        ),
      `sc-widget:${channel.id}`,
    );
    const visitorId = (await widgetVisitorId(customer, channel.id)) ?? '';
    let widgetClientId: string | undefined;
    await expect
      .poll(async () => (widgetClientId = await visitorClient(app, channel.id, visitorId)), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const [widgetClient] = await app.database.db
      .select()
      .from(t.clients)
      .where(eq(t.clients.id, widgetClientId ?? ''));
    const name = widgetClient?.name ?? '';
    expect(name).toMatch(/^Website visitor /);

    // The other: the same person, known by the same name and a phone (a phone belongs to one
    // client only, so the widget's profile has none), writing from another device.
    const phoneResult = await app.context.execute(
      { orgId: channel.orgId, actor: { kind: 'channel', id: channel.id }, viewer: null },
      {
        id: newId(),
        type: 'message.receive',
        payload: {
          channelId: channel.id,
          client: { externalId: `device-${newId()}`, name, phone: '+79121234567' },
          text: 'Hello from my phone',
          attachments: [],
        },
      },
    );
    expect(phoneResult.ok).toBe(true);
    const [phoneClient] = await app.database.db
      .select()
      .from(t.clients)
      .where(eq(t.clients.phone, '+79121234567'));
    expect(phoneClient).toBeDefined();
    const survivorId = phoneClient?.id ?? '';

    // The administrator finds both by the name, keeps the one with the phone, and merges.
    const { context: adminContext, page: admin } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await admin.waitForURL(/\/admin\/chats/);
    await admin.goto(`${app.baseUrl}/admin/preferences/merge-contacts?clientId=${survivorId}`);
    const first = admin.getByTestId('merge-first');
    await first.getByTestId('merge-picked-name').filter({ hasText: name }).waitFor();
    const second = admin.getByTestId('merge-second');
    await second.getByTestId('merge-search').fill(name);
    const results = second.getByTestId('merge-result');
    await results.first().waitFor();
    // The profile already chosen is not offered again.
    expect(await results.count()).toBe(1);
    await results.first().getByRole('button').click();
    await second.getByTestId('merge-picked-name').waitFor();

    const survivorChoice = admin.getByTestId('merge-survivor');
    expect(await survivorChoice.getByRole('radio').first().isChecked()).toBe(true);
    await admin
      .getByTestId('merge-conflicts')
      .getByText('The profiles do not disagree on any field.')
      .waitFor();
    const contacts = await admin.getByTestId('merge-preview-contacts').innerText();
    expect(contacts).toContain(visitorId);
    expect(await admin.getByTestId('merge-moves').innerText()).toContain('1 chat');

    await admin.getByTestId('merge-submit').click();
    await admin.getByTestId('merge-dialog').waitFor();
    await admin.getByTestId('merge-confirm').click();
    await toast(admin, 'Profiles merged');
    await admin.getByTestId('merge-second').getByTestId('merge-search').waitFor();

    const [alias] = await app.database.db
      .select()
      .from(t.clientMerges)
      .where(eq(t.clientMerges.id, widgetClientId ?? ''));
    expect(alias?.survivorId).toBe(survivorId);
    const survivorChats = await app.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.clientId, survivorId));
    expect(survivorChats).toHaveLength(2);

    // The visitor writes again: it lands on the survivor, never on a new profile.
    await customerWrites(customer, 'Still there?');
    await expect
      .poll(
        async () => {
          const messages = await app.database.db
            .select()
            .from(t.messages)
            .where(eq(t.messages.text, 'Still there?'));
          const chatIds = new Set(survivorChats.map((chat) => chat.id));
          return messages.some((message) => chatIds.has(message.chatId));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(
      await app.database.db.select().from(t.clients).where(eq(t.clients.name, name)),
    ).toHaveLength(1);

    // The operator opens the website chat: one client, whose history lists both chats.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const rows = operator.getByTestId('chat-row').filter({ hasText: name });
    await rows.first().waitFor({ timeout: 10_000 });
    expect(await rows.count()).toBe(2);
    await rows.first().click();
    await operator.getByTestId('panel-button-history').click();
    const history = operator.getByTestId('panel-history').getByTestId('client-chat');
    await expect.poll(() => history.count(), { timeout: 10_000 }).toBe(2);
    const listed = await history.evaluateAll((links) =>
      links.map((link) => link.getAttribute('data-chat-id')),
    );
    expect(new Set(listed)).toEqual(new Set(survivorChats.map((chat) => chat.id)));

    await operatorContext.close();
    await adminContext.close();
    await customerContext.close();
  }, 150_000);

  it('a blacklisted visitor writes through the widget: no chat appears anywhere, and the blacklist page shows the message set aside', async () => {
    const { browser, app } = suite;
    const channel = await siteChannel(app);

    // The visitor is known to the site (the widget made their id) but has not written yet.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(`${app.baseUrl}/demo/site`);
    const visitorId = await customer.evaluate(
      async ({ channelId }) => {
        const response = await fetch(`/api/widget/${channelId}/visitors`, { method: 'POST' });
        const { entity } = (await response.json()) as {
          entity: { visitorId: string; token: string };
        };
        localStorage.setItem(
          `sc-widget:${channelId}`,
          JSON.stringify({
            visitorId: entity.visitorId,
            token: entity.token,
            cursor: 0,
            items: [],
            pending: [],
            ratedLinks: [],
          }),
        );
        return entity.visitorId;
      },
      { channelId: channel.id },
    );
    const chatsBefore = (await app.database.db.select().from(t.chats)).length;
    const clientsBefore = (await app.database.db.select().from(t.clients)).length;

    // The administrator blacklists that visitor's identity in the website channel.
    const { context: adminContext, page: admin } = await signedInPage(
      browser,
      app.baseUrl,
      'admin@demo.test',
    );
    await admin.waitForURL(/\/admin\/chats/);
    await admin.goto(`${app.baseUrl}/admin/preferences/black-list`);
    await admin.getByTestId('blacklist-add').click();
    const panel = admin.getByTestId('blacklist-panel');
    await panel.getByLabel('What to block').selectOption('channel');
    await panel.getByLabel('The customer’s id in the channel').fill(visitorId);
    await panel.getByTestId('blacklist-save').click();
    // A channel identity needs its channel: nothing is sent without one.
    await panel.getByText('Required field').first().waitFor();
    await panel.getByLabel('Channel', { exact: true }).selectOption({ label: channel.name });
    await panel.getByTestId('blacklist-save').click();
    await toast(admin, 'Added to the blacklist');
    const row = admin.getByTestId('blacklist-row').filter({ hasText: visitorId });
    await row.waitFor();
    expect(await row.innerText()).toContain('Alice Admin');
    expect(await row.getByTestId('blacklist-value').innerText()).toBe(
      `${visitorId} in ${channel.name}`,
    );

    // An operator is watching the lists while the visitor writes.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    await operator.getByTestId('chat-row').first().waitFor();

    await customer.reload();
    await customer.locator('[data-testid="widget-launcher"]').click();
    await customerWrites(customer, 'Let me in <b>now</b>');

    // The message waits on the blacklist page, as text, under the entry that stopped it.
    const blocked = row.getByTestId('blocked-message');
    await blocked.waitFor({ timeout: 15_000 });
    expect(await blocked.innerText()).toContain('Let me in <b>now</b>');
    expect(await row.locator('b').count()).toBe(0);

    // No chat, no client, anywhere: not in the database, not in any of the operator's lists.
    expect((await app.database.db.select().from(t.chats)).length).toBe(chatsBefore);
    expect((await app.database.db.select().from(t.clients)).length).toBe(clientsBefore);
    expect(await visitorClient(app, channel.id, visitorId)).toBeUndefined();
    const visitorName = `Website visitor ${visitorId.slice(-4).toUpperCase()}`;
    // The Pending list, where a new chat would have come in, kept live all along: still without
    // it a moment after the message was set aside (the database above holds no chat to show).
    await operator.waitForTimeout(1000);
    expect(await operator.getByTestId('chat-row').count()).toBeGreaterThan(0);
    expect(await operator.getByTestId('chat-row').filter({ hasText: visitorName }).count()).toBe(0);

    await operatorContext.close();
    await adminContext.close();
    await customerContext.close();
  }, 150_000);
  it('an administrator creates, edits and deletes a customer status with a colour from the palette; a status in use is explained, not deleted', async () => {
    const { browser, app } = suite;
    const { context, page } = await signedInPage(browser, app.baseUrl, 'admin@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/preferences/statuses`);
    // The six inner statuses, translated, read-only.
    await page.getByTestId('inner-status-row').first().waitFor();
    expect(
      await page.getByTestId('inner-status-row').locator('td:first-child').allInnerTexts(),
    ).toEqual([
      'New',
      'Potential client',
      'Contact later',
      'Completed',
      'Not our client',
      'Refusal',
    ]);

    // Name and colour are required; the palette is a radio group reached by the keyboard.
    await page.getByTestId('status-add').click();
    const panel = page.getByTestId('status-panel');
    await panel.getByTestId('status-save').click();
    expect(await panel.getByText('Required field').count()).toBe(2);
    await panel.getByLabel('Name').fill('VIP');
    const colours = panel.getByRole('radio');
    expect(await colours.count()).toBe(13);
    await colours.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await panel.getByRole('radio', { name: 'Pink' }).isChecked()).toBe(true);
    await panel.getByRole('radio', { name: 'Amber' }).check({ force: true });
    await panel.getByTestId('status-save').click();
    await toast(page, 'Status created');
    const row = page.getByTestId('status-row').filter({ hasText: 'VIP' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Amber');
    const [created] = await app.database.db
      .select()
      .from(t.clientStatuses)
      .where(eq(t.clientStatuses.name, 'VIP'));
    expect(created?.colour).toBe('amber');

    // Edit: a new name and colour, and the toast.
    await row.getByRole('button', { name: 'VIP' }).click();
    await panel.getByLabel('Name').fill('VIP buyer');
    await panel.getByRole('radio', { name: 'Teal' }).check({ force: true });
    await panel.getByTestId('status-save').click();
    await toast(page, 'Status saved');
    const edited = page.getByTestId('status-row').filter({ hasText: 'VIP buyer' });
    await edited.waitFor();
    expect(await edited.innerText()).toContain('Teal');

    // A client holds it: the page counts them and the delete dialog explains instead of deleting.
    const [someone] = await app.database.db.select().from(t.clients).limit(1);
    const clientId = someone?.id ?? '';
    await commandOk(page, 'client.update', { clientId, status: created?.id });
    await expect.poll(() => edited.getByTestId('status-clients').innerText()).toBe('1');
    await edited.getByRole('button', { name: 'VIP buyer' }).click();
    await panel.getByTestId('status-delete').click();
    await page.getByTestId('status-delete-in-use').waitFor();
    expect(await page.getByTestId('status-delete-confirm').isDisabled()).toBe(true);
    await page.getByTestId('status-delete-dialog').getByRole('button', { name: 'Cancel' }).click();

    // Given back its old status, the client frees it, and it goes.
    await commandOk(page, 'client.update', { clientId, status: someone?.status ?? 'NEW' });
    await expect.poll(() => edited.getByTestId('status-clients').innerText()).toBe('0');
    await panel.getByTestId('status-delete').click();
    await page.getByTestId('status-delete-confirm').click();
    await toast(page, 'Status deleted');
    await edited.waitFor({ state: 'detached' });
    expect(
      await app.database.db
        .select()
        .from(t.clientStatuses)
        .where(eq(t.clientStatuses.name, 'VIP buyer')),
    ).toHaveLength(0);

    // A plan without the client-statuses option: the page says so and offers no changes.
    const [org] = await app.database.db.select().from(t.organizations);
    await app.database.db.update(t.organizations).set({
      options: (org?.options ?? []).filter((option) => option !== 'OPTION_CLIENT_STATUSES'),
    });
    await page.reload();
    await page.getByTestId('statuses-no-option').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('status-add').count()).toBe(0);
    await app.database.db.update(t.organizations).set({ options: org?.options ?? [] });
    await context.close();
  }, 120_000);
});
