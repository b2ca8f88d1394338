import { describe, expect, it } from 'vitest';
import type { Role, Team, User } from '../../protocol';
import {
  initialsOf,
  matchesSearch,
  photoFileIdOf,
  presenceOf,
  userRows,
  type ActivityFilter,
  lastActivityText,
} from './user-list';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { USERS_EN, USERS_RU } from './users-messages';

const MESSAGES = { en: { ...SHELL_EN, ...USERS_EN }, ru: { ...SHELL_RU, ...USERS_RU } };

const AT = '2026-03-01T10:00:00.000Z';
const user = (over: Partial<User>): User => ({
  id: '00000000-0000-7000-8000-000000000001',
  name: 'Nina Ivanova',
  email: 'nina@demo.test',
  phone: '+7 (912) 345-67-89',
  photoUrl: null,
  affiliation: null,
  roleId: 'r-op',
  teamIds: [],
  autoBreakMinutes: null,
  active: true,
  language: 'en',
  operatorStatus: 'break',
  online: false,
  totpEnabled: false,
  lastActivityAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

describe('the Users search', () => {
  const nina = user({});
  it.each([
    ['', true],
    ['nina', true],
    ['IVANOVA', true],
    ['Demo.TEST', true],
    ['+7 (912)', true],
    ['9123456', true],
    ['912-345', true],
    ['oscar', false],
    ['a1', false],
    ['55', false],
  ])('"%s" finds Nina: %s', (query, found) => {
    expect(matchesSearch(nina, query)).toBe(found);
  });

  it('a user without a phone is found by name and never by digits', () => {
    expect(matchesSearch(user({ phone: null }), '912')).toBe(false);
    expect(matchesSearch(user({ phone: null }), 'nin')).toBe(true);
  });
});

describe('the Users list', () => {
  const roles: Role[] = [
    { id: 'r-op', name: 'Operator', description: '', rights: [], immutable: true },
  ];
  const teams = [
    { id: 't-s', name: 'Support' },
    { id: 't-a', name: 'Accounts' },
  ] as Team[];
  const users = [
    user({ id: 'u1', name: 'zoe', teamIds: ['t-s', 't-a', 't-gone'] }),
    user({ id: 'u2', name: 'Adam', active: false, email: 'adam@demo.test', phone: null }),
    user({ id: 'u3', name: 'Mia', online: true, operatorStatus: 'in_work', email: 'mia@x.test' }),
  ];
  const names = (activity: ActivityFilter, search = '') =>
    userRows(users, roles, teams, { search, activity }).map((row) => row.name);

  it.each([
    ['all', '', ['Adam', 'Mia', 'zoe']],
    ['active', '', ['Mia', 'zoe']],
    ['inactive', '', ['Adam']],
    ['all', 'demo.test', ['Adam', 'zoe']],
    ['inactive', 'mia', []],
  ] as const)('filter %s with search "%s" shows %j in name order', (activity, search, expected) => {
    expect(names(activity, search)).toEqual(expected);
  });

  it('names the role and the teams, leaving out a team that no longer exists', () => {
    const [zoe] = userRows(users, roles, teams, { search: 'zoe', activity: 'all' });
    expect(zoe).toMatchObject({ roleName: 'Operator', teamNames: ['Accounts', 'Support'] });
  });

  it.each([
    [{ online: false, operatorStatus: 'in_work' as const }, 'offline'],
    [{ online: true, operatorStatus: 'in_work' as const }, 'in_work'],
    [{ online: true, operatorStatus: 'break' as const }, 'break'],
  ])('presence of %j is %s', (state, expected) => {
    expect(presenceOf(state)).toBe(expected);
  });
});

describe('a user without a photo', () => {
  it.each([
    ['Nina Ivanova', 'NI'],
    ['nina', 'N'],
    ['  Anna  Maria  Lopez ', 'AL'],
    ['Ёлка Юрьевна', 'ЁЮ'],
    ['', ''],
  ])('"%s" shows the initials "%s"', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it.each([
    ['/api/files/0190a0b0-0000-7000-8000-0000000000f1', '0190a0b0-0000-7000-8000-0000000000f1'],
    [null, null],
    ['https://elsewhere.test/face.jpg', null],
    ['/api/files/../secret', null],
  ])('the photo address %s names the file %s', (url, id) => {
    expect(photoFileIdOf(url)).toBe(id);
  });
});

describe('last activity', () => {
  it.each([
    ['en', null, 'Never'],
    ['ru', null, 'Никогда'],
    ['en', '2026-03-01T10:05:00.000Z', /^Mar 1, 2026, \d{1,2}:05/],
    ['ru', '2026-03-01T10:05:00.000Z', /^1 мар\. 2026 г\., \d{1,2}:05/],
  ] as const)('in %s, %s reads %s', (lang, at, expected) => {
    const text = lastActivityText(at, createTranslator(lang, MESSAGES[lang]));
    if (typeof expected === 'string') expect(text).toBe(expected);
    else expect(text).toMatch(expected);
  });
});
