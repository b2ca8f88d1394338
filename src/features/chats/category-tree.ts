import type { RequestCategory } from '../../protocol';

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
export function categoryPath(tree: CategoryTree, id: string | null): RequestCategory[] {
  const path: RequestCategory[] = [];
  const seen = new Set<string>();
  let current = id === null ? undefined : tree.byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === null ? undefined : tree.byId.get(current.parentId);
  }
  return path;
}

/** "Delivery › Late delivery"; undefined when the category is unknown here. */
export function categoryLabel(tree: CategoryTree, id: string | null): string | undefined {
  const path = categoryPath(tree, id);
  return path.length === 0 ? undefined : path.map((category) => category.name).join(' › ');
}

/** Only a category with no topics (or a topic with no subtopics) may be given to a chat. */
export const isLastLevel = (tree: CategoryTree, id: string): boolean =>
  tree.byId.has(id) && (tree.children.get(id)?.length ?? 0) === 0;

/** Whether a chat of this team may use the category; no teams listed means every team. */
export const openToTeam = (category: RequestCategory, teamId: string | null): boolean =>
  category.teamIds.length === 0 || (teamId !== null && category.teamIds.includes(teamId));

export type PickerLevel = { options: readonly RequestCategory[]; selected: string | null };

/**
 * The selects of the three-level picker for a chosen path: the top level always, then one more
 * level under every chosen category that has children. Options are those open to the chat's team;
 * whether a choice is the last level is judged on the whole tree, as the server judges it.
 */
export function pickerLevels(
  tree: CategoryTree,
  chosen: readonly string[],
  teamId: string | null,
): PickerLevel[] {
  const levels: PickerLevel[] = [];
  let parent: string | null = null;
  for (let depth = 0; ; depth++) {
    const options: RequestCategory[] = (tree.children.get(parent) ?? []).filter((c) =>
      openToTeam(c, teamId),
    );
    if (depth > 0 && (tree.children.get(parent)?.length ?? 0) === 0) break;
    const wanted = chosen[depth];
    const selected: string | null = options.some((option) => option.id === wanted)
      ? (wanted ?? null)
      : null;
    levels.push({ options, selected });
    if (selected === null) break;
    parent = selected;
  }
  return levels;
}

/** The path to preselect for a chat's current category (empty when it has none or it is gone). */
export const chosenPathOf = (tree: CategoryTree, id: string | null): string[] =>
  categoryPath(tree, id).map((category) => category.id);

/** The category a picker state names: its deepest choice, when that choice is of the last level. */
export function pickedCategory(tree: CategoryTree, levels: readonly PickerLevel[]): string | null {
  const deepest = levels.at(-1)?.selected ?? null;
  return deepest !== null && isLastLevel(tree, deepest) ? deepest : null;
}
