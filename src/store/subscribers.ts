/**
 * How long a store keeps working after its last subscriber left. A list switch unmounts every
 * row and mounts the next list's in one commit, and leaving the chats for another screen and
 * coming back takes seconds: within this time the store is still current, instead of stopping
 * and reading its whole table again for the next subscriber.
 */
export const LINGER_MS = 5000;

/**
 * The subscribers of a store that works only while someone watches it (the `subscribe` of
 * React's useSyncExternalStore): `first` runs when the first one comes, `last` when the last one
 * has been gone for LINGER_MS with nobody back.
 */
export class Subscribers {
  private readonly listeners = new Set<() => void>();
  private running = false;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly first: () => void,
    private readonly last: () => void,
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
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        if (this.listeners.size > 0 || !this.running) return;
        this.running = false;
        this.last();
      }, LINGER_MS);
    };
  };

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
