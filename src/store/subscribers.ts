/**
 * The subscribers of a store that works only while someone watches it (the `subscribe` of
 * React's useSyncExternalStore): `first` runs when the first one comes, `last` when the last one
 * leaves.
 */
export class Subscribers {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly first: () => void,
    private readonly last: () => void,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    const idle = this.listeners.size === 0;
    this.listeners.add(listener);
    if (idle) this.first();
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.last();
    };
  };

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
