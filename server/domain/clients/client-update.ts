import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { IdSchema, isInnerClientStatus, type CommandPayload } from '../../../src/protocol';
import { clientStatuses, users } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireOption } from '../core/require-option';
import { clientPut, lockClient, requireProfileRights, saveClient } from './client-access';

/**
 * A status a client may take: one of the inner statuses every organization has, or a custom status
 * of this organization (which needs the client-statuses option; the inner ones do not).
 */
async function checkStatus(scope: CommandScope, status: string): Promise<void> {
  if (isInnerClientStatus(status)) return;
  await requireOption(scope, 'OPTION_CLIENT_STATUSES');
  // Anything else names a custom status by id; a text that is no id names none.
  if (!v.is(IdSchema, status)) fail('PROFILE_STATUS_NOT_FOUND');
  const [found] = await scope.tx
    .select({ id: clientStatuses.id })
    .from(clientStatuses)
    .where(and(eq(clientStatuses.id, status), eq(clientStatuses.orgId, scope.orgId)))
    // Held until commit: a delete of this status waits, then sees this client holding it.
    .for('share');
  if (!found) fail('PROFILE_STATUS_NOT_FOUND');
}

/** A personal manager is an active staff member of the organization. */
async function checkManager(scope: CommandScope, userId: string): Promise<void> {
  const [user] = await scope.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, scope.orgId), eq(users.active, true)));
  if (!user) fail('USER_NOT_FOUND');
}

/** Saves what is set on the profile itself: its name, status and personal manager. */
export async function clientUpdate(
  scope: CommandScope,
  payload: CommandPayload<'client.update'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const { name, status, personalManagerId } = payload;
  if (status !== undefined && status !== client.status) await checkStatus(scope, status);
  if (personalManagerId) await checkManager(scope, personalManagerId);
  const row = await saveClient(scope, client.id, { name, status, personalManagerId });
  scope.emit('client.updated', { clientId: client.id, name, status, personalManagerId }, [
    clientPut(row),
  ]);
}
