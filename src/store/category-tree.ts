import { pathOf, type RequestCategory } from '../protocol';

/**
 * Request categories as a tree: category → topic → subtopic, linked by parentId (spec §3). Retired
 * ones are in `byId` only, for the labels of chats that carry them.
 */
export type CategoryTree = {
  byId: ReadonlyMap<string, RequestCategory>;
  children: ReadonlyMap<string | null, readonly RequestCategory[]>;
};

const byName = (a: RequestCategory, b: RequestCategory) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function categoryTree(categories: readonly RequestCategory[]): CategoryTree {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const children = new Map<string | null, RequestCategory[]>();
  for (const category of categories) {
    // A retired category names history (byId) but is offered nowhere: it is no one's child.
    if (category.retired) continue;
    // A parent that is not here (deleted, not yet synced) leaves its children at the top.
    const parent =
      category.parentId !== null && byId.has(category.parentId) ? category.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(category);
    children.set(parent, siblings);
  }
  for (const siblings of children.values()) siblings.sort(byName);
  return { byId, children };
}

/** From the top category down to this one; empty for an unknown id. Stops on a loop. */
export const categoryPath = (tree: CategoryTree, id: string | null): RequestCategory[] =>
  pathOf(tree.byId, id);
