import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINGER_MS, Subscribers } from './subscribers';

describe('a store that works while watched', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const store = (lingerMs?: number) => {
    const calls: string[] = [];
    const subscribers = new Subscribers(
      () => calls.push('start'),
      () => calls.push('stop'),
      lingerMs,
    );
    return { calls, subscribers };
  };

  it('keeps working when the last watcher is replaced at once, as a list switch does', () => {
    const { calls, subscribers } = store();
    const leave = subscribers.subscribe(() => {});
    leave();
    const leaveNext = subscribers.subscribe(() => {});
    vi.advanceTimersByTime(LINGER_MS * 2);
    expect(calls).toEqual(['start']);
    leaveNext();
  });

  it('stops once nobody has watched it for a while, and starts again for the next watcher', () => {
    const { calls, subscribers } = store();
    subscribers.subscribe(() => {})();
    vi.advanceTimersByTime(LINGER_MS - 1);
    expect(calls).toEqual(['start']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['start', 'stop']);
    subscribers.subscribe(() => {});
    expect(calls).toEqual(['start', 'stop', 'start']);
  });

  it('stops at once, when asked to, after its last watcher', () => {
    const { calls, subscribers } = store(0);
    const leave = subscribers.subscribe(() => {});
    subscribers.subscribe(() => {})();
    expect(calls).toEqual(['start']);
    leave();
    expect(calls).toEqual(['start', 'stop']);
  });

  it('tells every watcher of a change, and no one who left', () => {
    const { subscribers } = store();
    const heard: string[] = [];
    const leaveA = subscribers.subscribe(() => heard.push('a'));
    subscribers.subscribe(() => heard.push('b'));
    subscribers.notify();
    leaveA();
    leaveA();
    subscribers.notify();
    expect(heard).toEqual(['a', 'b', 'b']);
  });
});
