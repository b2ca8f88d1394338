import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chatHistory, chats, requestCategories } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { lockTree, requireCategoryEditor, type CategoryTree } from './category-tree';
import { categoryPut } from './request-category-save';

/**
 * The ids of `ids` some chat carries now or carried once (its history's category events):
 * erasing one would leave a closed chat, a history line or a report without its category's name.
 */
async function categoriesInUse(scope: CommandScope, ids: string[]): Promise<Set<string>> {
  const carried = await scope.tx
    .selectDistinct({ id: chats.categoryId })
    .from(chats)
    .where(and(eq(chats.orgId, scope.orgId), inArray(chats.categoryId, ids)));
  const recorded = await scope.tx
    .selectDistinct({ id: sql<string>`${chatHistory.data}->>'categoryId'` })
    .from(chatHistory)
    .where(
      and(
        eq(chatHistory.orgId, scope.orgId),
        inArray(sql`${chatHistory.data}->>'categoryId'`, ids),
      ),
    );
  return new Set([...carried, ...recorded].flatMap((row) => (row.id ? [row.id] : [])));
}

/**
 * What stays of a removed branch: each row in use, and every row above one that stays (history
 * names a subtopic by its path), retired; the rest deleted.
 */
function keptRows(tree: CategoryTree, rootId: string, used: Set<string>): Set<string> {
  const kept = new Set<string>();
  for (const row of tree.subtree(rootId)) {
    if (!row.retired && !used.has(row.id)) continue;
    for (
      let id: string | null = row.id;
      id && !kept.has(id);
      id = tree.byId.get(id)?.parentId ?? null
    ) {
      kept.add(id);
      if (id === rootId) break;
    }
  }
  return kept;
}

/**
 * Removes a category with its topics and subtopics. Those chats used are retired — pickers hide
 * them, history keeps their names — and the others are deleted (docs/categories-and-templates.md).
 */
export async function requestCategoryDelete(
  scope: CommandScope,
  payload: CommandPayload<'requestCategory.delete'>,
): Promise<void> {
  await requireCategoryEditor(scope);
  const { categoryId } = payload;
  const tree = await lockTree(scope);
  tree.live(categoryId);
  const branch = tree.subtree(categoryId);
  const kept = keptRows(
    tree,
    categoryId,
    await categoriesInUse(
      scope,
      branch.map((r) => r.id),
    ),
  );
  const retire = branch.filter((row) => kept.has(row.id) && !row.retired).map((row) => row.id);
  const remove = branch.filter((row) => !kept.has(row.id)).map((row) => row.id);
  const changes: StoredChange[] = [];
  if (retire.length > 0) {
    const retired = await scope.tx
      .update(requestCategories)
      .set({ retired: true })
      .where(inArray(requestCategories.id, retire))
      .returning();
    changes.push(...retired.map(categoryPut));
  }
  if (remove.length > 0) {
    await scope.tx.delete(requestCategories).where(inArray(requestCategories.id, remove));
    changes.push(
      ...remove.map((key) => ({
        table: 'requestCategories' as const,
        op: 'delete' as const,
        key,
        groups: [ORG_GROUP],
      })),
    );
  }
  scope.emit(
    'requestCategory.removed',
    { categoryId, retiredIds: retire, deletedIds: remove },
    changes,
  );
}
