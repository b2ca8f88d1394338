/**
 * Outbox rows an open form answers for itself. A form that sent a command shows the server's
 * refusal beside its own fields, so the shell's list of refused commands leaves those rows out
 * while the form is open; once the form is gone, a refusal it left shows there again, with Retry
 * and Discard, so nothing the user wrote disappears unseen.
 */
export type ClaimedCommands = {
  claim: (id: string) => void;
  release: (id: string) => void;
  subscribe: (listener: () => void) => () => void;
  /** The same Set until a claim or release, for useSyncExternalStore. */
  current: () => ReadonlySet<string>;
};

export function createClaimedCommands(): ClaimedCommands {
  let ids: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  const set = (next: Set<string>) => {
    ids = next;
    for (const listener of listeners) listener();
  };
  return {
    claim: (id) => {
      if (!ids.has(id)) set(new Set([...ids, id]));
    },
    release: (id) => {
      if (!ids.has(id)) return;
      const next = new Set(ids);
      next.delete(id);
      set(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => ids,
  };
}

/** One tab's claims: forms and the shell's notice live in the same page. */
export const claimedCommands = createClaimedCommands();
