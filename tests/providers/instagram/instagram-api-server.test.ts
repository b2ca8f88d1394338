import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startInstagramApiServer,
  type FakeInstagramAccount,
  type InstagramApiServer,
} from './instagram-api-server';

/**
 * The local Instagram answers as Meta documents its "Instagram API with Instagram Login", read
 * through plain fetch rather than our adapter: so the adapter's tests stand on a server that
 * behaves like Meta's, and a mistake of the adapter cannot hide behind the same mistake here.
 */
let ig: InstagramApiServer;
const others: Server[] = [];
beforeAll(async () => {
  ig = await startInstagramApiServer();
});
afterAll(async () => {
  await ig.close();
  for (const server of others) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const HOUR = 3_600_000;
const REDIRECT = 'https://inbox.example.test/channels/instagram/callback';
const SCOPES = 'instagram_business_basic,instagram_business_manage_messages';

function authorizeUrl(params: Record<string, string> = {}): string {
  const url = new URL('/oauth/authorize', ig.url);
  url.search = new URLSearchParams({
    client_id: ig.appId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: SCOPES,
    state: 'st-1',
    ...params,
  }).toString();
  return url.toString();
}

/** The code exchange as our server makes it: a form POST to api.instagram.com. */
function exchangeCode(code: string, overrides: Record<string, string> = {}) {
  return fetch(`${ig.url}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: ig.appId,
      client_secret: ig.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
      ...overrides,
    }),
  });
}

const codeOf = (location: string) => new URL(location).searchParams.get('code') ?? '';

/** Consent, code, short-lived token, long-lived token: the account connected, its token. */
async function connect(account: FakeInstagramAccount): Promise<string> {
  ig.signedIn = account;
  const short = (await (await exchangeCode(codeOf(ig.consent(authorizeUrl())))).json()).data[0]
    .access_token as string;
  const long = await fetch(
    `${ig.url}/access_token?grant_type=ig_exchange_token&client_secret=${ig.appSecret}&access_token=${short}`,
  );
  return (await long.json()).access_token as string;
}

function graph(path: string, token: string, body?: unknown) {
  return fetch(`${ig.url}/v23.0${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
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

describe('the local Instagram API server', () => {
  it('shows the consent page to the signed-in account and redirects with a code or a refusal', async () => {
    const wrongApp = await fetch(authorizeUrl({ client_id: '1' }));
    expect(wrongApp.status).toBe(400);
    expect(await wrongApp.text()).toContain('Invalid platform app');
    expect((await fetch(authorizeUrl({ scope: 'instagram_business_basic' }))).status).toBe(400);

    ig.signedIn = undefined;
    const anonymous = await (await fetch(authorizeUrl())).text();
    expect(anonymous).toContain('Log in');
    expect(anonymous).not.toContain('data-testid="instagram-allow"');

    const shop = ig.addAccount('acme.shop', 'Acme Shop');
    ig.signedIn = shop;
    const page = await fetch(authorizeUrl());
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Acme Shop');
    expect(html).toContain('<button data-testid="instagram-allow">Allow</button>');
    expect(html).toContain('<button data-testid="instagram-deny">Not now</button>');

    const decide = (decision: string) =>
      fetch(`${authorizeUrl().replace('/oauth/authorize', '/oauth/decide')}&decision=${decision}`, {
        redirect: 'manual',
      });
    const allowed = await decide('allow');
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toMatch(
      new RegExp(`^${REDIRECT}\\?code=[\\w-]+&state=st-1#_$`),
    );
    const denied = (await decide('deny')).headers.get('location');
    expect(denied).toBe(
      `${REDIRECT}?error=access_denied&error_reason=user_denied&error_description=Permissions+error&state=st-1#_`,
    );
    expect(ig.consent(authorizeUrl(), 'deny')).toBe(denied);
    expect(() => ig.consent(authorizeUrl({ client_id: '1' }))).toThrow('Invalid platform app');
  });

  it('exchanges a code once for a short-lived token, that for a long-lived one, refreshed once a day old', async () => {
    const shop = ig.addAccount('tokens.shop', 'Tokens Shop');
    ig.signedIn = shop;
    const code = codeOf(ig.consent(authorizeUrl()));
    const first = await exchangeCode(code);
    expect(first.status).toBe(200);
    const [grant] = (await first.json()).data;
    expect(grant).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      user_id: shop.appScopedId,
      permissions: SCOPES,
    });
    const again = await exchangeCode(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'This authorization code has been used',
    });
    const refusal = async (response: Response) => (await response.json()).error_message as string;
    expect(await refusal(await exchangeCode('AQunknown'))).toBe('Invalid authorization code');
    expect(
      await refusal(await exchangeCode(codeOf(ig.consent(authorizeUrl())), { client_secret: 'x' })),
    ).toBe('Invalid platform app');
    expect(
      await refusal(
        await exchangeCode(codeOf(ig.consent(authorizeUrl())), { redirect_uri: `${REDIRECT}/` }),
      ),
    ).toMatch(/^Error validating verification code/);

    const long = await fetch(
      `${ig.url}/access_token?grant_type=ig_exchange_token&client_secret=${ig.appSecret}&access_token=${grant.access_token}`,
    );
    const longToken = await long.json();
    expect(longToken).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      token_type: 'bearer',
      expires_in: 5_184_000,
    });

    const refresh = (token: string) =>
      fetch(`${ig.url}/refresh_access_token?grant_type=ig_refresh_token&access_token=${token}`);
    const young = await refresh(longToken.access_token);
    expect(young.status).toBe(400);
    expect((await young.json()).error.code).toBe(10);

    ig.advance(25 * HOUR);
    const refreshed = await (await refresh(longToken.access_token)).json();
    expect(refreshed.access_token).not.toBe(longToken.access_token);
    expect(refreshed.expires_in).toBe(5_184_000);
    // The short-lived token lapsed after its hour; the refreshed one still works to its own end.
    const expired = await graph('/me', grant.access_token);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toMatchObject({ code: 190, error_subcode: 463 });

    const me = await fetch(
      `${ig.url}/v23.0/me?fields=user_id,username&access_token=${longToken.access_token}`,
    );
    expect(await me.json()).toEqual({
      id: shop.appScopedId,
      user_id: shop.igId,
      username: 'tokens.shop',
    });
    expect(shop.igId).toMatch(/^1784\d{13}$/);
    expect(await (await graph('/me?fields=name', refreshed.access_token)).json()).toEqual({
      id: shop.appScopedId,
      name: 'Tokens Shop',
    });
  });

  it('sends texts with quick replies cut to 20 characters, and refuses what Meta refuses', async () => {
    const shop = ig.addAccount('replies.shop', 'Replies Shop');
    const token = await connect(shop);
    const subscribe = await fetch(
      `${ig.url}/v23.0/me/subscribed_apps?subscribed_fields=messages,messaging_seen,messaging_postbacks&access_token=${token}`,
      { method: 'POST' },
    );
    expect(await subscribe.json()).toEqual({ success: true });
    expect(shop.subscribedFields).toEqual(['messages', 'messaging_seen', 'messaging_postbacks']);

    const anna = shop.newCustomer('anna.p', 'Anna Petrova');
    const stranger = await graph('/me/messages', token, {
      recipient: { id: anna.igsid },
      message: { text: 'Hello' },
    });
    expect((await stranger.json()).error).toMatchObject({ code: 100, error_subcode: 2018001 });
    const unknownProfile = await graph(`/${anna.igsid}?fields=name`, token);
    expect((await unknownProfile.json()).error).toMatchObject({ code: 100, error_subcode: 33 });

    shop.composeMessage(anna, 'Hi, is the blue one in stock?');
    const profile = await graph(`/${anna.igsid}?fields=name,username,profile_pic`, token);
    expect(await profile.json()).toEqual({
      id: anna.igsid,
      name: 'Anna Petrova',
      username: 'anna.p',
      profile_pic: expect.stringContaining(`${ig.url}/cdn/`),
    });

    const sent = await graph(`/${shop.igId}/messages`, token, {
      recipient: { id: anna.igsid },
      message: {
        text: 'Which size?',
        quick_replies: [
          { content_type: 'text', title: 'Small', payload: 'S' },
          { content_type: 'text', title: 'Extra large, with the long sleeves', payload: 'XL' },
        ],
      },
    });
    const answer = await sent.json();
    expect(answer).toEqual({ recipient_id: anna.igsid, message_id: expect.any(String) });
    expect(shop.sent).toEqual([
      expect.objectContaining({
        id: answer.message_id,
        to: anna.igsid,
        text: 'Which size?',
        quickReplies: ['Small', 'Extra large, with th'],
      }),
    ]);

    const long = await graph('/me/messages', token, {
      recipient: { id: anna.igsid },
      message: { text: 'x'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect((await long.json()).error).toMatchObject({
      code: 100,
      message: 'Param message[text] must be at most 1000 characters long',
    });

    ig.advance(25 * HOUR);
    const late = await graph('/me/messages', token, {
      recipient: { id: anna.igsid },
      message: { text: 'Still there?' },
    });
    expect(late.status).toBe(400);
    expect((await late.json()).error).toMatchObject({
      code: 10,
      error_subcode: 2534022,
      message: 'This message is sent outside of allowed window.',
    });
    expect(shop.sent).toHaveLength(1);
  });

  it('fetches an attachment from its url as the message is sent, and refuses one it cannot get', async () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n a small picture', 'latin1');
    const files = await listen(
      createServer((request, response) => {
        if (request.url === '/offer.png')
          response
            .writeHead(200, {
              'content-type': 'image/png',
              'content-disposition': 'attachment; filename="offer.png"',
            })
            .end(png);
        else response.writeHead(404).end();
      }),
    );
    const shop = ig.addAccount('files.shop', 'Files Shop');
    const token = await connect(shop);
    const boris = shop.newCustomer('boris', 'Boris');
    shop.composeMessage(boris, 'Send me the offer');

    const sent = await graph('/me/messages', token, {
      recipient: { id: boris.igsid },
      message: { attachment: { type: 'image', payload: { url: `${files}/offer.png` } } },
    });
    expect(sent.status).toBe(200);
    expect(shop.sent[0]?.attachment).toEqual({
      type: 'image',
      url: `${files}/offer.png`,
      bytes: png,
      contentType: 'image/png',
      name: 'offer.png',
    });

    const missing = await graph('/me/messages', token, {
      recipient: { id: boris.igsid },
      message: { attachment: { type: 'file', payload: { url: `${files}/gone.pdf` } } },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      code: 100,
      error_subcode: 2018047,
      message: 'Upload attachment failure',
    });
    expect(shop.sent).toHaveLength(1);
  });

  it('delivers signed webhooks of subscribed accounts to a callback that passed the handshake', async () => {
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
          const expected = `sha256=${createHmac('sha256', ig.appSecret).update(raw).digest('hex')}`;
          const given = String(request.headers['x-hub-signature-256']);
          const signed =
            given.length === expected.length &&
            timingSafeEqual(Buffer.from(given), Buffer.from(expected));
          received.push({ body: JSON.parse(raw.toString('utf8')), signed });
          response.writeHead(signed ? 200 : 403).end();
        });
      }),
    );
    await expect(ig.setCallback(`${callback}/hook`, 'wrong')).rejects.toThrow(/validated/);
    await ig.setCallback(`${callback}/hook`, 'verify-me');

    const shop = ig.addAccount('hooks.shop', 'Hooks Shop');
    const token = await connect(shop);
    const vera = shop.newCustomer('vera', 'Vera');
    // Not yet subscribed: Meta posts nothing for the account.
    expect((await shop.customerWrites(vera, 'anyone?')).status).toBe(0);
    expect(received).toHaveLength(0);
    await fetch(`${ig.url}/v23.0/${shop.igId}/subscribed_apps?access_token=${token}`, {
      method: 'POST',
      body: new URLSearchParams({ subscribed_fields: 'messages,messaging_seen' }),
    });

    const image = { bytes: Buffer.from('jpeg bytes'), type: 'image/jpeg' };
    const { mid, status } = await shop.customerWrites(vera, 'Look at this', { image });
    expect(status).toBe(200);
    expect(received[0]).toEqual({
      signed: true,
      body: {
        object: 'instagram',
        entry: [
          {
            time: expect.any(Number),
            id: shop.igId,
            messaging: [
              {
                sender: { id: vera.igsid },
                recipient: { id: shop.igId },
                timestamp: expect.any(Number),
                message: {
                  mid,
                  text: 'Look at this',
                  attachments: [{ type: 'image', payload: { url: expect.any(String) } }],
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

    const twice = shop.composeMessage(vera, 'Said twice', { quickReplyPayload: 'YES' });
    expect(await shop.deliver(twice)).toBe(200);
    expect(await shop.deliver(twice)).toBe(200);
    expect(received[2]?.body).toEqual(received[1]?.body);
    expect(received[1]?.body.entry[0].messaging[0].message.quick_reply).toEqual({
      payload: 'YES',
    });
    expect(await shop.deliver(twice, 'not the app secret')).toBe(403);

    const reply = await (
      await graph('/me/messages', token, {
        recipient: { id: vera.igsid },
        message: { text: 'Yes' },
      })
    ).json();
    await shop.settled();
    expect(received.at(-1)?.body.entry[0].messaging[0]).toMatchObject({
      sender: { id: shop.igId },
      recipient: { id: vera.igsid },
      message: { mid: reply.message_id, text: 'Yes', is_echo: true },
    });
    expect(await shop.reportRead(vera, reply.message_id)).toBe(200);
    expect(received.at(-1)?.body.entry[0].messaging[0].read).toEqual({ mid: reply.message_id });

    const both = shop.batch(
      shop.messageItem(vera, 'one'),
      shop.messageItem(shop.newCustomer('gleb', 'Gleb'), 'two'),
    );
    expect(await shop.deliver(both)).toBe(200);
    expect(received.at(-1)?.body.entry).toHaveLength(2);
    expect(shop.webhookAnswers).toEqual([200, 200, 200, 403, 200, 200, 200]);

    ig.advance(2 * HOUR);
    expect((await fetch(cdnUrl)).status).toBe(403);
  });

  it('refuses every token of a lapsed account until a new consent, and fails on demand as Meta does', async () => {
    const shop = ig.addAccount('lapsed.shop', 'Lapsed Shop');
    const token = await connect(shop);
    shop.lapseToken();
    const refused = await graph('/me', token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toMatchObject({
      type: 'OAuthException',
      code: 190,
      error_subcode: 460,
      fbtrace_id: expect.any(String),
    });
    expect(shop.calls.at(-1)).toBe('GET me refused: token lapsed');

    const renewed = await connect(shop);
    expect((await graph('/me', renewed)).status).toBe(200);

    shop.failNextWith429(1, ['me']);
    shop.failNextWith503(1);
    const throttled = await graph('/me', renewed);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeNull();
    expect((await throttled.json()).error).toMatchObject({
      code: 4,
      message: 'Application request limit reached',
    });
    const unavailable = await graph('/me', renewed);
    expect(unavailable.status).toBe(503);
    expect((await unavailable.json()).error.code).toBe(2);
    expect((await graph('/me', renewed)).status).toBe(200);
    expect(shop.calls.slice(-3)).toEqual(['GET me', 'GET me', 'GET me']);
  });
});
