import { and, eq } from 'drizzle-orm';
import { clientMerges, clients } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { clientRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireOption } from '../core/require-option';
import { requireRight } from '../core/require-viewer';

export type ClientRecord = typeof clients.$inferSelect;

/**
 * Who may change client profiles: AUTHORITY_PROFILE_UPDATE, in an organization whose plan has
 * the client profile (docs/client-profiles.md "Server"). Returns the acting staff member.
 */
export async function requireProfileRights(scope: CommandScope) {
  const viewer = requireRight(scope, 'AUTHORITY_PROFILE_UPDATE');
  await requireOption(scope, 'OPTION_CLIENT_PROFILE');
  return viewer;
}

/**
 * The client an id stands for now: a merged profile's id is an alias of its survivor (an offline
 * browser may have queued a command on it before the merge). Merges are re-pointed when their
 * survivor is merged in turn, so one step always reaches a living client.
 */
export async function resolveClientId(scope: CommandScope, clientId: string): Promise<string> {
  const [merge] = await scope.tx
    .select({ survivorId: clientMerges.survivorId })
    .from(clientMerges)
    .where(and(eq(clientMerges.id, clientId), eq(clientMerges.orgId, scope.orgId)));
  return merge?.survivorId ?? clientId;
}

/**
 * The client an id stands for (aliases followed), its row locked until commit. Another
 * organization's client answers exactly like a missing one: CLIENT_NOT_FOUND. FOR NO KEY UPDATE:
 * two edits of one profile run one after the other, while a message of the customer may still
 * open a chat referencing the row.
 */
export async function lockClient(scope: CommandScope, clientId: string): Promise<ClientRecord> {
  const id = await resolveClientId(scope, clientId);
  const [client] = await scope.tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.orgId, scope.orgId)))
    .for('no key update');
  if (!client) fail('CLIENT_NOT_FOUND');
  return client;
}

/** Writes a client's row, stamping the change. */
export async function saveClient(
  scope: CommandScope,
  clientId: string,
  values: Partial<Omit<ClientRecord, 'id' | 'orgId' | 'createdAt'>>,
): Promise<ClientRecord> {
  const [row] = await scope.tx
    .update(clients)
    .set({ ...values, updatedAt: scope.now })
    .where(eq(clients.id, clientId))
    .returning();
  if (!row) fail('CLIENT_NOT_FOUND');
  return row;
}

/** The client row as every staff member of the organization syncs it. */
export const clientPut = (row: ClientRecord): StoredChange => ({
  table: 'clients',
  op: 'put',
  key: row.id,
  row: clientRow(row),
  groups: [ORG_GROUP],
});

/** Whether two names are one regardless of case (tags, additional fields, statuses). */
export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
