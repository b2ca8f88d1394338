/** What a category path is read from: a request category row, or any row shaped like it. */
export type CategoryNode = { id: string; parentId: string | null; name: string };

/**
 * From the top category down to this one (spec §3: category › topic › subtopic); empty for an
 * unknown id. Stops on a loop, and at a parent that is not known here.
 */
export function pathOf<T extends CategoryNode>(
  byId: ReadonlyMap<string, T>,
  id: string | null,
): T[] {
  const path: T[] = [];
  const seen = new Set<string>();
  let current = id === null ? undefined : byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

/** "Delivery › Late delivery": how the chat screen, the reports and their downloads name one. */
export const pathLabel = (path: readonly CategoryNode[]): string =>
  path.map((category) => category.name).join(' › ');

/** Every category's label by id, retired ones too (closed chats still carry them). */
export function categoryLabels(rows: readonly CategoryNode[]): Record<string, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Object.fromEntries(rows.map((row) => [row.id, pathLabel(pathOf(byId, row.id))]));
}
