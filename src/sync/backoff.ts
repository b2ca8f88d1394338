/**
 * Reconnect and retry delays: exponential with full jitter (AWS architecture blog's variant), so
 * a thousand browsers dropped by one network blip do not come back in the same second.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 500,
  maxMs = 30_000,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(baseMs / 2 + random() * (ceiling - baseMs / 2));
}
