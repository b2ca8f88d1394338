import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_RIGHTS, OPTIONS } from '../../protocol';
import { MENU_ENTRIES, menuFor } from './menu';

const roleAccess = (
  role: keyof typeof BUILT_IN_ROLE_RIGHTS,
  options: readonly string[] = OPTIONS,
) => ({
  rights: new Set<string>(BUILT_IN_ROLE_RIGHTS[role]),
  options: new Set(options),
});

describe('main menu entries by rights and options', () => {
  it('an administrator with every option sees the whole menu', () => {
    expect(menuFor(roleAccess('Administrator'))).toEqual([...MENU_ENTRIES]);
  });

  it('an operator sees the chat lists, settings, support, create chat, AI and log out', () => {
    expect(menuFor(roleAccess('Operator'))).toEqual([
      'assigned',
      'open',
      'closed',
      'expired',
      'created',
      'preferences',
      'support',
      'createChat',
      'ai',
      'logout',
    ]);
  });

  it('a supervisor sees reports, users, teams and monitoring but not finance', () => {
    const menu = menuFor(roleAccess('Supervisor'));
    expect(menu).toEqual(expect.arrayContaining(['reports', 'users', 'teams', 'monitoring']));
    expect(menu).not.toContain('finance');
  });

  it('monitoring disappears when the tariff lacks online monitoring; reports stay (the consolidated one needs no option)', () => {
    const menu = menuFor(roleAccess('Supervisor', []));
    expect(menu).not.toContain('monitoring');
    expect(menu).toContain('reports');
  });
});
