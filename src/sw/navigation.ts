/**
 * Which navigations the service worker answers with the precached app shell.
 *
 * Every path of the single-page app (/, /admin/chats, /link-action/<uuid>, …) gets index.html,
 * so the app opens with no network. Two kinds of address are left to the network untouched:
 *  - /api and everything under it: the sync socket, the bootstrap stream, commands, file
 *    downloads. The service worker must never answer these from a cache;
 *  - addresses whose last path segment looks like a file (/manifest.webmanifest, /widget.js):
 *    they are files the server has, not screens. (Precached files are still answered from the
 *    precache: that route is registered before the navigation route.)
 *
 * The patterns are tested against pathname + search, as Workbox's NavigationRoute does.
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api(?:[/?]|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]{1,12}(?:\?|$)/i,
];

/** True when a navigation to this path (pathname + search) is answered with the app shell. */
export function servesAppShell(pathAndSearch: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndSearch));
}
