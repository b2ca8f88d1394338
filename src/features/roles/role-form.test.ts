import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_RIGHTS, RIGHTS, newId, type ApiError, type Right } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { ROLES_EN, ROLES_RU } from './roles-messages';
import {
  checkRoleForm,
  roleFormDefaults,
  roleProblemText,
  roleRefusal,
  type RoleField,
  type RoleFormValues,
} from './role-form';

const en = createTranslator('en', { ...SHELL_EN, ...ROLES_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...ROLES_RU });
const roleId = newId();
const admin = new Set<Right>(BUILT_IN_ROLE_RIGHTS.Administrator);
const supervisor = new Set<Right>(BUILT_IN_ROLE_RIGHTS.Supervisor);

const valid = (changes: Partial<RoleFormValues> = {}): RoleFormValues => ({
  name: 'Team lead',
  description: 'Runs a team',
  rights: ['AUTHORITY_ALL_STAT'],
  ...changes,
});

function shownAt(
  values: RoleFormValues,
  field: RoleField,
  own: ReadonlySet<Right> = admin,
  i18n = en,
): string | undefined {
  const result = checkRoleForm(values, roleId, own);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? roleProblemText(problem, i18n) : undefined;
}

describe('the role editor checks each field as the server does and says what is wrong', () => {
  it.each<[string, Partial<RoleFormValues>, RoleField, string | undefined]>([
    ['an empty name is required', { name: '' }, 'name', 'Required field'],
    ['a name of spaces only is required', { name: '  ' }, 'name', 'Required field'],
    [
      'a name of 33 characters is too long',
      { name: 'x'.repeat(33) },
      'name',
      'At most 32 characters',
    ],
    ['a name of 32 characters is accepted', { name: 'x'.repeat(32) }, 'name', undefined],
    ['an empty description is required', { description: '' }, 'description', 'Required field'],
    [
      'a description of 256 characters is too long',
      { description: 'x'.repeat(256) },
      'description',
      'At most 255 characters',
    ],
    [
      'a description of 255 characters is accepted',
      { description: 'x'.repeat(255) },
      'description',
      undefined,
    ],
    ['a role with no rights is accepted', { rights: [] }, 'rights', undefined],
    [
      'the observer right is refused',
      { rights: ['RIGHT_OBSERVER'] },
      'rights',
      'Incorrect value entered',
    ],
  ])('%s', (_case, changes, field, text) => {
    expect(shownAt(valid(changes), field)).toBe(text);
  });

  it('a right the user lacks is refused, named in words', () => {
    const values = valid({
      rights: ['AUTHORITY_ALL_STAT', 'AUTHORITY_FINANCE', 'AUTHORITY_ROLE_MODIFY'],
    });
    expect(shownAt(values, 'rights', supervisor)).toBe(
      'You cannot grant rights you do not hold: Roles, Finance',
    );
    expect(shownAt(values, 'rights', supervisor, ru)).toBe(
      'Нельзя выдать права, которых нет у вас: Роли, Финансы',
    );
  });

  it('speaks Russian to a Russian user', () => {
    expect(shownAt(valid({ name: '' }), 'name', admin, ru)).toBe('Обязательное поле');
    expect(shownAt(valid({ description: 'x'.repeat(256) }), 'description', admin, ru)).toBe(
      'Не более 255 символов',
    );
  });
});

describe('the role editor’s values and the payload it sends', () => {
  it('a new role starts empty, with no rights', () => {
    expect(roleFormDefaults(undefined)).toEqual({ name: '', description: '', rights: [] });
  });

  it('a created role fills the editor and saves back trimmed, its rights in the editor’s order', () => {
    const values = roleFormDefaults({
      id: roleId,
      name: 'Lead',
      description: 'Runs a team',
      rights: ['AUTHORITY_FINANCE', 'AUTHORITY_CHAT_DISTRIBUTION'],
      immutable: false,
    });
    expect(values.rights).toEqual(['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_FINANCE']);
    const result = checkRoleForm({ ...values, name: ' Lead ' }, roleId, admin);
    expect(result).toEqual({
      ok: true,
      payload: {
        roleId,
        name: 'Lead',
        description: 'Runs a team',
        rights: ['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_FINANCE'],
      },
    });
  });

  it('an administrator may grant every right but the observer’s', () => {
    const all = RIGHTS.filter((right) => right !== 'RIGHT_OBSERVER');
    expect(checkRoleForm(valid({ rights: all }), roleId, admin).ok).toBe(true);
  });
});

describe('a refused save is shown where it belongs', () => {
  it.each<[string, ApiError | undefined, RoleField | null, string]>([
    [
      'a taken name at the name field',
      { name: 'ROLE_EXISTS' },
      'name',
      'A role with this name already exists',
    ],
    [
      'a right refused as a wrong value at the rights',
      { name: 'VALIDATION_FAILED', params: { field: 'rights' } },
      'rights',
      'Incorrect value entered',
    ],
    ['a missing right above the buttons', { name: 'ACCESS_DENIED' }, null, 'Access denied'],
    [
      'a built-in role above the buttons',
      { name: 'IMMUTABLE_ROLE_UPDATE' },
      null,
      'A built-in role cannot be changed',
    ],
    [
      'a role in use in words',
      { name: 'ROLE_IN_USE' },
      null,
      'The role is given to users; give them another role first',
    ],
    ['a refusal without a name as an unknown error', undefined, null, 'Unknown error'],
  ])('%s', (_case, error, field, text) => {
    const refusal = roleRefusal(error);
    expect(refusal.field).toBe(field);
    expect(roleProblemText(refusal.problem, en)).toBe(text);
  });
});
