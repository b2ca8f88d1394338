/**
 * A new app version waiting to take over (spec §2 "app-update prompt"), as a tiny external store:
 * the service worker's registration fills it, the update notice reads it.
 */
export class AppUpdate {
  private update: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  /** The service worker found a waiting version; `update` lets it take over, and the page reloads. */
  offer(update: () => void): void {
    this.update = update;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): (() => void) | null => this.update;
}
