import { BUILT_IN_ROLES, type Role, type User } from '../../protocol';

/** A row of the Roles screen: the role and how many users hold it. */
export type RoleRow = Role & { holders: number };

const builtInOrder = (name: string): number => {
  const index = (BUILT_IN_ROLES as readonly string[]).indexOf(name);
  return index === -1 ? BUILT_IN_ROLES.length : index;
};

/**
 * The two lists of the Roles screen: built-in roles from the least to the most rights (Operator,
 * Supervisor, Administrator), created roles by name. Holders count inactive users too, as the
 * server does when it refuses to delete a role in use (ROLE_IN_USE).
 */
export function roleRows(
  roles: readonly Role[],
  users: readonly Pick<User, 'roleId'>[],
): { builtIn: RoleRow[]; created: RoleRow[] } {
  const holders = new Map<string, number>();
  for (const user of users) holders.set(user.roleId, (holders.get(user.roleId) ?? 0) + 1);
  const rows = roles.map((role) => ({ ...role, holders: holders.get(role.id) ?? 0 }));
  return {
    builtIn: rows
      .filter((role) => role.immutable)
      .sort((a, b) => builtInOrder(a.name) - builtInOrder(b.name) || a.name.localeCompare(b.name)),
    created: rows
      .filter((role) => !role.immutable)
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
  };
}
