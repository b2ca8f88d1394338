import { and, asc, eq, ne } from 'drizzle-orm';
import { normalizeContact } from '../../../src/protocol/contact-value';
import { clientContacts } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { clientContactRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

export type ContactRecord = typeof clientContacts.$inferSelect;
/** The contacts a person types on a profile; channel identities come only from channels. */
export type AddressKind = 'phone' | 'email';

/** A phone or e-mail as stored and compared (E.164, normalised e-mail), or its named refusal. */
export function addressValue(kind: AddressKind, raw: string): string {
  const normalized = normalizeContact(kind, raw);
  if (!normalized.ok) fail(normalized.error, { field: kind === 'phone' ? 'phone' : 'email' });
  return normalized.value;
}

/**
 * A phone or e-mail belongs to one client of the organization: one another client (or this one)
 * already holds is PROFILE_CONTACT_EXISTS. The unique index `client_contacts_address` says the
 * same to two saves racing past this check.
 */
export async function refuseHeldAddress(
  scope: CommandScope,
  kind: AddressKind,
  value: string,
): Promise<void> {
  const [held] = await scope.tx
    .select({ id: clientContacts.id })
    .from(clientContacts)
    .where(
      and(
        eq(clientContacts.orgId, scope.orgId),
        eq(clientContacts.kind, kind),
        eq(clientContacts.value, value),
        ne(clientContacts.kind, 'channel'),
      ),
    );
  if (held) fail('PROFILE_CONTACT_EXISTS');
}

/** A new phone or e-mail contact of a client, written. */
export async function insertAddress(
  scope: CommandScope,
  contact: { id: string; clientId: string; kind: AddressKind; value: string },
): Promise<ContactRecord> {
  const [row] = await scope.tx
    .insert(clientContacts)
    .values({ ...contact, orgId: scope.orgId, channelId: null, createdAt: scope.now })
    .returning();
  if (!row) throw new Error('contact insert returned nothing');
  return row;
}

/**
 * The phone or e-mail the client's row shows for the list and its search: the oldest contact of
 * that kind (ties by id, so every server picks the same), or null when none is left.
 */
export async function mirroredAddress(
  scope: CommandScope,
  clientId: string,
  kind: AddressKind,
): Promise<string | null> {
  const [first] = await scope.tx
    .select({ value: clientContacts.value })
    .from(clientContacts)
    .where(and(eq(clientContacts.clientId, clientId), eq(clientContacts.kind, kind)))
    .orderBy(asc(clientContacts.createdAt), asc(clientContacts.id))
    .limit(1);
  return first?.value ?? null;
}

/** A contact row as every staff member of the organization syncs it. */
export const contactPut = (row: ContactRecord): StoredChange => ({
  table: 'clientContacts',
  op: 'put',
  key: row.id,
  row: clientContactRow(row),
  groups: [ORG_GROUP],
});
