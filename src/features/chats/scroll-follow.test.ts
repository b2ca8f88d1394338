import { describe, expect, it } from 'vitest';
import { followsAfterScroll, isAtBottom } from './scroll-follow';

describe('following the newest message', () => {
  it.each([
    ['a thread shorter than its box', true, 0, 500, 300],
    ['scrolled to the very bottom', true, 700, 300, 1000],
    ['a line above the bottom', true, 660, 300, 1000],
    ['scrolled up to read', false, 400, 300, 1000],
    ['at the top of a long thread', false, 0, 300, 1000],
  ])('%s: at the bottom %s', (_what, bottom, scrollTop, clientHeight, scrollHeight) => {
    expect(isAtBottom({ scrollTop, clientHeight, scrollHeight })).toBe(bottom);
  });

  it.each([
    ['the reader scrolls up from the bottom', true, 700, 500, 1000, false],
    ['a picture grew the thread under our own scroll to the bottom', true, 700, 700, 1160, true],
    ['the reader scrolls back down to the bottom', false, 400, 700, 1000, true],
    ['the reader scrolls down but not yet to the bottom', false, 200, 400, 1000, false],
    ['content grows while the reader reads higher up', false, 400, 400, 1200, false],
  ])('%s: follows %s', (_what, following, previousTop, scrollTop, scrollHeight, follows) => {
    expect(
      followsAfterScroll(following, previousTop, { scrollTop, clientHeight: 300, scrollHeight }),
    ).toBe(follows);
  });
});
