import { and, count, eq } from 'drizzle-orm';
import { LIMITS, type CommandPayload } from '../../../src/protocol';
import { clientContacts } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { clientPut, lockClient, requireProfileRights, saveClient } from './client-access';
import {
  addressValue,
  contactPut,
  insertAddress,
  mirroredAddress,
  refuseHeldAddress,
} from './contact-rows';

/** A phone or e-mail typed on the profile, normalised; the row's mirror follows when it was empty. */
export async function clientAddContact(
  scope: CommandScope,
  payload: CommandPayload<'client.addContact'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const { contactId, kind } = payload;
  const [used] = await scope.tx
    .select({ id: clientContacts.id })
    .from(clientContacts)
    .where(eq(clientContacts.id, contactId));
  if (used) fail('VALIDATION_FAILED', { field: 'contactId' });
  const value = addressValue(kind, payload.value);
  await refuseHeldAddress(scope, kind, value);
  const [held] = await scope.tx
    .select({ n: count() })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, client.id));
  if ((held?.n ?? 0) >= LIMITS.clientContactsMax)
    fail('VALIDATION_FAILED', { field: 'value', max: LIMITS.clientContactsMax });

  const contact = await insertAddress(scope, { id: contactId, clientId: client.id, kind, value });
  const changes = [contactPut(contact)];
  if (client[kind] === null)
    changes.push(clientPut(await saveClient(scope, client.id, { [kind]: value })));
  scope.emit('client.contactAdded', { clientId: client.id, contactId, kind }, changes);
}

/**
 * Removes a phone or e-mail. A channel identity is how a channel knows the customer: removing it
 * by hand would make their next message a new client, so it is refused (VALIDATION_FAILED). The
 * row's mirrored phone or e-mail becomes the oldest one left, or null.
 */
export async function clientRemoveContact(
  scope: CommandScope,
  payload: CommandPayload<'client.removeContact'>,
): Promise<void> {
  await requireProfileRights(scope);
  const [found] = await scope.tx
    .select({ clientId: clientContacts.clientId })
    .from(clientContacts)
    .where(and(eq(clientContacts.id, payload.contactId), eq(clientContacts.orgId, scope.orgId)));
  if (!found) fail('PROFILE_CONTACT_NOT_FOUND');
  // The client first, then the contact: the order a merge takes them in.
  const client = await lockClient(scope, found.clientId);
  const [contact] = await scope.tx
    .select()
    .from(clientContacts)
    .where(and(eq(clientContacts.id, payload.contactId), eq(clientContacts.clientId, client.id)))
    .for('update');
  if (!contact) fail('PROFILE_CONTACT_NOT_FOUND');
  if (contact.kind === 'channel') fail('VALIDATION_FAILED', { field: 'contactId' });
  const kind = contact.kind;
  await scope.tx.delete(clientContacts).where(eq(clientContacts.id, contact.id));
  const mirror = await mirroredAddress(scope, client.id, kind);
  const row = await saveClient(scope, client.id, { [kind]: mirror });
  scope.emit('client.contactRemoved', { clientId: client.id, contactId: contact.id, kind }, [
    { table: 'clientContacts', op: 'delete', key: contact.id, groups: [ORG_GROUP] },
    clientPut(row),
  ]);
}
