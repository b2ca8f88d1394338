import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { ratingLinks } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { lockChat, updateChat } from './chat-access';
import { addHistory, chatMoveChanges } from './chat-changes';

/** The customer rates the chat through its one-time link; the rating shows in the chat and its history. */
export async function chatRate(
  scope: CommandScope,
  payload: CommandPayload<'chat.rate'>,
): Promise<void> {
  if (scope.viewer) fail('COMMAND_NOT_ALLOWED');
  const [link] = await scope.tx
    .select()
    .from(ratingLinks)
    .where(and(eq(ratingLinks.id, payload.ratingLinkId), eq(ratingLinks.orgId, scope.orgId)))
    .for('update');
  if (!link) fail('QUALITY_ASSESSMENT_NOT_FOUND');
  if (link.usedAt) fail('RATING_ALREADY_SENT');
  const chat = await lockChat(scope, link.chatId);
  // The link row is locked and was unused: it is spent here, once.
  await scope.tx.update(ratingLinks).set({ usedAt: scope.now }).where(eq(ratingLinks.id, link.id));
  const updated = await updateChat(scope, chat.id, { rating: payload.rating });
  const changes = await chatMoveChanges(scope.tx, chat, updated);
  changes.push(await addHistory(scope, updated, 'rated', { rating: payload.rating }));
  scope.emit('chat.rated', { chatId: chat.id, rating: payload.rating }, changes);
}
