import { and, eq, ne, sql } from 'drizzle-orm';
import { isStatusColour, type CommandPayload } from '../../../src/protocol';
import { clientStatuses } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { clientStatusRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireOption } from '../core/require-option';
import { requireRight } from '../core/require-viewer';

type StatusSave = CommandPayload<'clientStatus.create'>;

/** Who may edit the organization's custom statuses: AUTHORITY_PROFILE_STATUS, with the option. */
export async function requireStatusRights(scope: CommandScope): Promise<void> {
  requireRight(scope, 'AUTHORITY_PROFILE_STATUS');
  await requireOption(scope, 'OPTION_CLIENT_STATUSES');
}

/** The colour is a palette name, and the name is free regardless of case. */
async function checkStatus(scope: CommandScope, payload: StatusSave): Promise<void> {
  if (!isStatusColour(payload.colour)) fail('COLOR_NOT_FOUND');
  const [taken] = await scope.tx
    .select({ id: clientStatuses.id })
    .from(clientStatuses)
    .where(
      and(
        eq(clientStatuses.orgId, scope.orgId),
        ne(clientStatuses.id, payload.statusId),
        sql`lower(${clientStatuses.name}) = lower(${payload.name})`,
      ),
    );
  if (taken) fail('PROFILE_STATUS_EXISTS');
}

/** A new custom client status. */
export async function clientStatusCreate(scope: CommandScope, payload: StatusSave): Promise<void> {
  await requireStatusRights(scope);
  const { statusId, name, colour } = payload;
  const [used] = await scope.tx
    .select({ id: clientStatuses.id })
    .from(clientStatuses)
    .where(eq(clientStatuses.id, statusId));
  if (used) fail('VALIDATION_FAILED', { field: 'statusId' });
  await checkStatus(scope, payload);
  const [row] = await scope.tx
    .insert(clientStatuses)
    .values({
      id: statusId,
      orgId: scope.orgId,
      name,
      colour,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('status insert returned nothing');
  scope.emit('clientStatus.created', { statusId, name, colour }, [
    {
      table: 'clientStatuses',
      op: 'put',
      key: row.id,
      row: clientStatusRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}

/** A custom status renamed or recoloured; clients holding it keep it (they store its id). */
export async function clientStatusUpdate(scope: CommandScope, payload: StatusSave): Promise<void> {
  await requireStatusRights(scope);
  const { statusId, name, colour } = payload;
  const [found] = await scope.tx
    .select({ id: clientStatuses.id })
    .from(clientStatuses)
    .where(and(eq(clientStatuses.id, statusId), eq(clientStatuses.orgId, scope.orgId)))
    .for('update');
  if (!found) fail('PROFILE_STATUS_NOT_FOUND');
  await checkStatus(scope, payload);
  const [row] = await scope.tx
    .update(clientStatuses)
    .set({ name, colour, updatedAt: scope.now })
    .where(eq(clientStatuses.id, statusId))
    .returning();
  if (!row) fail('PROFILE_STATUS_NOT_FOUND');
  scope.emit('clientStatus.updated', { statusId, name, colour }, [
    {
      table: 'clientStatuses',
      op: 'put',
      key: row.id,
      row: clientStatusRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}
