import type { CurrentUser, OptionName, Right } from '../protocol';

/** What a signed-in user holds: the rights of their role and the options of their tariff. */
export type Access = { rights: ReadonlySet<string>; options: ReadonlySet<string> };

export const accessOf = (user: Pick<CurrentUser, 'role' | 'options'>): Access => ({
  rights: new Set(user.role.rights.map((right) => right.name)),
  options: new Set(user.options),
});

export type Guard = { path: string; right?: Right; option?: OptionName };

const STATISTIC_REPORTS = [
  'common',
  'dialogs',
  'channels',
  'employees',
  'teams',
  'time',
  'categories',
] as const;

/**
 * Route guards of spec §6. A guard covers its path and everything below it; the longest match
 * decides, so the consolidated report (/admin/reports/report) falls to the reports entry and
 * needs only the right. Routes the spec leaves unguarded (chats, users list, teams, black-list,
 * merge-contacts, support, profile, templates/whats-app) have no entry.
 */
export const GUARDS: readonly Guard[] = [
  { path: '/admin/reports', right: 'AUTHORITY_ALL_STAT' },
  ...STATISTIC_REPORTS.map((report): Guard => ({
    path: `/admin/reports/${report}`,
    right: 'AUTHORITY_ALL_STAT',
    option: 'OPTION_STATISTIC',
  })),
  { path: '/admin/monitoring', right: 'AUTHORITY_ALL_STAT', option: 'OPTION_ONLINE_MONITORING' },
  { path: '/admin/users/edit', right: 'RIGHT_ACCOUNT_CONTROL' },
  { path: '/admin/preferences/plans', right: 'RIGHT_OBSERVER' },
  { path: '/admin/preferences/companies', right: 'RIGHT_OBSERVER' },
  { path: '/admin/preferences/channels', right: 'AUTHORITY_SERVICE_ACCOUNT' },
  { path: '/admin/preferences/chat-bots', right: 'AUTHORITY_SERVICE_ACCOUNT' },
  { path: '/admin/preferences/roles', right: 'AUTHORITY_ROLE_MODIFY' },
  { path: '/admin/preferences/statuses', right: 'AUTHORITY_PROFILE_STATUS' },
  { path: '/admin/preferences/templates/custom', right: 'AUTHORITY_TEAM_TEMPLATE' },
  { path: '/admin/preferences/extensions', right: 'AUTHORITY_INTEGRATION' },
  { path: '/admin/preferences/categories', right: 'AUTHORITY_CHAT_SESSION_CATEGORY' },
  { path: '/admin/finance', right: 'AUTHORITY_FINANCE' },
];

const trimSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
const covers = (guardPath: string, path: string) =>
  path === guardPath || path.startsWith(`${guardPath}/`);

/** The guard that applies to a path, if any. */
export function guardFor(pathname: string): Guard | undefined {
  const path = trimSlash(pathname);
  let found: Guard | undefined;
  for (const guard of GUARDS) {
    if (covers(guard.path, path) && (!found || guard.path.length > found.path.length))
      found = guard;
  }
  return found;
}

/** Where a user who may not open a path is sent: /no-rights for a missing right, /admin/options for a missing option. */
export type Denial = '/no-rights' | '/admin/options';

export function accessDenial(pathname: string, access: Access): Denial | null {
  const guard = guardFor(pathname);
  if (!guard) return null;
  if (guard.right && !access.rights.has(guard.right)) return '/no-rights';
  if (guard.option && !access.options.has(guard.option)) return '/admin/options';
  return null;
}

export const mayOpen = (pathname: string, access: Access): boolean =>
  accessDenial(pathname, access) === null;
