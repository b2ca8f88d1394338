import { describe, expect, it } from 'vitest';
import { nextStaleSince } from './stale';

describe('tables stale since', () => {
  it('starts when the connection is lost, holds through retries, clears when it is back', () => {
    let since = nextStaleSince(null, false, 1000);
    expect(since).toBeNull();
    since = nextStaleSince(since, true, 2000);
    expect(since).toBe(2000);
    since = nextStaleSince(since, true, 9000);
    expect(since).toBe(2000);
    since = nextStaleSince(since, false, 10_000);
    expect(since).toBeNull();
  });
});
