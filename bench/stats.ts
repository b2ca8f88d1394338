/** Percentiles of a sample, nearest-rank: the figures every benchmark prints. */
export type Summary = { n: number; p50: number; p95: number; max: number; mean: number };

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
  };
}

/**
 * A plain-text table: the first `leftColumns` columns aligned left (names), the rest right
 * (figures), two spaces apart, with a rule under the header.
 */
export function formatTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  leftColumns = 1,
): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, i) =>
        i < leftColumns ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)].join(
    '\n',
  );
}
