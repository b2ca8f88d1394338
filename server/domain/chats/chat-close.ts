import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { organizations, ratingLinks } from '../../db/schema';
import { checkChatCategory } from './chat-category';
import type { StoredChange } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from './chat-changes';
import { handlesChat, lockChat, updateChat, type ChatRecord } from './chat-access';
import { requireViewer } from '../core/require-viewer';
import { sendAutoReply } from '../distribution/auto-replies';
import { operatorTeams } from '../distribution/operator-teams';
import type { AutoCloseReason } from '../distribution/timers-due';
import { endBotSession } from '../chatbots/bot-session';

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
  await closeChat(scope, chat, { categoryId, reason: null });
}

/**
 * Why the system closed a chat: an auto-close, or its client marked as spam
 * (docs/client-profiles.md "Server").
 */
export type SystemCloseReason = AutoCloseReason | 'spam';

/**
 * The close itself, by a person (reason null) or by the system. The customer gets the
 * quality-assessment auto-reply and a one-time rating link, unless nobody ever attended the chat
 * or the customer is spam; the operator's freed place goes to their queues at once.
 */
export async function closeChat(
  scope: CommandScope,
  chat: ChatRecord,
  close: {
    categoryId: string | null;
    reason: SystemCloseReason | null;
    /** A chat bot's final action closed it (the report's "closed by bot"). */
    byBot?: boolean;
  },
): Promise<void> {
  const { categoryId, reason } = close;
  // A close ends every hold, a bot's too (an auto-close of a chat the customer left at the bot).
  if (chat.botId) await endBotSession(scope, chat.id);
  const updated = await updateChat(scope, chat.id, {
    status: 'closed',
    closedAt: scope.now,
    categoryId,
    closeReason: reason,
    queuedAt: null,
    botId: null,
  });
  const changes: StoredChange[] = await chatMoveChanges(scope.tx, chat, updated);
  if (categoryId !== chat.categoryId) {
    changes.push(await addHistory(scope, updated, 'category_set', { categoryId }));
  }
  changes.push(
    await addHistory(scope, updated, 'closed', {
      categoryId,
      ...(reason ? { reason } : {}),
      ...(close.byBot ? { by: 'bot' } : {}),
    }),
  );
  const asksRating = reason !== 'unattended' && reason !== 'spam';
  // The customer's one-time rating link; channel adapters send it, the widget shows it.
  let ratingLinkId: string | null = null;
  if (asksRating) {
    ratingLinkId = scope.newId();
    await scope.tx
      .insert(ratingLinks)
      .values({ id: ratingLinkId, orgId: scope.orgId, chatId: chat.id, createdAt: scope.now });
    await sendAutoReply(scope, updated, 'quality_assessment');
  }
  scope.emit(
    'chat.closed',
    {
      chatId: chat.id,
      categoryId,
      by: close.byBot ? 'bot' : reason ? 'system' : 'operator',
      reason,
      ratingLinkId,
    },
    changes,
  );
  if (chat.operatorId) scope.serveTeams(await operatorTeams(scope, chat.operatorId));
}
