import type { Role, Team, User } from '../../protocol';
import type { Translator } from '../../ui/i18n';

/** The Active / Inactive filter of the Users list; `all` shows both. */
export const ACTIVITY_FILTERS = ['all', 'active', 'inactive'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export const isActivityFilter = (value: unknown): value is ActivityFilter =>
  typeof value === 'string' && (ACTIVITY_FILTERS as readonly string[]).includes(value);

/** Where someone is now, as the list tells it: not signed in, or signed in on Break or In work. */
export type Presence = 'offline' | 'break' | 'in_work';

/** A row of the Users list: the user with the names of their role and teams. */
export type UserRow = User & { roleName: string; teamNames: string[]; presence: Presence };

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Only the digits of a phone number: "+1 (555) 01-00" is found by "555010" too. */
const digitsOf = (text: string): string => text.replace(/\D/g, '');

/**
 * Whether a user matches the search box: a piece of their name, e-mail or phone, regardless of
 * case; a phone also by its digits alone, as people type numbers without the spaces and dashes.
 */
export function matchesSearch(
  user: Pick<User, 'name' | 'email' | 'phone'>,
  query: string,
): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return true;
  const texts = [user.name, user.email, user.phone ?? ''];
  if (texts.some((text) => text.toLocaleLowerCase().includes(wanted))) return true;
  const digits = digitsOf(wanted);
  // Only a query that is a phone number as written: "a1" must not find every phone with a 1.
  return (
    digits.length >= 3 &&
    /^[\d\s()+\-.]+$/.test(wanted) &&
    user.phone !== null &&
    digitsOf(user.phone).includes(digits)
  );
}

export const presenceOf = (user: Pick<User, 'online' | 'operatorStatus'>): Presence =>
  user.online ? user.operatorStatus : 'offline';

/** The organization's users that match the search and the filter, in name order. */
export function userRows(
  users: readonly User[],
  roles: readonly Role[],
  teams: readonly Team[],
  filter: { search: string; activity: ActivityFilter },
): UserRow[] {
  const roleNames = new Map(roles.map((role) => [role.id, role.name]));
  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  return users
    .filter((user) => filter.activity === 'all' || user.active === (filter.activity === 'active'))
    .filter((user) => matchesSearch(user, filter.search))
    .map((user) => ({
      ...user,
      roleName: roleNames.get(user.roleId) ?? '',
      // A team deleted a moment ago may still be named by a user row not yet synced.
      teamNames: user.teamIds
        .flatMap((id) => teamNames.get(id) ?? [])
        .sort((a, b) => a.localeCompare(b)),
      presence: presenceOf(user),
    }))
    .sort(byName);
}

/** Up to two initials for a user without a photo: "Nina Ivanova" → "NI", "nina" → "N". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/** The file a stored photo address names (`/api/files/<id>`), or null for none or another address. */
export function photoFileIdOf(photoUrl: string | null): string | null {
  const match = photoUrl ? /^\/api\/files\/([0-9a-f-]{36})$/i.exec(photoUrl) : null;
  return match?.[1] ?? null;
}

/** When someone was last active, as the list and the form show it: a date and time, or never. */
export function lastActivityText(at: string | null, i18n: Pick<Translator, 't' | 'intl'>): string {
  if (at === null) return i18n.t('users.never');
  return i18n.intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
}
