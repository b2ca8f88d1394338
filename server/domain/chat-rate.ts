import { and, eq, isNull } from 'drizzle-orm';
import type { CommandPayload } from '../../src/protocol';
import { chats, ratingLinks } from '../db/schema';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';
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
  const [chat] = await scope.tx.select().from(chats).where(eq(chats.id, link.chatId)).for('update');
  if (!chat) fail('CHAT_NOT_FOUND');
  await scope.tx
    .update(ratingLinks)
    .set({ usedAt: scope.now })
    .where(and(eq(ratingLinks.id, link.id), isNull(ratingLinks.usedAt)));
  const [updated] = await scope.tx
    .update(chats)
    .set({ rating: payload.rating, updatedAt: scope.now })
    .where(eq(chats.id, chat.id))
    .returning();
  if (!updated) fail('CHAT_NOT_FOUND');
  const changes = await chatMoveChanges(scope.tx, chat, updated);
  changes.push(await addHistory(scope, updated, 'rated', { rating: payload.rating }));
  scope.emit('chat.rated', { chatId: chat.id, rating: payload.rating }, changes);
}
