import type { CommandPayload } from '../../../src/protocol';
import type { StoredChange } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from './chat-changes';
import { handlesChat, lockChat, updateChat } from './chat-access';
import { checkChatCategory } from './chat-category';
import { requireViewer } from '../core/require-viewer';

/**
 * Sets or removes a chat's request category, at any time of its life: supervisors also correct
 * categories of closed chats so reports come out right.
 */
export async function chatSetCategory(
  scope: CommandScope,
  payload: CommandPayload<'chat.setCategory'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  const chat = await lockChat(scope, payload.chatId);
  if (!handlesChat(viewer, chat)) fail('CHAT_NOT_ASSIGNED_TO_YOU');
  if (payload.categoryId === chat.categoryId) return; // nothing changes
  if (payload.categoryId) await checkChatCategory(scope, chat, payload.categoryId);
  const updated = await updateChat(scope, chat.id, { categoryId: payload.categoryId });
  const changes: StoredChange[] = await chatMoveChanges(scope.tx, chat, updated);
  changes.push(
    payload.categoryId
      ? await addHistory(scope, updated, 'category_set', { categoryId: payload.categoryId })
      : await addHistory(scope, updated, 'category_removed', { categoryId: chat.categoryId }),
  );
  scope.emit('chat.categorySet', { chatId: chat.id, categoryId: payload.categoryId }, changes);
}
