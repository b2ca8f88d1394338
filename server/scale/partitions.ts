/**
 * Which instance is home to an organization's commands (docs/server-core.md "One home per
 * organization"). Organizations fall into a fixed number of partitions; each partition's home is
 * the live instance that ranks highest for it (rendezvous hashing), so every instance that sees the
 * same live set names the same home, and an instance joining or leaving moves only its own share.
 */

/** Partitions of organizations: many more than instances, so shares stay even. */
export const PARTITIONS = 64;

/** FNV-1a, 32 bits: a fast, well-spread hash of a short string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's finalizer: every input bit moves every output bit. FNV alone leaves ids that share
 * a prefix (time-ordered UUIDs) with related hashes, which skewed the shares.
 */
function mix(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The partition an organization's commands belong to. */
export const partitionOf = (orgId: string): number => mix(fnv1a(orgId)) % PARTITIONS;

/** The live instance that is home to a partition: the highest rank, ties by id. */
export function homeOf(partition: number, live: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestRank = -1;
  const salt = Math.imul(partition + 1, 0x9e3779b1);
  for (const id of live) {
    const rank = mix(fnv1a(id) ^ salt);
    if (rank > bestRank || (rank === bestRank && best !== undefined && id < best)) {
      best = id;
      bestRank = rank;
    }
  }
  return best;
}

/** The partitions an instance is home to, given the live set it sees. */
export function partitionsOf(instanceId: string, live: readonly string[]): Set<number> {
  const owned = new Set<number>();
  for (let partition = 0; partition < PARTITIONS; partition++)
    if (homeOf(partition, live) === instanceId) owned.add(partition);
  return owned;
}
