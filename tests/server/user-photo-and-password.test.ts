import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { LIMITS, LIVE_CLOSE, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  call,
  command,
  download,
  LiveClient,
  login,
  otherOrganization,
  sendCommands,
  serverForSuite,
  upload,
  type Suite,
} from './harness';
import { commandChecks } from './command-checks';
import { updateOf, updateOfStored, userById as storedUser } from './user-commands';
import { digestToken, newSecretToken } from '../../server/auth/tokens';

/** What a user save writes: a refusal must leave all of it as it was. */
async function usersState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    users: await db.select().from(t.users).orderBy(asc(t.users.id)),
    sessions: await db.select().from(t.sessions).orderBy(asc(t.sessions.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(usersState);

const PASSWORD = 'Str0ng#pass';
const NEW_PASSWORD = 'N3w#secret!';

/** The smallest bytes a JPEG decoder recognises as one: SOI, an APP0 segment's start, EOI. */
const jpegBytes = (size = 64): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
};
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('user photo, affiliation and a password set by the administrator', () => {
  const suite = serverForSuite();
  let admin = '';

  const userPayload = (over: Record<string, unknown> = {}) => ({
    userId: newId(),
    name: 'Pia Photo',
    email: `pia-${newId().slice(-12)}@demo.test`,
    phone: null,
    roleId: suite.ids.operator.roleId,
    teamIds: [],
    autoBreakMinutes: null,
    active: true,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    ...over,
  });
  const userById = (id: string) => storedUser(suite, id);
  /** A file uploaded by a staff token, as the outbox uploads a form's photo before its command. */
  const uploaded = async (
    token: string,
    bytes: Uint8Array,
    type = 'image/jpeg',
    name = 'face.jpg',
  ): Promise<string> => {
    const id = newId();
    const answer = await upload(suite.server, { token }, id, { bytes, type, name });
    expect(answer.body).toMatchObject({ code: 'ok' });
    return id;
  };

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  it('creates a user with an affiliation and a JPEG photo staff can then download', async () => {
    const photo = await uploaded(admin, jpegBytes());
    const payload = userPayload({ affiliation: '  Acme Outsourcing  ', photoFileId: photo });
    expectOk(await run(suite, admin, 'user.create', payload));
    expect(await userById(payload.userId)).toMatchObject({
      affiliation: 'Acme Outsourcing',
      photoUrl: `/api/files/${photo}`,
    });
    const got = await download(suite.server, { token: suite.operator }, photo);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(jpegBytes());
  });

  it('keeps the photo on an update that does not name one, replaces it with a new one and removes it with null', async () => {
    const first = await uploaded(admin, jpegBytes());
    const payload = userPayload({ photoFileId: first, affiliation: 'Sales' });
    expectOk(await run(suite, admin, 'user.create', payload));

    expectOk(await run(suite, admin, 'user.update', updateOf(payload, { name: 'Pia P.' })));
    expect(await userById(payload.userId)).toMatchObject({
      name: 'Pia P.',
      photoUrl: `/api/files/${first}`,
      affiliation: 'Sales',
    });

    const second = await uploaded(admin, jpegBytes(128));
    expectOk(await run(suite, admin, 'user.update', updateOf(payload, { photoFileId: second })));
    expect((await userById(payload.userId))?.photoUrl).toBe(`/api/files/${second}`);

    expectOk(await run(suite, admin, 'user.update', updateOf(payload, { photoFileId: null })));
    expect((await userById(payload.userId))?.photoUrl).toBeNull();
  });

  it('lets another administrator save the user again with the photo a colleague uploaded', async () => {
    const photo = await uploaded(admin, jpegBytes());
    const payload = userPayload({ photoFileId: photo });
    expectOk(await run(suite, admin, 'user.create', payload));
    const { db } = suite.server.database;
    const { supervisor } = suite.ids;
    // The supervisor, made an administrator for this test, saves the form unchanged.
    await db
      .update(t.users)
      .set({ roleId: suite.ids.admin.roleId })
      .where(eq(t.users.id, supervisor.id));
    try {
      const token = await login(suite.server, 'supervisor@demo.test');
      expectOk(
        await run(
          suite,
          token,
          'user.update',
          updateOf(payload, { photoFileId: photo, name: 'P' }),
        ),
      );
      expect((await userById(payload.userId))?.photoUrl).toBe(`/api/files/${photo}`);
    } finally {
      await db
        .update(t.users)
        .set({ roleId: supervisor.roleId })
        .where(eq(t.users.id, supervisor.id));
    }
  });

  it('refuses a photo declared as a JPEG whose bytes are not one, and a PNG', async () => {
    const fake = new Uint8Array(64).fill(0x41);
    const lying = await uploaded(admin, fake);
    expect(
      await refusal(suite, admin, 'user.create', userPayload({ photoFileId: lying })),
    ).toMatchObject({ name: 'FILE_TYPE_NOT_ALLOWED', params: { field: 'photoFileId' } });

    const png = new Uint8Array(64);
    png.set(PNG_SIGNATURE);
    const pngId = await uploaded(admin, png, 'image/png', 'face.png');
    expect(
      await refusal(suite, admin, 'user.create', userPayload({ photoFileId: pngId })),
    ).toMatchObject({ name: 'FILE_TYPE_NOT_ALLOWED', params: { field: 'photoFileId' } });

    // A PNG's bytes declared as a JPEG are no better.
    const disguised = await uploaded(admin, png);
    expect(
      (await refusal(suite, admin, 'user.create', userPayload({ photoFileId: disguised }))).name,
    ).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a photo over 200 KB with the limit in bytes, and takes one of exactly 200 KB', async () => {
    const big = await uploaded(admin, jpegBytes(LIMITS.photoMaxBytes + 1));
    expect(
      await refusal(suite, admin, 'user.create', userPayload({ photoFileId: big })),
    ).toMatchObject({
      name: 'PICTURE_TOO_BIG',
      params: { field: 'photoFileId', max: LIMITS.photoMaxBytes },
    });
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    expect(
      (
        await refusal(
          suite,
          admin,
          'user.update',
          updateOf(payload, { photoFileId: big, name: 'Changed too' }),
        )
      ).name,
    ).toBe('PICTURE_TOO_BIG');
    const exact = await uploaded(admin, jpegBytes(LIMITS.photoMaxBytes));
    expectOk(await run(suite, admin, 'user.update', updateOf(payload, { photoFileId: exact })));
  });

  it("answers another organization's file, another sender's file and a missing one as image not found", async () => {
    const { db } = suite.server.database;
    const other = await otherOrganization(suite.server.database);
    const elsewhere = newId();
    await db.insert(t.files).values({
      id: elsewhere,
      orgId: other.id,
      uploadedBy: null,
      name: 'face.jpg',
      type: 'image/jpeg',
      size: 64,
      data: Buffer.from(jpegBytes()),
    });
    const colleagues = await uploaded(suite.supervisor, jpegBytes());
    for (const photoFileId of [elsewhere, colleagues, newId()]) {
      expect(
        await refusal(suite, admin, 'user.create', userPayload({ photoFileId })),
      ).toMatchObject({ name: 'IMAGE_NOT_FOUND', params: { field: 'photoFileId' } });
    }
  });

  it('refuses an affiliation over its limit, and stores an empty one as none', async () => {
    expect(
      await refusal(
        suite,
        admin,
        'user.create',
        userPayload({ affiliation: 'a'.repeat(LIMITS.affiliationMax + 1) }),
      ),
    ).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'affiliation' } });
    const payload = userPayload({ affiliation: '   ' });
    expectOk(await run(suite, admin, 'user.create', payload));
    expect((await userById(payload.userId))?.affiliation).toBeNull();
    const full = userPayload({ affiliation: 'a'.repeat(LIMITS.affiliationMax) });
    expectOk(await run(suite, admin, 'user.create', full));
  });

  it("refuses an operator's token to create or update a user with a photo", async () => {
    const photo = await uploaded(suite.operator, jpegBytes());
    expect(
      (await refusal(suite, suite.operator, 'user.create', userPayload({ photoFileId: photo })))
        .name,
    ).toBe('ACCESS_DENIED');
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    expect(
      (
        await refusal(
          suite,
          suite.operator,
          'user.update',
          updateOf(payload, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
        )
      ).name,
    ).toBe('ACCESS_DENIED');
  });

  it.each([
    [
      'a repeat that differs',
      { password: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}x` },
      'PASSWORDS_DO_NOT_MATCH',
      'repeatPassword',
    ],
    [
      'a repeat alone',
      { repeatPassword: NEW_PASSWORD },
      'PASSWORDS_DO_NOT_MATCH',
      'repeatPassword',
    ],
    [
      'a short password',
      { password: 'Ab#1', repeatPassword: 'Ab#1' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
    [
      'a password without a special character',
      { password: 'Abcdef123', repeatPassword: 'Abcdef123' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
  ])('refuses a new password with %s, keeping the old one', async (_case, over, name, field) => {
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    const error = await refusal(suite, admin, 'user.update', updateOf(payload, over));
    expect(error).toMatchObject({ name, params: { field } });
    expect(await login(suite.server, payload.email, PASSWORD)).toBeTruthy();
  });

  it('sets a new password: it signs in, the old one does not, and every session of the user ends at once', async () => {
    const { server } = suite;
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    const token = await login(server, payload.email, PASSWORD);
    const second = await login(server, payload.email, PASSWORD);
    const status = await call(server, 'GET', '/api/sync/bootstrap', { token });
    const cursor = (JSON.parse((status.body as string).split('\n')[0]!) as { cursor: number })
      .cursor;
    const live = LiveClient.open(server, token, cursor);
    await live.until((c) => c.ready);

    const sent = command(
      'user.update',
      updateOf(payload, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
    );
    expectOk((await sendCommands(server, admin, [sent]))[0]!);

    await live.until((c) => c.closeCode !== undefined);
    expect(live.closeCode).toBe(LIVE_CLOSE.unauthorized);
    const open = await server.database.db
      .select()
      .from(t.sessions)
      .where(and(eq(t.sessions.userId, payload.userId), isNull(t.sessions.revokedAt)));
    expect(open).toEqual([]);
    for (const old of [token, second])
      expect((await call(server, 'GET', '/api/auth/user', { token: old })).status).toBe(401);

    expect((await userById(payload.userId))?.passwordHash).toMatch(/^\$argon2id\$/);
    const refused = await call(server, 'POST', '/api/auth/login', {
      body: { email: payload.email, password: PASSWORD },
    });
    expect(refused.body).toMatchObject({ error: { name: 'INVALID_CREDENTIALS' } });
    expect(await login(server, payload.email, NEW_PASSWORD)).toBeTruthy();

    // The event log tells that a password was set, never the password.
    const [event] = await server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(event?.data).toMatchObject({ userId: payload.userId, passwordSet: true });
    expect(JSON.stringify(event)).not.toContain(NEW_PASSWORD);
  });

  it('sets a password only over a role the sender covers: account control alone cannot take an Administrator over', async () => {
    const roleId = newId();
    expectOk(
      await run(suite, admin, 'role.create', {
        roleId,
        name: `Accounts ${roleId.slice(-8)}`,
        description: 'Keeps accounts',
        rights: ['RIGHT_ACCOUNT_CONTROL'],
      }),
    );
    const keeper = userPayload({ roleId });
    const peer = userPayload({ roleId });
    expectOk(await run(suite, admin, 'user.create', keeper));
    expectOk(await run(suite, admin, 'user.create', peer));
    const keeperToken = await login(suite.server, keeper.email, PASSWORD);

    const { admin: target } = suite.ids;
    const error = await refusal(
      suite,
      keeperToken,
      'user.update',
      updateOfStored(target, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
    );
    expect(error.name).toBe('ACCESS_DENIED');
    expect(await login(suite.server, target.email)).toBeTruthy();

    // A colleague on the same role is covered: the reset goes through.
    expectOk(
      await run(
        suite,
        keeperToken,
        'user.update',
        updateOf(peer, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
      ),
    );
    expect(await login(suite.server, peer.email, NEW_PASSWORD)).toBeTruthy();
  });

  it('ends a sign-in begun with the old password and waiting for its two-factor code', async () => {
    const { server } = suite;
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    // The ticket the login answer gives someone who typed the password of a two-factor account.
    const ticket = newSecretToken();
    await server.database.db.insert(t.loginTickets).values({
      id: newId(),
      userId: payload.userId,
      ticketHash: digestToken(ticket),
      expiresAt: new Date(Date.now() + 5 * 60_000),
    });
    expectOk(
      await run(
        suite,
        admin,
        'user.update',
        updateOf(payload, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
      ),
    );
    const answer = await call(server, 'POST', '/api/auth/login/totp', {
      body: { ticket, totpCode: '123456' },
    });
    expect(answer.body).toMatchObject({ error: { name: 'TOTP_CODE_EXPIRED' } });
  });

  it('leaves the sessions alone when an update sets no password', async () => {
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    const token = await login(suite.server, payload.email, PASSWORD);
    expectOk(await run(suite, admin, 'user.update', updateOf(payload, { name: 'Still in' })));
    expect((await call(suite.server, 'GET', '/api/auth/user', { token })).status).toBe(200);
  });

  it('refuses an administrator setting their own password here: the profile asks for the current one', async () => {
    const { admin: me } = suite.ids;
    const error = await refusal(
      suite,
      admin,
      'user.update',
      updateOfStored(me, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
    );
    expect(error.name).toBe('ACCESS_DENIED');
  });
});
