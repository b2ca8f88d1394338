import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { instagramVerifyToken } from '../../server/channels/instagram/instagram-adapter';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  startInstagramApiServer,
  type FakeInstagramAccount,
  type IgCustomer,
} from '../providers/instagram/instagram-api-server';
import { call, command, login, sendCommands, upload } from './harness';
import {
  channelWorkers,
  chatOfCustomer,
  customerMessages,
  generalFields,
  signInAt,
  deliveryJob,
  messageStatus,
  providerSuite,
  until,
} from './provider-channel-helpers';

/**
 * An Instagram channel through the whole server, against a local Instagram that answers as Meta
 * documents its Instagram API with Instagram Login: connected by an administrator's sign-in at
 * Instagram (never a typed token), the app's one callback taking every account's signed
 * webhooks, a customer's message and photo stored once however often they come, a reply with a
 * file (fetched by Meta from a signed link) delivered once across a 429 and a restart, a lapsed
 * token holding replies until the channel is authorised again, and the token refreshed on time.
 */
const { suite, provider: local } = providerSuite(
  startInstagramApiServer,
  (instagram, baseUrl) => ({
    INSTAGRAM_API_ROOT: instagram.url,
    INSTAGRAM_LOGIN_ROOT: instagram.url,
    INSTAGRAM_AUTHORIZE_ROOT: instagram.url,
    INSTAGRAM_APP_ID: instagram.appId,
    INSTAGRAM_APP_SECRET: instagram.appSecret,
    PUBLIC_URL: baseUrl,
  }),
  (instagram, baseUrl) =>
    instagram.setCallback(
      `${baseUrl}/api/channels/webhooks/instagram`,
      instagramVerifyToken(instagram.appSecret),
    ),
);

/** The administrator signs in at Instagram as `account` for a channel; the wizard's return. */
function signIn(
  admin: string,
  account: FakeInstagramAccount,
  channelId: string,
  returnTo: string,
  decision: 'allow' | 'deny' = 'allow',
) {
  return signInAt(suite, admin, { type: 'instagram', channelId, returnTo }, (url) => {
    local().signedIn = account;
    return local().consent(url, decision);
  });
}

const general = (channelId: string, name: string) => generalFields(suite, channelId, name);

/** A channel connected through the sign-in, its webhooks subscribed by the workers. */
async function connected(username: string, workers: ChannelWorkers | null = null) {
  const admin = await login(suite.server, 'admin@demo.test');
  const account = local().addAccount(username, `${username} shop`);
  const channelId = newId();
  const back = await signIn(
    admin,
    account,
    channelId,
    '/admin/preferences/channels/instagram/create',
  );
  const grant = back.searchParams.get('authorization') ?? '';
  const [created] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      ...general(channelId, `Instagram ${username}`),
      type: 'instagram',
      secrets: { grant },
    }),
  ]);
  expect(created).toMatchObject({ ok: true });
  if (workers) await until(() => account.subscribedFields.includes('messages'));
  return { admin, account, channelId, grant };
}

const chatOf = (channelId: string, customer: IgCustomer) =>
  chatOfCustomer(suite, channelId, customer.igsid);

const jobOf = (messageId: string) => deliveryJob(suite, messageId);

describe('an Instagram channel', () => {
  it('is connected by signing in at Instagram; the token stays on the server, and a sign-in is used once', async () => {
    const admin = await login(suite.server, 'admin@demo.test');
    const account = local().addAccount('acme.flowers', 'Acme Flowers');
    const channelId = newId();
    const returnTo = '/admin/preferences/channels/instagram/create';

    // Refused at Instagram: back to the wizard, saying so, nothing kept.
    const denied = await signIn(admin, account, channelId, returnTo, 'deny');
    expect(`${denied.pathname}${denied.search}`).toBe(`${returnTo}?authorizationError=denied`);

    const back = await signIn(admin, account, channelId, returnTo);
    expect(back.pathname).toBe(returnTo);
    const grant = back.searchParams.get('authorization') ?? '';
    const shown = await call(suite.server, 'GET', `/api/channel-authorizations/${grant}`, {
      token: admin,
    });
    expect(shown.body).toMatchObject({
      code: 'ok',
      entity: { channelId, account: { username: 'acme.flowers', name: 'Acme Flowers' } },
    });
    expect(JSON.stringify(shown.body)).not.toMatch(/IGAA/);
    // Nobody else's to use: an operator may not read it.
    const operator = await call(suite.server, 'GET', `/api/channel-authorizations/${grant}`, {
      token: suite.operator,
    });
    expect(operator.body).toMatchObject({ code: 'error', error: { name: 'ACCESS_DENIED' } });

    const [created] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        ...general(channelId, 'Instagram Acme'),
        type: 'instagram',
        secrets: { grant },
      }),
    ]);
    expect(created).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.providerIdentity).toBe(account.igId);
    expect(row?.settings).toMatchObject({ username: 'acme.flowers', accountId: account.igId });
    expect(row?.secrets.token).toMatch(/^IGAA/);
    expect(row?.secrets).not.toHaveProperty('grant');
    expect(Date.parse(String(row?.settings.tokenExpiresAt))).toBeGreaterThan(
      Date.now() + 59 * 86_400_000,
    );

    // The same sign-in cannot connect a second channel.
    const [again] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        ...general(channelId, 'Instagram Acme 2'),
        type: 'instagram',
        secrets: { grant },
      }),
    ]);
    expect(again).toMatchObject({ ok: false });
    // A state nobody was given goes back to the channels, nothing completed.
    const forged = await fetch(
      `${suite.server.baseUrl}/api/channel-authorizations/callback?state=guess&code=abc`,
      { redirect: 'manual' },
    );
    expect(forged.headers.get('location')).toBe(
      '/admin/preferences/channels?authorizationError=expired',
    );
  });

  describe('with its workers running', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('stores a customer’s message and photo once, whatever is delivered twice; a forged call stores nothing', async () => {
      const { account, channelId } = await connected('acme.shoes', workers);
      const customer = account.newCustomer('marta.k', 'Marta K');
      const photo = Buffer.from('\xff\xd8\xff\xe0 a jpeg of shoes', 'latin1');
      const body = account.composeMessage(customer, 'Do you have these in 39?', {
        image: { bytes: photo, type: 'image/jpeg' },
      });
      expect(await account.deliver(body)).toBe(200);
      expect(await account.deliver(body)).toBe(200);
      expect(await account.deliver(body, 'not-the-app-secret')).toBe(403);
      const chat = await chatOf(channelId, customer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const messages = await customerMessages(suite, channelId, customer.igsid);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toMatchObject({
        text: 'Do you have these in 39?',
        authorKind: 'client',
      });
      const [attachment] = messages[0]?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: photo.length });
      const [file] = await suite.server.database.db
        .select({ data: t.files.data })
        .from(t.files)
        .where(eq(t.files.id, attachment?.id ?? ''));
      expect(file?.data.equals(photo)).toBe(true);
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, chat.clientId));
      expect(client?.name).toBe('Marta K');
    });

    it('delivers a reply with a file exactly once across a 429 and a restart; a read only moves it forward', async () => {
      const { account, admin, channelId } = await connected('acme.bags', workers);
      const customer = account.newCustomer('ivan.p', 'Ivan P');
      await account.customerWrites(customer, 'Is the red bag in stock?');
      const chat = await chatOf(channelId, customer);

      const fileId = newId();
      const png = Buffer.from('\x89PNG red bag', 'latin1');
      await upload(suite.server, { token: admin }, fileId, {
        bytes: png,
        type: 'image/png',
        name: 'red-bag.png',
      });
      account.failNextWith429(1, ['messages']);
      const messageId = newId();
      const [sent] = await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId,
          text: 'Yes, here it is',
          attachments: [{ id: fileId, name: 'red-bag.png', type: 'image/png', size: png.length }],
        }),
      ]);
      expect(sent).toMatchObject({ ok: true });
      // Refused for now: the job waits for its backoff, and the product restarts meanwhile.
      await until(async () => (await jobOf(messageId))?.lastError != null);
      await workers.stop();
      expect(account.sent).toEqual([]);
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await jobOf(messageId))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(account.sent.map((message) => message.text ?? message.attachment?.type)).toEqual([
        'Yes, here it is',
        'image',
      ]);
      const image = account.sent[1]?.attachment;
      expect(image?.bytes.equals(png)).toBe(true);
      expect(image?.contentType).toBe('image/png');
      // The link Meta fetched opens that file only, and only while signed.
      const link = new URL(image?.url ?? '');
      link.searchParams.set('signature', 'forged');
      expect((await fetch(link)).status).toBe(403);

      // The customer read the reply; the same read delivered again later changes nothing.
      const mid = account.sent[0]?.id ?? '';
      expect(await account.reportRead(customer, mid)).toBe(200);
      await until(async () => (await messageStatus(suite, messageId)) === 'read');
      expect(await account.reportRead(customer, mid)).toBe(200);
      expect(await messageStatus(suite, messageId)).toBe('read');
    });

    it('holds replies while its token has lapsed, and sends each once after the administrator signs in again', async () => {
      const { account, admin, channelId } = await connected('acme.hats', workers);
      const customer = account.newCustomer('olga.s', 'Olga S');
      await account.customerWrites(customer, 'When do you open?');
      const chat = await chatOf(channelId, customer);
      account.lapseToken();
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', { chatId: chat.id, messageId, text: 'At nine', attachments: [] }),
      ]);
      await until(async () => (await jobOf(messageId))?.state === 'held');
      const [health] = await suite.server.database.db
        .select()
        .from(t.channelHealth)
        .where(eq(t.channelHealth.id, channelId));
      expect(health).toMatchObject({ reauthorizationRequired: true, connected: false });
      const [held] = await suite.server.database.db
        .select({ heldFor: t.messages.heldFor })
        .from(t.messages)
        .where(eq(t.messages.id, messageId));
      expect(held?.heldFor).toBe('reauthorization');
      expect(account.sent).toEqual([]);

      // Signed in again from the channel's edit page: the same account, so the reply goes, once.
      const back = await signIn(
        admin,
        account,
        channelId,
        `/admin/preferences/channels/instagram/edit/${channelId}`,
      );
      const [saved] = await suite.server.database.db
        .select()
        .from(t.channels)
        .where(eq(t.channels.id, channelId));
      if (!saved) throw new Error('no channel');
      const [updated] = await sendCommands(suite.server, admin, [
        command('channel.update', {
          ...general(channelId, saved.name),
          secrets: { grant: back.searchParams.get('authorization') ?? '' },
        }),
      ]);
      expect(updated).toMatchObject({ ok: true });
      await until(async () => (await jobOf(messageId))?.state === 'sent');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(account.sent.map((message) => message.text)).toEqual(['At nine']);
    });

    it('refreshes its token within ten days of expiry, once it is a day old', async () => {
      const { account, channelId } = await connected('acme.socks', workers);
      const channel = async () => {
        const [row] = await suite.server.database.db
          .select()
          .from(t.channels)
          .where(eq(t.channels.id, channelId));
        if (!row) throw new Error('no channel');
        return row;
      };
      const before = await channel();
      const refreshes = () => account.calls.filter((name) => name.includes('refresh')).length;
      expect(refreshes()).toBe(0);
      // 51 days on: nine days are left, so the token is refreshed for another 60.
      local().advance(51 * 86_400_000);
      suite.server.clock.advance(51 * 86_400_000);
      await until(async () => (await channel()).secrets.token !== before.secrets.token);
      const after = await channel();
      expect(refreshes()).toBe(1);
      expect(Date.parse(String(after.settings.tokenExpiresAt))).toBeGreaterThan(
        Date.parse(String(before.settings.tokenExpiresAt)),
      );
    });
  });
});
