import { and, asc, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { mergeClientRows } from '../../../src/protocol/client-merge';
import { chats, clientComments, clientContacts, clientMerges, clients } from '../../db/schema';
import { ORG_GROUP, chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatRow, clientCommentRow, clientMergeRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { lockCustomer } from '../core/customer-lock';
import { fail } from '../core/domain-error';
import {
  clientPut,
  requireProfileRights,
  resolveClientId,
  saveClient,
  type ClientRecord,
} from './client-access';
import { contactPut, mirroredAddress } from './contact-rows';

/**
 * Both clients of this organization, their rows locked in id order (two crossed merges wait, never
 * deadlock): the merged one FOR UPDATE, as it is deleted; the survivor FOR NO KEY UPDATE, which
 * still lets a message of its own open a chat on it meanwhile.
 */
async function lockPair(
  scope: CommandScope,
  survivorId: string,
  mergedId: string,
): Promise<[ClientRecord, ClientRecord]> {
  const locked = new Map<string, ClientRecord>();
  for (const id of [survivorId, mergedId].sort()) {
    const [row] = await scope.tx
      .select()
      .from(clients)
      .where(and(eq(clients.id, id), eq(clients.orgId, scope.orgId)))
      .for(id === mergedId ? 'update' : 'no key update');
    if (row) locked.set(id, row);
  }
  const survivor = locked.get(survivorId);
  const merged = locked.get(mergedId);
  if (!survivor || !merged) fail('CLIENT_NOT_FOUND');
  return [survivor, merged];
}

/**
 * Merges one profile into another (docs/client-profiles.md "Server"). The survivor's row takes the
 * chosen values and the union of the rest (mergeClientRows); the merged profile's contacts,
 * comments and chats (with their messages) move to it; the merged id stays as an alias
 * (client_merges), so commands and links naming it reach the survivor.
 */
export async function clientMerge(
  scope: CommandScope,
  payload: CommandPayload<'client.merge'>,
): Promise<void> {
  const viewer = await requireProfileRights(scope);
  if (payload.survivorId === payload.mergedId) fail('MERGE_INTO_ITSELF');
  const survivorId = await resolveClientId(scope, payload.survivorId);
  const mergedId = await resolveClientId(scope, payload.mergedId);
  // Both ids already name one client: this merge (or one to the same end) is done; a command
  // queued twice offline succeeds without writing again.
  if (survivorId === mergedId) return;
  // A message from the merged profile's channel identities waits until the merge commits, then
  // finds the identity on the survivor: no chat opens on the profile being deleted. The customers'
  // locks come before the client rows, the order message.receive takes them in (its lock, then
  // the client row its new chat references). Only a merge moves identities off a client, and it
  // deletes that client: when the merged row is still there below, this list is whole.
  const identities = await scope.tx
    .select({ channelId: clientContacts.channelId, value: clientContacts.value })
    .from(clientContacts)
    .where(and(eq(clientContacts.clientId, mergedId), eq(clientContacts.kind, 'channel')))
    .orderBy(asc(clientContacts.channelId), asc(clientContacts.value));
  for (const identity of identities)
    if (identity.channelId) await lockCustomer(scope, identity.channelId, identity.value);
  const [survivor, merged] = await lockPair(scope, survivorId, mergedId);

  const changes: StoredChange[] = [];
  const contacts = await scope.tx
    .update(clientContacts)
    .set({ clientId: survivorId })
    .where(eq(clientContacts.clientId, mergedId))
    .returning();
  changes.push(...contacts.map(contactPut));
  const comments = await scope.tx
    .update(clientComments)
    .set({ clientId: survivorId })
    .where(eq(clientComments.clientId, mergedId))
    .returning();
  for (const row of comments)
    changes.push({
      table: 'clientComments',
      op: 'put',
      key: row.id,
      row: clientCommentRow(row),
      groups: [ORG_GROUP],
    });
  const moved = await scope.tx
    .update(chats)
    .set({ clientId: survivorId, updatedAt: scope.now })
    .where(and(eq(chats.clientId, mergedId), eq(chats.orgId, scope.orgId)))
    .returning();
  for (const chat of moved)
    changes.push({
      table: 'chats',
      op: 'put',
      key: chat.id,
      row: chatRow(chat),
      groups: [...chatGroups(chat), customerGroup(survivorId)],
    });

  const [alias] = await scope.tx
    .insert(clientMerges)
    .values({
      id: mergedId,
      orgId: scope.orgId,
      survivorId,
      name: merged.name,
      mergedBy: viewer.id,
      mergedAt: scope.now,
    })
    .returning();
  if (!alias) throw new Error('merge insert returned nothing');
  // Profiles merged into the dying one earlier now point at the survivor: one step always resolves.
  const earlier = await scope.tx
    .update(clientMerges)
    .set({ survivorId })
    .where(and(eq(clientMerges.survivorId, mergedId), eq(clientMerges.orgId, scope.orgId)))
    .returning();
  for (const row of [alias, ...earlier])
    changes.push({
      table: 'clientMerges',
      op: 'put',
      key: row.id,
      row: clientMergeRow(row),
      groups: [ORG_GROUP],
    });

  const rules = mergeClientRows(survivor, merged, payload.choices);
  const row = await saveClient(scope, survivorId, {
    name: rules.name,
    status: rules.status,
    personalManagerId: rules.personalManagerId,
    tags: rules.tags,
    fields: rules.fields,
    companyIds: rules.companyIds,
    spam: rules.spam,
    phone: await mirroredAddress(scope, survivorId, 'phone'),
    email: await mirroredAddress(scope, survivorId, 'email'),
  });
  await scope.tx.delete(clients).where(eq(clients.id, mergedId));
  changes.unshift(clientPut(row));
  changes.push({ table: 'clients', op: 'delete', key: mergedId, groups: [ORG_GROUP] });
  scope.emit(
    'client.merged',
    {
      survivorId,
      mergedId,
      contacts: contacts.length,
      comments: comments.length,
      chats: moved.length,
    },
    changes,
  );
}
