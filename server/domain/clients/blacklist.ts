import { and, eq, isNull } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { normalizeContact } from '../../../src/protocol/contact-value';
import { blacklist, channels } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { blacklistRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireProfileRights } from './client-access';

/**
 * Blacklists a phone, an e-mail or a channel identity, normalised as contacts are so the entry
 * matches what ingest compares. An identity names its channel (one of the organization's); a
 * phone or e-mail is the same whatever channel it writes through, so it names none.
 */
export async function blacklistAdd(
  scope: CommandScope,
  payload: CommandPayload<'blacklist.add'>,
): Promise<void> {
  const viewer = await requireProfileRights(scope);
  const { entryId, kind, channelId } = payload;
  const [used] = await scope.tx
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(eq(blacklist.id, entryId));
  if (used) fail('VALIDATION_FAILED', { field: 'entryId' });
  if (kind === 'channel') {
    if (channelId === null) fail('VALIDATION_FAILED', { field: 'channelId' });
    const [channel] = await scope.tx
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.orgId, scope.orgId)));
    if (!channel) fail('CHANNEL_NOT_FOUND');
  } else if (channelId !== null) fail('VALIDATION_FAILED', { field: 'channelId' });
  const normalized = normalizeContact(kind, payload.value);
  if (!normalized.ok) fail(normalized.error, { field: 'value' });
  const value = normalized.value;

  const [listed] = await scope.tx
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(
      and(
        eq(blacklist.orgId, scope.orgId),
        eq(blacklist.kind, kind),
        eq(blacklist.value, value),
        channelId === null ? isNull(blacklist.channelId) : eq(blacklist.channelId, channelId),
      ),
    );
  if (listed) fail('BLACKLIST_ENTRY_EXISTS');
  const [row] = await scope.tx
    .insert(blacklist)
    .values({
      id: entryId,
      orgId: scope.orgId,
      kind,
      value,
      channelId,
      addedBy: viewer.id,
      addedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('blacklist insert returned nothing');
  scope.emit('blacklist.added', { entryId, kind, channelId }, [
    { table: 'blacklist', op: 'put', key: row.id, row: blacklistRow(row), groups: [ORG_GROUP] },
  ]);
}

/** Takes an entry off the blacklist: the customer's next message reaches a chat again. */
export async function blacklistRemove(
  scope: CommandScope,
  payload: CommandPayload<'blacklist.remove'>,
): Promise<void> {
  await requireProfileRights(scope);
  const [entry] = await scope.tx
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.id, payload.entryId), eq(blacklist.orgId, scope.orgId)))
    .for('update');
  if (!entry) fail('BLACKLIST_ENTRY_NOT_FOUND');
  await scope.tx.delete(blacklist).where(eq(blacklist.id, entry.id));
  scope.emit('blacklist.removed', { entryId: entry.id }, [
    { table: 'blacklist', op: 'delete', key: entry.id, groups: [ORG_GROUP] },
  ]);
}
