import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSinchApiServer,
  webhookSignature,
  type FakeViberService,
  type SinchApiServer,
} from './sinch-api-server';
import { readBody } from './sinch-shapes';

/**
 * The local Sinch answers as developers.sinch.com documents the Conversation API, read through
 * plain fetch rather than our adapter, and its callbacks are checked with a signature computed
 * here from the docs' formula: so the adapter's tests stand on a server that behaves like Sinch's,
 * and a mistake of the adapter cannot hide behind the same mistake here.
 */
let sinch: SinchApiServer;
const receivers: Server[] = [];
beforeAll(async () => {
  sinch = await startSinchApiServer();
});
afterAll(async () => {
  await sinch.close();
  for (const server of receivers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const HOUR = 3_600_000;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function tokenRequest(server: SinchApiServer, authorization: string, grant = 'client_credentials') {
  return fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grant }),
  });
}

async function tokenOf(server = sinch): Promise<string> {
  const response = await tokenRequest(server, basic(server.keyId, server.keySecret));
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A Conversation API call under the project, JSON in and out, as the SDKs make it. */
function call(
  path: string,
  authorization: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
  server = sinch,
) {
  return fetch(`${server.url}/v1/projects/${server.projectId}${path}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The Conversation API's `error` of a refused call, once its status is checked. */
async function errorOf(response: Response, status: number): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: Record<string, unknown> }).error;
}

/** A callback as our side parses it: the fields these tests read. */
type CallbackJson = Record<string, unknown> & {
  correlation_id: string;
  message?: {
    id: string;
    contact_message: { text_message?: { text: string }; media_message?: { url: string } };
  };
  message_delivery_report?: {
    message_id: string;
    status: string;
    contact_id: string;
    reason?: { code: string };
  };
};
type Received = { raw: string; body: CallbackJson; headers: IncomingHttpHeaders };

/** Our side of the callbacks: records each POST and answers the statuses queued, then 200. */
async function receiver() {
  const got: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((bytes) => {
      const raw = bytes.toString('utf8');
      got.push({ raw, body: JSON.parse(raw) as CallbackJson, headers: request.headers });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sinch`;
  return { url, got, statuses };
}

/** A file host for media messages: `/photo.png` answers a PNG, anything else 404. */
async function fileHost(): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/photo.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else response.writeHead(404).end();
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The docs' check of a callback, written here on its own: HMAC(secret, body.nonce.timestamp). */
function signedBy(secret: string, received: Received): boolean {
  const nonce = received.headers['x-sinch-webhook-signature-nonce'];
  const timestamp = received.headers['x-sinch-webhook-signature-timestamp'];
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${received.raw}.${String(nonce)}.${String(timestamp)}`, 'utf8'))
    .digest('base64');
  return received.headers['x-sinch-webhook-signature'] === expected;
}

/** A Viber service with a webhook for inbound messages and deliveries, and an authorised caller. */
async function serviceWithWebhook(name: string, opts: { sessionOnly?: boolean } = {}) {
  const service = sinch.addViberService(`${name}-service`, name, opts);
  const hook = await receiver();
  const auth = `Bearer ${await tokenOf()}`;
  const created = await call('/webhooks', auth, {
    app_id: service.appId,
    target: hook.url,
    target_type: 'HTTP',
    secret: `${name}-secret`,
    triggers: ['MESSAGE_INBOUND', 'MESSAGE_DELIVERY'],
  });
  expect(created.status).toBe(200);
  const send = (recipient: unknown, message: unknown, extra: Record<string, unknown> = {}) =>
    call('/messages:send', auth, { app_id: service.appId, recipient, message, ...extra });
  const toPhone = (phone: string) => ({
    identified_by: { channel_identities: [{ channel: 'VIBERBM', identity: phone }] },
  });
  return { service, hook, auth, send, toPhone, secret: `${name}-secret` };
}

/** The FAILED report of `messageId` our receiver got. */
async function failedReport(service: FakeViberService, got: Received[], messageId: string) {
  await service.settled();
  return got.find((entry) => entry.body.message_delivery_report?.message_id === messageId)?.body;
}

/** The reason code of the FAILED report of `messageId` our receiver got. */
async function failureCode(service: FakeViberService, got: Received[], messageId: string) {
  return (await failedReport(service, got, messageId))?.message_delivery_report?.reason?.code;
}

describe('the local Sinch Conversation API server (VIBERBM)', () => {
  it('issues hour-long tokens for the access key, and refuses what Sinch refuses', async () => {
    const wrong = await tokenRequest(sinch, basic(sinch.keyId, 'nope'));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: expect.any(String),
    });
    expect(
      (await tokenRequest(sinch, basic(sinch.keyId, sinch.keySecret), 'password')).status,
    ).toBe(400);

    const issued = await tokenRequest(sinch, basic(sinch.keyId, sinch.keySecret));
    expect(issued.status).toBe(200);
    const grant = await issued.json();
    expect(grant).toEqual({
      access_token: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
      expires_in: 3600,
      scope: '',
      token_type: 'Bearer',
    });
    // The SDKs read the JWT's `exp` to refresh ahead of time.
    const claims = JSON.parse(
      Buffer.from(String(grant.access_token).split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    expect(claims.exp - claims.iat).toBe(3600);
    // Issued now: within the second of this check, or the one before it on a busy machine.
    expect(Math.floor(sinch.now() / 1000) - claims.iat).toBeGreaterThanOrEqual(0);
    expect(Math.floor(sinch.now() / 1000) - claims.iat).toBeLessThanOrEqual(1);

    const bearer = `Bearer ${grant.access_token as string}`;
    expect((await call('/apps', bearer)).status).toBe(200);
    // Basic auth with the key itself is documented "for test purposes".
    expect((await call('/apps', basic(sinch.keyId, sinch.keySecret))).status).toBe(200);
    expect(await errorOf(await call('/apps', basic(sinch.keyId, 'x')), 401)).toEqual({
      code: 401,
      message: 'Request had invalid credentials.',
      status: 'UNAUTHENTICATED',
      details: [],
    });
    expect((await errorOf(await call('/apps', ''), 401)).status).toBe('UNAUTHENTICATED');
    expect((await errorOf(await call('/apps', 'Bearer eyJnope'), 401)).code).toBe(401);

    const foreign = await fetch(`${sinch.url}/v1/projects/another-project/apps`, {
      headers: { authorization: bearer },
    });
    expect((await errorOf(foreign, 403)).status).toBe('PERMISSION_DENIED');

    sinch.advance(HOUR);
    const expired = await call('/apps', bearer);
    expect(expired.headers.get('www-authenticate')).toContain('expired');
    expect((await errorOf(expired, 401)).status).toBe('UNAUTHENTICATED');
    expect((await call('/apps', `Bearer ${await tokenOf()}`)).status).toBe(200);
    expect(sinch.calls.slice(0, 4)).toEqual([
      'POST oauth2/token',
      'POST oauth2/token',
      'POST oauth2/token',
      'GET apps',
    ]);
  });

  it('lists the apps with the Viber service each claims, and answers one by id', async () => {
    const shop = sinch.addViberService('pa:shop-001', 'Shop on Viber');
    const auth = `Bearer ${await tokenOf()}`;
    expect(shop.appId).toMatch(ULID);
    const { apps } = (await (await call('/apps', auth)).json()) as { apps: { id: string }[] };
    const listed = apps.find((app) => app.id === shop.appId);
    expect(listed).toMatchObject({
      id: shop.appId,
      display_name: 'Shop on Viber',
      channel_credentials: [
        {
          channel: 'VIBERBM',
          static_bearer: { claimed_identity: 'pa:shop-001' },
          state: { status: 'ACTIVE' },
        },
      ],
      conversation_metadata_report_view: 'NONE',
      processing_mode: 'CONVERSATION',
    });
    expect(await (await call(`/apps/${shop.appId}`, auth)).json()).toEqual(listed);
    expect(await errorOf(await call('/apps/01HNOSUCHAPP0000000000000', auth), 404)).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
    });
  });

  it('creates, lists, updates and deletes webhooks, at most five per app and one per target', async () => {
    const service = sinch.addViberService('pa:hooks', 'Hooks');
    const auth = `Bearer ${await tokenOf()}`;
    const base = { app_id: service.appId, target_type: 'HTTP', triggers: ['MESSAGE_INBOUND'] };
    const created = await (
      await call('/webhooks', auth, { ...base, target: 'https://inbox.test/a', secret: 's1' })
    ).json();
    expect(created).toEqual({
      id: expect.stringMatching(ULID),
      app_id: service.appId,
      target: 'https://inbox.test/a',
      target_type: 'HTTP',
      secret: 's1',
      triggers: ['MESSAGE_INBOUND'],
    });
    expect(await (await call(`/apps/${service.appId}/webhooks`, auth)).json()).toEqual({
      webhooks: [created],
    });
    expect(await (await call(`/webhooks/${created.id}`, auth)).json()).toEqual(created);

    expect((await errorOf(await call('/webhooks', auth, { ...base }), 400)).status).toBe(
      'INVALID_ARGUMENT',
    );
    const badTrigger = {
      ...base,
      target: 'https://inbox.test/b',
      triggers: ['UNSPECIFIED_TRIGGER'],
    };
    expect((await call('/webhooks', auth, badTrigger)).status).toBe(400);
    const unknownApp = { ...base, app_id: '01HNOSUCHAPP0000000000000', target: 'https://x.test/' };
    expect((await call('/webhooks', auth, unknownApp)).status).toBe(400);
    const twin = await call('/webhooks', auth, { ...base, target: 'https://inbox.test/a' });
    expect((await errorOf(twin, 400)).message).toContain('already has a webhook');

    // With a mask only the fields it names change; a named field left out is cleared.
    const masked = await call(
      `/webhooks/${created.id}?update_mask=triggers,secret`,
      auth,
      { target: 'https://ignored.test/', triggers: ['MESSAGE_INBOUND', 'MESSAGE_DELIVERY'] },
      'PATCH',
    );
    expect(await masked.json()).toEqual({
      ...created,
      secret: '',
      triggers: ['MESSAGE_INBOUND', 'MESSAGE_DELIVERY'],
    });
    const moved = await call(
      `/webhooks/${created.id}`,
      auth,
      { target: 'https://inbox.test/moved' },
      'PATCH',
    );
    expect((await moved.json()).target).toBe('https://inbox.test/moved');

    for (const n of [2, 3, 4, 5])
      expect(
        (await call('/webhooks', auth, { ...base, target: `https://inbox.test/${n}` })).status,
      ).toBe(200);
    const sixth = await call('/webhooks', auth, { ...base, target: 'https://inbox.test/6' });
    expect((await errorOf(sixth, 400)).message).toContain('5 webhooks');
    expect(service.webhooks).toHaveLength(5);

    expect(await (await call(`/webhooks/${created.id}`, auth, undefined, 'DELETE')).json()).toEqual(
      {},
    );
    expect((await call(`/webhooks/${created.id}`, auth)).status).toBe(404);
    expect(service.webhooks.map((hook) => hook.target)).not.toContain('https://inbox.test/moved');
    expect(
      (await call('/webhooks', auth, { ...base, target: 'https://inbox.test/6' })).status,
    ).toBe(200);
    expect(sinch.calls).toContain('PATCH webhook');
    expect(sinch.calls).toContain('DELETE webhook');
    expect(sinch.calls).toContain('GET webhooks');
  });

  it('sends texts, truncated past 1000 characters, again on a repeated call, and refuses malformed ones', async () => {
    const { service, send, toPhone } = await serviceWithWebhook('texts');
    const anna = service.newCustomer('375291112233', 'Anna');
    await service.customerWrites(anna, 'Hello!');

    const sent = await send(
      toPhone(anna.phone),
      { text_message: { text: 'Hi Anna' } },
      {
        channel_priority_order: ['VIBERBM'],
        correlation_id: 'ticket-7',
        message_metadata: 'm-1',
      },
    );
    expect(sent.status).toBe(200);
    const accepted = await sent.json();
    expect(accepted).toEqual({
      accepted_time: expect.stringMatching(ISO),
      message_id: expect.stringMatching(ULID),
    });
    // No idempotency: the same call is a second message.
    const again = await (
      await send(toPhone(`+${anna.phone}`), { text_message: { text: 'Hi Anna' } })
    ).json();
    expect(again.message_id).not.toBe(accepted.message_id);
    const long = 'я'.repeat(1500);
    await send({ contact_id: anna.contactId }, { text_message: { text: long } });
    expect(
      service.received(anna).map(({ id, to, text, truncated, correlationId, metadata }) => ({
        id,
        to,
        text,
        truncated,
        correlationId,
        metadata,
      })),
    ).toEqual([
      {
        id: accepted.message_id,
        to: '375291112233',
        text: 'Hi Anna',
        truncated: undefined,
        correlationId: 'ticket-7',
        metadata: 'm-1',
      },
      {
        id: again.message_id,
        to: '375291112233',
        text: 'Hi Anna',
        truncated: undefined,
        correlationId: undefined,
        metadata: undefined,
      },
      expect.objectContaining({ text: 'я'.repeat(1000), truncated: true }),
    ]);

    const refused = async (body: unknown) => errorOf(await send(toPhone(anna.phone), body), 400);
    expect((await refused({})).status).toBe('INVALID_ARGUMENT');
    expect((await refused({ text_message: { text: '' } })).message).toContain('text');
    expect(
      (
        await refused({
          text_message: { text: 'a' },
          media_message: { url: 'https://x.test/a.png' },
        })
      ).message,
    ).toContain('exactly one');
    expect((await refused({ card_message: { title: 'x' } })).message).toContain('card_message');
    const whatsapp = await send(
      toPhone(anna.phone),
      { text_message: { text: 'x' } },
      { channel_priority_order: ['WHATSAPP'] },
    );
    expect((await errorOf(whatsapp, 400)).message).toContain('channel_priority_order');
    const noApp = await send(
      toPhone(anna.phone),
      { text_message: { text: 'x' } },
      { app_id: '01HNOSUCHAPP0000000000000' },
    );
    expect((await errorOf(noApp, 400)).message).toContain('not found');
    const plain = await fetch(`${sinch.url}/v1/projects/${sinch.projectId}/messages:send`, {
      method: 'POST',
      headers: { authorization: basic(sinch.keyId, sinch.keySecret) },
      body: JSON.stringify({ app_id: service.appId }),
    });
    expect((await errorOf(plain, 400)).message).toContain('Content-Type');
    expect(service.sent).toHaveLength(3);
  });

  it('fetches media at once, and reports FAILED with MEDIA_NOT_REACHABLE for a link it cannot get', async () => {
    const { service, hook, send, toPhone } = await serviceWithWebhook('media');
    const boris = service.newCustomer('48601234567', 'Boris');
    await service.customerWrites(boris, 'Send me the photo');
    const files = await fileHost();
    const photo = await (
      await send(toPhone(boris.phone), {
        media_message: { url: `${files}/photo.png`, filename_override: 'catalog.png' },
      })
    ).json();
    expect(service.sent.find((entry) => entry.id === photo.message_id)?.media).toEqual({
      url: `${files}/photo.png`,
      bytes: PNG,
      contentType: 'image/png',
      filename: 'catalog.png',
    });

    const missing = await send(toPhone(boris.phone), {
      media_message: { url: `${files}/gone.png` },
    });
    expect(missing.status).toBe(200);
    const { message_id: id } = await missing.json();
    expect(await failedReport(service, hook.got, id)).toMatchObject({
      app_id: service.appId,
      message_delivery_report: {
        message_id: id,
        status: 'FAILED',
        channel_identity: { channel: 'VIBERBM', identity: boris.phone },
        reason: { code: 'MEDIA_NOT_REACHABLE', sub_code: 'UNSPECIFIED_SUB_CODE' },
      },
    });
    expect(service.received(boris).map((entry) => entry.id)).toEqual([photo.message_id]);
  });

  it('records the choices of a choice message, transcoded unless it is one URL, call or location button', async () => {
    const { service, send, toPhone } = await serviceWithWebhook('choices');
    const vera = service.newCustomer('375447654321', 'Vera');
    const textChoice = (text: string) => ({ text_message: { text } });
    const asked = await (
      await send(toPhone(vera.phone), {
        choice_message: {
          text_message: { text: 'Was this helpful?' },
          choices: [textChoice('Yes'), textChoice('No')],
        },
      })
    ).json();
    expect(service.sent.find((entry) => entry.id === asked.message_id)).toMatchObject({
      text: 'Was this helpful?',
      choices: ['Yes', 'No'],
      transcoded: true,
    });
    await send(toPhone(vera.phone), {
      choice_message: {
        text_message: { text: 'Track it' },
        choices: [{ url_message: { title: 'Open', url: 'https://shop.test/o/1' } }],
      },
    });
    expect(service.sent.at(-1)).toMatchObject({ choices: ['Open'] });
    expect(service.sent.at(-1)?.transcoded).toBeUndefined();
    const eleven = Array.from({ length: 11 }, (_, n) => textChoice(String(n)));
    const tooMany = await send(toPhone(vera.phone), {
      choice_message: { text_message: { text: '?' }, choices: eleven },
    });
    expect((await errorOf(tooMany, 400)).message).toContain('10');
  });

  it('accepts sends that cannot arrive and reports them FAILED afterwards, with the documented reasons', async () => {
    const { service, hook, send, toPhone } = await serviceWithWebhook('failures');
    const report = async (response: Response) => {
      expect(response.status).toBe(200);
      const { message_id: id } = await response.json();
      return (await failedReport(service, hook.got, id)) as Record<string, any>;
    };
    const stranger = await report(
      await send(
        toPhone('37529000000'),
        { text_message: { text: 'Hi' } },
        { correlation_id: 'c-9', message_metadata: 'meta' },
      ),
    );
    expect(stranger).toEqual({
      app_id: service.appId,
      accepted_time: expect.stringMatching(ISO),
      event_time: expect.stringMatching(ISO),
      project_id: sinch.projectId,
      message_delivery_report: {
        message_id: expect.stringMatching(ULID),
        conversation_id: '',
        status: 'FAILED',
        channel_identity: { channel: 'VIBERBM', identity: '37529000000', app_id: '' },
        contact_id: '',
        reason: {
          code: 'RECIPIENT_NOT_REACHABLE',
          description: expect.any(String),
          sub_code: 'UNSPECIFIED_SUB_CODE',
        },
        metadata: 'meta',
        processing_mode: 'CONVERSATION',
      },
      message_metadata: '',
      correlation_id: 'c-9',
    });
    const malformed = await report(
      await send(toPhone('not-a-number'), { text_message: { text: 'Hi' } }),
    );
    expect(malformed.message_delivery_report.reason.code).toBe(
      'RECIPIENT_INVALID_CHANNEL_IDENTITY',
    );
    const noContact = await report(
      await send({ contact_id: '01HNOSUCHCONTACT000000000' }, { text_message: { text: 'Hi' } }),
    );
    expect(noContact.message_delivery_report.reason.code).toBe('CONTACT_NOT_FOUND');

    // A session-only account answers only within 24 hours of the customer's message.
    const session = await serviceWithWebhook('session', { sessionOnly: true });
    const olga = session.service.newCustomer('375336667788', 'Olga');
    const first = await session.send(session.toPhone(olga.phone), { text_message: { text: 'Hi' } });
    const { message_id: early } = await first.json();
    expect(await failureCode(session.service, session.hook.got, early)).toBe(
      'OUTSIDE_ALLOWED_SENDING_WINDOW',
    );
    await session.service.customerWrites(olga, 'Hello');
    await session.send(session.toPhone(olga.phone), { text_message: { text: 'Welcome' } });
    sinch.advance(25 * HOUR);
    const late = await session.send(
      { contact_id: olga.contactId },
      { text_message: { text: 'Still there?' } },
    );
    // The token issued before has expired in those 25 hours.
    expect(late.status).toBe(401);
    const fresh = await call('/messages:send', `Bearer ${await tokenOf()}`, {
      app_id: session.service.appId,
      recipient: { contact_id: olga.contactId },
      message: { text_message: { text: 'Still there?' } },
    });
    const { message_id: after } = await fresh.json();
    expect(await failureCode(session.service, session.hook.got, after)).toBe(
      'OUTSIDE_ALLOWED_SENDING_WINDOW',
    );
    expect(session.service.received(olga).map((entry) => entry.text)).toEqual(['Welcome']);
  });

  it('posts inbound messages and delivery reports signed as the docs say, to the webhooks subscribed to them', async () => {
    const { service, hook, auth, send, toPhone, secret } = await serviceWithWebhook('signed');
    const deliveriesOnly = await receiver();
    const unsigned = await receiver();
    const dismissed = await receiver();
    const more = [
      { target: deliveriesOnly.url, secret: 'other', triggers: ['MESSAGE_DELIVERY'] },
      { target: unsigned.url, triggers: ['MESSAGE_INBOUND'] },
      { target: dismissed.url, target_type: 'DISMISS', triggers: ['MESSAGE_INBOUND'] },
    ];
    for (const extra of more)
      expect((await call('/webhooks', auth, { app_id: service.appId, ...extra })).status).toBe(200);

    const ivan = service.newCustomer('375291234567', 'Ivan');
    await send(
      toPhone(ivan.phone),
      { text_message: { text: 'Your order is ready' } },
      { correlation_id: 'order-5' },
    );
    const writing = Math.floor(sinch.now() / 1000);
    const wrote = await service.customerWrites(ivan, 'Thanks!');
    const written = Math.floor(sinch.now() / 1000);
    expect(wrote).toEqual({ messageId: expect.stringMatching(ULID), status: 200 });
    const inbound = hook.got.at(-1)!;
    expect(inbound.body).toEqual({
      app_id: service.appId,
      accepted_time: expect.stringMatching(ISO),
      event_time: expect.stringMatching(ISO),
      project_id: sinch.projectId,
      message: {
        id: wrote.messageId,
        direction: 'TO_APP',
        contact_message: { text_message: { text: 'Thanks!' } },
        channel_identity: { channel: 'VIBERBM', identity: '375291234567', app_id: '' },
        conversation_id: expect.stringMatching(ULID),
        contact_id: ivan.contactId,
        metadata: '',
        accept_time: expect.stringMatching(ISO),
        processing_mode: 'CONVERSATION',
        injected: false,
      },
      message_metadata: '',
      // The last correlation_id sent to the contact comes back with their messages.
      correlation_id: 'order-5',
    });
    expect(inbound.headers['content-type']).toBe('application/json');
    expect(inbound.headers['x-sinch-webhook-signature-algorithm']).toBe('HmacSHA256');
    expect(inbound.headers['x-sinch-webhook-signature-nonce']).toMatch(ULID);
    // Signed as it was posted: within the second the customer wrote in, or the next on a busy machine.
    const signedAt = Number(inbound.headers['x-sinch-webhook-signature-timestamp']);
    expect(signedAt).toBeGreaterThanOrEqual(writing);
    expect(signedAt).toBeLessThanOrEqual(written);
    expect(signedBy(secret, inbound)).toBe(true);
    expect(signedBy('other', inbound)).toBe(false);
    expect(unsigned.got).toHaveLength(1);
    expect(unsigned.got[0]?.headers['x-sinch-webhook-signature']).toBeUndefined();
    expect(dismissed.got).toHaveLength(0);
    expect(deliveriesOnly.got).toHaveLength(0);

    const photo = await service.customerWrites(ivan, '', {
      image: { bytes: PNG, type: 'image/png' },
    });
    const mediaUrl = hook.got.at(-1)?.body.message?.contact_message.media_message?.url ?? '';
    expect(photo.status).toBe(200);
    const served = await fetch(mediaUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const reply = service.received(ivan)[0]!;
    expect(await service.reportDelivery(reply.id, 'DELIVERED')).toBe(200);
    expect(await service.reportDelivery(reply.id, 'READ')).toBe(200);
    const reports = deliveriesOnly.got.map((entry) => entry.body.message_delivery_report!);
    expect(reports.map((entry) => [entry.message_id, entry.status, entry.contact_id])).toEqual([
      [reply.id, 'DELIVERED', ivan.contactId],
      [reply.id, 'READ', ivan.contactId],
    ]);
    expect(deliveriesOnly.got.every((entry) => signedBy('other', entry))).toBe(true);
    expect(deliveriesOnly.got[0]?.body.correlation_id).toBe('order-5');
  });

  it('delivers a callback twice when asked, and forged ones our side must refuse', async () => {
    const { service, hook, secret } = await serviceWithWebhook('twice');
    const lena = service.newCustomer('375297777777', 'Lena');
    const body = service.composeInbound(lena, 'Same message');
    expect(await service.deliver(body)).toBe(200);
    expect(await service.deliver(body)).toBe(200);
    expect(hook.got.map((entry) => entry.body.message?.id)).toEqual([
      body.message?.id,
      body.message?.id,
    ]);
    // Each POST is signed anew: another nonce, the same valid signature scheme.
    expect(hook.got[0]?.headers['x-sinch-webhook-signature-nonce']).not.toBe(
      hook.got[1]?.headers['x-sinch-webhook-signature-nonce'],
    );
    expect(hook.got.every((entry) => signedBy(secret, entry))).toBe(true);

    expect(await service.deliver(service.composeInbound(lena, 'Forged'), 'attacker-secret')).toBe(
      200,
    );
    const forged = hook.got.at(-1)!;
    expect(forged.body.message?.contact_message.text_message?.text).toBe('Forged');
    expect(signedBy(secret, forged)).toBe(false);
    expect(signedBy('attacker-secret', forged)).toBe(true);
  });

  it('retries a callback until our side answers 2xx, recording every answer', async () => {
    const { service, hook } = await serviceWithWebhook('retries');
    const petr = service.newCustomer('375291010101', 'Petr');
    hook.statuses.push(500);
    expect((await service.customerWrites(petr, 'Once')).status).toBe(500);
    hook.statuses.push(500, 503);
    service.attempts = 4;
    const { messageId, status } = await service.customerWrites(petr, 'Until it works');
    expect(status).toBe(200);
    expect(
      service.webhookAnswers.map((entry) => [
        entry.messageId === messageId,
        entry.attempt,
        entry.status,
      ]),
    ).toEqual([
      [false, 1, 500],
      [true, 1, 500],
      [true, 2, 503],
      [true, 3, 200],
    ]);
    expect(hook.got.filter((entry) => entry.body.message?.id === messageId)).toHaveLength(3);
  });

  it('answers 429, 503 and 500 in Sinch’s error shape for the next calls a test names', async () => {
    const { service, send, toPhone } = await serviceWithWebhook('throttled');
    const kate = service.newCustomer('375295555555', 'Kate');
    sinch.failNextWith(1, 429, 'messages:send');
    const throttled = await send(toPhone(kate.phone), { text_message: { text: 'One' } });
    expect(await errorOf(throttled, 429)).toEqual({
      code: 429,
      message: expect.any(String),
      status: 'RESOURCE_EXHAUSTED',
      details: [],
    });
    sinch.failNextWith(1, 503);
    expect(
      (await errorOf(await send(toPhone(kate.phone), { text_message: { text: 'Two' } }), 503))
        .status,
    ).toBe('UNAVAILABLE');
    sinch.failNextWith(1, 500, ['oauth2/token']);
    expect((await tokenRequest(sinch, basic(sinch.keyId, sinch.keySecret))).status).toBe(500);
    expect((await send(toPhone(kate.phone), { text_message: { text: 'Three' } })).status).toBe(200);
    expect(service.sent.map((entry) => entry.text)).toEqual(['Three']);
    expect(sinch.calls.slice(-4)).toEqual([
      'POST messages:send',
      'POST messages:send',
      'POST oauth2/token',
      'POST messages:send',
    ]);
  });

  it('refuses a deleted access key: new tokens, the tokens it gave, and Basic auth', async () => {
    const own = await startSinchApiServer();
    try {
      const token = await tokenOf(own);
      expect((await call('/apps', `Bearer ${token}`, undefined, 'GET', own)).status).toBe(200);
      own.revokeKey();
      expect(
        (await errorOf(await call('/apps', `Bearer ${token}`, undefined, 'GET', own), 401)).status,
      ).toBe('UNAUTHENTICATED');
      expect(
        (await call('/apps', basic(own.keyId, own.keySecret), undefined, 'GET', own)).status,
      ).toBe(401);
      const refused = await tokenRequest(own, basic(own.keyId, own.keySecret));
      expect(refused.status).toBe(401);
      expect((await refused.json()).error).toBe('invalid_client');
    } finally {
      await own.close();
    }
  });

  it('signs exactly as Sinch’s SDK test vector', () => {
    // sinch-sdk-node, packages/sdk-client/tests/utils/authorization.helper.test.ts
    const body =
      '{"app_id":"","accepted_time":"2021-10-18T17:49:13.813615Z","project_id":"e2df3a34-a71b-4448-9db5-a8d2baad28e4","contact_create_notification":{"contact":{"id":"01FJA8B466Y0R2GNXD78MD9SM1","channel_identities":[{"channel":"SMS","identity":"48123456789","app_id":""}],"display_name":"New Test Contact","email":"new.contact@email.com","external_id":"","metadata":"","language":"EN_US"}},"message_metadata":""}';
    expect(
      webhookSignature(body, '01FJA8B4A7BM43YGWSG9GBV067', '1634579353', 'foo_secret1234'),
    ).toBe('6bpJoRmFoXVjfJIVglMoJzYXxnoxRujzR4k2GOXewOE=');
  });
});
