import { pathLabel, type RequestCategory } from '../../protocol';
import { categoryPath, type CategoryTree } from '../../store/category-tree';

// The tree itself is shared with the categories settings page, so it lives in the store.
export { categoryPath, categoryTree, type CategoryTree } from '../../store/category-tree';

/** "Delivery › Late delivery"; undefined when the category is unknown here. */
export function categoryLabel(tree: CategoryTree, id: string | null): string | undefined {
  const path = categoryPath(tree, id);
  return path.length === 0 ? undefined : pathLabel(path);
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
