/**
 * A duration metric is always reported as its count, mean and median together: a mean alone is
 * pulled by the one chat that waited over a weekend, a median alone hides it (research §1).
 */
export type DurationStats = {
  count: number;
  /** Null when there is nothing to average. */
  meanMs: number | null;
  medianMs: number | null;
};

/** The middle of an ascending list; the mean of the two middle values when the count is even. */
export function medianOfSorted(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const upper = sorted[n >> 1] ?? 0;
  if (n % 2 === 1) return upper;
  const lower = sorted[(n >> 1) - 1] ?? 0;
  return (lower + upper) / 2;
}

/** Numbers in ascending order (a typed-array sort: numeric, and fast on long lists). */
export function ascending(values: readonly number[]): number[] {
  return Array.from(Float64Array.from(values).sort());
}

/** Count, mean and median of a list of durations in milliseconds, in any order. */
export function durationStats(values: readonly number[]): DurationStats {
  if (values.length === 0) return { count: 0, meanMs: null, medianMs: null };
  let sum = 0;
  for (const value of values) sum += value;
  return {
    count: values.length,
    meanMs: sum / values.length,
    medianMs: medianOfSorted(ascending(values)),
  };
}
