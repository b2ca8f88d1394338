import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../src/protocol';
import { organizations, ratingLinks } from '../db/schema';
import { checkChatCategory } from './chat-category';
import type { StoredChange } from '../sync/groups';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';
import { addHistory, chatMoveChanges } from './chat-changes';
import { handlesChat, lockChat, updateChat } from './chat-access';
import { requireViewer } from './require-viewer';

/**
 * Closes a chat. When the organization uses request categories a chat needs one to close
 * (spec §4), and it must be a last-level category (a topic's subtopic when it has them).
 */
export async function chatClose(
  scope: CommandScope,
  payload: CommandPayload<'chat.close'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  const chat = await lockChat(scope, payload.chatId);
  if (chat.status === 'closed') fail('CHAT_ALREADY_CLOSED');
  if (!handlesChat(viewer, chat)) fail('CHAT_NOT_ASSIGNED_TO_YOU');

  const categoryId = payload.categoryId ?? chat.categoryId;
  if (payload.categoryId) {
    await checkChatCategory(scope, chat, payload.categoryId);
  } else {
    const [org] = await scope.tx
      .select({ usesCategories: organizations.usesCategories })
      .from(organizations)
      .where(eq(organizations.id, scope.orgId));
    if (org?.usesCategories && !categoryId) fail('CLOSE_WITHOUT_CATEGORY');
  }

  const updated = await updateChat(scope, chat.id, {
    status: 'closed',
    closedAt: scope.now,
    categoryId,
  });
  const changes: StoredChange[] = await chatMoveChanges(scope.tx, chat, updated);
  if (categoryId !== chat.categoryId) {
    changes.push(await addHistory(scope, updated, 'category_set', { categoryId }));
  }
  changes.push(await addHistory(scope, updated, 'closed', { categoryId }));
  // The customer's one-time rating link; channel adapters send it, the widget shows it.
  const ratingLinkId = scope.newId();
  await scope.tx
    .insert(ratingLinks)
    .values({ id: ratingLinkId, orgId: scope.orgId, chatId: chat.id, createdAt: scope.now });
  scope.emit('chat.closed', { chatId: chat.id, categoryId, by: 'operator', ratingLinkId }, changes);
}
