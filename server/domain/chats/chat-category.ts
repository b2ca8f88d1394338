import { and, eq } from 'drizzle-orm';
import { requestCategories } from '../../db/schema';
import type { ChatRecord } from './chat-access';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

/**
 * A request category a chat may carry: one of this organization's, open to the chat's team, and
 * of the last level (a topic's subtopic when it has them, spec §3 three levels). Retired children
 * do not count: a topic whose subtopics were all removed is a last level again.
 */
export async function checkChatCategory(
  scope: CommandScope,
  chat: ChatRecord,
  categoryId: string,
): Promise<void> {
  const [category] = await scope.tx
    .select()
    .from(requestCategories)
    .where(and(eq(requestCategories.id, categoryId), eq(requestCategories.orgId, scope.orgId)));
  // A retired category is hidden from pickers: a chat can no longer be given it.
  if (!category || category.retired) fail('CATEGORY_NOT_FOUND');
  if (
    category.teamIds.length > 0 &&
    (chat.teamId === null || !category.teamIds.includes(chat.teamId))
  ) {
    fail('CATEGORY_ACCESS_DENIED');
  }
  const [child] = await scope.tx
    .select({ id: requestCategories.id })
    .from(requestCategories)
    .where(and(eq(requestCategories.parentId, category.id), eq(requestCategories.retired, false)))
    .limit(1);
  if (child) fail('SESSION_CATEGORY_MAX_LEVEL_NOT_SELECTED');
}
