/**
 * A notification click the service worker passes to an open page of the app: `{ type, url }`,
 * where url is the in-app address to open (a chat). Without an open page it opens a window there.
 * Here rather than in src/sw because the page reads it too, and the UI never imports the worker.
 */
export const OPEN_URL_MESSAGE_TYPE = 'sc-open-url';
