import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { clientStatuses, clients } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireStatusRights } from './client-status-save';

/**
 * Deletes a custom status. One any client still has is refused (ACTIVE_STATUS_CANNOT_BE_DELETED):
 * those clients would show a status that no longer exists.
 */
export async function clientStatusDelete(
  scope: CommandScope,
  payload: CommandPayload<'clientStatus.delete'>,
): Promise<void> {
  await requireStatusRights(scope);
  const { statusId } = payload;
  const [found] = await scope.tx
    .select({ id: clientStatuses.id })
    .from(clientStatuses)
    .where(and(eq(clientStatuses.id, statusId), eq(clientStatuses.orgId, scope.orgId)))
    .for('update');
  if (!found) fail('PROFILE_STATUS_NOT_FOUND');
  const [holder] = await scope.tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.orgId, scope.orgId), eq(clients.status, statusId)))
    .limit(1);
  if (holder) fail('ACTIVE_STATUS_CANNOT_BE_DELETED');
  await scope.tx.delete(clientStatuses).where(eq(clientStatuses.id, statusId));
  scope.emit('clientStatus.deleted', { statusId }, [
    { table: 'clientStatuses', op: 'delete', key: statusId, groups: [ORG_GROUP] },
  ]);
}
