import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { LIVE_CLOSE, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  PLAIN_DISTRIBUTION,
  call,
  command,
  LiveClient,
  login,
  operatorsChat,
  otherOrganization,
  sendCommands,
  serverForSuite,
  type Suite,
} from './harness';
import { commandChecks } from './command-checks';
import { updateOf, updateOfStored, userById as storedUser } from './user-commands';

/** What the people-and-access commands write: a refusal must leave all of it as it was. */
async function peopleState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    teams: await db.select().from(t.teams).orderBy(asc(t.teams.id)),
    roles: await db.select().from(t.roles).orderBy(asc(t.roles.id)),
    users: await db.select().from(t.users).orderBy(asc(t.users.id)),
    sessions: await db.select().from(t.sessions).orderBy(asc(t.sessions.id)),
    chats: await db.select().from(t.chats).orderBy(asc(t.chats.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(peopleState);

const distribution = PLAIN_DISTRIBUTION;

const teamPayload = (over: Record<string, unknown> = {}) => ({
  teamId: newId(),
  name: `Team ${newId().slice(-12)}`,
  description: 'Answers questions',
  ...distribution,
  ...over,
});

describe('team commands', () => {
  const suite = serverForSuite();
  let admin = '';
  let otherTeamId = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    const other = await otherOrganization(suite.server.database);
    otherTeamId = newId();
    await suite.server.database.db.insert(t.teams).values({
      id: otherTeamId,
      orgId: other.id,
      name: 'Elsewhere',
      description: 'Another company',
    });
  });

  const teamById = async (id: string) => {
    const [row] = await suite.server.database.db.select().from(t.teams).where(eq(t.teams.id, id));
    return row;
  };

  it('creates a team with its settings and syncs its row to the organization', async () => {
    const payload = teamPayload({ dialogLimit: 7, distributionMethod: 'least_busy' });
    const sent = command('team.create', payload);
    const [result] = await sendCommands(suite.server, admin, [sent]);
    expectOk(result!);
    expect(await teamById(payload.teamId)).toMatchObject({
      orgId: suite.ids.org.id,
      name: payload.name,
      description: 'Answers questions',
      dialogLimit: 7,
      distributionMethod: 'least_busy',
    });
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(event?.type).toBe('team.created');
    expect(event?.changes).toEqual([
      expect.objectContaining({ table: 'teams', op: 'put', key: payload.teamId, groups: ['org'] }),
    ]);
  });

  it('updates a team whole, keeping its name when only the description changes', async () => {
    const payload = teamPayload();
    expectOk(await run(suite, admin, 'team.create', payload));
    expectOk(
      await run(suite, admin, 'team.update', {
        ...payload,
        description: 'Night shift',
        dialogLimit: 9,
      }),
    );
    expect(await teamById(payload.teamId)).toMatchObject({
      name: payload.name,
      description: 'Night shift',
      dialogLimit: 9,
    });
  });

  it('refuses a name another team of the organization holds, in any case', async () => {
    const first = teamPayload();
    const second = teamPayload();
    expectOk(await run(suite, admin, 'team.create', first));
    expectOk(await run(suite, admin, 'team.create', second));
    expect(
      (await refusal(suite, admin, 'team.create', teamPayload({ name: first.name.toUpperCase() })))
        .name,
    ).toBe('TEAM_EXISTS');
    expect((await refusal(suite, admin, 'team.update', { ...second, name: first.name })).name).toBe(
      'TEAM_EXISTS',
    );
  });

  it('allows a name only another organization uses', async () => {
    expectOk(await run(suite, admin, 'team.create', teamPayload({ name: 'Elsewhere' })));
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a name over 64 characters', { name: 'n'.repeat(65) }, 'name'],
    ['no description', { description: '' }, 'description'],
    ['a description over 128 characters', { description: 'd'.repeat(129) }, 'description'],
    ['a dialog limit of 0', { dialogLimit: 0 }, 'dialogLimit'],
    ['a dialog limit over 999', { dialogLimit: 1000 }, 'dialogLimit'],
    ['redistribution over 999 minutes', { redistributionMinutes: 1000 }, 'redistributionMinutes'],
    ['an unknown distribution method', { distributionMethod: 'random' }, 'distributionMethod'],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_case, over, field) => {
    const error = await refusal(suite, admin, 'team.create', teamPayload(over));
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field } });
  });

  it('refuses an inactivity time of 1 to 23 minutes with its own name', async () => {
    const error = await refusal(suite, admin, 'team.create', teamPayload({ inactivityMinutes: 5 }));
    expect(error.name).toBe('INACTIVITY_TIME_INVALID');
  });

  it('refuses creating a team under an id already used', async () => {
    const error = await refusal(suite, admin, 'team.create', teamPayload({ teamId: otherTeamId }));
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'teamId' } });
  });

  it("answers another organization's team as not found to update and delete", async () => {
    const update = teamPayload({ teamId: otherTeamId });
    expect((await refusal(suite, admin, 'team.update', update)).name).toBe('TEAM_NOT_FOUND');
    expect((await refusal(suite, admin, 'team.delete', { teamId: otherTeamId })).name).toBe(
      'TEAM_NOT_FOUND',
    );
    expect((await teamById(otherTeamId))?.name).toBe('Elsewhere');
  });

  it("refuses an operator's token to create, update or delete a team", async () => {
    const { support } = suite.ids;
    const create = await refusal(suite, suite.operator, 'team.create', teamPayload());
    expect(create.name).toBe('ACCESS_DENIED');
    const update = await refusal(suite, suite.operator, 'team.update', {
      ...teamPayload({ teamId: support.id, name: support.name }),
    });
    expect(update.name).toBe('ACCESS_DENIED');
    const remove = await refusal(suite, suite.operator, 'team.delete', { teamId: support.id });
    expect(remove.name).toBe('ACCESS_DENIED');
  });

  it('lets a supervisor manage teams', async () => {
    expectOk(await run(suite, suite.supervisor, 'team.create', teamPayload()));
  });

  it('deletes a team its members leave, and syncs both', async () => {
    const { db } = suite.server.database;
    const payload = teamPayload();
    expectOk(await run(suite, admin, 'team.create', payload));
    const { operator, support } = suite.ids;
    await db
      .update(t.users)
      .set({ teamIds: [support.id, payload.teamId] })
      .where(eq(t.users.id, operator.id));
    const sent = command('team.delete', { teamId: payload.teamId });
    const [result] = await sendCommands(suite.server, admin, [sent]);
    expectOk(result!);
    expect(await teamById(payload.teamId)).toBeUndefined();
    const [member] = await db.select().from(t.users).where(eq(t.users.id, operator.id));
    expect(member?.teamIds).toEqual([support.id]);
    const [event] = await db.select().from(t.events).where(eq(t.events.commandId, sent.id));
    expect(event?.changes).toEqual([
      { table: 'teams', op: 'delete', key: payload.teamId, groups: ['org'] },
      expect.objectContaining({ table: 'users', op: 'put', key: operator.id }),
    ]);
  });

  it('refuses to delete a team a channel, a routing rule or an open chat still sends work to', async () => {
    const { db } = suite.server.database;
    const payload = teamPayload();
    expectOk(await run(suite, admin, 'team.create', payload));
    const { channel } = suite.ids;

    await db
      .update(t.channels)
      .set({ teamId: payload.teamId })
      .where(eq(t.channels.id, channel.id));
    expect((await refusal(suite, admin, 'team.delete', { teamId: payload.teamId })).name).toBe(
      'TEAM_IN_USE',
    );
    await db
      .update(t.channels)
      .set({ teamId: channel.teamId })
      .where(eq(t.channels.id, channel.id));

    const [rule] = await db
      .select()
      .from(t.routingRules)
      .where(eq(t.routingRules.orgId, suite.ids.org.id))
      .limit(1);
    if (rule) {
      await db
        .update(t.routingRules)
        .set({ action: { kind: 'team', teamId: payload.teamId } })
        .where(eq(t.routingRules.id, rule.id));
      expect((await refusal(suite, admin, 'team.delete', { teamId: payload.teamId })).name).toBe(
        'TEAM_IN_USE',
      );
      await db
        .update(t.routingRules)
        .set({ action: rule.action })
        .where(eq(t.routingRules.id, rule.id));
    }

    const [chat] = await db
      .select()
      .from(t.chats)
      .where(
        and(eq(t.chats.orgId, suite.ids.org.id), inArray(t.chats.status, ['pending', 'assigned'])),
      )
      .limit(1);
    if (!chat) throw new Error('the demo data has no open chat');
    await db.update(t.chats).set({ teamId: payload.teamId }).where(eq(t.chats.id, chat.id));
    expect((await refusal(suite, admin, 'team.delete', { teamId: payload.teamId })).name).toBe(
      'TEAM_IN_USE',
    );
    await db.update(t.chats).set({ teamId: chat.teamId }).where(eq(t.chats.id, chat.id));

    expectOk(await run(suite, admin, 'team.delete', { teamId: payload.teamId }));
  });
});

const rolePayload = (over: Record<string, unknown> = {}) => ({
  roleId: newId(),
  name: `Role ${newId().slice(-12)}`,
  description: 'Answers and reports',
  rights: ['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_ALL_STAT'],
  ...over,
});

describe('role commands', () => {
  const suite = serverForSuite();
  let admin = '';
  let other: Awaited<ReturnType<typeof otherOrganization>>;

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    other = await otherOrganization(suite.server.database);
  });

  const roleById = async (id: string) => {
    const [row] = await suite.server.database.db.select().from(t.roles).where(eq(t.roles.id, id));
    return row;
  };
  const builtIn = async (name: string) => {
    const [row] = await suite.server.database.db
      .select()
      .from(t.roles)
      .where(and(eq(t.roles.orgId, suite.ids.org.id), eq(t.roles.name, name)));
    if (!row) throw new Error(`no ${name} role`);
    return row;
  };

  it('creates, updates and deletes a role, syncing each change to the organization', async () => {
    const payload = rolePayload();
    const created = command('role.create', payload);
    expectOk((await sendCommands(suite.server, admin, [created]))[0]!);
    expect(await roleById(payload.roleId)).toMatchObject({
      orgId: suite.ids.org.id,
      name: payload.name,
      rights: payload.rights,
      immutable: false,
    });
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, created.id));
    expect(event).toMatchObject({
      type: 'role.created',
      changes: [expect.objectContaining({ table: 'roles', key: payload.roleId, groups: ['org'] })],
    });

    const updated = {
      ...payload,
      description: 'Only answers',
      rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
    };
    expectOk(await run(suite, admin, 'role.update', updated));
    expect(await roleById(payload.roleId)).toMatchObject({
      description: 'Only answers',
      rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
    });

    expectOk(await run(suite, admin, 'role.delete', { roleId: payload.roleId }));
    expect(await roleById(payload.roleId)).toBeUndefined();
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a name over 32 characters', { name: 'n'.repeat(33) }, 'name'],
    ['no description', { description: ' ' }, 'description'],
    ['a description over 255 characters', { description: 'd'.repeat(256) }, 'description'],
    ['an unknown right', { rights: ['AUTHORITY_EVERYTHING'] }, 'rights.0'],
    ['the observer right', { rights: ['AUTHORITY_ALL_STAT', 'RIGHT_OBSERVER'] }, 'rights'],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_case, over, field) => {
    const error = await refusal(suite, admin, 'role.create', rolePayload(over));
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field } });
  });

  it('refuses the observer right on an update too', async () => {
    const payload = rolePayload();
    expectOk(await run(suite, admin, 'role.create', payload));
    const error = await refusal(suite, admin, 'role.update', {
      ...payload,
      rights: ['RIGHT_OBSERVER'],
    });
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'rights' } });
  });

  it('refuses a name another role of the organization holds, built-in ones included', async () => {
    expect(
      (await refusal(suite, admin, 'role.create', rolePayload({ name: 'operator' }))).name,
    ).toBe('ROLE_EXISTS');
    const first = rolePayload();
    const second = rolePayload();
    expectOk(await run(suite, admin, 'role.create', first));
    expectOk(await run(suite, admin, 'role.create', second));
    expect((await refusal(suite, admin, 'role.update', { ...second, name: first.name })).name).toBe(
      'ROLE_EXISTS',
    );
  });

  it('refuses changing or deleting a built-in role', async () => {
    const operatorRole = await builtIn('Operator');
    const update = await refusal(suite, admin, 'role.update', {
      roleId: operatorRole.id,
      name: 'Operator',
      description: 'Changed',
      rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
    });
    expect(update.name).toBe('IMMUTABLE_ROLE_UPDATE');
    const remove = await refusal(suite, admin, 'role.delete', { roleId: operatorRole.id });
    expect(remove.name).toBe('IMMUTABLE_ROLE_UPDATE');
  });

  it('refuses deleting a role a user holds', async () => {
    const payload = rolePayload();
    expectOk(await run(suite, admin, 'role.create', payload));
    const { db } = suite.server.database;
    const { supervisor } = suite.ids;
    await db.update(t.users).set({ roleId: payload.roleId }).where(eq(t.users.id, supervisor.id));
    expect((await refusal(suite, admin, 'role.delete', { roleId: payload.roleId })).name).toBe(
      'ROLE_IN_USE',
    );
    await db
      .update(t.users)
      .set({ roleId: supervisor.roleId })
      .where(eq(t.users.id, supervisor.id));
  });

  it("answers another organization's role as not found", async () => {
    const [otherRole] = await suite.server.database.db
      .select()
      .from(t.roles)
      .where(eq(t.roles.orgId, other.id))
      .limit(1);
    if (!otherRole) throw new Error('no role in the other organization');
    const update = await refusal(
      suite,
      admin,
      'role.update',
      rolePayload({ roleId: otherRole.id }),
    );
    expect(update.name).toBe('ROLE_NOT_FOUND');
    const remove = await refusal(suite, admin, 'role.delete', { roleId: otherRole.id });
    expect(remove.name).toBe('ROLE_NOT_FOUND');
  });

  it("refuses an operator's and a supervisor's token to create a role", async () => {
    expect((await refusal(suite, suite.operator, 'role.create', rolePayload())).name).toBe(
      'ACCESS_DENIED',
    );
    expect((await refusal(suite, suite.supervisor, 'role.create', rolePayload())).name).toBe(
      'ACCESS_DENIED',
    );
  });

  it('refuses a right the sender does not hold', async () => {
    const { db } = suite.server.database;
    const editor = rolePayload({ rights: ['AUTHORITY_ROLE_MODIFY'] });
    expectOk(await run(suite, admin, 'role.create', editor));
    const { operator } = suite.ids;
    await db.update(t.users).set({ roleId: editor.roleId }).where(eq(t.users.id, operator.id));
    try {
      const error = await refusal(
        suite,
        suite.operator,
        'role.create',
        rolePayload({ rights: ['AUTHORITY_ROLE_MODIFY', 'RIGHT_ACCOUNT_CONTROL'] }),
      );
      expect(error.name).toBe('ACCESS_DENIED');
    } finally {
      await db.update(t.users).set({ roleId: operator.roleId }).where(eq(t.users.id, operator.id));
    }
  });

  it('gives the holders of a changed role their new rights at once, resetting their live stream', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const role = rolePayload({ rights: ['AUTHORITY_CHAT_DISTRIBUTION'] });
    expectOk(await run(suite, admin, 'role.create', role));
    await db.update(t.users).set({ roleId: role.roleId }).where(eq(t.users.id, ids.operator.id));
    try {
      const token = await login(server, 'operator@demo.test');
      expect((await refusal(suite, token, 'team.create', teamPayload())).name).toBe(
        'ACCESS_DENIED',
      );
      const status = await call(server, 'GET', '/api/sync/bootstrap', { token });
      const cursor = (JSON.parse((status.body as string).split('\n')[0]!) as { cursor: number })
        .cursor;
      const live = LiveClient.open(server, token, cursor);
      await live.until((c) => c.ready);

      expectOk(
        await run(suite, admin, 'role.update', {
          ...role,
          rights: [
            'AUTHORITY_CHAT_DISTRIBUTION',
            'AUTHORITY_ALL_CHATS',
            'AUTHORITY_TEAM_MANAGEMENT',
          ],
        }),
      );
      // Seeing every chat is a new sync group: the stream resets so the client bootstraps it.
      await live.until((c) => c.closeCode !== undefined);
      expect(live.messages[live.messages.length - 1]).toEqual({ kind: 'reset', reset: true });
      expect(live.closeCode).toBe(LIVE_CLOSE.reset);
      expectOk(await run(suite, token, 'team.create', teamPayload()));
    } finally {
      await db
        .update(t.users)
        .set({ roleId: ids.operator.roleId })
        .where(eq(t.users.id, ids.operator.id));
    }
  });
});

const PASSWORD = 'Newcomer#2026';

describe('user commands', () => {
  const suite = serverForSuite();
  let admin = '';
  let operatorRoleId = '';
  let other: Awaited<ReturnType<typeof otherOrganization>>;
  let otherUserId = '';

  const userPayload = (over: Record<string, unknown> = {}) => ({
    userId: newId(),
    name: 'Nina New',
    email: `nina-${newId().slice(-12)}@demo.test`,
    phone: '+1 555 0100',
    roleId: operatorRoleId,
    teamIds: [suite.ids.support.id],
    autoBreakMinutes: 15,
    active: true,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    ...over,
  });
  const userById = (id: string) => storedUser(suite, id);

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    operatorRoleId = suite.ids.operator.roleId;
    other = await otherOrganization(suite.server.database);
    otherUserId = newId();
    await suite.server.database.db.insert(t.users).values({
      id: otherUserId,
      orgId: other.id,
      email: `someone-${otherUserId}@other.test`,
      name: 'Someone',
      roleId: other.roles.Operator,
      passwordHash: 'x',
    });
  });

  it('creates a user who can then sign in with the password given', async () => {
    const payload = userPayload();
    const sent = command('user.create', payload);
    expectOk((await sendCommands(suite.server, admin, [sent]))[0]!);
    const row = await userById(payload.userId);
    expect(row).toMatchObject({
      orgId: suite.ids.org.id,
      name: 'Nina New',
      email: payload.email,
      phone: '+1 555 0100',
      roleId: operatorRoleId,
      teamIds: [suite.ids.support.id],
      autoBreakMinutes: 15,
      active: true,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(event).toMatchObject({
      type: 'user.created',
      changes: [expect.objectContaining({ table: 'users', key: payload.userId, groups: ['org'] })],
    });
    expect(await login(suite.server, payload.email, PASSWORD)).toBeTruthy();
  });

  it('updates a user whole', async () => {
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    expectOk(
      await run(
        suite,
        admin,
        'user.update',
        updateOf(payload, { name: 'Nina N.', phone: null, teamIds: [suite.ids.sales.id] }),
      ),
    );
    expect(await userById(payload.userId)).toMatchObject({
      name: 'Nina N.',
      phone: null,
      teamIds: [suite.ids.sales.id],
    });
  });

  it.each([0, 1000, 2.5, 'soon'])(
    'stores an automatic break of %s minutes as off, as the spec says of a wrong value',
    async (minutes) => {
      const payload = userPayload({ autoBreakMinutes: minutes });
      expectOk(await run(suite, admin, 'user.create', payload));
      expect((await userById(payload.userId))?.autoBreakMinutes).toBeNull();
    },
  );

  it.each([
    ['an empty name', { name: ' ' }, 'VALIDATION_FAILED', 'name'],
    ['a name over 32 characters', { name: 'n'.repeat(33) }, 'VALIDATION_FAILED', 'name'],
    ['no e-mail', { email: '' }, 'INVALID_EMAIL_FORMAT', 'email'],
    ['an invalid e-mail', { email: 'nina@' }, 'INVALID_EMAIL_FORMAT', 'email'],
    ['a phone over 32 characters', { phone: '1'.repeat(33) }, 'VALIDATION_FAILED', 'phone'],
    [
      'a short password',
      { password: 'Ab#1', repeatPassword: 'Ab#1' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
    [
      'a password without a digit',
      { password: 'Abcdefg#h', repeatPassword: 'Abcdefg#h' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
    [
      'a password without a capital',
      { password: 'abcdef#12', repeatPassword: 'abcdef#12' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
    [
      'a password without a special character',
      { password: 'Abcdef123', repeatPassword: 'Abcdef123' },
      'INVALID_PASSWORD_FORMAT',
      'password',
    ],
    [
      'a repeat that differs',
      { repeatPassword: `${PASSWORD}x` },
      'PASSWORDS_DO_NOT_MATCH',
      'repeatPassword',
    ],
  ])('refuses %s with its name', async (_case, over, name, field) => {
    const error = await refusal(suite, admin, 'user.create', userPayload(over));
    expect(error).toMatchObject({ name, params: { field } });
  });

  it('refuses an e-mail another account uses, in any organization and any case', async () => {
    expect(
      (await refusal(suite, admin, 'user.create', userPayload({ email: 'OPERATOR@demo.test' })))
        .name,
    ).toBe('EMAIL_ALREADY_USED');
    expect(
      (
        await refusal(
          suite,
          admin,
          'user.create',
          userPayload({ email: `someone-${otherUserId}@other.test` }),
        )
      ).name,
    ).toBe('EMAIL_ALREADY_USED');
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    const error = await refusal(
      suite,
      admin,
      'user.update',
      updateOf(payload, { email: 'supervisor@demo.test' }),
    );
    expect(error.name).toBe('EMAIL_ALREADY_USED');
  });

  it("answers another organization's role, team and user as not found", async () => {
    const otherRole = Object.values(other.roles)[0]!;
    expect(
      (await refusal(suite, admin, 'user.create', userPayload({ roleId: otherRole }))).name,
    ).toBe('ROLE_NOT_FOUND');
    expect(
      (await refusal(suite, admin, 'user.create', userPayload({ roleId: newId() }))).name,
    ).toBe('ROLE_NOT_FOUND');
    expect(
      (await refusal(suite, admin, 'user.create', userPayload({ teamIds: [newId()] }))).name,
    ).toBe('TEAM_NOT_FOUND');
    const update = await refusal(
      suite,
      admin,
      'user.update',
      updateOf(userPayload({ userId: otherUserId })),
    );
    expect(update.name).toBe('USER_NOT_FOUND');
  });

  it("refuses an operator's and a supervisor's token to create a user", async () => {
    expect((await refusal(suite, suite.operator, 'user.create', userPayload())).name).toBe(
      'ACCESS_DENIED',
    );
    expect((await refusal(suite, suite.supervisor, 'user.create', userPayload())).name).toBe(
      'ACCESS_DENIED',
    );
  });

  it('needs team management to change a user’s teams, not to change the rest', async () => {
    const { db } = suite.server.database;
    const accounts = rolePayloadFor(['RIGHT_ACCOUNT_CONTROL', 'AUTHORITY_CHAT_DISTRIBUTION']);
    expectOk(await run(suite, admin, 'role.create', accounts));
    const payload = userPayload();
    expectOk(await run(suite, admin, 'user.create', payload));
    const { supervisor } = suite.ids;
    await db.update(t.users).set({ roleId: accounts.roleId }).where(eq(t.users.id, supervisor.id));
    try {
      const token = await login(suite.server, 'supervisor@demo.test');
      const moved = updateOf(payload, { teamIds: [suite.ids.sales.id] });
      expect((await refusal(suite, token, 'user.update', moved)).name).toBe('ACCESS_DENIED');
      expectOk(await run(suite, token, 'user.update', updateOf(payload, { name: 'Nina Renamed' })));
      expect((await userById(payload.userId))?.name).toBe('Nina Renamed');
    } finally {
      await db
        .update(t.users)
        .set({ roleId: supervisor.roleId })
        .where(eq(t.users.id, supervisor.id));
    }
  });

  it('refuses giving a role with rights the sender lacks', async () => {
    const { db } = suite.server.database;
    const accounts = rolePayloadFor(['RIGHT_ACCOUNT_CONTROL']);
    expectOk(await run(suite, admin, 'role.create', accounts));
    const { supervisor } = suite.ids;
    await db.update(t.users).set({ roleId: accounts.roleId }).where(eq(t.users.id, supervisor.id));
    try {
      const token = await login(suite.server, 'supervisor@demo.test');
      const error = await refusal(
        suite,
        token,
        'user.create',
        userPayload({ roleId: suite.ids.admin.roleId, teamIds: [] }),
      );
      expect(error.name).toBe('ACCESS_DENIED');
    } finally {
      await db
        .update(t.users)
        .set({ roleId: supervisor.roleId })
        .where(eq(t.users.id, supervisor.id));
    }
  });

  it('refuses an administrator deactivating themselves', async () => {
    const { admin: me } = suite.ids;
    const error = await refusal(suite, admin, 'user.update', updateOfStored(me, { active: false }));
    expect(error.name).toBe('ACCESS_DENIED');
  });
});

const rolePayloadFor = (rights: string[]) => rolePayload({ rights });

describe('deactivating a user', () => {
  const suite = serverForSuite();

  it('ends their sessions at once, closing their live socket, and re-queues their chats', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const admin = await login(server, 'admin@demo.test');
    const chat = await operatorsChat(server, ids);
    const token = await login(server, 'operator@demo.test');
    const status = await call(server, 'GET', '/api/sync/bootstrap', { token });
    const cursor = (JSON.parse((status.body as string).split('\n')[0]!) as { cursor: number })
      .cursor;
    const live = LiveClient.open(server, token, cursor);
    await live.until((c) => c.ready);

    const { operator } = ids;
    expectOk(await run(suite, admin, 'user.update', updateOfStored(operator, { active: false })));

    await live.until((c) => c.closeCode !== undefined);
    expect(live.closeCode).toBe(LIVE_CLOSE.unauthorized);
    const open = await db
      .select()
      .from(t.sessions)
      .where(and(eq(t.sessions.userId, operator.id), isNull(t.sessions.revokedAt)));
    expect(open).toEqual([]);
    const answer = await call(server, 'POST', '/api/commands', {
      token,
      body: { commands: [command('operator.setStatus', { status: 'in_work' })] },
    });
    expect(answer.status).toBe(401);

    const held = await db
      .select()
      .from(t.chats)
      .where(and(eq(t.chats.operatorId, operator.id), eq(t.chats.status, 'assigned')));
    expect(held).toEqual([]);
    const [after] = await db.select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(after).toMatchObject({ status: 'pending', operatorId: null, teamId: chat.teamId });
    const history = await db
      .select()
      .from(t.chatHistory)
      .where(and(eq(t.chatHistory.chatId, chat.id), eq(t.chatHistory.kind, 'unassigned')));
    expect(history.at(-1)?.data).toMatchObject({ operatorId: operator.id, reason: 'deactivated' });
  });
});
