import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViberApiServer, type FakeViberBot, type ViberApiServer } from './viber-api-server';

/**
 * The local Viber answers as Viber documents its REST Bot API, read through plain fetch rather
 * than our adapter: so the adapter's tests stand on a server that behaves like Viber's, and a
 * mistake of the adapter cannot hide behind the same mistake here.
 */
let viber: ViberApiServer;
const others: Server[] = [];
beforeAll(async () => {
  viber = await startViberApiServer();
});
afterAll(async () => {
  await viber.close();
  for (const server of others) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const HOUR = 3_600_000;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small photo')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a small picture'),
]);

async function listen(server: Server): Promise<string> {
  others.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** JSON.parse that keeps an int64 message_token whole, as a string. */
const parseViber = (raw: string) =>
  JSON.parse(raw.replace(/"message_token":(\d+)/g, '"message_token":"$1"')) as Record<string, any>;

/**
 * A webhook that checks the signature with the bot's current token, records what came (raw and
 * parsed) and answers `reply.status` with `reply.body`.
 */
async function webhook(bot: () => FakeViberBot) {
  const received: { raw: string; body: Record<string, any>; signed: boolean }[] = [];
  const reply = { status: 200, body: '' };
  const url = await listen(
    createServer((request, response) => {
      void bodyOf(request).then((raw) => {
        const expected = createHmac('sha256', bot().token).update(raw).digest('hex');
        const given = String(request.headers['x-viber-content-signature']);
        const signed =
          given.length === expected.length &&
          timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        received.push({
          raw: raw.toString('utf8'),
          body: parseViber(raw.toString('utf8')),
          signed,
        });
        response.writeHead(signed ? reply.status : 403).end(reply.body);
      });
    }),
  );
  return { url: `${url}/viber/hook`, received, reply };
}

/** A host of files for the messages' media. */
async function files(entries: Record<string, Buffer>) {
  const fetched: string[] = [];
  const url = await listen(
    createServer((request, response) => {
      fetched.push(request.url ?? '');
      const bytes = entries[request.url ?? ''];
      if (bytes) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      else response.writeHead(404).end();
    }),
  );
  return { url, fetched };
}

function api(method: string, token: string, body: unknown = {}) {
  return fetch(`${viber.url}/${method}`, {
    method: 'POST',
    headers: { 'x-viber-auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function apiJson(
  method: string,
  token: string,
  body: unknown = {},
): Promise<Record<string, any>> {
  const response = await api(method, token, body);
  expect(response.status).toBe(200);
  const raw = await response.text();
  return { raw, ...parseViber(raw) };
}

async function botWithWebhook(name: string, options: Record<string, unknown> = {}) {
  const bot = viber.addBot(name);
  const hook = await webhook(() => bot);
  const set = await apiJson('set_webhook', bot.token, { url: hook.url, ...options });
  expect(set.status).toBe(0);
  return { bot, hook };
}

const SENDER = { name: 'Flower Shop' };

describe('the local Viber REST Bot API server', () => {
  it('takes a webhook only once its signed check got a 200, and answers the account', async () => {
    const bot = viber.addBot('Flower Shop', 'flowershop');
    const hook = await webhook(() => bot);

    const plain = await apiJson('set_webhook', bot.token, { url: 'http://example.com/hook' });
    expect(plain).toMatchObject({ status: 1, status_message: 'URL not valid or not HTTPS' });
    hook.reply.status = 500;
    const failing = await apiJson('set_webhook', bot.token, { url: hook.url });
    expect(failing.status).toBe(1);
    expect(failing.status_message).toContain('HttpResponse[HTTP/1.1 500]');
    expect(bot.webhook).toBeUndefined();

    hook.reply.status = 200;
    const set = await apiJson('set_webhook', bot.token, {
      url: hook.url,
      event_types: ['delivered', 'seen', 'failed', 'conversation_started'],
      send_name: true,
      send_photo: true,
    });
    expect(set).toEqual({
      raw: expect.any(String),
      status: 0,
      status_message: 'ok',
      chat_hostname: expect.stringMatching(/^SN-CHAT-\d\d_$/),
      event_types: ['delivered', 'seen', 'failed', 'conversation_started'],
    });
    const check = hook.received.at(-1)!;
    expect(check.signed).toBe(true);
    expect(check.body).toEqual({
      event: 'webhook',
      timestamp: expect.any(Number),
      chat_hostname: expect.any(String),
      message_token: expect.stringMatching(/^\d{19}$/),
    });
    // The token is a bare 19-digit number on the wire, beyond what a JS number keeps.
    expect(check.raw).toContain(`"message_token":${check.body.message_token}`);
    expect(Number(check.body.message_token)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);

    const info = await apiJson('get_account_info', bot.token);
    expect(info).toMatchObject({
      status: 0,
      status_message: 'ok',
      id: bot.id,
      name: 'Flower Shop',
      uri: 'flowershop',
      icon: expect.any(String),
      webhook: hook.url,
      event_types: ['delivered', 'seen', 'failed', 'conversation_started'],
      subscribers_count: 0,
    });

    expect(await apiJson('get_account_info', 'not-a-token')).toEqual({
      raw: expect.any(String),
      status: 2,
      status_message: 'invalidAuthToken',
    });
    const old = bot.token;
    const renewed = bot.revokeToken();
    expect((await apiJson('get_account_info', old)).status).toBe(2);
    expect((await apiJson('get_account_info', renewed)).status).toBe(0);
    expect(bot.refusals.at(-1)).toEqual({
      method: 'get_account_info',
      status: 2,
      reason: 'the token was revoked',
    });
    expect((await fetch(`${viber.url}/no_such_method`, { method: 'POST' })).status).toBe(404);
  });

  it('sends texts with keyboards to subscribed users only, within the documented limits', async () => {
    const { bot, hook } = await botWithWebhook('Keyboard Bot', { send_name: true });
    const anna = bot.newCustomer('Anna');
    const send = (body: Record<string, unknown>) =>
      apiJson('send_message', bot.token, { receiver: anna.id, sender: SENDER, ...body });

    expect(await send({ type: 'text', text: 'Hi' })).toMatchObject({
      status: 6,
      status_message: 'receiverNotSubscribed',
    });
    const wrote = await bot.customerWrites(anna, 'Do you deliver roses?');
    expect(wrote.status).toBe(200);
    const message = hook.received.at(-1)!;
    expect(message.signed).toBe(true);
    expect(message.body).toEqual({
      event: 'message',
      timestamp: expect.any(Number),
      chat_hostname: expect.any(String),
      message_token: wrote.token,
      sender: { id: anna.id, name: 'Anna', language: 'ru', country: 'BY', api_version: 10 },
      message: { type: 'text', text: 'Do you deliver roses?' },
      silent: false,
    });

    const keyboard = {
      Type: 'keyboard',
      DefaultHeight: false,
      Buttons: [
        { ActionType: 'reply', ActionBody: 'roses-red', Text: 'Red roses', Columns: 3, Rows: 1 },
        {
          ActionType: 'reply',
          ActionBody: 'roses-white',
          Text: 'White roses',
          Columns: 3,
          Rows: 1,
        },
      ],
    };
    const sent = await send({
      type: 'text',
      text: 'Which ones?',
      tracking_data: 'order-17',
      min_api_version: 1,
      keyboard,
    });
    expect(sent).toEqual({
      raw: expect.any(String),
      status: 0,
      status_message: 'ok',
      chat_hostname: expect.any(String),
      message_token: expect.stringMatching(/^\d{19}$/),
      billing_status: 1,
    });
    expect(sent.raw).toContain(`"message_token":${sent.message_token}`);
    expect(bot.sent).toEqual([
      expect.objectContaining({
        token: sent.message_token,
        receiver: anna.id,
        type: 'text',
        text: 'Which ones?',
        trackingData: 'order-17',
        keyboard: ['Red roses', 'White roses'],
        sender: { name: 'Flower Shop' },
      }),
    ]);

    const pressed = await bot.customerPresses(anna, 'White roses');
    expect(pressed.status).toBe(200);
    expect(hook.received.at(-1)!.body.message).toEqual({
      type: 'text',
      text: 'roses-white',
      tracking_data: 'order-17',
    });

    const refusals: [Record<string, unknown>, number][] = [
      [{ type: 'text', text: 'x'.repeat(7001) }, 3],
      [{ type: 'text', text: '' }, 4],
      [{ type: 'text', text: 'Hi', tracking_data: { order: 17 } }, 3],
      [{ type: 'text', text: 'Hi', sender: { name: 'x'.repeat(29) } }, 3],
      [{ type: 'text', text: 'Hi', sender: {} }, 4],
      [{ type: 'text', text: 'Hi', min_api_version: 11 }, 13],
      [{ type: 'sms', text: 'Hi' }, 3],
      [
        {
          type: 'text',
          text: 'Hi',
          keyboard: { Type: 'keyboard', Buttons: [{ ActionBody: 'a', Text: 'y'.repeat(251) }] },
        },
        3,
      ],
      [
        {
          type: 'text',
          text: 'Hi',
          keyboard: {
            Type: 'keyboard',
            Buttons: Array.from({ length: 25 }, (_, i) => ({ ActionBody: `${i}`, Text: `${i}` })),
          },
        },
        3,
      ],
      [
        {
          type: 'text',
          text: 'Hi',
          keyboard: { Type: 'keyboard', Buttons: [{ Text: 'no body' }] },
        },
        3,
      ],
    ];
    for (const [body, status] of refusals)
      expect([body, (await send(body)).status]).toEqual([body, status]);
    const tooBig = await apiJson('send_message', bot.token, {
      receiver: anna.id,
      sender: SENDER,
      type: 'text',
      // Within the text's 7000 and tracking_data's 4096, yet over 30 kB as UTF-8.
      text: '€'.repeat(7000),
      tracking_data: '€'.repeat(4096),
    });
    expect(tooBig.status).toBe(3);
    expect(bot.refusals.at(-1)!.reason).toBe('the request is over 30 kB');

    expect(await anna.unsubscribe()).toBe(200);
    expect(hook.received.at(-1)!.body).toEqual({
      event: 'unsubscribed',
      timestamp: expect.any(Number),
      chat_hostname: expect.any(String),
      message_token: expect.any(String),
      user_id: anna.id,
    });
    expect((await send({ type: 'text', text: 'Still there?' })).status).toBe(6);
    expect(await anna.subscribe()).toBe(200);
    expect(hook.received.at(-1)!.body.user).toEqual({
      id: anna.id,
      name: 'Anna',
      language: 'ru',
      country: 'BY',
      api_version: 10,
    });
    expect((await send({ type: 'text', text: 'Welcome back' })).status).toBe(0);
    expect(bot.sent.map((entry) => entry.text)).toEqual(['Which ones?', 'Welcome back']);

    const quiet = viber.addBot('No Webhook');
    const stranger = quiet.newCustomer('Boris');
    const noWebhook = await apiJson('send_message', quiet.token, {
      receiver: stranger.id,
      sender: SENDER,
      type: 'text',
      text: 'Hi',
    });
    expect(noWebhook).toMatchObject({ status: 10, status_message: 'webhookNotSet' });
  });

  it('fetches pictures, files and the sender avatar at once, and refuses what Viber refuses', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(1024 * 1024)]);
    const host = await files({
      '/bouquet.jpg': JPEG,
      '/big.jpg': big,
      '/bouquet.webp': JPEG,
      '/offer.pdf': Buffer.from('%PDF-1.7 offer'),
      '/setup.exe': Buffer.from('MZ'),
      '/avatar.png': PNG,
      '/huge-avatar.jpg': Buffer.concat([JPEG, Buffer.alloc(100 * 1024)]),
    });
    const { bot } = await botWithWebhook('Media Bot');
    const vera = bot.newCustomer('Vera');
    await bot.customerWrites(vera, 'Show me');
    const send = (body: Record<string, unknown>) =>
      apiJson('send_message', bot.token, { receiver: vera.id, sender: SENDER, ...body });

    const picture = await send({
      type: 'picture',
      text: 'Today only',
      media: `${host.url}/bouquet.jpg`,
      sender: { name: 'Flower Shop', avatar: `${host.url}/avatar.png` },
    });
    expect(picture.status).toBe(0);
    expect(bot.sent[0]).toMatchObject({
      type: 'picture',
      text: 'Today only',
      media: { url: `${host.url}/bouquet.jpg`, bytes: JPEG },
      sender: { name: 'Flower Shop', avatar: `${host.url}/avatar.png`, avatarBytes: PNG },
    });
    const file = await send({
      type: 'file',
      media: `${host.url}/offer.pdf`,
      size: 14,
      file_name: 'offer.pdf',
    });
    expect(file.status).toBe(0);
    expect(bot.sent[1]).toMatchObject({
      type: 'file',
      fileName: 'offer.pdf',
      size: 14,
      media: { bytes: Buffer.from('%PDF-1.7 offer') },
    });

    const refusals: [Record<string, unknown>, number][] = [
      [{ type: 'picture', text: '', media: `${host.url}/big.jpg` }, 3],
      [{ type: 'picture', text: '', media: `${host.url}/bouquet.webp` }, 3],
      [{ type: 'picture', text: '', media: `${host.url}/gone.jpg` }, 3],
      [{ type: 'picture', media: `${host.url}/bouquet.jpg` }, 4],
      [{ type: 'file', media: `${host.url}/setup.exe`, size: 2, file_name: 'setup.exe' }, 3],
      [{ type: 'file', media: `${host.url}/offer.pdf`, file_name: 'offer.pdf' }, 4],
      [
        {
          type: 'text',
          text: 'Hi',
          sender: { name: 'Flower Shop', avatar: `${host.url}/huge-avatar.jpg` },
        },
        3,
      ],
      [
        {
          type: 'text',
          text: 'Hi',
          sender: { name: 'Flower Shop', avatar: `${host.url}/offer.pdf` },
        },
        3,
      ],
    ];
    for (const [body, status] of refusals)
      expect([body, (await send(body)).status]).toEqual([body, status]);
    expect(bot.sent).toHaveLength(2);
    expect(host.fetched).not.toContain('/setup.exe');
  });

  it('delivers customers’ pictures, statuses in any order, and forged deliveries as asked', async () => {
    const { bot, hook } = await botWithWebhook('Status Bot', {
      event_types: ['delivered', 'failed'],
      send_photo: true,
    });
    const gleb = bot.newCustomer('Gleb', { language: 'be', country: 'BY', apiVersion: 8 });
    const wrote = await bot.customerWrites(gleb, 'This one', {
      picture: { bytes: JPEG, type: 'image/jpeg', name: 'IMG_1.jpg' },
    });
    const message = hook.received.at(-1)!.body;
    expect(message.sender).toEqual({
      id: gleb.id,
      avatar: expect.any(String),
      language: 'be',
      country: 'BY',
      api_version: 8,
    });
    expect(message.message).toEqual({
      type: 'picture',
      text: 'This one',
      media: expect.stringContaining('/media/'),
      thumbnail: expect.any(String),
      file_name: 'IMG_1.jpg',
      size: JPEG.length,
    });
    expect(message.message_token).toBe(wrote.token);
    const media = await fetch(message.message.media);
    expect(Buffer.from(await media.arrayBuffer())).toEqual(JPEG);

    const sent = await apiJson('send_message', bot.token, {
      receiver: gleb.id,
      sender: SENDER,
      type: 'text',
      text: 'Got it',
    });
    const count = hook.received.length;
    expect(await bot.reportStatus(sent.message_token, 'delivered')).toBe(200);
    expect(await bot.reportStatus(sent.message_token, 'delivered')).toBe(200);
    // `seen` was not asked for in event_types: Viber posts nothing.
    expect(await bot.reportStatus(sent.message_token, 'seen')).toBe(0);
    expect(await bot.reportStatus(sent.message_token, 'failed', gleb, 'no suitable device')).toBe(
      200,
    );
    expect(hook.received.slice(count).map((entry) => entry.body)).toEqual([
      {
        event: 'delivered',
        timestamp: expect.any(Number),
        chat_hostname: expect.any(String),
        message_token: sent.message_token,
        user_id: gleb.id,
      },
      expect.objectContaining({ event: 'delivered', message_token: sent.message_token }),
      expect.objectContaining({
        event: 'failed',
        message_token: sent.message_token,
        user_id: gleb.id,
        desc: 'no suitable device',
      }),
    ]);

    const forged = bot.composeMessage(gleb, 'Pay here');
    expect(await bot.deliver(forged, { signature: 'f'.repeat(64) })).toBe(403);
    expect(await bot.deliver(forged)).toBe(200);

    viber.advance(2 * HOUR);
    expect((await fetch(message.message.media)).status).toBe(404);
  });

  it('lets the answer to conversation_started welcome the user once', async () => {
    const { bot, hook } = await botWithWebhook('Welcome Bot');
    const dana = bot.newCustomer('Dana');
    hook.reply.body = JSON.stringify({
      sender: { name: 'Welcome Bot' },
      type: 'text',
      text: 'Hello! How can we help?',
    });
    const started = await dana.startConversation('promo-7');
    hook.reply.body = '';
    expect(hook.received.at(-1)!.body).toEqual({
      event: 'conversation_started',
      timestamp: expect.any(Number),
      chat_hostname: expect.any(String),
      message_token: expect.any(String),
      type: 'open',
      context: 'promo-7',
      user: { id: dana.id, language: 'ru', country: 'BY', api_version: 10 },
      subscribed: false,
    });
    expect(started.welcome).toMatchObject({
      receiver: dana.id,
      type: 'text',
      text: 'Hello! How can we help?',
      welcome: true,
    });
    // The welcome does not subscribe: a message sent afterwards is still refused.
    const after = await apiJson('send_message', bot.token, {
      receiver: dana.id,
      sender: SENDER,
      type: 'text',
      text: 'Anything else?',
    });
    expect(after.status).toBe(6);
  });

  it('answers get_user_details twice per user in 12 hours, and fails on demand', async () => {
    const { bot } = await botWithWebhook('Busy Bot');
    const eva = bot.newCustomer('Eva');
    expect((await apiJson('get_user_details', bot.token, { id: eva.id })).status).toBe(5);
    await bot.customerWrites(eva, 'Hi');
    const details = await apiJson('get_user_details', bot.token, { id: eva.id });
    expect(details).toMatchObject({
      status: 0,
      user: { id: eva.id, name: 'Eva', language: 'ru', country: 'BY', api_version: 10 },
    });
    expect((await apiJson('get_user_details', bot.token, { id: eva.id })).status).toBe(0);
    expect(await apiJson('get_user_details', bot.token, { id: eva.id })).toMatchObject({
      status: 12,
      status_message: 'tooManyRequests',
    });
    viber.advance(12 * HOUR);
    expect((await apiJson('get_user_details', bot.token, { id: eva.id })).status).toBe(0);

    await bot.customerWrites(eva, 'Still here');
    bot.failNextWithTooManyRequests(1, ['send_message']);
    bot.failNextWith5xx(1, 503);
    const message = { receiver: eva.id, sender: SENDER, type: 'text', text: 'Hello' };
    expect(await apiJson('send_message', bot.token, message)).toMatchObject({
      status: 12,
      status_message: 'tooManyRequests',
    });
    const unavailable = await api('send_message', bot.token, message);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.text()).toBe('Service Unavailable');
    expect((await apiJson('send_message', bot.token, message)).status).toBe(0);
    expect(bot.calls.slice(-3)).toEqual(['send_message', 'send_message', 'send_message']);
    expect(bot.sent).toHaveLength(1);
  });
});
