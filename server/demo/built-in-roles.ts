import { BUILT_IN_ROLES, BUILT_IN_ROLE_RIGHTS, newId, type BuiltInRole } from '../../src/protocol';
import type { Db, Tx } from '../db/database';
import { roles } from '../db/schema';

const DESCRIPTIONS: Record<BuiltInRole, string> = {
  Operator: 'Handles requests and can be assigned as a chat executor',
  Supervisor: 'Controls operator teams and sees all requests',
  Administrator: 'Configures the platform and sees all requests',
};

/**
 * Every organization gets the three immutable built-in roles. Their ids are fresh unless given
 * (a generated organization that must come out the same every time).
 */
export async function createBuiltInRoles(
  db: Db | Tx,
  orgId: string,
  idOf: (role: BuiltInRole) => string = () => newId(),
): Promise<Record<BuiltInRole, string>> {
  const ids = {} as Record<BuiltInRole, string>;
  await db.insert(roles).values(
    BUILT_IN_ROLES.map((name) => {
      ids[name] = idOf(name);
      return {
        id: ids[name],
        orgId,
        name,
        description: DESCRIPTIONS[name],
        rights: [...BUILT_IN_ROLE_RIGHTS[name]],
        immutable: true,
      };
    }),
  );
  return ids;
}
