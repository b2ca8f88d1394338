import { eq } from 'drizzle-orm';
import { normalizeContact } from '../../../src/protocol/contact-value';
import { clientContacts, clients } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { clientRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { contactPut, type AddressKind } from './contact-rows';

/** What a channel tells of a customer writing for the first time. */
export type ChannelCustomer = {
  externalId: string;
  name?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
};

/**
 * A new client for a customer a channel knows by `externalId`: the client, its channel identity,
 * and the phone and e-mail the channel gave as contacts of its own, normalised as staff's are.
 *
 * A phone or e-mail that is no valid number or address, or that another client already holds, is
 * not made a contact: two profiles sharing a phone are never merged on the channel's word
 * (chatwoot#4728 merged different people that way); staff see the likely match and merge by hand.
 * The row's phone and e-mail mirror the contacts it got, as every other client's do.
 */
export async function newChannelClient(
  scope: CommandScope,
  channelId: string,
  customer: ChannelCustomer,
): Promise<{ id: string; changes: StoredChange[] }> {
  const id = scope.newId();
  const addresses: { kind: AddressKind; value: string }[] = [];
  for (const kind of ['phone', 'email'] as const) {
    const raw = customer[kind];
    if (!raw) continue;
    const normalized = normalizeContact(kind, raw);
    if (normalized.ok) addresses.push({ kind, value: normalized.value });
  }
  const offered = (kind: AddressKind) =>
    addresses.find((address) => address.kind === kind)?.value ?? null;
  // The client row first (contacts reference it), mirroring the addresses it is offered: the
  // usual case, a phone or e-mail nobody else holds, then needs no second write.
  const [inserted] = await scope.tx
    .insert(clients)
    .values({
      id,
      orgId: scope.orgId,
      name: customer.name?.trim() || customer.phone || customer.email || customer.externalId,
      phone: offered('phone'),
      email: offered('email'),
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!inserted) throw new Error('client insert returned nothing');
  const contactRows = await scope.tx
    .insert(clientContacts)
    .values([
      {
        id: scope.newId(),
        orgId: scope.orgId,
        clientId: id,
        kind: 'channel' as const,
        channelId,
        value: customer.externalId,
        createdAt: scope.now,
      },
      ...addresses.map((address) => ({
        id: scope.newId(),
        orgId: scope.orgId,
        clientId: id,
        kind: address.kind,
        channelId: null,
        value: address.value,
        createdAt: scope.now,
      })),
    ])
    // Another client's phone or e-mail stays theirs (the identity itself is new: the customer's
    // lock is held and the identity was looked up under it).
    .onConflictDoNothing()
    .returning();
  const held = (kind: AddressKind) => contactRows.find((row) => row.kind === kind)?.value ?? null;
  let client = inserted;
  if (held('phone') !== inserted.phone || held('email') !== inserted.email) {
    const [updated] = await scope.tx
      .update(clients)
      .set({ phone: held('phone'), email: held('email') })
      .where(eq(clients.id, id))
      .returning();
    if (!updated) throw new Error('client update returned nothing');
    client = updated;
  }
  return {
    id,
    changes: [
      { table: 'clients', op: 'put', key: id, row: clientRow(client), groups: [ORG_GROUP] },
      ...contactRows.map(contactPut),
    ],
  };
}
