import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import { call, login, otherOrganization, startTestServer, type TestServer } from './harness';
import * as t from '../../server/db/schema';

/** What an authenticator app shows for a secret right now. */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at });

describe('authentication over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs in with the demo password and answers the current user with rights and options', async () => {
    const token = await login(server, 'operator@demo.test');
    const me = await call(server, 'GET', '/api/auth/user?pwa=false', { token });
    expect(me.status).toBe(200);
    expect(me.body.code).toBe('ok');
    expect(me.body.entity).toMatchObject({
      email: 'operator@demo.test',
      language: 'en',
      organization: { name: 'Demo' },
      role: { name: 'Operator' },
    });
    expect(me.body.entity.role.rights).toContainEqual({ name: 'AUTHORITY_CHAT_DISTRIBUTION' });
    expect(me.body.entity.options).toContain('OPTION_STATISTIC');
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS, and an unknown e-mail the same way', async () => {
    const wrong = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'operator@demo.test', password: 'Wrong-pass-1!' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'error',
      error: { name: 'INVALID_CREDENTIALS', message: 'Incorrect login or password' },
    });
    const unknown = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'nobody@demo.test', password: 'Wrong-pass-1!' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.name).toBe('INVALID_CREDENTIALS');
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await call(server, 'GET', '/api/auth/user')).status).toBe(401);
    const forged = await call(server, 'GET', '/api/auth/user', { token: 'not-a-token' });
    expect(forged.status).toBe(401);
    expect(forged.body.error.name).toBe('UNAUTHORIZED');
  });

  it('logout revokes the token: the next call with it is 401', async () => {
    const token = await login(server, 'supervisor@demo.test');
    expect((await call(server, 'GET', '/api/auth/user', { token })).status).toBe(200);
    expect((await call(server, 'POST', '/api/auth/acc/logout', { body: { token } })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', '/api/auth/user', { token })).status).toBe(401);
  });

  it('stores tokens and passwords only as hashes', async () => {
    const token = await login(server, 'admin@demo.test');
    const sessions = await server.database.db.select().from(t.sessions);
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false);
    const [user] = await server.database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'admin@demo.test'));
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('enables two-factor with a code from the generated secret, then login needs a fresh code', async () => {
    const token = await login(server, 'admin@demo.test');
    const generated = await call(server, 'POST', '/api/auth/generate', { token });
    expect(generated.body.code).toBe('ok');
    const { secret, otpauthUrl } = generated.body.entity as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    // The code the app shows at the server's time; each use below waits for the next one.
    const current = () => codeFor(secret, server.clock.now().getTime());
    const nextCode = () => {
      server.clock.advance(30_000);
      return current();
    };

    const badFormat = await call(server, 'PATCH', '/api/auth/toggle', {
      token,
      body: { enabled: true, totpCode: '12ab' },
    });
    expect(badFormat.body.error.name).toBe('TOTP_CODE_BAD_FORMAT');
    const wrongCode = String((Number(current()) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (
        await call(server, 'PATCH', '/api/auth/toggle', {
          token,
          body: { enabled: true, totpCode: wrongCode },
        })
      ).body.error.name,
    ).toBe('TOTP_CODE_WRONG');

    const enablingCode = current();
    const enabled = await call(server, 'PATCH', '/api/auth/toggle', {
      token,
      body: { enabled: true, totpCode: enablingCode },
    });
    expect(enabled.body.code).toBe('ok');
    const again = await call(server, 'PATCH', '/api/auth/toggle', {
      token,
      body: { enabled: true, totpCode: nextCode() },
    });
    expect(again.body.error.name).toBe('TOTP_ALREADY_ENABLED');

    const first = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@demo.test', password: 'Demo-pass-1!' },
    });
    expect(first.body).toMatchObject({
      code: 'totp_required',
      entity: { ticket: expect.any(String) },
    });
    const ticket = first.body.entity.ticket as string;
    const refused = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: wrongCode },
    });
    expect(refused.body.error).toMatchObject({
      name: 'TOTP_CODE_WRONG',
      message: 'The code entered is incorrect',
    });
    // The code that enabled it was seen once already: it does not sign in (RFC 6238 §5.2).
    const replayed = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: enablingCode },
    });
    expect(replayed.body.error.name).toBe('TOTP_CODE_WRONG');
    const loginCode = nextCode();
    const second = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: loginCode },
    });
    expect(second.body.code).toBe('ok');
    const me = await call(server, 'GET', '/api/auth/user', { token: second.body.entity.token });
    expect(me.body.entity.email).toBe('admin@demo.test');
    // A ticket is single-use.
    const reused = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: nextCode() },
    });
    expect(reused.body.error.name).toBe('TOTP_CODE_EXPIRED');
    // A code that signed in once does not sign in again, even with a new ticket.
    const another = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@demo.test', password: 'Demo-pass-1!' },
    });
    const replayedLogin = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket: another.body.entity.ticket, totpCode: loginCode },
    });
    expect(replayedLogin.body.error.name).toBe('TOTP_CODE_WRONG');

    const disabled = await call(server, 'PATCH', '/api/auth/toggle', {
      token,
      body: { enabled: false, totpCode: nextCode() },
    });
    expect(disabled.body.code).toBe('ok');
    const plain = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@demo.test', password: 'Demo-pass-1!' },
    });
    expect(plain.body.code).toBe('ok');
  });

  it('a login ticket spends at most its five attempts, however many codes arrive at once', async () => {
    const { secret } = (
      await call(server, 'POST', '/api/auth/generate', {
        token: await login(server, 'supervisor@demo.test'),
      })
    ).body.entity as { secret: string };
    await server.database.db
      .update(t.users)
      .set({ totpEnabled: true })
      .where(eq(t.users.email, 'supervisor@demo.test'));
    const now = server.clock.now().getTime();
    const accepted = [now - 30_000, now, now + 30_000].map((at) => codeFor(secret, at));
    const wrongCode = ['000000', '000001', '000002', '000003'].find((c) => !accepted.includes(c));
    const started = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'supervisor@demo.test', password: 'Demo-pass-1!' },
    });
    const ticket = started.body.entity.ticket as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, 'POST', '/api/auth/login/totp', { body: { ticket, totpCode: wrongCode } }),
      ),
    );
    const names = answers.map((answer) => answer.body.error.name as string);
    expect(names.filter((name) => name === 'TOTP_CODE_WRONG')).toHaveLength(5);
    expect(names.filter((name) => name === 'TOTP_CODE_EXPIRED')).toHaveLength(15);
    // The right code comes too late: the ticket is spent.
    const right = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: codeFor(secret, now) },
    });
    expect(right.body.error.name).toBe('TOTP_CODE_EXPIRED');
    await server.database.db
      .update(t.users)
      .set({ totpEnabled: false, totpSecret: null })
      .where(eq(t.users.email, 'supervisor@demo.test'));
  });

  it('applies the password rules and ends the other sessions on a change', async () => {
    const token = await login(server, 'operator@demo.test');
    const other = await login(server, 'operator@demo.test');
    const weak = await call(server, 'POST', '/api/auth/acc/passwordChange', {
      token,
      body: { oldPassword: 'Demo-pass-1!', newPassword: 'weakpass', repeatPassword: 'weakpass' },
    });
    expect(weak.body.error.name).toBe('INVALID_PASSWORD_FORMAT');
    const mismatch = await call(server, 'POST', '/api/auth/acc/passwordChange', {
      token,
      body: {
        oldPassword: 'Demo-pass-1!',
        newPassword: 'New-pass-22!',
        repeatPassword: 'New-pass-23!',
      },
    });
    expect(mismatch.body.error).toMatchObject({
      name: 'PASSWORDS_DO_NOT_MATCH',
      message: 'Passwords do not match',
    });
    const wrongOld = await call(server, 'POST', '/api/auth/acc/passwordChange', {
      token,
      body: {
        oldPassword: 'Nope-pass-1!',
        newPassword: 'New-pass-22!',
        repeatPassword: 'New-pass-22!',
      },
    });
    expect(wrongOld.body.error.name).toBe('PASSWORD_INCORRECT');
    // None of the refusals changed the password.
    expect(
      (
        await call(server, 'POST', '/api/auth/login', {
          body: { email: 'operator@demo.test', password: 'Demo-pass-1!' },
        })
      ).body.code,
    ).toBe('ok');

    const changed = await call(server, 'POST', '/api/auth/acc/passwordChange', {
      token,
      body: {
        oldPassword: 'Demo-pass-1!',
        newPassword: 'New-pass-22!',
        repeatPassword: 'New-pass-22!',
      },
    });
    expect(changed.body.code).toBe('ok');
    expect((await call(server, 'GET', '/api/auth/user', { token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/auth/user', { token: other })).status).toBe(401);
    expect(
      (
        await call(server, 'POST', '/api/auth/login', {
          body: { email: 'operator@demo.test', password: 'New-pass-22!' },
        })
      ).body.code,
    ).toBe('ok');
    await call(server, 'POST', '/api/auth/acc/passwordChange', {
      token,
      body: {
        oldPassword: 'New-pass-22!',
        newPassword: 'Demo-pass-1!',
        repeatPassword: 'Demo-pass-1!',
      },
    });
  });

  it('updates the account name and language, and validates them', async () => {
    const token = await login(server, 'supervisor@demo.test');
    const updated = await call(server, 'PATCH', '/api/auth/acc/update', {
      token,
      body: { name: 'Sam S.', language: 'ru' },
    });
    expect(updated.body.entity).toMatchObject({ name: 'Sam S.', language: 'ru' });
    const tooLong = await call(server, 'PATCH', '/api/auth/acc/update', {
      token,
      body: { name: 'x'.repeat(33) },
    });
    expect(tooLong.status).toBe(400);
    // The user now reads Russian: error texts follow.
    expect(tooLong.body.error).toMatchObject({
      name: 'VALIDATION_FAILED',
      params: { field: 'name' },
    });
    expect(tooLong.body.error.message).toMatch(/неверное значение/);
    const me = await call(server, 'GET', '/api/auth/user', { token });
    expect(me.body.entity.name).toBe('Sam S.');
  });

  it('finds colleagues by name within the organization only', async () => {
    const token = await login(server, 'operator@demo.test');
    // A namesake in another organization must not be found.
    const other = await otherOrganization(server.database);
    await server.database.db.insert(t.users).values({
      id: newId(),
      orgId: other.id,
      email: `oscar@${other.id}.test`,
      name: 'Oscar Outsider',
      roleId: other.roles.Operator,
      passwordHash: 'not a hash',
    });
    const found = await call(server, 'GET', '/api/acc/user/short?name=osc', { token });
    expect(found.body.entity).toEqual([{ id: expect.any(String), name: 'Oscar Operator' }]);
  });

  it('keeps an inactive user and a deactivated organization out', async () => {
    await server.database.db
      .update(t.users)
      .set({ active: false })
      .where(eq(t.users.email, 'supervisor@demo.test'));
    const inactive = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'supervisor@demo.test', password: 'Demo-pass-1!' },
    });
    expect(inactive.status).toBe(403);
    expect(inactive.body.error.name).toBe('USER_INACTIVE');
    await server.database.db
      .update(t.users)
      .set({ active: true })
      .where(eq(t.users.email, 'supervisor@demo.test'));

    const token = await login(server, 'operator@demo.test');
    await server.database.db.update(t.organizations).set({ status: 'deactivated' });
    const refused = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'operator@demo.test', password: 'Demo-pass-1!' },
    });
    expect(refused.body.error.name).toBe('ORGANIZATION_DEACTIVATED');
    expect((await call(server, 'GET', '/api/auth/user', { token })).status).toBe(401);
    await server.database.db.update(t.organizations).set({ status: 'active' });
  });

  it('answers a malformed body with a named error and a body over the limit with 413', async () => {
    const malformed = await call(server, 'POST', '/api/auth/login', { raw: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.name).toBe('VALIDATION_FAILED');
    const huge = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'a@b.c', password: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.name).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ loginAttemptsPerMinute: 5 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses the sixth attempt within a minute with 429 TOO_MANY_REQUESTS, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'operator@demo.test', password: 'Wrong-pass-1!' },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'operator@demo.test', password: 'Demo-pass-1!' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.name).toBe('TOO_MANY_REQUESTS');
    // Another account from the same address is not locked out by these attempts.
    expect(
      (
        await call(server, 'POST', '/api/auth/login', {
          body: { email: 'admin@demo.test', password: 'Demo-pass-1!' },
        })
      ).status,
    ).toBe(200);
  });
});
