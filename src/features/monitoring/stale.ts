/**
 * When the tables stopped being live: the instant the page saw the connection go (the shell's
 * connection-lost notice, sync-snapshot.ts), kept through reconnect attempts, cleared when the
 * connection is back. Null while live.
 */
export function nextStaleSince(
  previous: number | null,
  connectionLost: boolean,
  now: number,
): number | null {
  if (!connectionLost) return null;
  return previous ?? now;
}
