import type { RequestCategory } from '../../protocol';
import type { CategoryTree } from '../../store/category-tree';

/** A row of a ready-made set in the reader's language, with the rows under it. */
export type SetNode = { name: string; children: readonly SetNode[] };

/** A set's row as the set page shows it: its level and the organization's row at that place. */
export type SetRow = { name: string; level: number; existingId: string | null };

/** The server's sibling rule: names are compared trimmed and regardless of case. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The organization's live row named `name` under `parentId` (null: the top level), if any. */
function existingChild(tree: CategoryTree, parentId: string | null, name: string) {
  return (tree.children.get(parentId) ?? []).find((category) => sameName(category.name, name));
}

/**
 * The set's rows depth first, each with the organization's live row at the same place — the same
 * name, case aside, along the same path — or null. Retired rows do not count: they hold no name.
 */
export function setRows(tree: CategoryTree, nodes: readonly SetNode[]): SetRow[] {
  const rows: SetRow[] = [];
  const walk = (list: readonly SetNode[], parentId: string | null | undefined, level: number) => {
    for (const node of list) {
      // Under a row the organization lacks, nothing can exist yet (undefined parent).
      const existing =
        parentId === undefined ? undefined : existingChild(tree, parentId, node.name);
      rows.push({ name: node.name, level, existingId: existing?.id ?? null });
      walk(node.children, existing ? existing.id : undefined, level + 1);
    }
  };
  walk(nodes, null, 1);
  return rows;
}

export type CategoryCreate = {
  categoryId: string;
  parentId: string | null;
  name: string;
  teamIds: string[];
};

/**
 * The `requestCategory.create` payloads that add a set's missing rows, parents before children:
 * a row the organization already has at that place is skipped and its children go under its id;
 * a new row gets a new id its children go under. Every new row is open to every team.
 */
export function planSetCommands(
  tree: CategoryTree,
  nodes: readonly SetNode[],
  newId: () => string,
): CategoryCreate[] {
  const creates: CategoryCreate[] = [];
  const walk = (list: readonly SetNode[], parentId: string | null, parentIsNew: boolean) => {
    for (const node of list) {
      const existing = parentIsNew ? undefined : existingChild(tree, parentId, node.name);
      if (existing) {
        walk(node.children, existing.id, false);
        continue;
      }
      const categoryId = newId();
      creates.push({ categoryId, parentId, name: node.name.trim(), teamIds: [] });
      walk(node.children, categoryId, true);
    }
  };
  walk(nodes, null, false);
  return creates;
}

/** How many rows of each level a set holds: categories, topics, subtopics. */
export function setCounts(nodes: readonly SetNode[]): {
  categories: number;
  topics: number;
  subtopics: number;
} {
  const levels = [0, 0, 0];
  const count = (list: readonly SetNode[], level: number) => {
    for (const node of list) {
      levels[level] = (levels[level] ?? 0) + 1;
      count(node.children, level + 1);
    }
  };
  count(nodes, 0);
  return { categories: levels[0] ?? 0, topics: levels[1] ?? 0, subtopics: levels[2] ?? 0 };
}

/** The rows a plan would add, as the local store will hold them once the server accepts them. */
export const plannedRows = (creates: readonly CategoryCreate[]): RequestCategory[] =>
  creates.map((create) => ({
    id: create.categoryId,
    parentId: create.parentId,
    name: create.name,
    teamIds: create.teamIds,
    retired: false,
  }));
