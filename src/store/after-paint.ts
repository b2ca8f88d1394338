/**
 * Resolves in a task of its own: the browser takes its turn before it (a frame, input). A message
 * to oneself, not a timer, so nothing is clamped or throttled.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Runs `work` in a task after the next frame is painted: in the animation frame's callback the
 * frame is not drawn yet, and a message posted from there is handled once it is. What a change
 * also sets off but nobody is waiting to see (a list's redraw behind an open thread, a read mark's
 * write) goes after the frame that shows the change itself, instead of pushing that frame back.
 *
 * Where there are no frames (a hidden tab, a worker, Node in the tests) it runs in the next task:
 * a hidden tab's animation frames do not come at all, and its work must not wait for them.
 */
export function afterNextPaint(work: () => void): void {
  const inNextTask = () => {
    void nextTask().then(work);
  };
  if (
    typeof requestAnimationFrame === 'undefined' ||
    typeof document === 'undefined' ||
    document.visibilityState !== 'visible'
  )
    inNextTask();
  else requestAnimationFrame(inNextTask);
}
