import { describe, expect, it } from 'vitest';
import { newId } from '../../src/protocol';
import { homeOf, partitionOf, partitionsOf, PARTITIONS } from './partitions';

const instances = (n: number) => Array.from({ length: n }, () => newId());

describe('one home per organization', () => {
  it('names the same home for a partition whatever order the live set is seen in', () => {
    const live = instances(5);
    for (let partition = 0; partition < PARTITIONS; partition++)
      expect(homeOf(partition, [...live].reverse())).toBe(homeOf(partition, live));
  });

  it('gives every partition exactly one home, shared fairly among three instances', () => {
    for (let round = 0; round < 20; round++) {
      const live = instances(3);
      const shares = live.map((id) => partitionsOf(id, live));
      expect(shares.reduce((sum, share) => sum + share.size, 0)).toBe(PARTITIONS);
      for (const share of shares) {
        // Rendezvous hashing spreads 64 partitions as chance does: never one instance starved.
        expect(share.size).toBeGreaterThan(6);
        expect(share.size).toBeLessThan(40);
      }
    }
  });

  it('moves only the partitions of an instance that leaves, and only to the ones that stay', () => {
    const live = instances(4);
    const gone = live[1] ?? '';
    const after = live.filter((id) => id !== gone);
    for (let partition = 0; partition < PARTITIONS; partition++) {
      const before = homeOf(partition, live);
      if (before !== gone) expect(homeOf(partition, after)).toBe(before);
      else expect(after).toContain(homeOf(partition, after));
    }
  });

  it('spreads organizations over the partitions', () => {
    const counts = new Array<number>(PARTITIONS).fill(0);
    for (let i = 0; i < 6400; i++) {
      const partition = partitionOf(newId());
      expect(partition).toBeGreaterThanOrEqual(0);
      expect(partition).toBeLessThan(PARTITIONS);
      counts[partition] = (counts[partition] ?? 0) + 1;
    }
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(160);
  });
});
