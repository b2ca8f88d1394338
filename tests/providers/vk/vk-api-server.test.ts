import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVkApiServer,
  type FakeVkCommunity,
  type FakeVkUser,
  type VkApiServer,
  type VkCustomer,
  type VkMessage,
} from './vk-api-server';

/**
 * The local VK answers as dev.vk.com documents its API for community bots, read through plain
 * fetch rather than our adapter: so the adapter's tests stand on a server that behaves like VK's,
 * and a mistake of the adapter cannot hide behind the same mistake here.
 */
let vk: VkApiServer;
const others: Server[] = [];
beforeAll(async () => {
  vk = await startVkApiServer();
});
afterAll(async () => {
  await vk.close();
  for (const server of others) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const V = '5.199';
const REDIRECT = 'https://inbox.example.test/channels/vk/callback';

function authorizeUrl(params: Record<string, string> = {}): string {
  const url = new URL('/authorize', vk.url);
  url.search = new URLSearchParams({
    client_id: String(vk.appId),
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'groups',
    state: 'st-1',
    v: V,
    ...params,
  }).toString();
  return url.toString();
}

function exchange(code: string, overrides: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: String(vk.appId),
    client_secret: vk.appSecret,
    redirect_uri: REDIRECT,
    code,
    ...overrides,
  });
  return fetch(`${vk.url}/access_token?${query.toString()}`);
}

const codeOf = (location: string) => new URL(location).searchParams.get('code') ?? '';

/** An API call as our adapter makes it: a form POST with the token and `v`. */
async function call(method: string, token: string, params: Record<string, string> = {}) {
  const response = await fetch(`${vk.url}/method/${method}`, {
    method: 'POST',
    body: new URLSearchParams({ access_token: token, v: V, ...params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { response?: any; error?: any };
}

async function listen(server: Server): Promise<string> {
  others.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Received = { body: any; retry: string | undefined };

/** What `act=a_check` answers: events since ts, or `failed` (with a ts to use, for 1). */
type LongPollAnswer = {
  ts: string | number;
  failed?: number;
  updates: { object: { message: VkMessage } }[];
};

/**
 * A callback receiver as a bot's server is: the confirmation code for `confirmation`, else `ok`
 * (or what `answers` says for the next deliveries, to make VK retry).
 */
async function receiver(code: () => string, answers: string[] = []) {
  const received: Received[] = [];
  const url = await listen(
    createServer((request, response) => {
      void bodyOf(request).then((raw) => {
        const body = JSON.parse(raw);
        received.push({ body, retry: request.headers['x-retry-counter'] as string | undefined });
        const text = body.type === 'confirmation' ? code() : (answers.shift() ?? 'ok');
        response.writeHead(200, { 'content-type': 'text/plain' }).end(text);
      });
    }),
  );
  return { url, received };
}

/** A community whose customer has written, so it may be written to. */
async function communityWithCustomer(): Promise<{
  shop: FakeVkCommunity;
  anna: VkCustomer;
}> {
  const shop = vk.addCommunity('Send Shop', 'send_shop');
  const anna = shop.newCustomer('Anna', 'Petrova');
  await shop.customerWrites(anna, 'Hello');
  return { shop, anna };
}

describe('the local VK API server', () => {
  it('authorises the admin, lists the groups they manage, then issues a community token', async () => {
    const shop = vk.addCommunity('Acme Shop', 'acme_shop');
    const admin: FakeVkUser = vk.addAdmin('Irina', 'Volkova').administers(shop);
    expect(shop.groupId).toBeGreaterThan(0);
    expect(admin.id).toBeGreaterThanOrEqual(100_000_000);

    vk.signedIn = undefined;
    const anonymous = await (await fetch(authorizeUrl())).text();
    expect(anonymous).toContain('Sign in');
    expect(anonymous).not.toContain('data-testid="vk-allow"');
    const wrongApp = await fetch(authorizeUrl({ client_id: '1' }));
    expect(wrongApp.status).toBe(401);
    expect(await wrongApp.json()).toEqual({
      error: 'invalid_client',
      error_description: 'client_id is incorrect',
    });

    vk.signedIn = admin;
    const page = await (await fetch(authorizeUrl())).text();
    expect(page).toContain('Irina Volkova');
    expect(page).toContain('<button data-testid="vk-allow">Allow</button>');
    expect(page).toContain('<button data-testid="vk-deny">Cancel</button>');
    const decide = (decision: string) =>
      fetch(`${authorizeUrl().replace('/authorize', '/oauth/decide')}&decision=${decision}`, {
        redirect: 'manual',
      });
    const allowed = await decide('allow');
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toMatch(
      new RegExp(`^${REDIRECT}\\?code=[0-9a-f]+&state=st-1$`),
    );
    const denied = (await decide('deny')).headers.get('location');
    expect(denied).toBe(
      `${REDIRECT}?error=access_denied&error_description=User+denied+your+request&state=st-1`,
    );
    expect(vk.consent(authorizeUrl(), 'deny')).toBe(denied);

    const code = codeOf(allowed.headers.get('location') ?? '');
    const badSecret = await exchange(code, { client_secret: 'nope' });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toEqual({
      error: 'invalid_client',
      error_description: 'client_secret is incorrect',
    });
    const grant = await (await exchange(code)).json();
    expect(grant).toEqual({
      access_token: expect.stringMatching(/^vk1\.a\./),
      expires_in: 86400,
      user_id: admin.id,
    });
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Code is invalid or expired.',
    });

    const groups = await call('groups.get', grant.access_token, { filter: 'admin', extended: '1' });
    expect(groups.response).toEqual({
      count: 1,
      items: [
        expect.objectContaining({
          id: shop.groupId,
          name: 'Acme Shop',
          screen_name: 'acme_shop',
          photo_50: expect.stringContaining(`${vk.url}/cdn/`),
          is_admin: 1,
          admin_level: 3,
        }),
      ],
    });

    const communityUrl = authorizeUrl({
      group_ids: String(shop.groupId),
      scope: 'messages,manage',
    });
    const communityPage = await (await fetch(communityUrl)).text();
    expect(communityPage).toContain('Acme Shop');
    expect(communityPage).toContain('data-testid="vk-allow"');
    const location = vk.consent(communityUrl);
    expect(location).toMatch(new RegExp(`^${REDIRECT}\\?code=[0-9a-f]+&state=st-1$`));
    const tokens = await (await exchange(codeOf(location))).json();
    expect(tokens).toEqual({
      groups: [{ group_id: shop.groupId, access_token: expect.stringMatching(/^vk1\.a\./) }],
      expires_in: 0,
      [`access_token_${shop.groupId}`]: tokens.groups[0].access_token,
    });
    const communityToken = tokens.groups[0].access_token as string;

    const own = await call('groups.getById', communityToken);
    expect(own.response).toEqual({
      groups: [expect.objectContaining({ id: shop.groupId, name: 'Acme Shop' })],
      profiles: [],
    });
    const groupAuth = await call('groups.get', communityToken, { filter: 'admin' });
    expect(groupAuth.error).toMatchObject({
      error_code: 27,
      error_msg: 'Group authorization failed: method is unavailable with group auth.',
    });

    const unversioned = await fetch(
      `${vk.url}/method/groups.getById?access_token=${communityToken}`,
    );
    expect(await unversioned.json()).toEqual({
      error: {
        error_code: 8,
        error_msg: 'Invalid request: v (version) is required',
        request_params: [
          { key: 'method', value: 'groups.getById' },
          { key: 'oauth', value: '1' },
        ],
      },
    });
    const bearer = await fetch(`${vk.url}/method/users.get?user_ids=${admin.id}&v=${V}`, {
      headers: { authorization: `Bearer ${communityToken}` },
    });
    expect((await bearer.json()).response).toEqual([
      {
        id: admin.id,
        first_name: 'Irina',
        last_name: 'Volkova',
        can_access_closed: true,
        is_closed: false,
      },
    ]);
    const stranger = vk.addCommunity('Other', 'other');
    expect(() =>
      vk.consent(authorizeUrl({ group_ids: String(stranger.groupId), scope: 'messages' })),
    ).toThrow('not an administrator');
  });

  it('confirms a callback server by its code, then delivers message_new with the secret', async () => {
    const shop = vk.addCommunity('Hooks Shop', 'hooks_shop');
    const { url, received } = await receiver(() => shop.confirmationCode);
    const code = await call('groups.getCallbackConfirmationCode', shop.token, {
      group_id: String(shop.groupId),
    });
    expect(code.response).toEqual({ code: expect.stringMatching(/^[0-9a-f]{8}$/) });

    const added = await call('groups.addCallbackServer', shop.token, {
      group_id: String(shop.groupId),
      url: `${url}/vk`,
      title: 'Inbox',
      secret_key: 's3cret',
    });
    expect(added.response).toEqual({ server_id: 1 });
    await shop.settled();
    expect(received[0]?.body).toEqual({
      type: 'confirmation',
      group_id: shop.groupId,
      secret: 's3cret',
    });
    const servers = await call('groups.getCallbackServers', shop.token, {
      group_id: String(shop.groupId),
    });
    expect(servers.response).toEqual({
      count: 1,
      items: [
        {
          id: 1,
          title: 'Inbox',
          creator_id: 0,
          url: `${url}/vk`,
          secret_key: 's3cret',
          status: 'ok',
        },
      ],
    });

    // Confirmed, but no event enabled yet: VK posts nothing.
    const anna = shop.newCustomer('Anna', 'Petrova');
    await shop.customerWrites(anna, 'anyone?');
    expect(received).toHaveLength(1);

    const settings = await call('groups.setCallbackSettings', shop.token, {
      group_id: String(shop.groupId),
      server_id: '1',
      api_version: V,
      message_new: '1',
      message_reply: '1',
      message_read: '1',
      message_allow: '1',
      message_deny: '1',
    });
    expect(settings.response).toBe(1);

    const photo = { bytes: Buffer.from('a jpeg of the blue one'), type: 'image/jpeg' };
    const message = await shop.customerWrites(anna, 'Is the blue one in stock?', {
      photo,
      payload: '{"button":"stock"}',
    });
    expect(anna.id).toBeGreaterThanOrEqual(100_000_000);
    expect(received[1]?.body).toEqual({
      group_id: shop.groupId,
      type: 'message_new',
      event_id: expect.stringMatching(/^[0-9a-f]{40}$/),
      v: V,
      object: {
        message: {
          id: message.id,
          date: expect.any(Number),
          peer_id: anna.id,
          from_id: anna.id,
          text: 'Is the blue one in stock?',
          out: 0,
          conversation_message_id: 2,
          attachments: [
            {
              type: 'photo',
              photo: expect.objectContaining({
                owner_id: anna.id,
                sizes: expect.arrayContaining([
                  { type: 'x', width: 604, height: 453, url: expect.any(String) },
                ]),
              }),
            },
          ],
          fwd_messages: [],
          important: false,
          is_hidden: false,
          random_id: 0,
          payload: '{"button":"stock"}',
        },
        client_info: expect.objectContaining({ keyboard: true, inline_keyboard: true, lang_id: 0 }),
      },
      secret: 's3cret',
    });
    const sizes: { url: string }[] = received[1]?.body.object.message.attachments[0].photo.sizes;
    const picture = await fetch(sizes[sizes.length - 1]!.url);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(photo.bytes);

    const sent = await call('messages.send', shop.token, {
      peer_id: String(anna.id),
      random_id: '7',
      message: 'Yes, in stock',
    });
    await shop.settled();
    expect(received.at(-1)?.body).toMatchObject({
      type: 'message_reply',
      object: { id: sent.response, from_id: -shop.groupId, peer_id: anna.id, out: 1 },
      secret: 's3cret',
    });
    await shop.reportRead(anna, sent.response);
    expect(received.at(-1)?.body).toMatchObject({
      type: 'message_read',
      object: { from_id: anna.id, peer_id: anna.id, read_message_id: sent.response },
    });
    await anna.denyMessages();
    expect(received.at(-1)?.body).toMatchObject({
      type: 'message_deny',
      object: { user_id: anna.id },
    });

    // The code changed: a new server echoing the old one is not confirmed, nor posted to.
    const old = shop.confirmationCode;
    const stale = await receiver(() => old);
    shop.rotateConfirmationCode();
    await call('groups.addCallbackServer', shop.token, {
      group_id: String(shop.groupId),
      url: stale.url,
      title: 'Stale',
    });
    await shop.settled();
    expect(shop.callbackServers.map((server) => server.status)).toEqual(['ok', 'failed']);
    const tooLong = await call('groups.addCallbackServer', shop.token, {
      group_id: String(shop.groupId),
      url: stale.url,
      title: 'A title of more than fourteen',
    });
    expect(tooLong.error.error_code).toBe(100);
    for (let i = 0; i < 8; i++)
      await call('groups.addCallbackServer', shop.token, {
        group_id: String(shop.groupId),
        url: stale.url,
        title: `Spare ${i}`,
      });
    const eleventh = await call('groups.addCallbackServer', shop.token, {
      group_id: String(shop.groupId),
      url: stale.url,
      title: 'Eleventh',
    });
    expect(eleventh.error).toMatchObject({
      error_code: 2000,
      error_msg: 'Servers number limit is reached',
    });
    await shop.settled();
  });

  it('retries a delivery the receiver did not answer ok, counting in X-Retry-Counter', async () => {
    const shop = vk.addCommunity('Retry Shop', 'retry_shop');
    const { url, received } = await receiver(() => shop.confirmationCode, ['busy', '']);
    await call('groups.addCallbackServer', shop.token, {
      group_id: String(shop.groupId),
      url,
      title: 'Inbox',
    });
    await shop.settled();
    await call('groups.setCallbackSettings', shop.token, {
      group_id: String(shop.groupId),
      server_id: '1',
      message_new: '1',
    });
    const event = shop.composeMessageNew(shop.newCustomer('Boris', 'Ivanov'), 'Hi');
    const [last] = await shop.deliver(event, { attempts: 3 });
    expect(last).toMatchObject({ retry: 2, status: 200, body: 'ok', eventId: event.event_id });
    const deliveries = received.filter((entry) => entry.body.type === 'message_new');
    expect(deliveries.map((entry) => entry.retry)).toEqual([undefined, '1', '2']);
    expect(new Set(deliveries.map((entry): unknown => entry.body.event_id)).size).toBe(1);
    expect(deliveries[0]?.body).not.toHaveProperty('secret');
    expect(shop.callbackAnswers.map((entry) => entry.body)).toEqual([
      shop.confirmationCode,
      'busy',
      '',
      'ok',
    ]);
  });

  it('serves the Bots Long Poll: held requests, re-delivery by ts, failed 1, 2 and 3', async () => {
    const shop = vk.addCommunity('Poll Shop', 'poll_shop');
    const group = String(shop.groupId);
    expect(
      (
        await call('groups.setLongPollSettings', shop.token, {
          group_id: group,
          enabled: '1',
          api_version: V,
          message_new: '1',
          message_reply: '1',
        })
      ).response,
    ).toBe(1);
    const lp = (await call('groups.getLongPollServer', shop.token, { group_id: group })).response;
    expect(lp).toEqual({
      key: expect.stringMatching(/^[0-9a-f]+$/),
      server: `${vk.url}/lp/${shop.groupId}`,
      ts: expect.stringMatching(/^\d+$/),
    });
    const check = async (key: string, ts: string | number, wait = 0) =>
      (await (
        await fetch(`${lp.server}?act=a_check&key=${key}&ts=${ts}&wait=${wait}`)
      ).json()) as LongPollAnswer;

    expect(await check(lp.key, lp.ts)).toEqual({ ts: lp.ts, updates: [] });
    const started = Date.now();
    const held = check(lp.key, lp.ts, 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const vera = shop.newCustomer('Vera', 'Orlova');
    const message = await shop.customerWrites(vera, 'Are you open today?');
    const first = await held;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(first).toEqual({
      ts: String(Number(lp.ts) + 1),
      updates: [
        {
          group_id: shop.groupId,
          type: 'message_new',
          event_id: expect.any(String),
          v: V,
          object: { message, client_info: expect.any(Object) },
        },
      ],
    });
    // Asking again with the old ts re-delivers what VK still keeps.
    expect((await check(lp.key, lp.ts)).updates).toEqual(first.updates);
    await shop.customerWrites(vera, 'Hello?');
    const second = await check(lp.key, first.ts);
    expect(second.updates.map((update) => update.object.message.text)).toEqual(['Hello?']);

    shop.dropLongPollHistory();
    const outdated = await check(lp.key, lp.ts);
    expect(outdated).toEqual({ failed: 1, ts: Number(second.ts) });
    expect(await check(lp.key, String(outdated.ts))).toEqual({ ts: second.ts, updates: [] });

    shop.expireLongPollKey();
    expect(await check(lp.key, second.ts)).toEqual({ failed: 2 });
    const renewed = (await call('groups.getLongPollServer', shop.token, { group_id: group }))
      .response;
    expect(renewed.key).not.toBe(lp.key);
    await shop.customerWrites(vera, 'Still there?');
    const after = await check(renewed.key, second.ts);
    expect(after.updates.map((update) => update.object.message.text)).toEqual(['Still there?']);

    shop.loseLongPoll();
    expect(await check(renewed.key, after.ts)).toEqual({ failed: 3 });
    expect(shop.calls.filter((name) => name === 'a_check').length).toBeGreaterThan(5);
  });

  it('sends a message once per random_id and refuses what VK refuses', async () => {
    const { shop, anna } = await communityWithCustomer();
    const send = (params: Record<string, string>) =>
      call('messages.send', shop.token, { peer_id: String(anna.id), ...params });

    const first = await send({ random_id: '123456', message: 'Your order is ready' });
    expect(first.response).toEqual(expect.any(Number));
    const repeat = await send({ random_id: '123456', message: 'Your order is ready' });
    expect(repeat.response).toBe(first.response);
    expect(shop.sent).toHaveLength(1);
    expect(shop.sent[0]).toMatchObject({
      id: first.response,
      peerId: anna.id,
      randomId: 123456,
      text: 'Your order is ready',
      attachments: [],
    });
    expect(shop.sent[0]?.params).not.toHaveProperty('access_token');
    vk.advance(2 * 3_600_000);
    const later = await send({ random_id: '123456', message: 'Your order is ready' });
    expect(later.response).not.toBe(first.response);

    const missing = await send({ message: 'no random id' });
    expect(missing.error.error_code).toBe(100);
    expect(missing.error.error_msg).toMatch(
      /^One of the parameters specified was missing or invalid/,
    );
    expect(missing.error.request_params).toContainEqual({ key: 'message', value: 'no random id' });
    expect(JSON.stringify(missing.error.request_params)).not.toContain(shop.token);
    expect((await send({ random_id: '1', message: 'x'.repeat(4097) })).error).toMatchObject({
      error_code: 914,
      error_msg: 'Message is too long',
    });
    const stranger = shop.newCustomer('Gleb', 'Sokolov');
    const unknown = await call('messages.send', shop.token, {
      peer_id: String(stranger.id),
      random_id: '2',
      message: 'Hi',
    });
    expect(unknown.error).toMatchObject({
      error_code: 901,
      error_msg: "Can't send messages for users without permission",
    });

    const button = (label: string) => ({
      action: { type: 'text', label, payload: '{"b":1}' },
      color: 'primary',
    });
    const keyboard = (rows: unknown[][], inline = false) =>
      JSON.stringify({ one_time: false, inline, buttons: rows });
    const long = await send({
      random_id: '3',
      message: 'Pick',
      keyboard: keyboard([[button('x'.repeat(41))]]),
    });
    expect(long.error).toMatchObject({ error_code: 911 });
    expect(long.error.error_msg).toMatch(/^Keyboard format is invalid/);
    const tooWide = keyboard([Array.from({ length: 6 }, () => button('b'))]);
    expect((await send({ random_id: '4', message: 'P', keyboard: tooWide })).error.error_code).toBe(
      911,
    );
    const tallInline = keyboard(
      Array.from({ length: 7 }, () => [button('b')]),
      true,
    );
    expect(
      (await send({ random_id: '5', message: 'P', keyboard: tallInline })).error.error_code,
    ).toBe(911);
    const fine = await send({
      random_id: '6',
      message: 'Pick a size',
      keyboard: keyboard([[button('Small'), button('x'.repeat(40))], [button('Large')]]),
    });
    expect(fine.response).toEqual(expect.any(Number));
    expect(shop.sent.at(-1)?.keyboard).toEqual(['Small', 'x'.repeat(40), 'Large']);

    await anna.denyMessages();
    const denied = await send({ random_id: '8', message: 'Still there?' });
    expect(denied.error.error_code).toBe(901);
    await shop.customerWrites(anna, 'Back again');
    expect((await send({ random_id: '8', message: 'Welcome back' })).response).toEqual(
      expect.any(Number),
    );
  });

  it('uploads a photo and a doc, saves them, and records them sent with their bytes', async () => {
    const { shop, anna } = await communityWithCustomer();
    const server = (
      await call('photos.getMessagesUploadServer', shop.token, { peer_id: String(anna.id) })
    ).response;
    expect(server).toEqual({
      album_id: expect.any(Number),
      upload_url: expect.stringMatching(new RegExp(`^${vk.url}/upload/photo/`)),
      user_id: 0,
      group_id: shop.groupId,
    });
    const png = Buffer.from('\x89PNG\r\n\x1a\n a small picture', 'latin1');
    const form = new FormData();
    form.append('photo', new Blob([png], { type: 'image/png' }), 'offer.png');
    const uploaded = await (await fetch(server.upload_url, { method: 'POST', body: form })).json();
    expect(uploaded).toEqual({
      server: expect.any(Number),
      photo: expect.any(String),
      hash: expect.any(String),
    });
    const forged = await call('photos.saveMessagesPhoto', shop.token, {
      ...uploaded,
      server: String(uploaded.server),
      hash: 'forged',
    });
    expect(forged.error.error_code).toBe(100);
    const saved = await call('photos.saveMessagesPhoto', shop.token, {
      photo: uploaded.photo,
      server: String(uploaded.server),
      hash: uploaded.hash,
    });
    const [photo] = saved.response;
    expect(photo).toMatchObject({ id: expect.any(Number), owner_id: -shop.groupId });
    expect(photo.sizes.length).toBeGreaterThan(0);

    // A hand-written multipart body: quoted boundary, a preamble, bare LF line ends.
    const docServer = (
      await call('docs.getMessagesUploadServer', shop.token, {
        type: 'doc',
        peer_id: String(anna.id),
      })
    ).response;
    const pdf = Buffer.from('%PDF-1.4 the price list\n--not-a-boundary\n');
    const raw = Buffer.concat([
      Buffer.from(
        'preamble to ignore\n--b0undary\nContent-Disposition: form-data; name="file"; filename="prices.pdf"\nContent-Type: application/pdf\n\n',
      ),
      pdf,
      Buffer.from('\n--b0undary--\n'),
    ]);
    const docUpload = await (
      await fetch(docServer.upload_url, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary="b0undary"' },
        body: raw,
      })
    ).json();
    expect(docUpload).toEqual({ file: expect.any(String) });
    const doc = (await call('docs.save', shop.token, { file: docUpload.file, title: 'Prices' }))
      .response;
    expect(doc).toEqual({
      type: 'doc',
      doc: expect.objectContaining({ owner_id: -shop.groupId, title: 'Prices', ext: 'pdf' }),
    });

    const attachment = `photo${photo.owner_id}_${photo.id},doc${doc.doc.owner_id}_${doc.doc.id}`;
    const sent = await call('messages.send', shop.token, {
      peer_id: String(anna.id),
      random_id: '77',
      attachment,
    });
    expect(sent.response).toEqual(expect.any(Number));
    expect(shop.sent.at(-1)?.attachments).toEqual([
      {
        kind: 'photo',
        ref: `photo${photo.owner_id}_${photo.id}`,
        bytes: png,
        name: 'offer.png',
        type: 'image/png',
      },
      {
        kind: 'doc',
        ref: `doc${doc.doc.owner_id}_${doc.doc.id}`,
        bytes: pdf,
        name: 'Prices',
        type: 'application/pdf',
      },
    ]);
    const fetched = await fetch(doc.doc.url);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(pdf);

    const foreign = await call('messages.send', shop.token, {
      peer_id: String(anna.id),
      random_id: '78',
      attachment: `photo-1_${photo.id}`,
    });
    expect(foreign.error.error_code).toBe(100);
  });

  it('refuses a revoked token with error 5, and fails the next calls on demand', async () => {
    const { shop, anna } = await communityWithCustomer();
    const revoked = shop.token;
    shop.revokeToken();
    const refused = await call('groups.getById', revoked);
    expect(refused.error).toMatchObject({
      error_code: 5,
      error_msg: 'User authorization failed: invalid access_token (4).',
    });
    expect(shop.calls.at(-1)).toBe('groups.getById refused: token revoked');
    const fresh = shop.issueToken();
    expect((await call('groups.getById', fresh)).response.groups[0].id).toBe(shop.groupId);

    shop.failNextWith(1, 6, ['messages.send']);
    shop.failNextWith(1, 9);
    shop.failNextWithHttp(1);
    const send = () =>
      call('messages.send', fresh, { peer_id: String(anna.id), random_id: '1', message: 'Hi' });
    expect((await send()).error).toMatchObject({
      error_code: 6,
      error_msg: 'Too many requests per second',
    });
    expect((await send()).error).toMatchObject({ error_code: 9, error_msg: 'Flood control' });
    const unavailable = await fetch(`${vk.url}/method/messages.send`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: fresh, v: V, peer_id: String(anna.id) }),
    });
    expect(unavailable.status).toBe(503);
    expect((await send()).response).toEqual(expect.any(Number));
    expect(shop.calls.slice(-4)).toEqual([
      'messages.send',
      'messages.send',
      'messages.send',
      'messages.send',
    ]);
    expect(shop.sent).toHaveLength(1);
  });
});
