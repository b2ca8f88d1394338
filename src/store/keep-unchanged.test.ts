import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keep-unchanged';

type Row = { id: string; text: string; tags: string[] };
const row = (id: string, text = id, tags: string[] = []): Row => ({ id, text, tags });

describe('keeping unchanged rows', () => {
  it('gives back the previous array when every row reads the same', () => {
    const previous = [row('a'), row('b', 'b', ['x'])];
    expect(keepUnchanged(previous, [row('a'), row('b', 'b', ['x'])])).toBe(previous);
  });

  it('keeps the objects of unchanged rows and takes the changed and new ones', () => {
    const previous = [row('a'), row('b')];
    const next = [row('a'), row('b', 'edited'), row('c')];
    const shared = keepUnchanged(previous, next);
    expect(shared).not.toBe(previous);
    expect(shared[0]).toBe(previous[0]);
    expect(shared[1]).toBe(next[1]);
    expect(shared[2]).toBe(next[2]);
  });

  it('sees a change inside a nested value, a row gone and a new order', () => {
    const previous = [row('a', 'a', ['x']), row('b'), row('c')];
    expect(keepUnchanged(previous, [row('a', 'a', ['y']), row('b'), row('c')])[0]?.tags).toEqual([
      'y',
    ]);
    const fewer = keepUnchanged(previous, [row('a', 'a', ['x']), row('c')]);
    expect(fewer).toEqual([previous[0], previous[2]]);
    const reordered = keepUnchanged(previous, [row('c'), row('b'), row('a', 'a', ['x'])]);
    expect(reordered).not.toBe(previous);
    expect(reordered).toEqual([previous[2], previous[1], previous[0]]);
  });

  it('takes the fresh result when there was none before', () => {
    const next = [row('a')];
    expect(keepUnchanged(undefined, next)).toBe(next);
    expect(keepUnchanged([], next)).toBe(next);
  });
});
