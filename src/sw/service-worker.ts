/// <reference lib="webworker" />
/**
 * The app's service worker, served as /service-worker.js with scope / (DESIGN §5, spec §4).
 *
 *  - App shell: index.html, the hashed JS/CSS, the manifest and icons are precached at install
 *    (vite-plugin-pwa writes the list into the manifest variable below at build time), so the
 *    app opens with no network. Navigations to the app's own addresses (navigation.ts) get the
 *    precached index.html.
 *  - Nothing else is intercepted: /api (the live socket, the bootstrap stream, commands) and the
 *    server's own pages (/demo/site) go to the network as if there were no service worker.
 *  - Background Sync: the `sc-outbox-flush` tag sends the outbox when no tab may be open.
 *  - Update flow: a new version waits until the page, after asking the user, posts
 *    {type: 'SKIP_WAITING'}; the page reloads when the new worker takes control.
 *  - Notification clicks (the profile's push settings): open the chat the notice is about.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { OPEN_URL_MESSAGE_TYPE } from '../protocol';
import { APP_SHELL_URL, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from './constants';
import { notificationTarget, notificationWindow } from './notification-target';
import { servesAppShell } from './navigation';
import { defaultOutboxSyncDeps, flushOutboxInBackground } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Background Sync's event; not yet in TypeScript's lib. */
type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

// Precached files first: a navigation to /manifest.webmanifest is answered by this route.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Only the app's own addresses: the server's pages (/demo/site, /api, …) are never the shell's.
registerRoute(servesAppShell, createHandlerBoundToURL(APP_SHELL_URL));

// A first install takes the open pages at once, so lazily loaded chunks come from the precache
// even in the tab that installed it. An update instead waits for the user (below): the page
// reloads when it takes control, so old code never runs against a new precache.
clientsClaim();

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SKIP_WAITING_MESSAGE.type
  ) {
    void self.skipWaiting();
  }
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(flushOutboxInBackground(defaultOutboxSyncDeps(self.navigator.locks)));
});

// A notice the page showed through this registration: focus an open page of the app, the
// workspace first, and let its router open the chat (no reload, the workspace stays warm); with
// none open, open a window there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = notificationWindow(windows, self.location.origin);
      if (open) {
        // Told first: a browser that refuses the focus still gets the chat opened.
        open.postMessage({ type: OPEN_URL_MESSAGE_TYPE, url });
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
