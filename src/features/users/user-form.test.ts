import { describe, expect, it } from 'vitest';
import { LIMITS, newId, type ApiError, type Right, type Role, type User } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { USERS_EN, USERS_RU } from './users-messages';
import {
  checkUserForm,
  defaultRoleId,
  photoProblem,
  readAutoBreak,
  roleChoices,
  startsAsJpeg,
  userFormDefaults,
  userProblemText,
  userRefusal,
  userSaveInput,
  type PhotoChoice,
  type UserField,
  type UserFormValues,
} from './user-form';

const en = createTranslator('en', { ...SHELL_EN, ...USERS_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...USERS_RU });
const userId = newId();
const roleId = newId();
const teamId = newId();
const PASSWORD = 'Str0ng#pass';

const valid = (changes: Partial<UserFormValues> = {}): UserFormValues => ({
  ...userFormDefaults(undefined, roleId),
  name: 'Nina Ivanova',
  email: 'nina@demo.test',
  password: PASSWORD,
  repeatPassword: PASSWORD,
  ...changes,
});

/** The words under `field` after the form is checked, or undefined when the field is fine. */
function shownAt(
  values: UserFormValues,
  field: UserField,
  { isNew = true, i18n = en } = {},
): string | undefined {
  const result = checkUserForm(values, userId, isNew);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? userProblemText(problem, i18n) : undefined;
}

const jpeg = (size: number, over: Partial<Extract<PhotoChoice, { kind: 'new' }>> = {}) =>
  ({
    kind: 'new',
    id: newId(),
    blob: new Blob([new Uint8Array(size)]),
    name: 'face.jpg',
    type: 'image/jpeg',
    size,
    looksJpeg: true,
    ...over,
  }) satisfies PhotoChoice;

describe('the user form rules, in the words the user reads', () => {
  it.each<[string, Partial<UserFormValues>, UserField, string | undefined]>([
    ['an empty name', { name: '' }, 'name', 'Required field'],
    ['a name of spaces', { name: '   ' }, 'name', 'Required field'],
    ['a name of 33 characters', { name: 'n'.repeat(33) }, 'name', 'At most 32 characters'],
    ['a name of 32 characters', { name: 'n'.repeat(32) }, 'name', undefined],
    ['an empty e-mail', { email: '' }, 'email', 'Required field'],
    ['an e-mail without a domain', { email: 'nina@' }, 'email', 'Invalid email format'],
    ['an e-mail without @', { email: 'nina.demo.test' }, 'email', 'Invalid email format'],
    ['an e-mail in capitals', { email: ' NINA@Demo.test ' }, 'email', undefined],
    ['a phone of 33 characters', { phone: '1'.repeat(33) }, 'phone', 'At most 32 characters'],
    [
      'an affiliation over its limit',
      { affiliation: 'a'.repeat(LIMITS.affiliationMax + 1) },
      'affiliation',
      `At most ${LIMITS.affiliationMax} characters`,
    ],
    ['no role', { roleId: '' }, 'roleId', 'Required field'],
    [
      'no password for a new user',
      { password: '', repeatPassword: '' },
      'password',
      'Required field',
    ],
    [
      'a password of 7 characters',
      { password: 'Ab#1234', repeatPassword: 'Ab#1234' },
      'password',
      'Invalid password format',
    ],
    [
      'a password without an uppercase letter',
      { password: 'abcdef#12', repeatPassword: 'abcdef#12' },
      'password',
      'Invalid password format',
    ],
    [
      'a password without a digit',
      { password: 'Abcdefg#h', repeatPassword: 'Abcdefg#h' },
      'password',
      'Invalid password format',
    ],
    [
      'a password without a special character',
      { password: 'Abcdef123', repeatPassword: 'Abcdef123' },
      'password',
      'Invalid password format',
    ],
    [
      'a repeat that differs',
      { repeatPassword: `${PASSWORD}x` },
      'repeatPassword',
      'Passwords do not match',
    ],
    ['no repeat', { repeatPassword: '' }, 'repeatPassword', 'Required field'],
    [
      'a PNG photo',
      { photo: jpeg(1000, { type: 'image/png', name: 'a.png' }) },
      'photo',
      'The photo must be a JPEG image',
    ],
    [
      'a file named .jpg whose bytes are not a JPEG',
      { photo: jpeg(1000, { looksJpeg: false }) },
      'photo',
      'The photo must be a JPEG image',
    ],
    [
      'a photo of 200 KB and a byte',
      { photo: jpeg(LIMITS.photoMaxBytes + 1) },
      'photo',
      'The picture is too big (max 204800 bytes)',
    ],
    ['a photo of exactly 200 KB', { photo: jpeg(LIMITS.photoMaxBytes) }, 'photo', undefined],
  ])('%s shows %3$s: %4$s', (_case, changes, field, text) => {
    expect(shownAt(valid(changes), field)).toBe(text);
  });

  it('says the same in Russian', () => {
    expect(shownAt(valid({ name: '' }), 'name', { i18n: ru })).toBe('Обязательное поле');
    expect(shownAt(valid({ email: 'x@' }), 'email', { i18n: ru })).toBe('Неверный формат e-mail');
    expect(shownAt(valid({ repeatPassword: 'x' }), 'repeatPassword', { i18n: ru })).toBe(
      'Пароли не совпадают',
    );
    expect(shownAt(valid({ name: 'n'.repeat(33) }), 'name', { i18n: ru })).toBe(
      'Не более 32 символов',
    );
  });

  it('asks no password on edit unless the administrator chose to set one', () => {
    const edit = valid({ password: '', repeatPassword: '' });
    expect(checkUserForm(edit, userId, false).ok).toBe(true);
    const setting = { ...edit, setPassword: true };
    expect(shownAt(setting, 'password', { isNew: false })).toBe('Required field');
    expect(
      shownAt({ ...setting, password: PASSWORD, repeatPassword: 'Other#123' }, 'repeatPassword', {
        isNew: false,
      }),
    ).toBe('Passwords do not match');
  });

  it('a valid new user becomes the user.create payload, trimmed, without a photo field when none was picked', () => {
    const result = checkUserForm(
      valid({
        phone: '  ',
        affiliation: ' Acme ',
        teamIds: [teamId],
        autoBreak: '15',
        email: 'Nina@Demo.TEST',
      }),
      userId,
      true,
    );
    expect(result).toEqual({
      ok: true,
      save: {
        type: 'user.create',
        payload: {
          userId,
          name: 'Nina Ivanova',
          email: 'nina@demo.test',
          phone: null,
          affiliation: 'Acme',
          roleId,
          teamIds: [teamId],
          autoBreakMinutes: 15,
          active: true,
          password: PASSWORD,
          repeatPassword: PASSWORD,
        },
      },
    });
  });

  it.each<[string, PhotoChoice, unknown]>([
    ['kept', { kind: 'kept' }, undefined],
    ['removed', { kind: 'removed' }, null],
  ])('a photo %s sends photoFileId %s', (_case, photo, sent) => {
    const input = userSaveInput(valid({ photo }), userId, false);
    expect(input.photoFileId).toBe(sent);
    expect('photoFileId' in input).toBe(sent !== undefined);
    expect('password' in input).toBe(false);
  });

  it('a new photo is named by the id it is uploaded under', () => {
    const photo = jpeg(5000);
    expect(userSaveInput(valid({ photo }), userId, false).photoFileId).toBe(photo.id);
  });
});

describe('the automatic break', () => {
  it.each([
    ['', { kind: 'off' }],
    ['  ', { kind: 'off' }],
    ['1', { kind: 'on', minutes: 1 }],
    ['999', { kind: 'on', minutes: 999 }],
    [' 15 ', { kind: 'on', minutes: 15 }],
    ['0', { kind: 'wrong' }],
    ['1000', { kind: 'wrong' }],
    ['2.5', { kind: 'wrong' }],
    ['-5', { kind: 'wrong' }],
    ['soon', { kind: 'wrong' }],
    ['1e2', { kind: 'wrong' }],
  ])('"%s" reads as %j', (text, reading) => {
    expect(readAutoBreak(text)).toEqual(reading);
  });

  it.each(['0', '1000', '2.5', 'soon'])(
    'a wrong value "%s" is no error that stops the save: the user is saved with the break off',
    (autoBreak) => {
      const result = checkUserForm(valid({ autoBreak }), userId, true);
      expect(result.ok && result.save.payload.autoBreakMinutes).toBeNull();
      expect(en.t('users.error.autoBreak')).toBe(
        'Time specified incorrectly: the automatic break will be off',
      );
    },
  );
});

describe('the form of a user being edited', () => {
  const nina: User = {
    id: userId,
    name: 'Nina',
    email: 'nina@demo.test',
    phone: null,
    photoUrl: '/api/files/0190a0b0-0000-7000-8000-0000000000f1',
    affiliation: null,
    roleId,
    teamIds: [teamId],
    autoBreakMinutes: null,
    active: false,
    language: 'en',
    operatorStatus: 'break',
    online: false,
    totpEnabled: false,
    lastActivityAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('starts from the row: empty boxes for what is not set, the photo kept, no password', () => {
    expect(userFormDefaults({ ...nina, autoBreakMinutes: 20, affiliation: 'Acme' }, 'x')).toEqual({
      name: 'Nina',
      email: 'nina@demo.test',
      phone: '',
      affiliation: 'Acme',
      roleId,
      teamIds: [teamId],
      autoBreak: '20',
      active: false,
      setPassword: false,
      password: '',
      repeatPassword: '',
      photo: { kind: 'kept' },
    });
    expect(userFormDefaults(nina, 'x').autoBreak).toBe('');
  });

  it('a new user starts active, with no teams, and the role given', () => {
    expect(userFormDefaults(undefined, roleId)).toMatchObject({
      active: true,
      teamIds: [],
      roleId,
      autoBreak: '',
    });
  });
});

describe('roles the administrator may give', () => {
  const role = (name: string, rights: Right[]): Role => ({
    id: name,
    name,
    description: '',
    rights,
    immutable: false,
  });
  const roles = [
    role('Supervisor', ['AUTHORITY_ALL_CHATS', 'AUTHORITY_TEAM_MANAGEMENT']),
    role('Operator', ['AUTHORITY_CHAT_DISTRIBUTION']),
    role('Finance', ['AUTHORITY_FINANCE']),
    role('Viewer', []),
  ];
  const own = new Set<Right>([
    'AUTHORITY_ALL_CHATS',
    'AUTHORITY_TEAM_MANAGEMENT',
    'AUTHORITY_CHAT_DISTRIBUTION',
  ]);

  it('offers only roles whose every right the administrator holds, plus the one the user keeps', () => {
    expect(roleChoices(roles, own, null).map((r) => r.name)).toEqual([
      'Operator',
      'Supervisor',
      'Viewer',
    ]);
    expect(roleChoices(roles, own, 'Finance').map((r) => r.name)).toEqual([
      'Finance',
      'Operator',
      'Supervisor',
      'Viewer',
    ]);
  });

  it('gives a new user the least-privileged role offered', () => {
    expect(defaultRoleId(roleChoices(roles, own, null))).toBe('Viewer');
    expect(defaultRoleId([])).toBe('');
  });
});

describe('a picked photo', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], true],
    [[0xff, 0xd8, 0xff, 0xdb], true],
    [[0x89, 0x50, 0x4e, 0x47], false],
    [[0xff, 0xd8], false],
    [[], false],
  ])('starting with %j is a JPEG: %s', (bytes, expected) => {
    expect(startsAsJpeg(new Uint8Array(bytes))).toBe(expected);
  });

  it('a kept or removed photo has no problem', () => {
    expect(photoProblem({ kind: 'kept' })).toBeNull();
    expect(photoProblem({ kind: 'removed' })).toBeNull();
  });
});

describe('a refusal from the server', () => {
  const refused = (name: ApiError['name'], params?: ApiError['params']): ApiError => ({
    name,
    ...(params ? { params } : {}),
  });

  it.each<[ApiError, UserField | null, string]>([
    [refused('EMAIL_ALREADY_USED'), 'email', 'This e-mail is already used'],
    [
      refused('PICTURE_TOO_BIG', { field: 'photoFileId', max: LIMITS.photoMaxBytes }),
      'photo',
      'The picture is too big (max 204800 bytes)',
    ],
    [
      refused('FILE_TYPE_NOT_ALLOWED', { field: 'photoFileId' }),
      'photo',
      'The photo must be a JPEG image',
    ],
    [refused('IMAGE_NOT_FOUND', { field: 'photoFileId' }), 'photo', 'Image not found'],
    [
      refused('PASSWORDS_DO_NOT_MATCH', { field: 'repeatPassword' }),
      'repeatPassword',
      'Passwords do not match',
    ],
    [
      refused('VALIDATION_FAILED', { field: 'affiliation' }),
      'affiliation',
      'Incorrect value entered',
    ],
    [refused('TEAM_NOT_FOUND', { field: 'teamIds' }), 'teamIds', 'Team not found'],
    [refused('ACCESS_DENIED'), null, 'Access denied'],
  ])('%j is shown at %s as "%s"', (error, field, text) => {
    const refusal = userRefusal(error);
    expect(refusal.field).toBe(field);
    expect(userProblemText(refusal.problem, en)).toBe(text);
  });
});
