/**
 * The addresses the browser app owns (spec §2), by their first path segment: `/` (Login), `/admin`
 * and everything under it, and the public pages. The route tree declares exactly these (a test
 * holds the two together), and the service worker answers navigations to them, and only to them,
 * with the app shell: everything else on the origin is the server's (`/demo/site`, `/api`, the
 * widget's script) and goes to the network, so a page of the server never shows as the app's
 * "Page not found" in a browser that once opened the app.
 */
export const APP_PATH_ROOTS = [
  'admin',
  'restore',
  'signup',
  'registration',
  'not-found',
  'service-unavailable',
  'unknown-error',
  'no-rights',
  'link-action',
  'bot-action',
  'success',
  'already-used',
] as const;

const ROOTS = new Set<string>(APP_PATH_ROOTS);

/** True when the app owns this address (a pathname, or pathname + search): `/` or a path under one of its roots. */
export function isAppPath(pathAndSearch: string): boolean {
  const path = pathAndSearch.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) return false;
  const first = path.slice(1).split('/', 1)[0] ?? '';
  return first === '' ? path === '/' : ROOTS.has(first);
}
