import { mayOpen, type Access } from '../guards';

/** The main menu of spec §2, in its order. */
export const MENU_ENTRIES = [
  'assigned',
  'open',
  'closed',
  'expired',
  'created',
  'reports',
  'users',
  'teams',
  'preferences',
  'finance',
  'monitoring',
  'support',
  'createChat',
  'ai',
  'logout',
] as const;
export type MenuEntry = (typeof MENU_ENTRIES)[number];

/**
 * Which entries a user sees. Guarded screens follow their guards (a right and, for monitoring,
 * the tariff option), so an entry never leads straight to "no rights". Users and Teams have no
 * route guard; they show to whoever manages people. Settings always shows: the blacklist,
 * contact merge and WhatsApp templates need no right.
 */
const VISIBLE: Partial<Record<MenuEntry, (access: Access) => boolean>> = {
  reports: (access) => mayOpen('/admin/reports/report', access),
  users: (access) =>
    access.rights.has('RIGHT_ACCOUNT_CONTROL') || access.rights.has('AUTHORITY_TEAM_MANAGEMENT'),
  teams: (access) => access.rights.has('AUTHORITY_TEAM_MANAGEMENT'),
  finance: (access) => mayOpen('/admin/finance', access),
  monitoring: (access) => mayOpen('/admin/monitoring', access),
};

export function menuFor(access: Access): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => VISIBLE[entry]?.(access) ?? true);
}
