import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPECTED_SCREEN_WAIT_MS, FIRST_SCREEN_WAIT_MS, FirstScreen } from './first-screen';

/** Whether the promise has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the whole tables and the worker start at the short cap when no screen draws rows', async () => {
    const screen = new FirstScreen(FIRST_SCREEN_WAIT_MS, EXPECTED_SCREEN_WAIT_MS);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settled(screen.passed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(screen.passed)).toBe(true);
  });

  it('holds them past the short cap for a list on its way, until its rows are shown', async () => {
    const screen = new FirstScreen(FIRST_SCREEN_WAIT_MS, EXPECTED_SCREEN_WAIT_MS);
    screen.expect();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS * 3);
    expect(await settled(screen.passed)).toBe(false);
    screen.shown();
    expect(await settled(screen.passed)).toBe(true);
  });

  it('lets them start after the long cap when the expected list never draws', async () => {
    const screen = new FirstScreen(FIRST_SCREEN_WAIT_MS, EXPECTED_SCREEN_WAIT_MS);
    screen.expect();
    await vi.advanceTimersByTimeAsync(EXPECTED_SCREEN_WAIT_MS - 1);
    expect(await settled(screen.passed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(screen.passed)).toBe(true);
  });

  it('passes at once when the rows are shown before any cap', async () => {
    const screen = new FirstScreen(FIRST_SCREEN_WAIT_MS, EXPECTED_SCREEN_WAIT_MS);
    screen.shown();
    expect(await settled(screen.passed)).toBe(true);
  });
});
