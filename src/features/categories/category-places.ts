import type { RequestCategory } from '../../protocol';
import { categoryPath, type CategoryTree } from '../../store/category-tree';

/** Category → topic → subtopic: the tree has three levels (docs/categories-and-templates.md). */
export const MAX_CATEGORY_LEVELS = 3;

/** One row of the settings tree: a live category and its level (1 category, 2 topic, 3 subtopic). */
export type CategoryRow = { category: RequestCategory; level: number; canAddChild: boolean };

/**
 * The live tree as the settings page lists it: depth first, siblings by name. Walked from the top,
 * so the children of a retired row (hidden a moment while a delete is on its way) are not listed.
 */
export function categoryRows(tree: CategoryTree): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (parentId: string | null, level: number) => {
    // A deeper level than the rule allows is never written; the guard only stops a corrupt loop.
    if (level > MAX_CATEGORY_LEVELS + 1) return;
    for (const category of tree.children.get(parentId) ?? []) {
      rows.push({ category, level, canAddChild: level < MAX_CATEGORY_LEVELS });
      walk(category.id, level + 1);
    }
  };
  walk(null, 1);
  return rows;
}

/** Levels a branch spans, counting itself: 1 for a row without live children. */
export function branchHeight(tree: CategoryTree, id: string): number {
  const seen = new Set<string>();
  const height = (at: string): number => {
    if (seen.has(at)) return 0;
    seen.add(at);
    let below = 0;
    for (const child of tree.children.get(at) ?? []) below = Math.max(below, height(child.id));
    return below + 1;
  };
  return height(id);
}

/** A place a branch may be moved to: the top level (null) or under a category or topic. */
export type MovePlace = { parentId: string | null; path: readonly RequestCategory[] };

/**
 * Where a category may move with its children: the top level, or under a live category or topic
 * where the whole branch still fits in three levels — never under itself or one of its own, and
 * not where it already is. The server refuses the rest (VALIDATION_FAILED, SESSION_CATEGORY_TOO_DEEP);
 * offering only these spares the user the refusal.
 */
export function movePlaces(tree: CategoryTree, id: string): MovePlace[] {
  const moved = tree.byId.get(id);
  if (!moved || moved.retired) return [];
  const height = branchHeight(tree, id);
  const currentParent = categoryPath(tree, id).at(-2)?.id ?? null;
  const places: MovePlace[] = currentParent === null ? [] : [{ parentId: null, path: [] }];
  for (const row of categoryRows(tree)) {
    const path = categoryPath(tree, row.category.id);
    if (path.some((category) => category.id === id)) continue;
    if (row.category.id === currentParent) continue;
    if (row.level + height > MAX_CATEGORY_LEVELS) continue;
    places.push({ parentId: row.category.id, path });
  }
  return places;
}

/** Live rows under a category, which a delete takes with it. */
export function rowsBelow(tree: CategoryTree, id: string): number {
  const seen = new Set<string>([id]);
  const count = (at: string): number => {
    let total = 0;
    for (const child of tree.children.get(at) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      total += 1 + count(child.id);
    }
    return total;
  };
  return count(id);
}
