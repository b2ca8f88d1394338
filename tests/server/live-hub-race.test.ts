import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { loadViewer } from '../../server/auth/viewer';
import { LiveHub } from '../../server/sync/live-hub';
import { currentSeq, readEvents } from '../../server/sync/event-log';
import { customerWrites, serverForSuite } from './harness';

/** A socket as the hub uses one: it records what it is sent. */
function recordingSocket() {
  const frames: { kind: string; after?: number; cursor?: number; events?: { seq: number }[] }[] =
    [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (data: string) => {
      frames.push(JSON.parse(data) as (typeof frames)[number]);
    },
    on: () => socket,
    close: () => undefined,
  };
  return { socket: socket as unknown as WebSocket, frames };
}

describe('live hub', () => {
  const suite = serverForSuite();

  // Found by the scale-out benchmark (bench/scale-out.ts): a connection catching up from the log
  // while a wake-up moved the feed's head was told it had read up to the new head, and the events
  // in between never reached it.
  it('sends a connection catching up everything, when a wake-up lands during its read of the log', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const orgId = ids.org.id;
    const viewer = await loadViewer(db, ids.admin.id);
    if (!viewer) throw new Error('no admin');
    const start = await currentSeq(db, orgId);
    await customerWrites(server, orgId, ids.channel.id, 'race-1', 'First');

    // The connection's read of the log waits until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    const hub = new LiveHub(
      db,
      (userId) => loadViewer(db, userId),
      async (query) => {
        const rows = await readEvents(db, query);
        if (query.groups && holding) await held;
        return rows;
      },
    );
    // A first connection opens the organization's feed at the head as it is now.
    const first = recordingSocket();
    await hub.connect(first.socket, viewer, 'session-1', await currentSeq(db, orgId));
    await customerWrites(server, orgId, ids.channel.id, 'race-2', 'Second');

    // A second connection starts from before both messages: it reads the log, and is held there.
    holding = true;
    const second = recordingSocket();
    const connected = hub.connect(second.socket, viewer, 'session-2', start);
    // Meanwhile the second message's wake-up reaches the hub, which takes it into its feed.
    hub.wake(orgId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 200));

    const head = await currentSeq(db, orgId);
    const entitled = (
      await readEvents(db, { orgId, after: start, upTo: head, limit: 1000, groups: viewer.groups })
    ).map((event) => event.seq);
    const got = second.frames.flatMap((frame) => frame.events?.map((event) => event.seq) ?? []);
    expect(entitled.length).toBeGreaterThan(1);
    expect(got).toEqual(entitled);
    // Each batch follows the one before: the cursor chain has no hole.
    const batches = second.frames.filter((frame) => frame.kind === 'events');
    batches.forEach((frame, i) => {
      expect(frame.after).toBe(i === 0 ? start : batches[i - 1]?.cursor);
    });
    expect(second.frames.at(-1)).toEqual({ kind: 'ready', cursor: head });
  });
});
