import { describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATE, type ConnectionState } from '../../sync/sync-state';
import { INITIAL_SYNC_SNAPSHOT, nextSyncSnapshot } from './sync-snapshot';

const lostAfter = (connections: ConnectionState[]) =>
  connections.reduce(
    (snapshot, connection) => nextSyncSnapshot(snapshot, { ...INITIAL_SYNC_STATE, connection }),
    INITIAL_SYNC_SNAPSHOT,
  ).connectionLost;

describe('the connection-lost notice', () => {
  it.each<[ConnectionState[], boolean]>([
    [['offline'], false],
    [['connecting', 'offline'], false],
    [['connecting', 'online'], false],
    [['connecting', 'online', 'offline'], true],
    [['online', 'connecting'], false],
    [['online', 'offline', 'connecting'], true],
    [['online', 'offline', 'connecting', 'offline'], true],
    [['online', 'offline', 'online'], false],
  ])('after %j it shows: %s', (connections, shown) => {
    expect(lostAfter(connections)).toBe(shown);
  });
});
