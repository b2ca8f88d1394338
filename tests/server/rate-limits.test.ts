import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import { buildServer } from '../../server/http/app';
import * as t from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/demo/demo-data';
import { call, demoIds, startTestServer, type Answer, type TestServer } from './harness';

/**
 * Issue 16, class 3: limits that a header or a spelling resets. Every limit counts per client
 * address, and the address is the socket's unless a configured proxy forwarded the request; login
 * attempts count per account (its one spelling) as well as per address; the counts live in the
 * database, so every server instance on it sees them.
 */

const ACCOUNT_LIMIT = 5;
const ADDRESS_LIMIT = 12;
const WRONG = 'Wrong-pass-1!';
const WINDOW_MS = 60_000;

/** A documentation address (RFC 5737) per number: a client somewhere on the internet. */
const addressOf = (n: number) => `203.0.113.${String(n % 250)}`;

const loginFrom = (
  server: { baseUrl: string },
  email: string,
  password: string,
  forwardedFor?: string,
): Promise<Answer> =>
  call(server, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

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

const limitedServer = (trustProxy: string[] = []) =>
  startTestServer({
    loginAttemptsPerMinute: ACCOUNT_LIMIT,
    loginAttemptsPerAddressPerMinute: ADDRESS_LIMIT,
    trustProxy,
  });

/** What an authenticator app shows for a secret at a time. */
const codeFor = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at.getTime() });

/** A code that is wrong now: none of the three steps the server accepts. */
function wrongCodeFor(secret: string, at: Date): string {
  const accepted = [-30_000, 0, 30_000].map((d) => codeFor(secret, new Date(at.getTime() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.includes(code)) return code;
  }
}

async function withTwoFactor(server: TestServer, email: string): Promise<string> {
  const secret = new Secret({ size: 20 }).base32;
  await server.database.db
    .update(t.users)
    .set({ totpEnabled: true, totpSecret: secret })
    .where(eq(t.users.email, email));
  return secret;
}

describe('with no proxy configured (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await limitedServer();
  });
  afterAll(async () => {
    await server.close();
  });
  // Each test starts in a minute of its own: the limits count per minute of the server's clock.
  beforeEach(() => {
    server.clock.advance(WINDOW_MS);
  });

  it('a rotated X-Forwarded-For does not lift the login limit of an account', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      expect((await loginFrom(server, 'operator@demo.test', WRONG, addressOf(i))).status).toBe(401);
    expectTooMany(await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD, addressOf(99)));
  });

  it('a rotated X-Forwarded-For does not let one address try more accounts than its limit', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect(
        (await loginFrom(server, `nobody${String(i)}@demo.test`, WRONG, addressOf(i))).status,
      ).toBe(401);
    expectTooMany(await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD, addressOf(99)));
  });

  it('the refusal is translated, and the next minute lets the account in again', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await loginFrom(server, 'supervisor@demo.test', WRONG);
    const refused = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'supervisor@demo.test', password: DEMO_PASSWORD },
      headers: { 'accept-language': 'ru' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Слишком много запросов, попробуйте позже');
    server.clock.advance(WINDOW_MS);
    const again = await loginFrom(server, 'supervisor@demo.test', DEMO_PASSWORD);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe('ok');
  });

  // Every limit of the API that anyone may call without an account, with its number per minute
  // (docs/server-core.md "Rate limits"). The requests need not be valid: each counts as it arrives.
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

  it('guesses at the password or the two-factor code from inside a session count against the account too', async () => {
    const token = (await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD)).body.entity
      .token as string;
    const changePassword = () =>
      call(server, 'POST', '/api/auth/acc/passwordChange', {
        token,
        body: { oldPassword: WRONG, newPassword: 'Next-pass-2!', repeatPassword: 'Next-pass-2!' },
      });
    // The sign-in above counted once; the rest of the minute's allowance is spent on guesses.
    for (let i = 1; i < ACCOUNT_LIMIT; i++) {
      const guess = await changePassword();
      expect(guess.body.error.name).toBe('PASSWORD_INCORRECT');
    }
    expectTooMany(await changePassword());
    const toggle = await call(server, 'PATCH', '/api/auth/toggle', {
      token,
      body: { enabled: false, totpCode: '000000' },
    });
    expectTooMany(toggle);
    // The account's own sign-in waits out the same minute.
    expectTooMany(await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD));
    server.clock.advance(WINDOW_MS);
    expect((await changePassword()).body.error.name).toBe('PASSWORD_INCORRECT');
  });

  it('" Admin@Demo.Test", its other spellings and "admin@demo.test" share one limit', async () => {
    const spellings = [
      ' Admin@Demo.Test',
      'ADMIN@DEMO.TEST ',
      '\u00a0admin@demo.test',
      'ａｄｍｉｎ＠ｄｅｍｏ．ｔｅｓｔ',
      'admin@demo.test',
    ];
    for (const spelling of spellings)
      expect((await loginFrom(server, spelling, WRONG)).status, spelling).toBe(401);
    expectTooMany(await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD));
    expectTooMany(await loginFrom(server, ' Admin@Demo.Test', DEMO_PASSWORD));
  });

  it('two server instances on one database count one account’s attempts together, as behind a load balancer', async () => {
    const { app } = await buildServer({
      database: server.database,
      clock: server.clock,
      loginAttemptsPerMinute: ACCOUNT_LIMIT,
      loginAttemptsPerAddressPerMinute: ADDRESS_LIMIT,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const second = {
        baseUrl: `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`,
      };
      for (let i = 0; i < ACCOUNT_LIMIT; i++) {
        const via = i % 2 === 0 ? server : second;
        expect((await loginFrom(via, 'operator@demo.test', WRONG)).status).toBe(401);
      }
      expectTooMany(await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD));
      expectTooMany(await loginFrom(second, 'operator@demo.test', DEMO_PASSWORD));
    } finally {
      await app.close();
    }
  });
});

describe('behind a configured proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test process plays the proxy: it connects from 127.0.0.1 and forwards for its clients.
    server = await limitedServer(['127.0.0.1']);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.clock.advance(WINDOW_MS);
  });

  it('two clients behind the proxy have address limits of their own, which their own X-Forwarded-For cannot change', async () => {
    const [first, second] = ['198.51.100.1', '198.51.100.2'];
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect((await loginFrom(server, `nobody${String(i)}@demo.test`, WRONG, first)).status).toBe(
        401,
      );
    expectTooMany(await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD, first));
    // A client's own X-Forwarded-For arrives with the proxy's entry after it: the proxy's is used.
    expectTooMany(await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD, `192.0.2.7, ${first}`));
    expect((await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD, second)).status).toBe(200);

    const { channel } = await demoIds(server.database);
    const visitors = (address: string) =>
      call(server, 'POST', `/api/widget/${channel.id}/visitors`, {
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 20; i++) expect((await visitors(first)).status).toBe(200);
    expectTooMany(await visitors(first));
    expect((await visitors(second)).status).toBe(200);
  });

  it('attempts from many forwarded addresses on one account hit the account’s limit', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      expect((await loginFrom(server, 'operator@demo.test', WRONG, addressOf(i))).status).toBe(401);
    expectTooMany(await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD, addressOf(99)));
    // Those addresses may still sign in to other accounts.
    expect((await loginFrom(server, 'admin@demo.test', DEMO_PASSWORD, addressOf(0))).status).toBe(
      200,
    );
  });

  it('code attempts count against the account’s limit, from whichever address', async () => {
    const secret = await withTwoFactor(server, 'operator@demo.test');
    const started = await loginFrom(server, 'operator@demo.test', DEMO_PASSWORD, addressOf(0));
    expect(started.body.code).toBe('totp_required');
    const { ticket } = started.body.entity as { ticket: string };
    const codeFrom = (totpCode: string, n: number) =>
      call(server, 'POST', '/api/auth/login/totp', {
        body: { ticket, totpCode },
        headers: { 'x-forwarded-for': addressOf(n) },
      });
    for (let i = 1; i < ACCOUNT_LIMIT; i++) {
      const wrong = await codeFrom(wrongCodeFor(secret, server.clock.now()), i);
      expect(wrong.body.error.name).toBe('TOTP_CODE_WRONG');
    }
    expectTooMany(await codeFrom(codeFor(secret, server.clock.now()), 98));
    // The refused attempt spent none of the ticket's: in the next minute the right code signs in.
    server.clock.advance(WINDOW_MS);
    const signedIn = await codeFrom(codeFor(secret, server.clock.now()), 99);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.code).toBe('ok');
  });
});
