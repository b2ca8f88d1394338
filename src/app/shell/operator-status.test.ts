import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_RIGHTS, type OperatorStatus } from '../../protocol';
import { hasOperatorStatus, statusChange } from './operator-status';

const access = (rights: readonly string[]) => ({
  rights: new Set(rights),
  options: new Set<string>(),
});

describe('who has an operator status', () => {
  it.each([
    ['an operator', BUILT_IN_ROLE_RIGHTS.Operator, true],
    ['a supervisor', BUILT_IN_ROLE_RIGHTS.Supervisor, true],
    ['an administrator', BUILT_IN_ROLE_RIGHTS.Administrator, true],
    ['a role that only reads statistics', ['AUTHORITY_ALL_STAT'], false],
    ['a role with no rights', [], false],
  ] as const)('%s: %s', (_who, rights, shown) => {
    expect(hasOperatorStatus(access(rights))).toBe(shown);
  });
});

describe('what choosing a status sends', () => {
  const cases: [string, OperatorStatus | undefined, OperatorStatus, OperatorStatus | null][] = [
    ['from Break, choosing In work asks to go In work', 'break', 'in_work', 'in_work'],
    ['from In work, choosing Break asks for a break', 'in_work', 'break', 'break'],
    ['choosing the status already held sends nothing', 'in_work', 'in_work', null],
    ['choosing Break while on Break sends nothing', 'break', 'break', null],
    ['before the user row has arrived nothing is sent', undefined, 'in_work', null],
  ];
  it.each(cases)('%s', (_name, current, chosen, sent) => {
    const change = statusChange(current, chosen);
    expect(change).toEqual(
      sent === null ? null : { type: 'operator.setStatus', payload: { status: sent } },
    );
  });
});
