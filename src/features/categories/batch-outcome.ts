/**
 * Where a batch of commands sent together stands, from the outbox rows of theirs still there: a
 * row leaves the outbox once the server's events for it are applied, and a refused one stays
 * (as `rejected`) until someone discards or retries it. Nothing sent yet is 'idle'.
 */
export function batchOutcome(
  sent: readonly string[],
  rows: readonly { id: string; state: string }[] | undefined,
): 'idle' | 'waiting' | 'rejected' | 'done' {
  if (sent.length === 0) return 'idle';
  if (rows === undefined) return 'waiting';
  const ours = rows.filter((row) => sent.includes(row.id));
  if (ours.some((row) => row.state === 'rejected')) return 'rejected';
  return ours.length === 0 ? 'done' : 'waiting';
}
