import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { roles, users } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { lockCreatedRole } from './role-save';

/**
 * Deletes a created role. A role someone holds is refused (ROLE_IN_USE), inactive users
 * included: every user must keep a role, and silently moving people to another role would
 * change their rights behind the administrator's back.
 */
export async function roleDelete(
  scope: CommandScope,
  payload: CommandPayload<'role.delete'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_ROLE_MODIFY');
  const { roleId } = payload;
  await lockCreatedRole(scope, roleId);
  const [holder] = await scope.tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, roleId))
    .limit(1);
  if (holder) fail('ROLE_IN_USE');
  await scope.tx.delete(roles).where(eq(roles.id, roleId));
  scope.emit('role.deleted', { roleId }, [
    { table: 'roles', op: 'delete', key: roleId, groups: [ORG_GROUP] },
  ]);
}
