import { describe, expect, it } from 'vitest';
import { RIGHTS, OPTIONS } from '../protocol';
import { accessDenial, accessOf, guardFor, type Access } from './guards';

const access = (rights: readonly string[], options: readonly string[] = []): Access => ({
  rights: new Set(rights),
  options: new Set(options),
});
const everything = access(RIGHTS, OPTIONS);
const nothing = access([]);

describe('route guards of spec §6', () => {
  // [path, the right it needs, the option it needs]
  const table: [string, string | null, string | null][] = [
    ['/admin/chats', null, null],
    ['/admin/users/all', null, null],
    ['/admin/users/edit', 'RIGHT_ACCOUNT_CONTROL', null],
    ['/admin/teams/all', null, null],
    ['/admin/profile/general', null, null],
    ['/admin/support', null, null],
    ['/admin/reports', 'AUTHORITY_ALL_STAT', null],
    ['/admin/reports/report', 'AUTHORITY_ALL_STAT', null],
    ['/admin/reports/common', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/dialogs', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/channels', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/employees', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/teams', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/time', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/reports/categories', 'AUTHORITY_ALL_STAT', 'OPTION_STATISTIC'],
    ['/admin/monitoring', 'AUTHORITY_ALL_STAT', 'OPTION_ONLINE_MONITORING'],
    ['/admin/monitoring/operators', 'AUTHORITY_ALL_STAT', 'OPTION_ONLINE_MONITORING'],
    ['/admin/preferences/plans', 'RIGHT_OBSERVER', null],
    ['/admin/preferences/companies', 'RIGHT_OBSERVER', null],
    ['/admin/preferences/channels/all', 'AUTHORITY_SERVICE_ACCOUNT', null],
    ['/admin/preferences/channels/telegram/create', 'AUTHORITY_SERVICE_ACCOUNT', null],
    [
      '/admin/preferences/channels/support/edit/0190a0b4-0000-7000-8000-000000000000',
      'AUTHORITY_SERVICE_ACCOUNT',
      null,
    ],
    ['/admin/preferences/chat-bots', 'AUTHORITY_SERVICE_ACCOUNT', null],
    ['/admin/preferences/chat-bots/bot', 'AUTHORITY_SERVICE_ACCOUNT', null],
    ['/admin/preferences/roles', 'AUTHORITY_ROLE_MODIFY', null],
    ['/admin/preferences/statuses', 'AUTHORITY_PROFILE_STATUS', null],
    ['/admin/preferences/templates/custom', 'AUTHORITY_TEAM_TEMPLATE', null],
    ['/admin/preferences/templates/whats-app', null, null],
    ['/admin/preferences/extensions', 'AUTHORITY_INTEGRATION', null],
    ['/admin/preferences/categories', 'AUTHORITY_CHAT_SESSION_CATEGORY', null],
    ['/admin/preferences/categories/template', 'AUTHORITY_CHAT_SESSION_CATEGORY', null],
    ['/admin/preferences/categories/template/42', 'AUTHORITY_CHAT_SESSION_CATEGORY', null],
    ['/admin/preferences/black-list', null, null],
    ['/admin/preferences/merge-contacts', null, null],
    ['/admin/finance', 'AUTHORITY_FINANCE', null],
    ['/admin/finance/billing', 'AUTHORITY_FINANCE', null],
  ];

  it.each(table)('%s needs right %s and option %s', (path, right, option) => {
    const guard = guardFor(path);
    expect(guard?.right ?? null).toBe(right);
    expect(guard?.option ?? null).toBe(option);
    expect(accessDenial(path, everything)).toBeNull();
    // Without the right the user is sent to /no-rights, whatever options the tariff has.
    if (right)
      expect(
        accessDenial(
          path,
          access(
            RIGHTS.filter((r) => r !== right),
            OPTIONS,
          ),
        ),
      ).toBe('/no-rights');
    // With the right but without the option, to /admin/options.
    if (option)
      expect(
        accessDenial(
          path,
          access(
            RIGHTS,
            OPTIONS.filter((o) => o !== option),
          ),
        ),
      ).toBe('/admin/options');
    if (!right && !option) expect(accessDenial(path, nothing)).toBeNull();
  });

  it('a missing right is told before a missing option', () => {
    expect(accessDenial('/admin/reports/common', nothing)).toBe('/no-rights');
  });

  it('a trailing slash does not slip past a guard', () => {
    expect(accessDenial('/admin/finance/', nothing)).toBe('/no-rights');
  });

  it('a path that only starts like a guarded one is not guarded by it', () => {
    expect(guardFor('/admin/financeX')).toBeUndefined();
    expect(guardFor('/admin/preferences/templates/custom-x')).toBeUndefined();
  });

  it('reads rights and options from the current user', () => {
    const user = {
      role: { name: 'Supervisor', rights: [{ name: 'AUTHORITY_ALL_STAT' }] },
      options: ['OPTION_STATISTIC'],
    };
    expect(accessDenial('/admin/reports/common', accessOf(user))).toBeNull();
    expect(accessDenial('/admin/monitoring/channels', accessOf(user))).toBe('/admin/options');
  });
});
