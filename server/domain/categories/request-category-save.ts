import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { requestCategories } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { requestCategoryRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { checkTeams } from '../core/org-teams';
import {
  categoryName,
  lockTree,
  MAX_CATEGORY_LEVELS,
  requireCategoryEditor,
  type CategoryRecord,
} from './category-tree';

/** The change that puts a category row into every browser of the organization. */
export const categoryPut = (row: CategoryRecord): StoredChange => ({
  table: 'requestCategories',
  op: 'put',
  key: row.id,
  row: requestCategoryRow(row),
  groups: [ORG_GROUP],
});

/** A new category, topic or subtopic (by its parent's level), three levels at most. */
export async function requestCategoryCreate(
  scope: CommandScope,
  payload: CommandPayload<'requestCategory.create'>,
): Promise<void> {
  await requireCategoryEditor(scope);
  const { categoryId, parentId } = payload;
  const name = categoryName(payload.name);
  const tree = await lockTree(scope);
  const [used] = await scope.tx
    .select({ id: requestCategories.id })
    .from(requestCategories)
    .where(eq(requestCategories.id, categoryId));
  if (used) fail('VALIDATION_FAILED', { field: 'categoryId' });
  if (parentId) {
    tree.live(parentId, 'parentId');
    if (tree.level(parentId) >= MAX_CATEGORY_LEVELS) fail('SESSION_CATEGORY_TOO_DEEP');
  }
  tree.refuseTakenName(name, parentId, categoryId);
  const teamIds = await checkTeams(scope, payload.teamIds);
  const [row] = await scope.tx
    .insert(requestCategories)
    .values({ id: categoryId, orgId: scope.orgId, parentId, name, teamIds, createdAt: scope.now })
    .returning();
  if (!row) throw new Error('request category insert returned nothing');
  scope.emit('requestCategory.created', { categoryId, parentId, name, teamIds }, [
    categoryPut(row),
  ]);
}

/** Renames a category and sets the teams it is offered to (none: every team). */
export async function requestCategoryUpdate(
  scope: CommandScope,
  payload: CommandPayload<'requestCategory.update'>,
): Promise<void> {
  await requireCategoryEditor(scope);
  const { categoryId } = payload;
  const name = categoryName(payload.name);
  const tree = await lockTree(scope);
  const current = tree.live(categoryId);
  tree.refuseTakenName(name, current.parentId, categoryId);
  const teamIds = await checkTeams(scope, payload.teamIds);
  const [row] = await scope.tx
    .update(requestCategories)
    .set({ name, teamIds })
    .where(eq(requestCategories.id, categoryId))
    .returning();
  if (!row) fail('CATEGORY_NOT_FOUND');
  scope.emit('requestCategory.updated', { categoryId, name, teamIds }, [categoryPut(row)]);
}

/**
 * Moves a category with everything below it. The new parent may not be the category itself or
 * one of its children (a cycle), and the moved branch may not reach a fourth level.
 */
export async function requestCategoryMove(
  scope: CommandScope,
  payload: CommandPayload<'requestCategory.move'>,
): Promise<void> {
  await requireCategoryEditor(scope);
  const { categoryId, parentId } = payload;
  const tree = await lockTree(scope);
  const current = tree.live(categoryId);
  if (parentId) {
    tree.live(parentId, 'parentId');
    if (tree.subtree(categoryId).some((row) => row.id === parentId))
      fail('VALIDATION_FAILED', { field: 'parentId' });
    if (tree.level(parentId) + tree.height(categoryId) > MAX_CATEGORY_LEVELS)
      fail('SESSION_CATEGORY_TOO_DEEP');
  }
  tree.refuseTakenName(current.name, parentId, categoryId);
  const [row] = await scope.tx
    .update(requestCategories)
    .set({ parentId })
    .where(eq(requestCategories.id, categoryId))
    .returning();
  if (!row) fail('CATEGORY_NOT_FOUND');
  scope.emit('requestCategory.moved', { categoryId, parentId }, [categoryPut(row)]);
}
