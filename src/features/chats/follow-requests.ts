/**
 * The composer's word to the thread that the user sent something and wants to see it, wherever
 * they had scrolled. A store of its own rather than the chat screen's state: a reply then redraws
 * the composer and the thread, not the whole screen around them (DESIGN §6: a reply painted within
 * a frame of the keypress).
 */
export class FollowRequests {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  /** The user sent something. */
  request = (): void => {
    this.count += 1;
    for (const listener of this.listeners) listener();
  };

  /** How many times they did, for useSyncExternalStore: 0 before the first. */
  current = (): number => this.count;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}
