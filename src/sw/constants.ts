/**
 * What the page and the service worker agree on (DESIGN §5, spec §4 "Telemetry/offline").
 * Kept free of imports so both bundles can share it without pulling anything else in.
 */

/** The service worker's address and scope: the whole origin. */
export const SW_URL = '/service-worker.js';
export const SW_SCOPE = '/';

/** The Background Sync tag under which the service worker flushes the outbox. */
export const OUTBOX_SYNC_TAG = 'sc-outbox-flush';

/** The message the page sends a waiting worker when the user accepts the update. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** The precached page every in-app navigation is answered with. */
export const APP_SHELL_URL = '/index.html';
