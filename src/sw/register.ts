/// <reference types="vite/client" />
/**
 * The page's side of the service worker (spec §4 "Telemetry/offline", §8 "new app version,
 * reload the page"). The app shell calls `registerServiceWorker` once after it mounts and
 * `requestOutboxSync` whenever a command is queued; neither ever throws.
 */
import type { Workbox, WorkboxLifecycleEvent } from 'workbox-window';
import { OUTBOX_SYNC_TAG, SW_SCOPE, SW_URL } from './constants';

export type ServiceWorkerCallbacks = {
  /**
   * A new version is installed and waiting. Show "new app version, reload the page"; calling
   * `update` lets the new worker take over, and the page then reloads by itself.
   */
  onNeedRefresh(update: () => void): void;
  /** The first install finished: the app now opens with no network. */
  onOfflineReady(): void;
  /** Registration failed (e.g. an insecure origin); the app works on without offline support. */
  onRegisterError?(error: unknown): void;
};

/** How often an open tab asks whether a new version was deployed (tabs stay open all day). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type UpdateFlowDeps = {
  wb: Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;
  reload: () => void;
};

/**
 * Wires the update flow onto a Workbox instance before it registers:
 *  - a worker waiting (found by this page, by another tab, or already waiting at load)
 *    → onNeedRefresh(update), where update() posts {type: 'SKIP_WAITING'} to it;
 *  - the first install activated → onOfflineReady, once;
 *  - a new worker takes control of a page that already had one, or after an update was offered
 *    → the page reloads, once. The first install taking control (clients.claim) reloads nothing.
 */
export function wireUpdateFlow(deps: UpdateFlowDeps, callbacks: ServiceWorkerCallbacks): void {
  const { wb, container, reload } = deps;
  let hadController = container.controller !== null;
  let refreshOffered = false;
  let offlineReadyTold = false;
  let reloading = false;

  const update = (): void => {
    wb.messageSkipWaiting();
  };

  wb.addEventListener('waiting', () => {
    refreshOffered = true;
    callbacks.onNeedRefresh(update);
  });

  wb.addEventListener('activated', (event: WorkboxLifecycleEvent) => {
    if (event.isUpdate || event.isExternal || refreshOffered || offlineReadyTold) return;
    offlineReadyTold = true;
    callbacks.onOfflineReady();
  });

  container.addEventListener('controllerchange', () => {
    if ((hadController || refreshOffered) && !reloading) {
      reloading = true;
      reload();
    }
    hadController = true;
  });
}

/**
 * Registers /service-worker.js with scope / in production builds, when the browser has service
 * workers; elsewhere (dev server, tests, old browsers) it does nothing and resolves undefined.
 * workbox-window is loaded lazily so it never weighs on the first paint.
 */
export async function registerServiceWorker(
  callbacks: ServiceWorkerCallbacks,
): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return undefined;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: SW_SCOPE });
    wireUpdateFlow(
      {
        wb,
        container: navigator.serviceWorker,
        reload: () => {
          window.location.reload();
        },
      },
      callbacks,
    );
    const registration = await wb.register();
    if (registration) {
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    }
    return registration;
  } catch (error) {
    callbacks.onRegisterError?.(error);
    return undefined;
  }
}

/** The part of a registration that Background Sync adds; not yet in TypeScript's DOM lib. */
type SyncManagerLike = { register(tag: string): Promise<void> };

const isSyncManager = (value: unknown): value is SyncManagerLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { register?: unknown }).register === 'function';

/**
 * Asks the browser to fire the service worker's `sc-outbox-flush` sync when there is a
 * connection, so queued commands leave even if every tab is closed first. Does nothing where
 * Background Sync or service workers are missing, or no worker is registered yet.
 */
export async function requestOutboxSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
    const sync: unknown = registration ? Reflect.get(registration, 'sync') : undefined;
    if (!isSyncManager(sync)) return;
    await sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not allowed here (e.g. the permission is denied): the sync worker still flushes while a tab is open.
  }
}
