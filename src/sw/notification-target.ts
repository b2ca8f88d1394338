/**
 * Where a notification click leads: the in-app path the notice carries, or the workspace when it
 * carries none or points elsewhere (a notice's data is never trusted to leave the app's origin).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const fallback = '/admin';
  const url =
    typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return fallback;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** What choosing a window needs of a service worker's WindowClient. */
export type WindowCandidate = { readonly url: string; readonly frameType?: string };

/**
 * The open page a notification click is handed to: a window of the workspace (path /admin…)
 * first, else any window of the app's origin, else none, and the worker opens one. Only top-level
 * windows count (an iframe of the app is not where the user reads chats); `auxiliary`, a window
 * opened by another, is one too; where a browser gives no `frameType`, every page counts. The
 * candidates keep their order: matchAll lists the most recently focused first.
 */
export function notificationWindow<C extends WindowCandidate>(
  candidates: readonly C[],
  origin: string,
): C | undefined {
  const windows = candidates.filter((candidate) => {
    const topLevel =
      candidate.frameType === undefined ||
      candidate.frameType === 'top-level' ||
      candidate.frameType === 'auxiliary';
    return topLevel && new URL(candidate.url).origin === origin;
  });
  const inWorkspace = (candidate: C) => {
    const path = new URL(candidate.url).pathname;
    return path === '/admin' || path.startsWith('/admin/');
  };
  return windows.find(inWorkspace) ?? windows[0];
}
