import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { newId } from '../../src/protocol';
import { InboxDb } from '../../src/store';
import { SyncApi } from '../../src/sync/api-client';
import { SyncEngine, type SocketLike } from '../../src/sync/sync-engine';
import type { ConnectionState } from '../../src/sync/sync-state';
import { serverForSuite, type Suite } from '../server/harness';

/** An engine for the demo operator whose every request fails while `network.down` is set. */
function engineBehind(suite: Suite, db: InboxDb, network: { down: boolean }) {
  const { server, ids, operator: token } = suite;
  const fetchImpl: typeof fetch = (input, init) =>
    network.down ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  const api = new SyncApi(
    { baseUrl: server.baseUrl, token, orgId: ids.org.id, userId: ids.operator.id },
    fetchImpl,
  );
  return new SyncEngine({
    db,
    api,
    ctx: { userId: ids.operator.id },
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    log: () => undefined,
  });
}

const reaches = (engine: SyncEngine, connection: ConnectionState) =>
  firstValueFrom(
    engine.state$.pipe(
      filter((state) => state.connection === connection),
      timeout(8000),
    ),
  );

describe('the connection state the engine publishes', () => {
  const suite = serverForSuite();

  it('is offline when the server cannot be reached since the start, and online once it can', async () => {
    const network = { down: false };
    // A browser that synced once, then is loaded again with no network.
    const db = new InboxDb(`connection-${newId()}`);
    const first = engineBehind(suite, db, network);
    first.start();
    await reaches(first, 'online');
    await first.stop();

    network.down = true;
    const engine = engineBehind(suite, db, network);
    const seen: ConnectionState[] = [];
    engine.state$.subscribe((state) => {
      if (seen.at(-1) !== state.connection) seen.push(state.connection);
    });
    engine.start();
    await reaches(engine, 'offline');
    expect(seen[0]).toBe('connecting'); // nothing failed before the first attempt

    network.down = false;
    engine.nudge(); // the browser's 'online' event
    await reaches(engine, 'online');
    await engine.stop();
    await db.delete();
  });

  it('is offline when a first sign-in cannot bootstrap, and online once it can', async () => {
    const network = { down: true };
    const db = new InboxDb(`connection-${newId()}`);
    const engine = engineBehind(suite, db, network);
    engine.start();
    await reaches(engine, 'offline');
    network.down = false;
    engine.nudge();
    await reaches(engine, 'online');
    expect(await db.chats.count()).toBeGreaterThan(0);
    await engine.stop();
    await db.delete();
  });
});
