import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

/** Resolves after the tasks queued so far (a timer goes after the message posted before it). */
const nextTasks = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 5);
  });

/** A browser's page as visible or hidden, whose animation frames come when the test runs them. */
function pageOf(visibilityState: 'visible' | 'hidden'): (() => void)[] {
  const frames: (() => void)[] = [];
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  return frames;
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs the work in a later task, not in the caller’s, where there are no frames', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('work'));
    ran.push('caller');
    expect(ran).toEqual(['caller']);
    await nextTasks();
    expect(ran).toEqual(['caller', 'work']);
  });

  it('waits for the next animation frame of a visible page, then for a task after it', async () => {
    const frames = pageOf('visible');
    const ran: string[] = [];
    afterNextPaint(() => ran.push('work'));
    await nextTasks();
    expect(ran).toEqual([]);
    expect(frames).toHaveLength(1);
    // In the frame's callback the frame is not drawn yet: the work waits for a task after it.
    frames[0]?.();
    expect(ran).toEqual([]);
    await nextTasks();
    expect(ran).toEqual(['work']);
  });

  it('does not wait for frames a hidden page will not draw', async () => {
    const frames = pageOf('hidden');
    const ran: string[] = [];
    afterNextPaint(() => ran.push('work'));
    await nextTasks();
    expect(frames).toHaveLength(0);
    expect(ran).toEqual(['work']);
  });
});
