import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFacebookApiServer,
  type FacebookApiServer,
  type FakeFacebookPage,
  type FakeFacebookUser,
} from './facebook-api-server';

/**
 * The local Facebook answers as Meta documents its Messenger Platform, read through plain fetch
 * rather than our adapter: so the adapter's tests stand on a server that behaves like Meta's, and
 * a mistake of the adapter cannot hide behind the same mistake here.
 */
let fb: FacebookApiServer;
const others: Server[] = [];
beforeAll(async () => {
  fb = await startFacebookApiServer();
});
afterAll(async () => {
  await fb.close();
  for (const server of others) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const HOUR = 3_600_000;
const REDIRECT = 'https://inbox.example.test/channels/facebook/callback';
const SCOPES = 'pages_show_list,pages_messaging,pages_manage_metadata';

function dialogUrl(params: Record<string, string> = {}): string {
  const url = new URL('/v23.0/dialog/oauth', fb.url);
  url.search = new URLSearchParams({
    client_id: fb.appId,
    redirect_uri: REDIRECT,
    state: 'st-1',
    scope: SCOPES,
    response_type: 'code',
    ...params,
  }).toString();
  return url.toString();
}

const codeOf = (location: string) => new URL(location).searchParams.get('code') ?? '';

/** `/oauth/access_token` with the app's credentials, as our server calls it. */
const oauth = (params: Record<string, string>) =>
  fetch(
    `${fb.url}/v23.0/oauth/access_token?${new URLSearchParams({ client_id: fb.appId, client_secret: fb.appSecret, ...params }).toString()}`,
  );
const exchangeCode = (code: string, overrides: Record<string, string> = {}) =>
  oauth({ redirect_uri: REDIRECT, code, ...overrides });
const longLived = (short: string) =>
  oauth({ grant_type: 'fb_exchange_token', fb_exchange_token: short });

/** Consent, code, short-lived and long-lived person's tokens, as the product connects. */
async function connect(user: FakeFacebookUser, scope = SCOPES) {
  fb.signedIn = user;
  const short = (await (await exchangeCode(codeOf(fb.consent(dialogUrl({ scope }))))).json())
    .access_token as string;
  const long = (await (await longLived(short)).json()).access_token as string;
  return { short, long };
}

/** The Page's token from `/me/accounts` of a person's token. */
async function pageTokenOf(userToken: string, page: FakeFacebookPage): Promise<string> {
  const accounts = (await (await graph('/me/accounts', userToken)).json()) as {
    data: { id: string; access_token: string }[];
  };
  return accounts.data.find((entry) => entry.id === page.id)?.access_token ?? '';
}

/**
 * A Page with its admin connected, a customer who wrote, the Page's token, and sends to the
 * customer: `say` answers the response, `refused` the error of one that must fail.
 */
async function pageWithCustomer(name: string) {
  const page = fb.addPage(name);
  const { long } = await connect(fb.addUser(`${name} Admin`).manages(page));
  const customer = page.newCustomer('Anna', 'Petrova');
  page.composeMessage(customer, 'Hi!');
  const token = await pageTokenOf(long, page);
  const say = (message: unknown, extra: Record<string, unknown> = {}) =>
    send(token, customer.psid, message, extra);
  const refused = async (message: unknown, extra: Record<string, unknown> = {}, status = 400) =>
    errorOf(await say(message, extra), status);
  return { page, customer, token, say, refused };
}

function graph(path: string, token: string, body?: unknown, method = 'POST') {
  return fetch(`${fb.url}/v23.0${path}`, {
    method: body === undefined ? 'GET' : method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const send = (token: string, to: string, message: unknown, extra: Record<string, unknown> = {}) =>
  graph('/me/messages', token, {
    recipient: { id: to },
    messaging_type: 'RESPONSE',
    message,
    ...extra,
  });

/** Graph's `error` of a refused call, once its status is checked. */
async function errorOf(response: Response, status = 400): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: Record<string, unknown> }).error;
}

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

describe('the local Facebook Messenger Platform server', () => {
  it('shows the Login dialog with the person and their Pages, and redirects with a code or a refusal', async () => {
    const wrongApp = await fetch(dialogUrl({ client_id: '1' }));
    expect(wrongApp.status).toBe(400);
    expect(await wrongApp.text()).toContain('Invalid App ID');
    expect((await fetch(dialogUrl({ redirect_uri: 'ftp://example.test/' }))).status).toBe(400);

    fb.signedIn = undefined;
    const anonymous = await (await fetch(dialogUrl())).text();
    expect(anonymous).toContain('Log in to Facebook');
    expect(anonymous).not.toContain('data-testid="facebook-allow"');

    const shop = fb.addPage('Acme <Shop>');
    const boutique = fb.addPage('Acme Boutique');
    fb.signedIn = fb.addUser('Olga Admin').manages(shop).manages(boutique);
    const page = await fetch(dialogUrl());
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const part of [
      '<span data-testid="facebook-user">Olga Admin</span>',
      '<li data-testid="facebook-page">Acme &lt;Shop&gt;</li>',
      '<li data-testid="facebook-page">Acme Boutique</li>',
      'data-testid="facebook-allow"',
      'data-testid="facebook-deny"',
    ])
      expect(html).toContain(part);

    // The buttons' forms go to the decision with the request's parameters.
    const decide = (decision: string) =>
      fetch(
        `${dialogUrl().replace('/dialog/oauth?', '/dialog/oauth/decide?')}&decision=${decision}`,
        { redirect: 'manual' },
      );
    const allowed = await decide('allow');
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toMatch(
      new RegExp(`^${REDIRECT}\\?code=[\\w-]+&state=st-1#_=_$`),
    );
    const denied = (await decide('deny')).headers.get('location');
    expect(denied).toBe(
      `${REDIRECT}?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=st-1#_=_`,
    );
    expect(fb.consent(dialogUrl(), 'deny')).toBe(denied);
    expect(() => fb.consent(dialogUrl({ client_id: '1' }))).toThrow('Invalid App ID');
  });

  it('exchanges a code once for a short-lived token, and that for a long-lived one', async () => {
    const olga = fb.addUser('Olga Tokens');
    fb.signedIn = olga;
    const code = codeOf(fb.consent(dialogUrl()));
    const first = await exchangeCode(code);
    expect(first.status).toBe(200);
    const short = await first.json();
    expect(short).toEqual({
      access_token: expect.stringMatching(/^EAA[A-Za-z0-9]+$/),
      token_type: 'bearer',
      expires_in: 3600,
    });
    expect(await errorOf(await exchangeCode(code))).toMatchObject({
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
      message: 'This authorization code has been used.',
      fbtrace_id: expect.any(String),
    });
    expect((await errorOf(await exchangeCode('AQnope'))).message).toBe(
      'Invalid verification code format.',
    );
    const fresh = () => codeOf(fb.consent(dialogUrl()));
    expect(await errorOf(await exchangeCode(fresh(), { client_secret: 'x' }))).toMatchObject({
      code: 1,
      message: 'Error validating client secret.',
    });
    expect(
      await errorOf(await exchangeCode(fresh(), { redirect_uri: `${REDIRECT}/` })),
    ).toMatchObject({ code: 100, error_subcode: 36008 });
    const late = fresh();
    fb.advance(11 * 60_000);
    expect((await errorOf(await exchangeCode(late))).error_subcode).toBe(36007);

    const long = await (await longLived(short.access_token)).json();
    expect(long).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: 5_184_000,
    });
    const me = await (await graph('/me?fields=id,name', long.access_token)).json();
    expect(me).toEqual({ id: olga.id, name: 'Olga Tokens' });
    expect(olga.id).toMatch(/^\d{15,17}$/);

    fb.advance(HOUR);
    expect((await errorOf(await graph('/me', short.access_token))).error_subcode).toBe(463);
    expect((await graph('/me', long.access_token)).status).toBe(200);
  });

  it("lists the person's Pages with their tokens: a long-lived grant's never lapse, a short one's do", async () => {
    const shop = fb.addPage('Listed Shop');
    const cafe = fb.addPage('Listed Cafe', 'Local business');
    const { short, long } = await connect(fb.addUser('Lena Lists').manages(shop).manages(cafe));
    const accounts = await (await graph('/me/accounts', long)).json();
    expect(accounts).toEqual({
      data: [
        {
          access_token: expect.stringMatching(/^EAA/),
          category: 'Shopping & retail',
          category_list: [{ id: '200600219953504', name: 'Shopping & retail' }],
          name: 'Listed Shop',
          id: shop.id,
          tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
        },
        expect.objectContaining({ name: 'Listed Cafe', id: cafe.id, category: 'Local business' }),
      ],
      paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
    });
    expect(shop.id).toMatch(/^\d{15,17}$/);
    const longPageToken = accounts.data[0].access_token as string;
    expect(await pageTokenOf(long, shop)).toBe(longPageToken);
    expect(await (await graph('/me?fields=id,name', longPageToken)).json()).toEqual({
      id: shop.id,
      name: 'Listed Shop',
    });
    expect(await (await graph(`/${cafe.id}?fields=name`, long)).json()).toEqual({
      id: cafe.id,
      name: 'Listed Cafe',
    });
    expect((await errorOf(await graph(`/${cafe.id}`, longPageToken))).error_subcode).toBe(33);

    const shortPageToken = await pageTokenOf(short, shop);
    fb.advance(HOUR + 1000);
    expect((await errorOf(await graph('/me', shortPageToken))).code).toBe(190);
    expect((await graph('/me', longPageToken)).status).toBe(200);
  });

  it("subscribes the app to a Page's fields with that Page's token only", async () => {
    const shop = fb.addPage('Subscribed Shop');
    const other = fb.addPage('Other Shop');
    const { long } = await connect(fb.addUser('Sam Subs').manages(shop).manages(other));
    const token = await pageTokenOf(long, shop);
    const fields = 'messages,message_deliveries,message_reads,message_echoes,messaging_postbacks';
    const subscribe = await fetch(`${fb.url}/v23.0/${shop.id}/subscribed_apps`, {
      method: 'POST',
      body: new URLSearchParams({ subscribed_fields: fields, access_token: token }),
    });
    expect(await subscribe.json()).toEqual({ success: true });
    expect(shop.subscribedFields).toEqual(fields.split(','));
    expect(await (await graph(`/${shop.id}/subscribed_apps`, token)).json()).toEqual({
      data: [
        {
          category: 'Business',
          link: expect.any(String),
          name: expect.any(String),
          id: fb.appId,
          subscribed_fields: fields.split(','),
        },
      ],
    });

    const foreign = await graph(`/${other.id}/subscribed_apps`, token, { subscribed_fields: 'x' });
    expect(await errorOf(foreign)).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
    });
    const byPerson = await graph('/me/subscribed_apps', long, { subscribed_fields: 'messages' });
    expect((await errorOf(byPerson)).code).toBe(210);
    const unknown = await graph('/me/subscribed_apps', token, { subscribed_fields: 'messages,x' });
    expect((await errorOf(unknown)).message).toMatch(/^\(#100\) Param subscribed_fields\[1\]/);
    expect(other.subscribedFields).toEqual([]);
    expect(shop.calls).toEqual([
      'POST subscribed_apps',
      'GET subscribed_apps',
      'POST subscribed_apps',
      'POST subscribed_apps',
    ]);
  });

  it('sends texts and quick replies to customers who wrote, and refuses what Meta refuses', async () => {
    const { page, customer, token, say, refused } = await pageWithCustomer('Texts Shop');
    const stranger = page.newCustomer('Boris', 'Unknown');
    expect(await errorOf(await send(token, stranger.psid, { text: 'Hello' }))).toMatchObject({
      code: 100,
      error_subcode: 2018001,
      message: '(#100) No matching user found',
    });

    const reply = (title: string) => ({ content_type: 'text', title, payload: title });
    const sent = await say({ text: 'Which size?', quick_replies: [reply('S'), reply('XL')] });
    const answer = await sent.json();
    expect(answer).toEqual({
      recipient_id: customer.psid,
      message_id: expect.stringMatching(/^m_[\w-]+$/),
    });
    // Meta's curl examples post the objects as JSON strings in form fields.
    const form = await fetch(`${fb.url}/v23.0/${page.id}/messages?access_token=${token}`, {
      method: 'POST',
      body: new URLSearchParams({
        recipient: JSON.stringify({ id: customer.psid }),
        messaging_type: 'UPDATE',
        message: JSON.stringify({ text: 'Which size?' }),
      }),
    });
    expect(form.status).toBe(200);
    expect(page.sent).toEqual([
      {
        id: answer.message_id,
        recipient: customer.psid,
        text: 'Which size?',
        quickReplies: ['S', 'XL'],
        messagingType: 'RESPONSE',
      },
      // A repeated send is a second message: Meta has no idempotency key.
      expect.objectContaining({ text: 'Which size?', messagingType: 'UPDATE' }),
    ]);

    const untyped = await graph('/me/messages', token, {
      recipient: { id: customer.psid },
      message: { text: 'no messaging_type' },
    });
    expect((await errorOf(untyped)).code).toBe(100);
    expect((await refused({})).message).toBe(
      '(#100) Message cannot be empty, must provide valid attachment or text',
    );
    expect((await refused({ text: 'x'.repeat(2001) })).message).toBe(
      '(#100) Length of param message[text] must be less than or equal to 2000',
    );
    const many = Array.from({ length: 14 }, (_, index) => reply(`R${index}`));
    expect((await refused({ text: 'Pick', quick_replies: many })).code).toBe(105);
    expect((await refused({ text: 'Pick', quick_replies: [reply('x'.repeat(21))] })).message).toBe(
      '(#100) Length of param message[quick_replies][0][title] must be less than or equal to 20',
    );
    // The limits are Meta's own: 2,000 characters (not UTF-16 units) and 13 replies pass.
    const atLimits = await say({ text: '😀'.repeat(2000), quick_replies: many.slice(1) });
    expect(atLimits.status).toBe(200);
    expect(page.sent).toHaveLength(3);
    expect(page.calls.filter((call) => call === 'POST messages')).toHaveLength(9);
  });

  it('keeps the 24-hour window, and lets HUMAN_AGENT answer for seven days', async () => {
    const { page, customer, say, refused } = await pageWithCustomer('Window Shop');
    fb.advance(25 * HOUR);
    expect(await refused({ text: 'Still there?' })).toMatchObject({
      type: 'OAuthException',
      code: 10,
      error_subcode: 2018278,
      message: expect.stringMatching(/^\(#10\) This message is sent outside of allowed window\./),
    });
    const agent = { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
    expect((await say({ text: 'An agent here' }, agent)).status).toBe(200);
    expect(page.sent.at(-1)).toMatchObject({ messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    fb.advance(7 * 24 * HOUR);
    expect((await refused({ text: 'Hello?' }, agent)).error_subcode).toBe(2018278);
    // The customer writes again: the window opens anew.
    page.composeMessage(customer, 'Back!');
    expect((await say({ text: 'Welcome back' })).status).toBe(200);
    expect(page.sent.map((one) => one.text)).toEqual(['An agent here', 'Welcome back']);
  });

  it('sends attachments by url, fetched at once, and by the id of an upload', async () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n a small picture', 'latin1');
    const files = await listen(
      createServer((request, response) => {
        if (request.url === '/offer.png')
          response.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else response.writeHead(404).end();
      }),
    );
    const { page, customer, token, say, refused } = await pageWithCustomer('Files Shop');
    const url = `${files}/offer.png`;
    const byUrl = await say({ attachment: { type: 'image', payload: { url, is_reusable: true } } });
    expect(await byUrl.json()).toEqual({
      recipient_id: customer.psid,
      message_id: expect.any(String),
      attachment_id: expect.stringMatching(/^\d+$/),
    });
    const image = { type: 'image', bytes: png, contentType: 'image/png' };
    expect(page.sent[0]?.attachment).toEqual({ ...image, url });
    const missing = { type: 'file', payload: { url: `${files}/gone.pdf` } };
    expect(await refused({ attachment: missing })).toMatchObject({
      code: 100,
      error_subcode: 2018047,
    });

    const pdf = Buffer.from('%PDF-1.7 the price list');
    const upload = (payload: unknown, file?: Buffer) => {
      const form = new FormData();
      form.append('message', JSON.stringify({ attachment: { type: 'file', payload } }));
      if (file)
        form.append(
          'filedata',
          new Blob([new Uint8Array(file)], { type: 'application/pdf' }),
          'prices.pdf',
        );
      return fetch(`${fb.url}/v23.0/me/message_attachments?access_token=${token}`, {
        method: 'POST',
        body: form,
      });
    };
    const { attachment_id: id } = await (await upload({ is_reusable: true }, pdf)).json();
    const file = { type: 'file', bytes: pdf, contentType: 'application/pdf' };
    expect(page.uploads.at(-1)).toEqual({ id, ...file, name: 'prices.pdf' });
    expect(
      (await say({ attachment: { type: 'file', payload: { attachment_id: id } } })).status,
    ).toBe(200);
    expect(page.sent[1]?.attachment).toEqual({ ...file, attachmentId: id });

    expect((await errorOf(await upload({}))).message).toBe(
      '(#100) Incorrect number of files uploaded. Must upload exactly one file.',
    );
    const unknownId = { type: 'file', payload: { attachment_id: '1234567890123456' } };
    expect((await refused({ attachment: unknownId })).code).toBe(100);
    expect(page.sent).toHaveLength(2);
  });

  it("answers a customer's profile to their own Page only", async () => {
    const { page, customer, token } = await pageWithCustomer('Profiles Shop');
    const profile = await graph(`/${customer.psid}?fields=first_name,last_name,profile_pic`, token);
    expect(await profile.json()).toEqual({
      id: customer.psid,
      first_name: 'Anna',
      last_name: 'Petrova',
      profile_pic: expect.stringContaining(`${fb.url}/cdn/`),
    });
    expect(customer.psid).toMatch(/^\d{15,17}$/);
    const other = await pageWithCustomer('Elsewhere Shop');
    expect(
      await errorOf(await graph(`/${customer.psid}?fields=first_name`, other.token)),
    ).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
    expect(page.calls).toEqual(['GET profile']);
  });

  it('posts signed webhooks of subscribed fields only, once the callback passed the handshake', async () => {
    const received: { body: any; signed: boolean }[] = [];
    const callback = await listen(
      createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://local');
        if (request.method === 'GET') {
          const ok =
            url.searchParams.get('hub.mode') === 'subscribe' &&
            url.searchParams.get('hub.verify_token') === 'verify-me';
          response.writeHead(ok ? 200 : 403).end(ok ? url.searchParams.get('hub.challenge') : '');
          return;
        }
        void bodyOf(request).then((raw) => {
          const expected = `sha256=${createHmac('sha256', fb.appSecret).update(raw).digest('hex')}`;
          const signed = request.headers['x-hub-signature-256'] === expected;
          received.push({ body: JSON.parse(raw.toString('utf8')), signed });
          response.writeHead(signed ? 200 : 403).end();
        });
      }),
    );
    await expect(fb.setCallback(`${callback}/hook`, 'wrong')).rejects.toThrow(
      /couldn't be validated/,
    );
    await fb.setCallback(`${callback}/hook`, 'verify-me');

    const { page, customer, token } = await pageWithCustomer('Hooks Shop');
    expect((await page.customerWrites(customer, 'anyone?')).status).toBe(0);
    expect(received).toHaveLength(0);
    await graph('/me/subscribed_apps', token, {
      subscribed_fields: 'messages,message_deliveries,message_reads,message_echoes',
    });

    const image = { bytes: Buffer.from('jpeg bytes'), type: 'image/jpeg' };
    const file = { bytes: Buffer.from('%PDF'), type: 'application/pdf', name: 'order.pdf' };
    const { mid, status } = await page.customerWrites(customer, 'Look', { image, file });
    expect(status).toBe(200);
    expect(received[0]).toEqual({
      signed: true,
      body: {
        object: 'page',
        entry: [
          {
            id: page.id,
            time: expect.any(Number),
            messaging: [
              {
                sender: { id: customer.psid },
                recipient: { id: page.id },
                timestamp: expect.any(Number),
                message: {
                  mid,
                  text: 'Look',
                  attachments: [
                    { type: 'image', payload: { url: expect.any(String) } },
                    { type: 'file', payload: { url: expect.stringContaining('/order.pdf?oe=') } },
                  ],
                },
              },
            ],
          },
        ],
      },
    });
    const cdnUrl = received[0]?.body.entry[0].messaging[0].message.attachments[0].payload.url;
    const picture = await fetch(cdnUrl);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(image.bytes);

    const twice = page.composeMessage(customer, 'Yes', { quickReplyPayload: 'YES' });
    expect(await page.deliver(twice)).toBe(200);
    expect(await page.deliver(twice)).toBe(200);
    expect(received[2]?.body).toEqual(received[1]?.body);
    expect(received[1]?.body.entry[0].messaging[0].message.quick_reply).toEqual({ payload: 'YES' });
    expect(await page.deliver(twice, 'not the app secret')).toBe(403);

    const reply = await (await send(token, customer.psid, { text: 'Thanks' })).json();
    await page.settled();
    expect(received.at(-1)?.body.entry[0].messaging[0]).toEqual({
      sender: { id: page.id },
      recipient: { id: customer.psid },
      timestamp: expect.any(Number),
      message: { is_echo: true, app_id: Number(fb.appId), mid: reply.message_id, text: 'Thanks' },
    });
    expect(await page.reportDelivered(customer, [reply.message_id], 1_700_000_000_000)).toBe(200);
    expect(received.at(-1)?.body.entry[0].messaging[0]).toEqual({
      sender: { id: customer.psid },
      recipient: { id: page.id },
      delivery: { mids: [reply.message_id], watermark: 1_700_000_000_000 },
    });
    expect(await page.reportRead(customer)).toBe(200);
    expect(received.at(-1)?.body.entry[0].messaging[0].read).toEqual({
      watermark: expect.any(Number),
    });

    const both = page.batch(page.messageItem(customer, 'one'), page.readItem(customer));
    expect(await page.deliver(both)).toBe(200);
    expect(received.at(-1)?.body.entry).toHaveLength(2);
    page.subscribedFields = ['messages'];
    expect(await page.reportRead(customer)).toBe(0);
    expect(page.webhookAnswers).toEqual([200, 200, 200, 403, 200, 200, 200, 200]);

    fb.advance(2 * HOUR);
    expect((await fetch(cdnUrl)).status).toBe(403);
  });

  it('refuses unknown, lapsed and unproven tokens and a grant without pages_messaging, and fails on demand', async () => {
    const { page, customer, token, say, refused } = await pageWithCustomer('Guarded Shop');
    expect(await errorOf(await graph('/me', 'EAAnonsense'))).toEqual({
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      fbtrace_id: expect.any(String),
    });
    const proof = (value: string) =>
      fetch(`${fb.url}/v23.0/me?access_token=${token}&appsecret_proof=${value}`);
    expect((await proof(createHmac('sha256', fb.appSecret).update(token).digest('hex'))).ok).toBe(
      true,
    );
    expect((await errorOf(await proof('00ff'))).message).toBe(
      'Invalid appsecret_proof provided in the API argument',
    );

    page.failNextWith429(1, 'messages');
    page.failNextWith(1, 503, 2, ['messages']);
    const throttled = await say({ text: 'one' });
    expect(throttled.headers.get('retry-after')).toBeNull();
    expect(await errorOf(throttled, 429)).toMatchObject({
      code: 613,
      message: '(#613) Calls to this api have exceeded the rate limit.',
    });
    expect((await refused({ text: 'one' }, {}, 503)).code).toBe(2);
    expect((await say({ text: 'one' })).status).toBe(200);
    expect(page.sent).toHaveLength(1);

    const viewer = fb.addUser('Vera Viewer').manages(page);
    const { long } = await connect(viewer, 'pages_show_list,pages_manage_metadata');
    const unable = await send(await pageTokenOf(long, page), customer.psid, { text: 'two' });
    expect(await errorOf(unable, 403)).toMatchObject({
      code: 230,
      message: '(#230) Requires pages_messaging permission to manage the object',
    });

    page.lapseToken();
    expect(await refused({ text: 'three' })).toMatchObject({ code: 190, error_subcode: 460 });
    expect((await errorOf(await graph('/me/accounts', long))).error_subcode).toBe(460);
    expect(page.calls.at(-1)).toBe('POST messages');
    const renewed = await pageTokenOf((await connect(viewer)).long, page);
    expect((await send(renewed, customer.psid, { text: 'four' })).status).toBe(200);
    expect(page.sent.map((one) => one.text)).toEqual(['one', 'four']);
  });
});
