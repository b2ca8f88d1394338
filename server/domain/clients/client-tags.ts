import { LIMITS, type CommandPayload } from '../../../src/protocol';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { clientPut, lockClient, requireProfileRights, sameName, saveClient } from './client-access';

type TagPayload = CommandPayload<'client.addTag'>;

/** Adds a tag; "VIP" and "vip" are one tag (PROFILE_TAG_EXISTS). */
export async function clientAddTag(scope: CommandScope, payload: TagPayload): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  if (client.tags.some((tag) => sameName(tag, payload.tag))) fail('PROFILE_TAG_EXISTS');
  if (client.tags.length >= LIMITS.clientTagsMax)
    fail('VALIDATION_FAILED', { field: 'tag', max: LIMITS.clientTagsMax });
  const row = await saveClient(scope, client.id, { tags: [...client.tags, payload.tag] });
  scope.emit('client.tagsChanged', { clientId: client.id, added: payload.tag }, [clientPut(row)]);
}

/** Removes a tag, matched regardless of case (PROFILE_TAG_NOT_FOUND when it is not there). */
export async function clientRemoveTag(scope: CommandScope, payload: TagPayload): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const tags = client.tags.filter((tag) => !sameName(tag, payload.tag));
  if (tags.length === client.tags.length) fail('PROFILE_TAG_NOT_FOUND');
  const row = await saveClient(scope, client.id, { tags });
  scope.emit('client.tagsChanged', { clientId: client.id, removed: payload.tag }, [clientPut(row)]);
}
