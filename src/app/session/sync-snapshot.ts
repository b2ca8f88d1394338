import { INITIAL_SYNC_STATE, type SyncState } from '../../sync/sync-state';

/** What the shell shows of the sync engine: its state, and whether the connection-lost notice shows. */
export type SyncSnapshot = { state: SyncState; connectionLost: boolean };

export const INITIAL_SYNC_SNAPSHOT: SyncSnapshot = {
  state: INITIAL_SYNC_STATE,
  connectionLost: false,
};

/**
 * The connection-lost notice (spec §2, §4, §8) shows whenever the app has no connection to the
 * server: a live connection that dropped, and equally one that has failed since the page loaded
 * (a reload with the network off). It shows from the first failure, not while the first attempt
 * is still under way, and stays through reconnect attempts until the connection is up, so it does
 * not flicker with each retry.
 */
export function nextSyncSnapshot(previous: SyncSnapshot, state: SyncState): SyncSnapshot {
  const online = state.connection === 'online';
  const connectionLost = !online && (previous.connectionLost || state.connection === 'offline');
  return { state, connectionLost };
}
