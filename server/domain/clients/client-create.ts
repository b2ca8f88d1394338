import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { clients } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { clientPut, requireProfileRights } from './client-access';
import {
  addressValue,
  contactPut,
  insertAddress,
  refuseHeldAddress,
  type AddressKind,
} from './contact-rows';

/**
 * A client created by staff (the Create chat pane, the profile list). Its phone and e-mail become
 * contacts like any other, and the row mirrors them for the list.
 */
export async function clientCreate(
  scope: CommandScope,
  payload: CommandPayload<'client.create'>,
): Promise<void> {
  await requireProfileRights(scope);
  const { clientId, name } = payload;
  const [used] = await scope.tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (used) fail('VALIDATION_FAILED', { field: 'clientId' });
  const phone = payload.phone === null ? null : addressValue('phone', payload.phone);
  const email = payload.email === null ? null : addressValue('email', payload.email);
  const addresses: [AddressKind, string][] = [];
  if (phone) addresses.push(['phone', phone]);
  if (email) addresses.push(['email', email]);
  for (const [kind, value] of addresses) await refuseHeldAddress(scope, kind, value);

  const [row] = await scope.tx
    .insert(clients)
    .values({
      id: clientId,
      orgId: scope.orgId,
      name,
      phone,
      email,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  const changes = [clientPut(row)];
  for (const [kind, value] of addresses) {
    const contact = await insertAddress(scope, { id: scope.newId(), clientId, kind, value });
    changes.push(contactPut(contact));
  }
  scope.emit('client.created', { clientId, name }, changes);
}
