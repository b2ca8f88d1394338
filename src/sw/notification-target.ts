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
