import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role, Team, User } from '../protocol';
import type { InboxDb } from './db';
import { enqueue, recordResults } from './outbox';
import { predictPeopleRow } from './predict-people';
import { ME, OTHER, TEAM_ID, bootstrappedDb, userRow } from './test-fixtures';

const AT = '2026-11-22T10:00:00.000Z';
const ROLE_ID = '00000000-0000-7000-8000-0000000000f1';
const USER_ID = '00000000-0000-7000-8000-0000000000a9';

const team: Team = {
  id: TEAM_ID,
  name: 'Support',
  description: 'First line',
  distributionMethod: 'round_robin',
  dialogLimit: 5,
  redistributionMinutes: null,
  autoCloseMinutes: null,
  unattendedCloseHours: 0,
  inactivityMinutes: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const builtIn: Role = {
  id: ROLE_ID,
  name: 'Operator',
  description: 'Answers chats',
  rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
  immutable: true,
};
const teamSave = {
  teamId: TEAM_ID,
  name: '  Night shift ',
  description: 'Answers at night',
  distributionMethod: 'least_busy',
  dialogLimit: 9,
  redistributionMinutes: 15,
  autoCloseMinutes: null,
  unattendedCloseHours: 48,
  inactivityMinutes: 30,
};
const userSave = {
  userId: USER_ID,
  name: 'Nina',
  email: ' Nina@Demo.test ',
  phone: '',
  roleId: ROLE_ID,
  teamIds: [TEAM_ID, TEAM_ID],
  autoBreakMinutes: 1000,
  active: true,
  password: 'Str0ng-pass!',
  repeatPassword: 'Str0ng-pass!',
};

const command = (type: string, payload: Record<string, unknown>) => ({
  type,
  payload,
  createdAt: AT,
});

describe('people predictions', () => {
  it.each([
    {
      case: 'a new team shows with its trimmed name and settings',
      type: 'team.create',
      table: 'teams',
      row: undefined,
      payload: teamSave,
      expected: {
        ...teamSave,
        teamId: undefined,
        id: TEAM_ID,
        name: 'Night shift',
        createdAt: AT,
        updatedAt: AT,
      },
    },
    {
      case: 'an edited team keeps its creation time',
      type: 'team.update',
      table: 'teams',
      row: team,
      payload: teamSave,
      expected: {
        ...team,
        ...teamSave,
        teamId: undefined,
        id: TEAM_ID,
        name: 'Night shift',
        updatedAt: AT,
      },
    },
    {
      case: 'an edit of a team this browser does not hold predicts nothing',
      type: 'team.update',
      table: 'teams',
      row: undefined,
      payload: teamSave,
      expected: undefined,
    },
    {
      case: 'a deleted team disappears',
      type: 'team.delete',
      table: 'teams',
      row: team,
      payload: { teamId: TEAM_ID },
      expected: undefined,
    },
    {
      case: 'a built-in role never shows a change the server will refuse',
      type: 'role.update',
      table: 'roles',
      row: builtIn,
      payload: { roleId: ROLE_ID, name: 'Boss', description: 'x', rights: [] },
      expected: builtIn,
    },
    {
      case: 'a new role shows as created, its rights without repeats',
      type: 'role.create',
      table: 'roles',
      row: undefined,
      payload: {
        roleId: ROLE_ID,
        name: 'Auditor ',
        description: 'Reads reports',
        rights: ['AUTHORITY_ALL_STAT', 'AUTHORITY_ALL_STAT'],
      },
      expected: {
        id: ROLE_ID,
        name: 'Auditor',
        description: 'Reads reports',
        rights: ['AUTHORITY_ALL_STAT'],
        immutable: false,
      },
    },
  ])('$case', ({ type, table, row, payload, expected }) => {
    const predicted = predictPeopleRow(command(type, payload), table as 'teams' | 'roles', row) as
      Record<string, unknown> | undefined;
    if (expected === undefined) expect(predicted).toBeUndefined();
    else expect(predicted).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('a new user shows on Break and offline, with a wrong automatic break off, and never a password', () => {
    const user = predictPeopleRow(command('user.create', userSave), 'users', undefined) as User;
    expect(user).toMatchObject({
      id: USER_ID,
      email: 'nina@demo.test',
      phone: null,
      teamIds: [TEAM_ID],
      autoBreakMinutes: null,
      operatorStatus: 'break',
      online: false,
      active: true,
    });
    expect(JSON.stringify(user)).not.toContain('Str0ng-pass!');
  });

  const PHOTO_ID = '00000000-0000-7000-8000-0000000000c1';
  const saved = predictPeopleRow(
    command('user.create', { ...userSave, affiliation: ' Acme Ltd ', photoFileId: PHOTO_ID }),
    'users',
    undefined,
  ) as User;

  it.each([
    ['a new photo', { photoFileId: 'NEW' }, '/api/files/NEW', 'Acme Ltd'],
    ['no photo field: the photo kept', {}, `/api/files/${PHOTO_ID}`, 'Acme Ltd'],
    ['the photo removed', { photoFileId: null }, null, 'Acme Ltd'],
    ['an empty affiliation', { affiliation: '  ' }, `/api/files/${PHOTO_ID}`, null],
  ])('an edited user shows %s at once', (_case, over, photo, affiliation) => {
    const edit = { ...userSave, affiliation: 'Acme Ltd', ...over };
    delete (edit as Record<string, unknown>).password;
    const user = predictPeopleRow(command('user.update', edit), 'users', saved) as User;
    expect(user).toMatchObject({ photoUrl: photo, affiliation });
  });

  it('a new user with a photo and an affiliation shows both, and a password set on edit never shows', () => {
    expect(saved).toMatchObject({ affiliation: 'Acme Ltd', photoUrl: `/api/files/${PHOTO_ID}` });
    const reset = { ...userSave, password: 'N3w#secret!', repeatPassword: 'N3w#secret!' };
    const user = predictPeopleRow(command('user.update', reset), 'users', saved);
    expect(JSON.stringify(user)).not.toContain('N3w#secret!');
  });
});

describe('a people command in the local store', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb([]);
    await db.teams.put(team);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('a saved team shows at once; refused as TEAM_EXISTS it returns to the server’s row and stays in the outbox', async () => {
    const ctx = { userId: ME };
    const sent = await enqueue(db, { type: 'team.update', payload: teamSave }, ctx);
    expect(await db.teams.get(TEAM_ID)).toMatchObject({ name: 'Night shift', dialogLimit: 9 });
    await recordResults(db, [{ id: sent.id, ok: false, error: { name: 'TEAM_EXISTS' } }], ctx);
    expect(await db.teams.get(TEAM_ID)).toEqual(team);
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'rejected', payload: { name: '  Night shift ' }, error: { name: 'TEAM_EXISTS' } },
    ]);
  });
});

describe('a team’s members changed from its panel', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb([]);
    await db.teams.put(team);
    await db.users.bulkPut([
      userRow(ME, 'Me', { teamIds: [TEAM_ID] }),
      userRow(OTHER, 'Olga', { teamIds: [] }),
    ]);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('the added user shows in the team and the removed one leaves it at once; refused, both return', async () => {
    const ctx = { userId: ME };
    const payload = { teamId: TEAM_ID, add: [OTHER], remove: [ME] };
    const sent = await enqueue(db, { type: 'team.setMembers', payload }, ctx);
    expect((await db.users.get(OTHER))?.teamIds).toEqual([TEAM_ID]);
    expect((await db.users.get(ME))?.teamIds).toEqual([]);
    await recordResults(db, [{ id: sent.id, ok: false, error: { name: 'ACCESS_DENIED' } }], ctx);
    expect((await db.users.get(OTHER))?.teamIds).toEqual([]);
    expect((await db.users.get(ME))?.teamIds).toEqual([TEAM_ID]);
  });

  it('a user already in the team is left as they are', () => {
    const member = userRow(ME, 'Me', { teamIds: [TEAM_ID] });
    const payload = { teamId: TEAM_ID, add: [ME], remove: [] };
    expect(predictPeopleRow(command('team.setMembers', payload), 'users', member)).toBe(member);
  });
});
