import { describe, expect, it } from 'vitest';
import type { Role } from '../../protocol';
import { roleRows } from './role-list';

const role = (id: string, name: string, immutable: boolean): Role => ({
  id,
  name,
  description: `${name} role`,
  rights: [],
  immutable,
});

describe('the two lists of the Roles screen', () => {
  const roles = [
    role('admin', 'Administrator', true),
    role('lead', 'team lead', false),
    role('op', 'Operator', true),
    role('audit', 'Auditor', false),
    role('sup', 'Supervisor', true),
  ];
  const users = [{ roleId: 'op' }, { roleId: 'op' }, { roleId: 'lead' }, { roleId: 'admin' }];

  it('built-in roles from the fewest rights to the most, created roles by name', () => {
    const { builtIn, created } = roleRows(roles, users);
    expect(builtIn.map((row) => row.name)).toEqual(['Operator', 'Supervisor', 'Administrator']);
    expect(created.map((row) => row.name)).toEqual(['Auditor', 'team lead']);
  });

  it.each([
    ['op', 2],
    ['lead', 1],
    ['audit', 0],
  ])('role %s is held by %i users', (id, count) => {
    const { builtIn, created } = roleRows(roles, users);
    expect([...builtIn, ...created].find((row) => row.id === id)?.holders).toBe(count);
  });
});
