import { describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATE, type ConnectionState } from '../../sync/sync-state';
import { INITIAL_SYNC_SNAPSHOT, nextSyncSnapshot } from './sync-snapshot';

const lostAfter = (connections: ConnectionState[]) =>
  connections.reduce(
    (snapshot, connection) => nextSyncSnapshot(snapshot, { ...INITIAL_SYNC_STATE, connection }),
    INITIAL_SYNC_SNAPSHOT,
  ).connectionLost;

describe('the connection-lost notice', () => {
  it('does not show while the page loads and its first attempt is under way', () => {
    expect(INITIAL_SYNC_SNAPSHOT.connectionLost).toBe(false);
    expect(INITIAL_SYNC_STATE.connection).toBe('connecting');
  });

  it.each<[ConnectionState[], boolean]>([
    [['connecting'], false],
    [['connecting', 'online'], false],
    // Never connected since the page loaded: the first attempt failed (a reload with no network).
    [['connecting', 'offline'], true],
    [['offline'], true],
    [['connecting', 'offline', 'connecting'], true],
    [['connecting', 'offline', 'connecting', 'offline'], true],
    [['connecting', 'offline', 'connecting', 'online'], false],
    // A connection that was up and dropped.
    [['connecting', 'online', 'offline'], true],
    [['online', 'connecting'], false],
    [['online', 'offline', 'connecting'], true],
    [['online', 'offline', 'connecting', 'offline'], true],
    [['online', 'offline', 'online'], false],
    [['online', 'offline', 'online', 'connecting'], false],
  ])('after %j it shows: %s', (connections, shown) => {
    expect(lostAfter(connections)).toBe(shown);
  });
});
