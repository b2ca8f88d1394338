/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
