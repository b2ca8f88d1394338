import type { CommandPayload } from '../../../src/protocol';
import { userGroup } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from './chat-changes';
import { lockChat, updateChat } from './chat-access';
import { requireViewer } from '../core/require-viewer';
import { endBotSession } from '../chatbots/bot-session';

/**
 * An operator takes a chat waiting in a queue they see, or takes one over from a chat bot (a
 * person stepping in: the bot's conversation ends).
 */
export async function chatTake(
  scope: CommandScope,
  payload: CommandPayload<'chat.take'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  if (!viewer.rights.has('AUTHORITY_CHAT_DISTRIBUTION')) fail('ACCESS_DENIED');
  const chat = await lockChat(scope, payload.chatId);
  if (chat.status === 'closed') fail('CHAT_ALREADY_CLOSED');
  if (chat.status === 'assigned' && !chat.botId) {
    if (chat.operatorId === viewer.id) return; // already theirs: nothing changes
    fail('CHAT_ALREADY_ASSIGNED');
  }
  if (chat.botId) await endBotSession(scope, chat.id);
  const updated = await updateChat(scope, chat.id, {
    status: 'assigned',
    operatorId: viewer.id,
    assignedAt: scope.now,
    queuedAt: null,
    botId: null,
  });
  const changes = await chatMoveChanges(scope.tx, chat, updated, new Set([userGroup(viewer.id)]));
  changes.push(await addHistory(scope, updated, 'assigned', { operatorId: viewer.id }));
  scope.emit('chat.assigned', { chatId: chat.id, operatorId: viewer.id }, changes);
}
