import { and, eq } from 'drizzle-orm';
import { chats } from '../../db/schema';
import { chatGroups } from '../../sync/groups';
import type { Viewer } from '../../auth/viewer';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

export type ChatRecord = typeof chats.$inferSelect;

export const canSeeChat = (viewer: Viewer, chat: ChatRecord): boolean =>
  chatGroups(chat).some((group) => viewer.groups.includes(group));

/** Whether a staff member may act on a chat for its customer: its operator, or an all-chats holder. */
export const handlesChat = (viewer: Viewer, chat: ChatRecord): boolean =>
  chat.operatorId === viewer.id || viewer.rights.has('AUTHORITY_ALL_CHATS');

/**
 * Whether a chat waits in one of the viewer's team queues — or is with a chat bot in one of their
 * teams: its people may step in (take it over, answer, transfer it).
 */
export const inViewerQueue = (viewer: Viewer, chat: ChatRecord): boolean =>
  (chat.status === 'pending' || chat.botId !== null) &&
  chat.teamId !== null &&
  viewer.teamIds.includes(chat.teamId);

/**
 * The chat, locked for this transaction. A chat of another organization, or one the viewer may
 * not see, answers exactly like one that does not exist.
 */
export async function lockChat(scope: CommandScope, chatId: string): Promise<ChatRecord> {
  const rows = await scope.tx
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.orgId, scope.orgId)))
    .for('update');
  const chat = rows[0];
  if (!chat || (scope.viewer && !canSeeChat(scope.viewer, chat))) fail('CHAT_NOT_FOUND');
  scope.lockedChats.add(chat.id);
  return chat;
}

export async function updateChat(
  scope: CommandScope,
  chatId: string,
  values: Partial<ChatRecord>,
): Promise<ChatRecord> {
  // A new hold (or none) starts the operator-reaction clock afresh: whoever sets `assignedAt`
  // clears `reactedAt` unless the same command is the holder's reply (message-send's take).
  const reaction = 'assignedAt' in values && !('reactedAt' in values) ? { reactedAt: null } : {};
  const [row] = await scope.tx
    .update(chats)
    .set({ ...values, ...reaction, updatedAt: scope.now })
    .where(eq(chats.id, chatId))
    .returning();
  if (!row) fail('CHAT_NOT_FOUND');
  return row;
}
