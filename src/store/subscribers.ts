/**
 * How long a shared store keeps working after its last subscriber left. A list switch unmounts
 * every row and mounts the next list's in one commit, and leaving the chats for another screen
 * and coming back takes seconds: within this time the store is still current, instead of
 * stopping and reading its whole table again for the next subscriber.
 */
export const LINGER_MS = 5000;

/**
 * The subscribers of a store that works only while someone watches it (the `subscribe` of
 * React's useSyncExternalStore): `first` runs when the first one comes, `last` when the last one
 * has been gone for `lingerMs` with nobody back (at once for 0: a store nobody will come back to).
 */
export class Subscribers {
  private readonly listeners = new Set<() => void>();
  private running = false;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly first: () => void,
    private readonly last: () => void,
    private readonly lingerMs = LINGER_MS,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    clearTimeout(this.lingering);
    this.lingering = undefined;
    if (!this.running) {
      this.running = true;
      this.first();
    }
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      if (this.lingerMs === 0) {
        this.stop();
        return;
      }
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        if (this.listeners.size === 0) this.stop();
      }, this.lingerMs);
    };
  };

  private stop(): void {
    if (!this.running) return;
    this.running = false;
    this.last();
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
