/**
 * The page's localStorage, for the few small things a start needs before IndexedDB is open
 * (list-copy.ts, open-store.ts). Absent in the sync worker and the service worker, and where the
 * browser denies storage; a write that fails (full, denied) leaves the next start to read the
 * store, as it would without it.
 */
export function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readStored(key: string): string | null {
  try {
    return pageStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function tryStore(key: string, value: string): void {
  try {
    pageStorage()?.setItem(key, value);
  } catch {
    // Full or denied: see above.
  }
}

export function tryRemove(key: string): void {
  try {
    pageStorage()?.removeItem(key);
  } catch {
    // Nothing to remove where storage is denied.
  }
}
