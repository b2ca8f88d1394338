import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/protocol';
import { call, demoIds, startTestServer, type Answer, type TestServer } from './harness';

/**
 * Issue 16, class 3: limits that a header resets. Every limit counts per client address, and the
 * address is the socket's unless a configured proxy forwarded the request.
 */

/** A documentation address (RFC 5737) per number: a client somewhere on the internet. */
const addressOf = (n: number) => `203.0.113.${String(n % 250)}`;

/** A 429 in the product's shape, translated, that says when to come back. */
function expectTooMany(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({
    code: 'error',
    error: { name: 'TOO_MANY_REQUESTS', message: 'Too many requests, try again later' },
  });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('with no proxy configured (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  // Every limit of the API that anyone may call without an account, with its number per minute.
  // The requests need not be valid: each counts as it arrives.
  const unknown = newId();
  it.each([
    ['GET', `/api/widget/${unknown}/config`, 120],
    ['POST', `/api/widget/${unknown}/visitors`, 20],
    ['POST', '/api/widget/messages', 120],
    ['GET', '/api/widget/feed', 120],
    ['PUT', `/api/widget/files/${unknown}`, 20],
    ['GET', `/api/widget/files/${unknown}`, 120],
    ['GET', `/api/public/rating/${unknown}`, 60],
    ['POST', `/api/public/rating/${unknown}`, 60],
  ])(
    'a rotated X-Forwarded-For does not lift the limit of %s %s (%i a minute)',
    async (method, path, max) => {
      for (let i = 0; i < max; i++) {
        const answer = await call(server, method, path, {
          headers: { 'x-forwarded-for': addressOf(i) },
        });
        expect(answer.status, `request ${String(i + 1)}`).not.toBe(429);
      }
      expectTooMany(
        await call(server, method, path, { headers: { 'x-forwarded-for': addressOf(max) } }),
      );
    },
  );
});

describe('behind a configured proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test process plays the proxy: it connects from 127.0.0.1 and forwards for its clients.
    server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('two clients behind the proxy have limits of their own, which their own X-Forwarded-For cannot change', async () => {
    const [first, second] = ['198.51.100.1', '198.51.100.2'];
    const { channel } = await demoIds(server.database);
    const visitors = (forwardedFor: string) =>
      call(server, 'POST', `/api/widget/${channel.id}/visitors`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 20; i++) expect((await visitors(first)).status).toBe(200);
    expectTooMany(await visitors(first));
    // A client's own X-Forwarded-For arrives with the proxy's entry after it: the proxy's is used.
    expectTooMany(await visitors(`192.0.2.7, ${first}`));
    expect((await visitors(second)).status).toBe(200);
  });
});
