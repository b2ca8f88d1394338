/**
 * How fresh a server instance's presence rows must be to count. Each instance refreshes its rows
 * every PRESENCE_REFRESH_MS; an instance that stopped without a word stops counting after
 * PRESENCE_STALE_MS, and its operators stop receiving chats.
 */
export const PRESENCE_REFRESH_MS = 15_000;
export const PRESENCE_STALE_MS = 45_000;

export const presenceFreshSince = (now: Date): string =>
  new Date(now.getTime() - PRESENCE_STALE_MS).toISOString();
