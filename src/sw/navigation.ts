import { isAppPath } from '../protocol';

/** What the service worker's route match is told of a request (Workbox's RouteMatchCallbackOptions). */
export type NavigationMatch = {
  url: URL;
  request: Pick<Request, 'mode'>;
  sameOrigin: boolean;
};

/**
 * Which requests the service worker answers with the precached app shell: navigations to the
 * app's own addresses (`isAppPath`: `/`, `/admin/…`, the public pages of spec §2), so the app
 * opens with no network. Every other navigation on the origin is the server's — `/demo/site`,
 * `/api/…`, the widget's script, any file — and is not intercepted: it goes to the network as if
 * there were no service worker, and offline the browser says so itself. (Precached files are
 * still answered from the precache: that route is registered before this one.)
 */
export function servesAppShell({ url, request, sameOrigin }: NavigationMatch): boolean {
  return sameOrigin && request.mode === 'navigate' && isAppPath(url.pathname);
}
