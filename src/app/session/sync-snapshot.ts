import { INITIAL_SYNC_STATE, type SyncState } from '../../sync/sync-state';

/** What the shell shows of the sync engine: its state, and whether a connection it had is gone. */
export type SyncSnapshot = { state: SyncState; everOnline: boolean; connectionLost: boolean };

export const INITIAL_SYNC_SNAPSHOT: SyncSnapshot = {
  state: INITIAL_SYNC_STATE,
  everOnline: false,
  connectionLost: false,
};

/**
 * The connection-lost notice (spec §2, §8) shows when the live connection drops after having
 * been up, and stays through reconnect attempts until it is up again, so it does not flicker
 * with each retry. A tab that starts offline has lost nothing yet.
 */
export function nextSyncSnapshot(previous: SyncSnapshot, state: SyncState): SyncSnapshot {
  const online = state.connection === 'online';
  const everOnline = previous.everOnline || online;
  const connectionLost =
    everOnline && !online && (previous.connectionLost || state.connection === 'offline');
  return { state, everOnline, connectionLost };
}
