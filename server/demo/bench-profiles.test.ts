import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ClientFieldSchema, TagSchema } from '../../src/protocol/entities/client';
import { SeededRandom } from './bench-organization';
import { BENCH_STATUSES, benchProfile, benchStatusId } from './bench-profiles';

const ORG = '0190f5a2-1111-7000-8000-000000000001';
const statusIds = BENCH_STATUSES.map((status) => benchStatusId(ORG, status.name));
const draw = (seed: string, n: number) => {
  const rng = new SeededRandom(seed);
  return Array.from({ length: n }, () => benchProfile(rng, statusIds, 'NEW'));
};

describe('the bench organization’s profiles', () => {
  it('carry 0–3 distinct valid tags, 0–2 fields of distinct names, and a custom status for about 15 %', () => {
    const profiles = draw('bench:1', 2000);
    for (const profile of profiles) {
      expect(profile.tags.length).toBeLessThanOrEqual(3);
      expect(new Set(profile.tags).size).toBe(profile.tags.length);
      for (const tag of profile.tags) expect(v.is(TagSchema, tag)).toBe(true);
      expect(profile.fields.length).toBeLessThanOrEqual(2);
      expect(new Set(profile.fields.map((field) => field.name)).size).toBe(profile.fields.length);
      for (const field of profile.fields) expect(v.is(ClientFieldSchema, field)).toBe(true);
      expect(profile.status === 'NEW' || statusIds.includes(profile.status)).toBe(true);
    }
    const custom = profiles.filter((profile) => profile.status !== 'NEW').length / profiles.length;
    expect(custom).toBeGreaterThan(0.12);
    expect(custom).toBeLessThan(0.18);
    expect(profiles.some((profile) => profile.tags.length === 3)).toBe(true);
    expect(profiles.some((profile) => profile.tags.length === 0)).toBe(true);
  });

  it('are the same for the same seed, and the statuses’ ids are named, not drawn', () => {
    expect(draw('bench:7', 50)).toEqual(draw('bench:7', 50));
    expect(draw('bench:7', 50)).not.toEqual(draw('bench:8', 50));
    expect(benchStatusId(ORG, 'Partner')).toBe(benchStatusId(ORG, 'Partner'));
    expect(new Set(statusIds).size).toBe(BENCH_STATUSES.length);
  });
});
