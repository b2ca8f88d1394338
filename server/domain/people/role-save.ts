import { and, eq, ne, sql } from 'drizzle-orm';
import type { CommandPayload, Right } from '../../../src/protocol';
import { roles } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { roleRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';

type RoleSave = CommandPayload<'role.create'>;

/**
 * The rights a role may be given (docs/people-and-access.md): never RIGHT_OBSERVER, which is the
 * provider's (spec §3), and only rights the sender holds, or a role editor could make a role
 * above their own and have it given to them.
 */
function checkedRights(scope: CommandScope, rights: readonly Right[]): Right[] {
  const viewer = requireRight(scope, 'AUTHORITY_ROLE_MODIFY');
  if (rights.includes('RIGHT_OBSERVER')) fail('VALIDATION_FAILED', { field: 'rights' });
  if (rights.some((right) => !viewer.rights.has(right))) fail('ACCESS_DENIED');
  return [...new Set(rights)];
}

/** Role names are unique in an organization regardless of case, as team names are. */
async function refuseTakenName(scope: CommandScope, name: string, roleId: string): Promise<void> {
  const [taken] = await scope.tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.orgId, scope.orgId),
        ne(roles.id, roleId),
        sql`lower(${roles.name}) = lower(${name})`,
      ),
    );
  if (taken) fail('ROLE_EXISTS');
}

/** A created role of this organization, its row locked until commit; built-in roles are never changed. */
export async function lockCreatedRole(scope: CommandScope, roleId: string): Promise<void> {
  const [found] = await scope.tx
    .select({ immutable: roles.immutable })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.orgId, scope.orgId)))
    .for('update');
  if (!found) fail('ROLE_NOT_FOUND');
  if (found.immutable) fail('IMMUTABLE_ROLE_UPDATE');
}

export async function roleCreate(scope: CommandScope, payload: RoleSave): Promise<void> {
  const rights = checkedRights(scope, payload.rights);
  const { roleId, name, description } = payload;
  const [used] = await scope.tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (used) fail('VALIDATION_FAILED', { field: 'roleId' });
  await refuseTakenName(scope, name, roleId);
  const [row] = await scope.tx
    .insert(roles)
    .values({ id: roleId, orgId: scope.orgId, name, description, rights, createdAt: scope.now })
    .returning();
  if (!row) throw new Error('role insert returned nothing');
  scope.emit('role.created', { roleId, name }, [
    { table: 'roles', op: 'put', key: row.id, row: roleRow(row), groups: [ORG_GROUP] },
  ]);
}

/**
 * A created role saved whole. Its holders get the new rights at once: their next request loads
 * them, and the role's row in the log makes their live streams re-check them (a changed set of
 * sync groups resets the stream, so they bootstrap what they may now see).
 */
export async function roleUpdate(scope: CommandScope, payload: RoleSave): Promise<void> {
  const rights = checkedRights(scope, payload.rights);
  const { roleId, name, description } = payload;
  await lockCreatedRole(scope, roleId);
  await refuseTakenName(scope, name, roleId);
  const [row] = await scope.tx
    .update(roles)
    .set({ name, description, rights })
    .where(eq(roles.id, roleId))
    .returning();
  if (!row) fail('ROLE_NOT_FOUND');
  scope.emit('role.updated', { roleId, name, rights }, [
    { table: 'roles', op: 'put', key: row.id, row: roleRow(row), groups: [ORG_GROUP] },
  ]);
}
