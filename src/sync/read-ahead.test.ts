import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

/** A source that counts how far it has been read, and can fail at an item. */
function counted(items: number, failAt?: number) {
  const state = { produced: 0, closed: false };
  async function* source(): AsyncGenerator<number> {
    try {
      for (let i = 0; i < items; i++) {
        await Promise.resolve();
        if (i === failAt) throw new Error(`failed at ${String(i)}`);
        state.produced = i + 1;
        yield i;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: source() };
}

describe('readAhead', () => {
  it('gives every item in order', async () => {
    const { source } = counted(10);
    const taken: number[] = [];
    for await (const item of readAhead(source, 3)) taken.push(item);
    expect(taken).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reads ahead of the taker while it awaits its own work', async () => {
    const { state, source } = counted(10);
    const producedWhenTaken: number[] = [];
    for await (const item of readAhead(source, 3)) {
      // The taker's own slow work: the source goes on meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      producedWhenTaken.push(state.produced - item);
    }
    // By the time an item's work ends, the items after it were read (up to 3 ahead).
    expect(Math.max(...producedWhenTaken)).toBeGreaterThan(1);
    expect(Math.max(...producedWhenTaken)).toBeLessThanOrEqual(4);
  });

  it('gives the items before a failure, then the failure', async () => {
    const { source } = counted(10, 4);
    const taken: number[] = [];
    await expect(async () => {
      for await (const item of readAhead(source, 3)) taken.push(item);
    }).rejects.toThrow('failed at 4');
    expect(taken).toEqual([0, 1, 2, 3]);
  });

  it('closes the source when the taker stops early', async () => {
    const { state, source } = counted(100);
    for await (const item of readAhead(source, 3)) if (item === 5) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.closed).toBe(true);
    expect(state.produced).toBeLessThan(100);
  });
});
