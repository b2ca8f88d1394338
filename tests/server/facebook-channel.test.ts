import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { facebookVerifyToken } from '../../server/channels/facebook/facebook-adapter';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  startFacebookApiServer,
  type FakeFacebookPage,
  type FakeFacebookUser,
  type FbCustomer,
} from '../providers/facebook/facebook-api-server';
import { call, command, login, sendCommands, upload } from './harness';
import {
  channelWorkers,
  chatOfCustomer,
  customerMessages,
  customerTexts,
  generalFields,
  signInAt,
  twoStepGrant,
  deliveryJob,
  greetWithButtons,
  messageStatus,
  providerSuite,
  until,
} from './provider-channel-helpers';

/**
 * A Facebook Page's Messenger channel through the whole server, against a local Facebook that
 * answers as Meta documents its Messenger Platform: connected by two Facebook Logins with the
 * Page picked between them, the app's one callback taking every Page's signed webhooks, a
 * customer's message and photo stored once however often they come, a reply with a file
 * (uploaded to Meta first) sent once across a 429 and a restart, deliveries by mid and reads as a
 * watermark by time that only move replies forward, and a lapsed Page token holding replies.
 */
const { suite, provider: local } = providerSuite(
  startFacebookApiServer,
  (facebook, baseUrl) => ({
    FACEBOOK_API_ROOT: facebook.url,
    FACEBOOK_DIALOG_ROOT: facebook.url,
    FACEBOOK_APP_ID: facebook.appId,
    FACEBOOK_APP_SECRET: facebook.appSecret,
    PUBLIC_URL: baseUrl,
  }),
  (facebook, baseUrl) =>
    facebook.setCallback(
      `${baseUrl}/api/channels/webhooks/facebook`,
      facebookVerifyToken(facebook.appSecret),
    ),
);

const CREATE_PAGE = '/admin/preferences/channels/facebook/create';

/** One Facebook Login from the wizard (the first, or with `pick` the Page's); where it came back. */
function signIn(
  admin: string,
  person: FakeFacebookUser,
  channelId: string,
  pick?: { from: string; choice: string },
  decision: 'allow' | 'deny' = 'allow',
) {
  return signInAt(
    suite,
    admin,
    { type: 'facebook', channelId, returnTo: CREATE_PAGE, ...pick },
    (url) => {
      local().signedIn = person;
      return local().consent(url, decision);
    },
  );
}

const general = (channelId: string, name: string) => generalFields(suite, channelId, name);

/** Both sign-ins for a Page the person manages: the grant the save names. */
const grantFor = (
  admin: string,
  person: FakeFacebookUser,
  page: FakeFacebookPage,
  channelId: string,
) => twoStepGrant((pick) => signIn(admin, person, channelId, pick), page.id);

/** A Page connected through both sign-ins, subscribed by the workers. */
async function connected(name: string) {
  const admin = await login(suite.server, 'admin@demo.test');
  const person = local().addUser('Maria Lopez');
  const page = local().addPage(name);
  person.manages(page);
  const channelId = newId();
  const grant = await grantFor(admin, person, page, channelId);
  const [created] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      ...general(channelId, `Facebook ${name}`),
      type: 'facebook',
      secrets: { grant },
    }),
  ]);
  expect(created).toMatchObject({ ok: true });
  await until(() => page.subscribedFields.includes('messages'));
  return { admin, page, channelId };
}

const chatOf = (channelId: string, customer: FbCustomer) =>
  chatOfCustomer(suite, channelId, customer.psid);
const theirTexts = (channelId: string, customer: FbCustomer) =>
  customerTexts(suite, channelId, customer.psid);

describe('a Facebook Page channel', () => {
  it('is connected by Facebook Login, then for a Page the person picks; the Page token stays on the server', async () => {
    const admin = await login(suite.server, 'admin@demo.test');
    const person = local().addUser('Lucia Moreno');
    const bakery = local().addPage('Moreno Bakery');
    const florist = local().addPage('Moreno Flowers');
    person.manages(bakery).manages(florist);
    const channelId = newId();

    const denied = await signIn(admin, person, channelId, undefined, 'deny');
    expect(`${denied.pathname}${denied.search}`).toBe(`${CREATE_PAGE}?authorizationError=denied`);

    const first = await signIn(admin, person, channelId);
    const from = first.searchParams.get('authorization') ?? '';
    const shown = await call(suite.server, 'GET', `/api/channel-authorizations/${from}`, {
      token: admin,
    });
    expect(shown.body).toMatchObject({
      code: 'ok',
      entity: {
        account: null,
        choices: [
          { id: bakery.id, name: 'Moreno Bakery', username: null },
          { id: florist.id, name: 'Moreno Flowers', username: null },
        ],
      },
    });

    const second = await signIn(admin, person, channelId, { from, choice: florist.id });
    const grant = second.searchParams.get('authorization') ?? '';
    const granted = await call(suite.server, 'GET', `/api/channel-authorizations/${grant}`, {
      token: admin,
    });
    expect(granted.body).toMatchObject({
      code: 'ok',
      entity: { account: { username: null, name: 'Moreno Flowers' }, choices: null },
    });
    const [created] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        ...general(channelId, 'Facebook Flowers'),
        type: 'facebook',
        secrets: { grant },
      }),
    ]);
    expect(created).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.providerIdentity).toBe(florist.id);
    expect(row?.settings).toMatchObject({ pageId: florist.id, pageName: 'Moreno Flowers' });
    expect(Object.keys(row?.secrets ?? {})).toEqual(['token']);
    expect(JSON.stringify(granted.body)).not.toContain(row?.secrets.token ?? 'no token');
  });

  describe('with its workers running', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('stores a customer’s message and photo once, whatever Meta delivers twice; a forged call stores nothing', async () => {
      const { page, channelId } = await connected('Casa Verde');
      const customer = page.newCustomer('Ana', 'Ruiz');
      const photo = Buffer.from('\xff\xd8\xff\xe0 a green door', 'latin1');
      const body = page.composeMessage(customer, 'Is the green door still for sale?', {
        image: { bytes: photo, type: 'image/jpeg' },
      });
      expect(await page.deliver(body)).toBe(200);
      expect(await page.deliver(body)).toBe(200);
      expect(await page.deliver(body, 'not-the-app-secret')).toBe(403);
      const chat = await chatOf(channelId, customer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const messages = await customerMessages(suite, channelId, customer.psid);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message.text).toBe('Is the green door still for sale?');
      const [attachment] = messages[0]?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: photo.length });
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, chat.clientId));
      expect(client?.name).toBe('Ana Ruiz');
    });

    it('sends a reply with a file once across a 429 and a restart; a late delivery does not undo a read', async () => {
      const { admin, page, channelId } = await connected('Casa Azul');
      const customer = page.newCustomer('Luis', 'Vega');
      await page.customerWrites(customer, 'Do you ship to Porto?');
      const chat = await chatOf(channelId, customer);

      const fileId = newId();
      const pdf = Buffer.from('%PDF-1.4 shipping rates', 'latin1');
      await upload(suite.server, { token: admin }, fileId, {
        bytes: pdf,
        type: 'application/pdf',
        name: 'rates.pdf',
      });
      page.failNextWith429(1, ['messages']);
      const first = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId: first,
          text: 'Yes, rates attached',
          attachments: [
            { id: fileId, name: 'rates.pdf', type: 'application/pdf', size: pdf.length },
          ],
        }),
      ]);
      await until(async () => (await deliveryJob(suite, first))?.lastError != null);
      await workers.stop();
      expect(page.sent).toEqual([]);
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await deliveryJob(suite, first))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(page.sent.map((sent) => sent.text ?? sent.attachment?.type)).toEqual([
        'Yes, rates attached',
        'file',
      ]);
      expect(page.sent[1]?.attachment?.bytes.equals(pdf)).toBe(true);

      // Read (a watermark at the send, on the server's clock, which the retries moved on), then
      // a delivery of the same message arriving late.
      const mids = page.sent.map((sent) => sent.id);
      const sentAt = (await deliveryJob(suite, first))?.updatedAt.getTime() ?? 0;
      expect(await page.reportRead(customer, sentAt)).toBe(200);
      await until(async () => (await messageStatus(suite, first)) === 'read');
      expect(await page.reportDelivered(customer, mids)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await messageStatus(suite, first)).toBe('read');
    });

    it('marks read only the replies sent up to the watermark', async () => {
      const { admin, page, channelId } = await connected('Casa Roja');
      const customer = page.newCustomer('Marta', 'Gil');
      await page.customerWrites(customer, 'Hello');
      const chat = await chatOf(channelId, customer);
      const send = async (text: string) => {
        const messageId = newId();
        await sendCommands(suite.server, admin, [
          command('message.send', { chatId: chat.id, messageId, text, attachments: [] }),
        ]);
        await until(async () => (await deliveryJob(suite, messageId))?.state === 'sent');
        return messageId;
      };
      const early = await send('First answer');
      const job = await deliveryJob(suite, early);
      const watermark = (job?.updatedAt ?? new Date()).getTime();
      suite.server.clock.advance(5_000);
      const later = await send('Second answer');
      expect(await page.reportRead(customer, watermark)).toBe(200);
      await until(async () => (await messageStatus(suite, early)) === 'read');
      expect(await messageStatus(suite, later)).toBe('sent');
    });

    it('offers an auto-reply’s answers as quick replies, a tap arriving as the customer’s words', async () => {
      const { admin, page, channelId } = await connected('Casa Gris');
      await greetWithButtons(suite, admin, channelId, 'Hi! What do you need?', [
        'Opening hours',
        'Delivery',
      ]);
      const customer = page.newCustomer('Pablo', 'Sanz');
      await page.customerWrites(customer, 'Hi');
      await until(() => page.sent.length > 0);
      expect(page.sent[0]).toMatchObject({
        text: 'Hi! What do you need?',
        quickReplies: ['Opening hours', 'Delivery'],
      });
      await page.customerWrites(customer, 'Delivery', { quickReplyPayload: 'Delivery' });
      await until(async () => (await theirTexts(channelId, customer)).length === 2);
      expect(await theirTexts(channelId, customer)).toEqual(['Hi', 'Delivery']);
    });

    it('holds replies when the Page token lapses', async () => {
      const { admin, page, channelId } = await connected('Casa Negra');
      const customer = page.newCustomer('Eva', 'Soto');
      await page.customerWrites(customer, 'Are you open on Sunday?');
      const chat = await chatOf(channelId, customer);
      page.lapseToken();
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', { chatId: chat.id, messageId, text: 'Yes', attachments: [] }),
      ]);
      await until(async () => (await deliveryJob(suite, messageId))?.state === 'held');
      const [health] = await suite.server.database.db
        .select()
        .from(t.channelHealth)
        .where(eq(t.channelHealth.id, channelId));
      expect(health).toMatchObject({ reauthorizationRequired: true });
      expect(page.sent).toEqual([]);
    });
  });
});
