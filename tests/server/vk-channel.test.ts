import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  startVkApiServer,
  type FakeVkCommunity,
  type FakeVkUser,
  type VkCustomer,
} from '../providers/vk/vk-api-server';
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
 * A VK community's bot through the whole server, against a local VK that answers as dev.vk.com
 * documents its API for community bots: connected by two sign-ins at VK (the administrator's,
 * listing the communities they administer, then the community's, for the one picked), its
 * events received by the Callback API (confirmed with VK's code, checked by the secret) with a
 * public address and by the Bots Long Poll without one, a customer's message and photo stored
 * once, a reply with a file sent once across "too many requests" and a restart (random_id), the
 * answers offered as a keyboard, and reads as a watermark that only moves replies forward.
 */
const { suite, provider: local } = providerSuite(startVkApiServer, (vk, baseUrl) => ({
  VK_API_ROOT: vk.url,
  VK_OAUTH_ROOT: vk.url,
  VK_APP_ID: String(vk.appId),
  VK_APP_SECRET: vk.appSecret,
  PUBLIC_URL: baseUrl,
}));

const CREATE_PAGE = '/admin/preferences/channels/vk_bot/create';

/** One sign-in at VK from the wizard (the first, or with `pick` the community's); where it came back. */
function signIn(
  admin: string,
  person: FakeVkUser,
  channelId: string,
  pick?: { from: string; choice: string },
  decision: 'allow' | 'deny' = 'allow',
) {
  return signInAt(
    suite,
    admin,
    { type: 'vk_bot', channelId, returnTo: CREATE_PAGE, ...pick },
    (url) => {
      local().signedIn = person;
      return local().consent(url, decision);
    },
  );
}

const general = (channelId: string, name: string) => generalFields(suite, channelId, name);

/** The wizard's whole way for a community the person administers: the grant the save names. */
const grantFor = (
  admin: string,
  person: FakeVkUser,
  community: FakeVkCommunity,
  channelId: string,
) => twoStepGrant((pick) => signIn(admin, person, channelId, pick), String(community.groupId));

/** A community connected through both sign-ins, its receiving set up by the workers (if any). */
async function connected(name: string, screenName: string, waitForCallback: boolean) {
  const admin = await login(suite.server, 'admin@demo.test');
  const person = local().addAdmin('Pavel', 'Orlov');
  const community = local().addCommunity(name, screenName);
  person.administers(community);
  const channelId = newId();
  const grant = await grantFor(admin, person, community, channelId);
  const [created] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      ...general(channelId, `VK ${name}`),
      type: 'vk_bot',
      secrets: { grant },
    }),
  ]);
  expect(created).toMatchObject({ ok: true });
  if (waitForCallback)
    await until(
      () =>
        community.callbackServers[0]?.status === 'ok' &&
        community.callbackServers[0].events.has('message_new'),
    );
  return { admin, community, channelId };
}

const chatOf = (channelId: string, customer: VkCustomer) =>
  chatOfCustomer(suite, channelId, String(customer.id));
const theirTexts = (channelId: string, customer: VkCustomer) =>
  customerTexts(suite, channelId, String(customer.id));

describe('a VK community channel', () => {
  it('is connected by signing in at VK, then for a community the person administers; its token stays on the server', async () => {
    const admin = await login(suite.server, 'admin@demo.test');
    const person = local().addAdmin('Irina', 'Sokolova');
    const bakery = local().addCommunity('Pekarnya Sokol', 'pekarnya_sokol');
    const flowers = local().addCommunity('Tsvety Sokol', 'tsvety_sokol');
    const foreign = local().addCommunity('Someone else’s shop', 'other_shop');
    person.administers(bakery).administers(flowers);
    const channelId = newId();

    // Refused at VK: back to the wizard, saying so.
    const denied = await signIn(admin, person, channelId, undefined, 'deny');
    expect(`${denied.pathname}${denied.search}`).toBe(`${CREATE_PAGE}?authorizationError=denied`);

    // The first sign-in lists the communities the person administers, and is no grant itself.
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
          { id: String(bakery.groupId), name: 'Pekarnya Sokol', username: 'pekarnya_sokol' },
          { id: String(flowers.groupId), name: 'Tsvety Sokol', username: 'tsvety_sokol' },
        ],
      },
    });
    const [early] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        ...general(channelId, 'VK too early'),
        type: 'vk_bot',
        secrets: { grant: from },
      }),
    ]);
    expect(early).toMatchObject({ ok: false, error: { name: 'SERVICE_ACCOUNT_INVALID_TOKEN' } });

    // A community not among the choices cannot be asked for.
    const forged = await call(suite.server, 'POST', '/api/channel-authorizations', {
      token: admin,
      body: {
        type: 'vk_bot',
        channelId,
        returnTo: CREATE_PAGE,
        from,
        choice: String(foreign.groupId),
      },
    });
    expect(forged.body).toMatchObject({
      code: 'error',
      error: { name: 'SERVICE_ACCOUNT_INVALID_FIELDS' },
    });

    const second = await signIn(admin, person, channelId, {
      from,
      choice: String(flowers.groupId),
    });
    const grant = second.searchParams.get('authorization') ?? '';
    const granted = await call(suite.server, 'GET', `/api/channel-authorizations/${grant}`, {
      token: admin,
    });
    expect(granted.body).toMatchObject({
      code: 'ok',
      entity: { account: { username: 'tsvety_sokol', name: 'Tsvety Sokol' }, choices: null },
    });
    expect(JSON.stringify(granted.body)).not.toContain(flowers.token);

    const [created] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        ...general(channelId, 'VK Tsvety'),
        type: 'vk_bot',
        secrets: { grant },
      }),
    ]);
    expect(created).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.providerIdentity).toBe(String(flowers.groupId));
    expect(row?.settings).toMatchObject({ groupId: flowers.groupId, groupName: 'Tsvety Sokol' });
    expect(row?.secrets).toEqual({ token: flowers.token });
  });

  describe('with a public address (the Callback API)', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('confirms the callback server, and stores a message and photo once, whatever VK retries; a wrong secret stores nothing', async () => {
      const { community, channelId } = await connected('Kofeinya', 'kofeinya_msk', true);
      const server = community.callbackServers[0];
      expect(server?.url).toBe(`${suite.server.baseUrl}/api/channels/${channelId}/webhook`);
      expect([...(server?.events ?? [])].sort()).toEqual(['message_new', 'message_read']);

      const customer = community.newCustomer('Oleg', 'Vetrov');
      const photo = Buffer.from('\xff\xd8\xff\xe0 a latte', 'latin1');
      const event = community.composeMessageNew(customer, 'Do you deliver to Arbat?', {
        photo: { bytes: photo, type: 'image/jpeg' },
      });
      const [answer] = await community.deliver(event);
      expect(answer).toMatchObject({ status: 200, body: 'ok' });
      // VK delivers it again (it saw no `ok` in time): the same message, not a second one.
      const [again] = await community.deliver(event);
      expect(again).toMatchObject({ status: 200, body: 'ok' });
      // Someone who does not hold the secret.
      const forged = await fetch(server?.url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...event, text: 'forged', secret: 'guess' }),
      });
      expect(forged.status).toBe(403);

      const chat = await chatOf(channelId, customer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const messages = await customerMessages(suite, channelId, String(customer.id));
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toMatchObject({ text: 'Do you deliver to Arbat?' });
      const [attachment] = messages[0]?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: photo.length });
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, chat.clientId));
      expect(client?.name).toBe('Oleg Vetrov');
    });

    it('sends a reply with a file once across "too many requests" and a restart; a read moves every earlier reply to read', async () => {
      const { admin, community, channelId } = await connected('Knigi', 'knigi_spb', true);
      const customer = community.newCustomer('Vera', 'Lisina');
      await community.customerWrites(customer, 'Is the atlas in stock?');
      const chat = await chatOf(channelId, customer);

      const fileId = newId();
      const png = Buffer.from('\x89PNG the atlas', 'latin1');
      await upload(suite.server, { token: admin }, fileId, {
        bytes: png,
        type: 'image/png',
        name: 'atlas.png',
      });
      community.failNextWith(1, 6, ['messages.send']);
      const first = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId: first,
          text: 'Yes, this one',
          attachments: [{ id: fileId, name: 'atlas.png', type: 'image/png', size: png.length }],
        }),
      ]);
      await until(async () => (await deliveryJob(suite, first))?.lastError != null);
      await workers.stop();
      expect(community.sent).toEqual([]);
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await deliveryJob(suite, first))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      const second = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId: second,
          text: 'It is 1,200 roubles',
          attachments: [],
        }),
      ]);
      await until(async () => (await deliveryJob(suite, second))?.state === 'sent');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(community.sent.map((message) => message.text)).toEqual([
        'Yes, this one',
        'It is 1,200 roubles',
      ]);
      const [withFile] = community.sent;
      expect(withFile?.attachments).toHaveLength(1);
      expect(withFile?.attachments[0]).toMatchObject({ kind: 'photo', type: 'image/png' });
      expect(withFile?.attachments[0]?.bytes.equals(png)).toBe(true);
      expect(withFile?.randomId).not.toBe(0);

      // The customer read up to the second reply: both are read; an older read changes nothing.
      await community.reportRead(customer, community.sent[1]?.id ?? 0);
      await until(async () => (await messageStatus(suite, first)) === 'read');
      expect(await messageStatus(suite, second)).toBe('read');
      await community.reportRead(customer, community.sent[0]?.id ?? 0);
      expect(await messageStatus(suite, second)).toBe('read');
    });

    it('offers an auto-reply’s answers as a keyboard, and a pressed one arrives as the customer’s words', async () => {
      const { admin, community, channelId } = await connected('Remont', 'remont_ekb', true);
      await greetWithButtons(suite, admin, channelId, 'Hello! What do you need?', [
        'Repair',
        'Price list',
      ]);
      const customer = community.newCustomer('Anton', 'Gusev');
      await community.customerWrites(customer, 'Hi');
      await until(() => community.sent.length > 0);
      expect(community.sent[0]).toMatchObject({
        text: 'Hello! What do you need?',
        keyboard: ['Repair', 'Price list'],
      });
      await community.customerWrites(customer, 'Price list', { payload: '{"answer":1}' });
      await until(async () => (await theirTexts(channelId, customer)).length === 2);
      expect(await theirTexts(channelId, customer)).toEqual(['Hi', 'Price list']);
    });

    it('holds replies when VK refuses the community’s token', async () => {
      const { admin, community, channelId } = await connected('Shiny', 'shiny_kzn', true);
      const customer = community.newCustomer('Rita', 'Zueva');
      await community.customerWrites(customer, 'Do you fit winter tyres?');
      const chat = await chatOf(channelId, customer);
      community.revokeToken();
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId,
          text: 'Yes, daily',
          attachments: [],
        }),
      ]);
      await until(async () => (await deliveryJob(suite, messageId))?.state === 'held');
      const [health] = await suite.server.database.db
        .select()
        .from(t.channelHealth)
        .where(eq(t.channelHealth.id, channelId));
      expect(health).toMatchObject({ reauthorizationRequired: true });
      expect(community.sent).toEqual([]);
    });
  });

  describe('without a public address (the Bots Long Poll)', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, null);
    });
    afterAll(() => workers.stop());

    it('receives by polling, through an expired key, and after a restart from where it stopped', async () => {
      const { community, channelId } = await connected('Sad', 'sad_nsk', false);
      await until(() => community.longPoll.enabled && community.longPoll.waiters.size > 0);
      expect(community.callbackServers).toEqual([]);
      const customer = community.newCustomer('Kira', 'Belova');
      await community.customerWrites(customer, 'Are tulips in?');
      await until(async () => (await theirTexts(channelId, customer)).length === 1);

      community.expireLongPollKey();
      await community.customerWrites(customer, 'And roses?');
      await until(async () => (await theirTexts(channelId, customer)).length === 2);

      // Written while the product is down: VK keeps it, and the next poll asks from the kept ts.
      await workers.stop();
      await community.customerWrites(customer, 'Hello?');
      workers = channelWorkers(suite, null);
      await until(async () => (await theirTexts(channelId, customer)).length === 3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await theirTexts(channelId, customer)).toEqual([
        'Are tulips in?',
        'And roses?',
        'Hello?',
      ]);
    });
  });
});
