/**
 * A fresh query result with every row that did not change replaced by the object the previous
 * result held, and the previous array itself when nothing changed. IndexedDB hands back new
 * objects on every read, so without this each re-run of a live query redraws every row it shows;
 * with it, memoized rows redraw only when they changed. Rows are plain stored data, so their JSON
 * tells equality.
 */
export function keepUnchanged<T extends { id: string }>(
  previous: readonly T[] | undefined,
  next: readonly T[],
): readonly T[] {
  if (!previous || previous.length === 0) return next;
  const before = new Map(previous.map((row) => [row.id, row]));
  let same = previous.length === next.length;
  const shared = next.map((row, i) => {
    const old = before.get(row.id);
    const kept = old !== undefined && JSON.stringify(old) === JSON.stringify(row) ? old : row;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? previous : shared;
}
