import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { LIVE_CLOSE, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, newVisitor, serverForSuite, upload, visitorSend, type Answer } from './harness';
import { MOVES_ON_ITS_OWN, rowCounts } from './row-counts';

const SHOP = 'https://shop.example.com';
const ELSEWHERE = 'https://evil.example.org';
/** An origin another organization's site-chat channel allows, and the demo channel does not. */
const OTHER_SHOP = 'https://other-shop.example.net';

const refused = (answer: Answer) => {
  expect(answer.status).toBe(403);
  expect(answer.body.error.name).toBe('WIDGET_ORIGIN_NOT_ALLOWED');
  // The page may not read the refusal: without this header the browser keeps it from the page.
  expect(answer.headers.get('access-control-allow-origin')).toBeNull();
};

const allowedFor = (answer: Answer, origin: string) => {
  expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
  expect(answer.headers.get('vary')).toMatch(/origin/i);
};

/** A live socket's first answer: its close code, or the HTTP status that refused the upgrade. */
function liveOutcome(
  wsUrl: string,
  origin: string | undefined,
  token: string,
): Promise<{ closed?: number; status?: number; ready?: boolean }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${wsUrl}/api/widget/live?after=0`, origin ? { origin } : {});
    socket.on('open', () => {
      socket.send(JSON.stringify({ token }));
    });
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { kind: string }).kind === 'ready') {
        resolve({ ready: true });
        socket.close();
      }
    });
    socket.on('unexpected-response', (request, response) => {
      resolve({ status: response.statusCode });
      request.destroy();
    });
    socket.on('error', () => undefined); // the refused upgrade, told above
    socket.on('close', (code) => {
      resolve({ closed: code });
    });
  });
}

describe('the widget on a company’s own site (allowed origins)', () => {
  const suite = serverForSuite();

  beforeAll(async () => {
    const { server, ids } = suite;
    await server.database.db
      .update(t.channels)
      .set({ settings: { ...ids.channel.settings, allowedOrigins: [SHOP] } })
      .where(eq(t.channels.id, ids.channel.id));
    const [org] = await server.database.db.select().from(t.organizations).limit(1);
    if (!org) throw new Error('no organization');
    await server.database.db.insert(t.channels).values({
      id: newId(),
      orgId: org.id,
      name: 'Another site',
      type: 'site_chat',
      settings: { allowedOrigins: [OTHER_SHOP] },
    });
  });

  const counts = () => rowCounts(suite.server.database, MOVES_ON_ITS_OWN);

  it('a page the channel allows uses the whole widget API, each answer naming its origin', async () => {
    const { server, ids } = suite;
    const headers = { origin: SHOP };
    const config = await call(server, 'GET', `/api/widget/${ids.channel.id}/config`, { headers });
    expect(config.status).toBe(200);
    allowedFor(config, SHOP);

    const created = await call(server, 'POST', `/api/widget/${ids.channel.id}/visitors`, {
      headers,
    });
    expect(created.status).toBe(200);
    allowedFor(created, SHOP);
    const token = created.body.entity.token as string;

    const id = newId();
    const sent = await call(server, 'POST', '/api/widget/messages', {
      visitor: token,
      headers,
      body: { id, text: 'Hello from the shop' },
    });
    expect(sent.status).toBe(200);
    allowedFor(sent, SHOP);
    expect(
      await server.database.db.select().from(t.messages).where(eq(t.messages.id, id)),
    ).toHaveLength(1);

    const feed = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token, headers });
    allowedFor(feed, SHOP);
    expect(JSON.stringify(feed.body)).toContain('Hello from the shop');

    // A refusal the widget must read (a bad message) carries the header too.
    const empty = await call(server, 'POST', '/api/widget/messages', {
      visitor: token,
      headers,
      body: { id: newId(), text: '' },
    });
    expect(empty.status).toBe(400);
    allowedFor(empty, SHOP);

    expect(await liveOutcome(server.wsUrl, SHOP, token)).toEqual({ ready: true });
  });

  it('a page it does not allow is refused by name, and nothing is stored', async () => {
    const { server, ids } = suite;
    const { token } = await newVisitor(server, ids.channel.id);
    const headers = { origin: ELSEWHERE };
    const before = await counts();

    refused(await call(server, 'GET', `/api/widget/${ids.channel.id}/config`, { headers }));
    refused(await call(server, 'POST', `/api/widget/${ids.channel.id}/visitors`, { headers }));
    refused(
      await call(server, 'POST', '/api/widget/messages', {
        visitor: token,
        headers,
        body: { id: newId(), text: 'Should not arrive' },
      }),
    );
    refused(await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token, headers }));
    const fileId = newId();
    const put = await fetch(`${server.baseUrl}/api/widget/files/${fileId}`, {
      method: 'PUT',
      headers: {
        authorization: `Visitor ${token}`,
        origin: ELSEWHERE,
        'content-type': 'text/plain',
        'x-file-name': 'note.txt',
      },
      body: 'bytes',
    });
    expect(put.status).toBe(403);
    expect(((await put.json()) as { error: { name: string } }).error.name).toBe(
      'WIDGET_ORIGIN_NOT_ALLOWED',
    );
    // Garbage and `null` (a sandboxed frame) are refused the same way.
    refused(
      await call(server, 'POST', `/api/widget/${ids.channel.id}/visitors`, {
        headers: { origin: 'null' },
      }),
    );

    expect(await counts()).toEqual(before);
    expect(await liveOutcome(server.wsUrl, ELSEWHERE, token)).toEqual({ status: 403 });
  });

  it('a preflight is answered for an allowed page, with the methods, headers and how long to keep it', async () => {
    const { server } = suite;
    for (const path of ['/api/widget/messages', `/api/widget/files/${newId()}`]) {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: SHOP,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type, x-file-name',
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
      const allowedHeaders = answer.headers.get('access-control-allow-headers') ?? '';
      for (const header of ['authorization', 'content-type', 'x-file-name'])
        expect(allowedHeaders).toContain(header);
      expect(Number(answer.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(answer.headers.get('vary')).toMatch(/origin/i);
    }
    const foreign = await fetch(`${server.baseUrl}/api/widget/messages`, {
      method: 'OPTIONS',
      headers: { origin: ELSEWHERE, 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await foreign.json()) as { error: { name: string } }).error.name).toBe(
      'WIDGET_ORIGIN_NOT_ALLOWED',
    );
  });

  it('rating from the widget follows the rating link’s channel', async () => {
    const { server } = suite;
    const path = `/api/public/rating/${newId()}`;
    const preflight = await fetch(`${server.baseUrl}${path}`, {
      method: 'OPTIONS',
      headers: { origin: SHOP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    const before = await counts();
    refused(
      await call(server, 'POST', path, { headers: { origin: ELSEWHERE }, body: { rating: 5 } }),
    );
    expect(await counts()).toEqual(before);
  });

  it('a page another channel allows passes the preflight but not this channel’s calls', async () => {
    const { server, ids } = suite;
    const { token } = await newVisitor(server, ids.channel.id);
    const preflight = await fetch(`${server.baseUrl}/api/widget/messages`, {
      method: 'OPTIONS',
      headers: { origin: OTHER_SHOP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const before = await counts();
    refused(
      await call(server, 'POST', '/api/widget/messages', {
        visitor: token,
        headers: { origin: OTHER_SHOP },
        body: { id: newId(), text: 'Wrong site' },
      }),
    );
    expect(await counts()).toEqual(before);
    // Its live socket opens (the upgrade names no channel) and is closed once the token does.
    await visitorSend(server, token, { id: newId(), text: 'Hello' });
    expect(await liveOutcome(server.wsUrl, OTHER_SHOP, token)).toEqual({
      closed: LIVE_CLOSE.originNotAllowed,
    });
  });

  it('a call without an Origin (a program, a same-origin read) goes as before, with no CORS header', async () => {
    const { server, ids } = suite;
    const config = await call(server, 'GET', `/api/widget/${ids.channel.id}/config`);
    expect(config.status).toBe(200);
    expect(config.headers.get('access-control-allow-origin')).toBeNull();
    expect(config.headers.get('vary')).toMatch(/origin/i);
    const { token } = await newVisitor(server, ids.channel.id);
    expect((await visitorSend(server, token, { id: newId(), text: 'No origin' })).status).toBe(200);
    const file = await upload(server, { visitor: token }, newId(), {
      bytes: 'hello',
      type: 'text/plain',
      name: 'hello.txt',
    });
    expect(file.status).toBe(200);
  });

  it('the server’s own pages (/demo/site) need no setting', async () => {
    const { server, ids } = suite;
    const own = server.baseUrl; // http://127.0.0.1:<port>, the Host the request carries
    const headers = { origin: own };
    await server.database.db
      .update(t.channels)
      .set({ settings: { ...ids.channel.settings, allowedOrigins: [] } })
      .where(eq(t.channels.id, ids.channel.id));
    try {
      const created = await call(server, 'POST', `/api/widget/${ids.channel.id}/visitors`, {
        headers,
      });
      expect(created.status).toBe(200);
      allowedFor(created, own);
      const token = created.body.entity.token as string;
      const sent = await call(server, 'POST', '/api/widget/messages', {
        visitor: token,
        headers,
        body: { id: newId(), text: 'From the demo page' },
      });
      expect(sent.status).toBe(200);
      expect(await liveOutcome(server.wsUrl, own, token)).toEqual({ ready: true });
      // The same host on another port is another origin.
      const port = Number(new URL(own).port);
      refused(
        await call(server, 'GET', `/api/widget/${ids.channel.id}/config`, {
          headers: { origin: `http://127.0.0.1:${String(port + 1)}` },
        }),
      );
    } finally {
      await server.database.db
        .update(t.channels)
        .set({ settings: { ...ids.channel.settings, allowedOrigins: [SHOP] } })
        .where(eq(t.channels.id, ids.channel.id));
    }
  });
});
