import type { ChatFilter } from '../../store';

/**
 * The chat list the user has just chosen in the main menu. The router commits every navigation
 * inside a React transition, which yields to other work and can take several frames; the list
 * the user clicked is shown at once from here, and the URL catches up (DESIGN §6: a list switch
 * within a frame). The chats page forgets the choice as soon as its route changes.
 */
class ChosenList {
  private value: ChatFilter | null = null;
  private readonly listeners = new Set<() => void>();

  current = (): ChatFilter | null => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  choose(filter: ChatFilter): void {
    this.set(filter);
  }

  clear(): void {
    this.set(null);
  }

  private set(value: ChatFilter | null): void {
    if (this.value === value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

export const chosenList = new ChosenList();
