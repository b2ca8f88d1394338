import { and, eq, sql } from 'drizzle-orm';
import type { AutoReplyKind } from '../../../src/protocol';
import { autoReplies, chats, organizations } from '../../db/schema';
import { storeBotMessage } from '../messages/bot-message';
import type { CommandScope } from '../core/command-scope';
import type { ChatRecord } from '../chats/chat-access';

/**
 * Sends one of the channel's auto-replies into a chat as the system bot, if the organization has
 * auto-replies, the channel has this kind switched on, and the chat has not had it yet. `mark`
 * records more kinds as settled (the waiting reply is one choice of two). Returns whether a
 * message went out.
 */
export async function sendAutoReply(
  scope: CommandScope,
  chat: ChatRecord,
  kind: AutoReplyKind,
  mark: readonly string[] = [],
): Promise<boolean> {
  // The chat is locked by the caller, so its list is current.
  if (chat.autoRepliesSent.includes(kind)) return false;
  const settled = [kind, ...mark].filter((name) => !chat.autoRepliesSent.includes(name));
  const [reply] = await scope.tx
    .select({
      text: autoReplies.text,
      buttons: autoReplies.buttons,
      attachments: autoReplies.attachments,
    })
    .from(autoReplies)
    .innerJoin(organizations, eq(organizations.id, autoReplies.orgId))
    .where(
      and(
        eq(autoReplies.channelId, chat.channelId),
        eq(autoReplies.orgId, scope.orgId),
        eq(autoReplies.kind, kind),
        eq(autoReplies.enabled, true),
        sql`'OPTION_AUTO_REPLIES' = any(${organizations.options})`,
      ),
    );
  // Nothing to send and nothing to settle (a greeting switched off): the chat stays as it is.
  if (!reply && mark.length === 0) return false;
  await scope.tx
    .update(chats)
    .set({ autoRepliesSent: [...chat.autoRepliesSent, ...settled] })
    .where(eq(chats.id, chat.id));
  scope.touchedChats.add(chat.id);
  if (!reply) return false;
  await storeBotMessage(
    scope,
    chat,
    { text: reply.text, attachments: reply.attachments, buttons: reply.buttons },
    { autoReply: kind },
  );
  return true;
}
