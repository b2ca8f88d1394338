import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAvitoApiServer,
  type AvitoApiServer,
  type FakeAvitoAccount,
} from './avito-api-server';

/**
 * The local Avito answers as Avito's OpenAPI documents its Messenger API, read through plain
 * fetch rather than our adapter: so the adapter's tests stand on a server that behaves like
 * Avito's, and a mistake of the adapter cannot hide behind the same mistake here.
 */
let avito: AvitoApiServer;
const others: Server[] = [];
beforeAll(async () => {
  avito = await startAvitoApiServer();
});
afterAll(async () => {
  await avito.close();
  for (const server of others) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const HOUR = 3_600_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small photo')]);

function getToken(account: FakeAvitoAccount, overrides: Record<string, string> = {}) {
  return fetch(`${avito.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: account.clientId,
      client_secret: account.clientSecret,
      ...overrides,
    }),
  });
}

async function connect(account: FakeAvitoAccount): Promise<string> {
  return ((await (await getToken(account)).json()) as { access_token: string }).access_token;
}

function call(path: string, token: string, body?: unknown) {
  return fetch(`${avito.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The ids of a messages answer, newest first. */
const idsOf = (list: { messages: { id: string }[] }) => list.messages.map((message) => message.id);

/** A receiver of notifications that answers 200 after `delay.ms`, recording what came. */
async function receiver() {
  const received: any[] = [];
  const delay = { ms: 0 };
  const server = createServer((request, response) => {
    void bodyOf(request).then((raw) => {
      received.push(JSON.parse(raw.toString('utf8')));
      setTimeout(() => response.writeHead(200).end('ok'), delay.ms);
    });
  });
  others.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/avito/hook`,
    received,
    delay,
  };
}

const messagesPath = (account: FakeAvitoAccount, chatId: string) =>
  `/messenger/v3/accounts/${account.id}/chats/${chatId}/messages/`;

describe('the local Avito API server', () => {
  it('issues 24-hour tokens for client credentials and refuses the rest as documented', async () => {
    const shop = avito.addAccount('Bike Shop', {
      email: 'bikes@example.test',
      phone: '79160000001',
    });
    const wrong = await getToken(shop, { client_secret: 'nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'invalid client id or secret',
    });
    const missing = await fetch(`${avito.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect((await missing.json()).error).toBe('invalid_request');

    const granted = await getToken(shop);
    const token = await granted.json();
    expect(token).toEqual({
      access_token: expect.any(String),
      expires_in: 86400,
      token_type: 'Bearer',
    });
    const self = await call('/core/v1/accounts/self', token.access_token);
    expect(await self.json()).toEqual({
      id: shop.id,
      name: 'Bike Shop',
      email: 'bikes@example.test',
      phone: '79160000001',
      phones: ['79160000001'],
      profile_url: shop.profileUrl,
    });

    const anonymous = await fetch(`${avito.url}/core/v1/accounts/self`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 401, message: 'Unauthorized' } });

    avito.advance(24 * HOUR);
    const expired = await call('/core/v1/accounts/self', token.access_token);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { code: 403, message: 'Forbidden' } });
    expect(shop.calls).toEqual([
      'getAccessToken',
      'getAccessToken',
      'getUserInfoSelf',
      'getUserInfoSelf refused: token expired',
    ]);
    expect((await call('/core/v1/accounts/self', await connect(shop))).status).toBe(200);
  });

  it('posts a customer message to the subscribed url, and the messages endpoint shows it', async () => {
    const hook = await receiver();
    const shop = avito.addAccount('Notify Shop');
    const token = await connect(shop);
    expect(await (await call('/messenger/v3/webhook', token, { url: hook.url })).json()).toEqual({
      ok: true,
    });
    expect(await (await call('/messenger/v1/subscriptions', token, {})).json()).toEqual({
      subscriptions: [{ url: hook.url, version: '3' }],
    });

    const anna = shop.newCustomer('Anna');
    const first = await shop.customerWrites(anna, 'Is the bike still for sale?');
    expect(first.status).toBe(200);
    const item = shop.items[0]!;
    expect(hook.received[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: 'v3.0.0',
      timestamp: expect.any(Number),
      payload: {
        type: 'message',
        value: {
          id: first.messageId,
          chat_id: first.chatId,
          user_id: shop.id,
          author_id: anna.id,
          created: expect.any(Number),
          type: 'text',
          chat_type: 'u2i',
          content: { text: 'Is the bike still for sale?' },
          item_id: item.id,
          published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        },
      },
    });
    expect(first.chatId).toMatch(/^u2i-[\w-]{22}$/);

    const second = await shop.customerWrites(anna, '', {
      image: { bytes: JPEG, type: 'image/jpeg' },
    });
    expect(second.chatId).toBe(first.chatId);
    const imageValue = hook.received[1].payload.value;
    expect(imageValue.type).toBe('image');
    const large = imageValue.content.image.sizes['1280x960'] as string;
    expect(Buffer.from(await (await fetch(large)).arrayBuffer())).toEqual(JPEG);

    const list = await (await call(messagesPath(shop, first.chatId), token)).json();
    expect(idsOf(list)).toEqual([second.messageId, first.messageId]);
    expect(list.messages[1]).toEqual({
      id: first.messageId,
      author_id: anna.id,
      created: expect.any(Number),
      content: { text: 'Is the bike still for sale?' },
      type: 'text',
      direction: 'in',
      is_read: false,
      read: null,
    });

    const chat = await (
      await call(`/messenger/v2/accounts/${shop.id}/chats/${first.chatId}`, token)
    ).json();
    expect(chat.context).toMatchObject({ type: 'item', value: { id: item.id, title: item.title } });
    const users = chat.users as { id: number; name: string }[];
    expect(users.map((user) => [user.id, user.name])).toEqual([
      [shop.id, 'Notify Shop'],
      [anna.id, 'Anna'],
    ]);
    expect(chat.last_message).toMatchObject({
      id: second.messageId,
      type: 'image',
      direction: 'in',
    });

    // A delivery made twice carries the same notification; a forged one names a message that
    // the messages endpoint does not have.
    const twice = shop.composeMessage(anna, 'Said twice');
    expect(await shop.deliver(twice)).toBe(200);
    expect(await shop.deliver(twice)).toBe(200);
    expect(hook.received[3]).toEqual(hook.received[2]);
    const forged = shop.forgedMessage(anna, 'Pay to this card');
    expect(await shop.deliver(forged)).toBe(200);
    expect(forged.payload.value.chat_id).toBe(first.chatId);
    const after = await (await call(messagesPath(shop, first.chatId), token)).json();
    expect(idsOf(after)).not.toContain(forged.payload.value.id);
    expect(after.messages).toHaveLength(3);

    await call('/messenger/v1/webhook/unsubscribe', token, { url: hook.url });
    expect(await shop.customerWrites(anna, 'anyone?')).toMatchObject({ status: 0 });
    expect(hook.received).toHaveLength(5);
  });

  it('sends texts of up to 1000 characters and echoes them to the webhook', async () => {
    const hook = await receiver();
    const shop = avito.addAccount('Reply Shop');
    const token = await connect(shop);
    await call('/messenger/v3/webhook', token, { url: hook.url });
    const boris = shop.newCustomer('Boris');
    const { chatId } = await shop.customerWrites(boris, 'Hello');
    const path = `/messenger/v1/accounts/${shop.id}/chats/${chatId}/messages`;

    const sent = await call(path, token, { message: { text: 'Yes, it is' }, type: 'text' });
    const answer = await sent.json();
    expect(answer).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      content: { text: 'Yes, it is' },
      created: expect.any(Number),
      direction: 'out',
      type: 'text',
    });
    expect(shop.sent).toEqual([{ id: answer.id, chatId, type: 'text', text: 'Yes, it is' }]);
    await shop.settled();
    expect(hook.received.at(-1).payload.value).toMatchObject({
      id: answer.id,
      author_id: shop.id,
      user_id: shop.id,
      content: { text: 'Yes, it is' },
    });

    const long = await call(path, token, { message: { text: 'x'.repeat(1001) }, type: 'text' });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      error: {
        code: 400,
        message: 'Validation error',
        fields: { 'message.text': 'must be at most 1000 characters long' },
      },
    });
    const otherAccount = await call(
      `/messenger/v1/accounts/${shop.id + 1}/chats/${chatId}/messages`,
      token,
      { message: { text: 'Hi' }, type: 'text' },
    );
    expect(otherAccount.status).toBe(403);
    const noChat = await call(
      `/messenger/v1/accounts/${shop.id}/chats/u2i-nochat/messages`,
      token,
      {
        message: { text: 'Hi' },
        type: 'text',
      },
    );
    expect(noChat.status).toBe(404);
    expect(await noChat.json()).toEqual({ error: { code: 404, message: 'Not found' } });
    expect(shop.sent).toHaveLength(1);

    const list = await (await call(messagesPath(shop, chatId), token)).json();
    expect(list.messages[0]).toMatchObject({
      id: answer.id,
      direction: 'out',
      is_read: false,
      read: null,
    });
    expect(shop.customerReads(chatId)).toBe(1);
    const read = await (await call(messagesPath(shop, chatId), token)).json();
    expect(read.messages[0]).toMatchObject({
      id: answer.id,
      is_read: true,
      read: expect.any(Number),
    });
    expect(read.messages[1]).toMatchObject({ direction: 'in', is_read: false });

    const marked = await call(`/messenger/v1/accounts/${shop.id}/chats/${chatId}/read`, token, {});
    expect(await marked.json()).toEqual({ ok: true });
    expect(shop.chatReads).toEqual([chatId]);
    const all = await (await call(messagesPath(shop, chatId), token)).json();
    expect(all.messages[1]).toMatchObject({ direction: 'in', is_read: true });

    avito.messagesAsArray = true;
    const bare = await (await call(messagesPath(shop, chatId), token)).json();
    avito.messagesAsArray = false;
    expect(Array.isArray(bare)).toBe(true);
    expect(bare).toHaveLength(2);
  });

  it('uploads one image per request and sends it by its id', async () => {
    const shop = avito.addAccount('Photo Shop');
    const token = await connect(shop);
    const vera = shop.newCustomer('Vera');
    const { chatId } = await shop.customerWrites(vera, 'Send a photo please');
    const upload = (...files: { bytes: Buffer; name: string }[]) => {
      const form = new FormData();
      for (const file of files)
        form.append('uploadfile[]', new Blob([new Uint8Array(file.bytes)]), file.name);
      return fetch(`${avito.url}/messenger/v1/accounts/${shop.id}/uploadImages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };

    const uploaded = await (await upload({ bytes: PNG, name: 'bike.png' })).json();
    const [imageId] = Object.keys(uploaded);
    expect(imageId).toMatch(/^\d+\.\d+[0-9a-f]+$/);
    expect(Object.keys(uploaded[imageId!])).toEqual(['1280x960', '640x480', '140x105', '32x32']);

    const refused = await upload({ bytes: Buffer.from('%PDF-1.7'), name: 'offer.pdf' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Validation error');
    const two = await upload({ bytes: PNG, name: 'a.png' }, { bytes: PNG, name: 'b.png' });
    expect(two.status).toBe(400);

    const sent = await call(
      `/messenger/v1/accounts/${shop.id}/chats/${chatId}/messages/image`,
      token,
      {
        image_id: imageId,
      },
    );
    const answer = await sent.json();
    expect(answer).toEqual({
      id: expect.any(String),
      author_id: shop.id,
      content: { image: { sizes: uploaded[imageId!] } },
      created: expect.any(Number),
      direction: 'out',
      type: 'image',
    });
    expect(shop.sent).toEqual([
      {
        id: answer.id,
        chatId,
        type: 'image',
        image: { id: imageId, bytes: PNG, contentType: 'image/png', fileName: 'bike.png' },
      },
    ]);
    const unknown = await call(
      `/messenger/v1/accounts/${shop.id}/chats/${chatId}/messages/image`,
      token,
      {
        image_id: '1.2abc',
      },
    );
    expect(unknown.status).toBe(400);
  });

  it('counts an answer slower than the budget as failed and delivers it again later', async () => {
    const hook = await receiver();
    const shop = avito.addAccount('Slow Shop');
    shop.answerBudgetMs = 100;
    const token = await connect(shop);
    await call('/messenger/v3/webhook', token, { url: hook.url });
    const gleb = shop.newCustomer('Gleb');

    hook.delay.ms = 300;
    const slow = await shop.customerWrites(gleb, 'Are you there?');
    expect(slow.status).toBe(0);
    expect(shop.webhookAnswers[0]).toEqual({
      notification: expect.any(String),
      messageId: slow.messageId,
      url: hook.url,
      status: 200,
      ms: expect.any(Number),
      ok: false,
    });
    expect(shop.webhookAnswers[0]!.ms).toBeGreaterThanOrEqual(250);
    expect(shop.undelivered).toHaveLength(1);

    hook.delay.ms = 0;
    expect(await shop.retryUndelivered()).toEqual([200]);
    expect(shop.undelivered).toHaveLength(0);
    expect(hook.received[1]).toEqual(hook.received[0]);
    expect(shop.webhookAnswers.map((entry) => entry.ok)).toEqual([false, true]);
  });

  it('answers 429 with Retry-After and 5xx on demand, and records every call', async () => {
    const shop = avito.addAccount('Busy Shop');
    const token = await connect(shop);
    shop.failNextWith429(1, 7, ['getUserInfoSelf']);
    shop.failNextWith5xx(1, 503);
    const throttled = await call('/core/v1/accounts/self', token);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(await throttled.json()).toEqual({ error: { code: 429 } });
    const unavailable = await call('/core/v1/accounts/self', token);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({
      error: { code: 503, message: 'Service temporarily unavailable. Please, contact support' },
    });
    expect((await call('/core/v1/accounts/self', token)).status).toBe(200);

    shop.failNextWith5xx(1, 500, ['getAccessToken']);
    const tokenFault = await getToken(shop);
    expect(tokenFault.status).toBe(500);
    expect(shop.calls).toEqual([
      'getAccessToken',
      'getUserInfoSelf',
      'getUserInfoSelf',
      'getUserInfoSelf',
      'getAccessToken',
    ]);
  });
});
