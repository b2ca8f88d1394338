import { BUILT_IN_ROLES, type BuiltInRole, type Role } from '../protocol';
import type { Translator } from './i18n';

const isBuiltIn = (name: string): name is BuiltInRole =>
  (BUILT_IN_ROLES as readonly string[]).includes(name);

/**
 * A role as the screens show it: a built-in one (immutable, stored under its built-in key as its
 * name by createBuiltInRoles) in the user's language, a created one as its author typed it.
 */
export function shownRole<R extends Pick<Role, 'name' | 'description' | 'immutable'>>(
  role: R,
  t: Translator['t'],
): R {
  if (!role.immutable || !isBuiltIn(role.name)) return role;
  return {
    ...role,
    name: t(`role.builtIn.${role.name}`),
    description: t(`role.builtIn.${role.name}.description`),
  };
}
