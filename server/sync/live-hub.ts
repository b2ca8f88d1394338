import type { WebSocket } from 'ws';
import { and, eq, isNotNull } from 'drizzle-orm';
import { LIVE_CLOSE, type SyncEvent } from '../../src/protocol';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';
import type { Viewer } from '../auth/viewer';
import { currentSeq, eventForViewer, readEvents, type StoredEvent } from './event-log';
import { sameGroups } from './groups';

type LogQuery = Parameters<typeof readEvents>[1];

/**
 * Recent events kept per organization so a live push costs no query per connection. Live
 * connections are at the head or a batch behind it; one further back reads the log. The ring is
 * memory an instance holds per organization with someone online (with its serialized copies,
 * about 4 KB an event), so it stays small: at 4,096 the scale-out run's instances held 160 MB
 * for ten organizations.
 */
const RING_SIZE = 512;
/** Events per catch-up query and per pushed batch. */
const PAGE = 1000;

export type LiveConnection = {
  socket: WebSocket;
  viewer: Viewer;
  /**
   * A projection for audiences other than staff (a site-chat visitor): what of an event they see,
   * sent as `{"kind":"items"}` batches instead of events.
   */
  project?: ((event: StoredEvent) => unknown[]) | undefined;
  sessionId: string;
  /** The cursor the client holds: the `after` of the next batch. */
  clientCursor: number;
  /** How far this connection's events have been examined (may pass invisible events). */
  scanCursor: number;
  pumping: boolean;
  again: boolean;
  closed: boolean;
};

type Feed = {
  orgId: string;
  /** Events with seq in (ringStart, lastSeq] are all in `ring`. */
  ringStart: number;
  lastSeq: number;
  ring: StoredEvent[];
  /** Serialized full events, shared by every viewer who sees all of an event. */
  json: Map<number, string>;
  connections: Set<LiveConnection>;
  fetching: boolean;
  again: boolean;
};

/** Reads and clears a "run again" flag set by a wake-up that came while work was under way. */
function consumeAgain(state: { again: boolean }): boolean {
  const again = state.again;
  state.again = false;
  return again;
}

/**
 * Pushes each organization's new events to its live connections, in order, filtered by each
 * viewer's sync groups. One query per wake-up serves every connection of the organization.
 */
export class LiveHub {
  private readonly feeds = new Map<string, Feed>();

  constructor(
    private readonly db: Db,
    private readonly reloadViewer: (userId: string) => Promise<Viewer | null>,
    /** How the log is read; a test holds one read back to order it against a wake-up. */
    private readonly readLog: (query: LogQuery) => Promise<StoredEvent[]> = (query) =>
      readEvents(db, query),
  ) {}

  /** Live connections held for one user on this instance (one per browser profile is the aim). */
  connectionsOf(userId: string): number {
    let n = 0;
    for (const feed of this.feeds.values())
      for (const connection of feed.connections) if (connection.viewer.id === userId) n += 1;
    return n;
  }

  /** Registers a socket whose client holds `after`; it is caught up, then kept live. */
  async connect(
    socket: WebSocket,
    viewer: Viewer,
    sessionId: string,
    after: number,
    project?: (event: StoredEvent) => unknown[],
  ): Promise<void> {
    const feed = await this.feed(viewer.orgId);
    const connection: LiveConnection = {
      socket,
      viewer,
      project,
      sessionId,
      clientCursor: after,
      scanCursor: after,
      pumping: false,
      again: false,
      closed: false,
    };
    feed.connections.add(connection);
    socket.on('close', () => {
      connection.closed = true;
      feed.connections.delete(connection);
      if (feed.connections.size === 0) this.feeds.delete(feed.orgId);
    });
    await this.pump(feed, connection);
    if (!connection.closed)
      this.send(connection, JSON.stringify({ kind: 'ready', cursor: connection.clientCursor }));
  }

  /** Something was committed for this organization (here, or on another instance). */
  wake(orgId: string): void {
    const feed = this.feeds.get(orgId);
    if (feed) void this.refresh(feed);
  }

  /** Wakes every organization: after a lost LISTEN connection, nothing may stay unsent. */
  wakeAll(): void {
    for (const orgId of this.feeds.keys()) this.wake(orgId);
  }

  /** Ends every live connection of a revoked session. */
  closeSession(sessionId: string): void {
    for (const feed of this.feeds.values()) {
      for (const connection of feed.connections) {
        if (connection.sessionId === sessionId)
          connection.socket.close(LIVE_CLOSE.unauthorized, 'session revoked');
      }
    }
  }

  closeAll(): void {
    for (const feed of this.feeds.values()) {
      for (const connection of feed.connections)
        connection.socket.close(LIVE_CLOSE.shuttingDown, 'server stopping');
    }
  }

  private async feed(orgId: string): Promise<Feed> {
    const existing = this.feeds.get(orgId);
    if (existing) return existing;
    const seq = await currentSeq(this.db, orgId);
    const raced = this.feeds.get(orgId);
    if (raced) return raced;
    const feed: Feed = {
      orgId,
      ringStart: seq,
      lastSeq: seq,
      ring: [],
      json: new Map(),
      connections: new Set(),
      fetching: false,
      again: false,
    };
    this.feeds.set(orgId, feed);
    return feed;
  }

  private async refresh(feed: Feed): Promise<void> {
    if (feed.fetching) {
      feed.again = true;
      return;
    }
    feed.fetching = true;
    feed.again = false;
    try {
      do {
        for (;;) {
          const page = await this.readLog({
            orgId: feed.orgId,
            after: feed.lastSeq,
            upTo: Number.MAX_SAFE_INTEGER,
            limit: PAGE,
          });
          for (const event of page) {
            feed.ring.push(event);
            feed.lastSeq = event.seq;
          }
          if (feed.ring.length > RING_SIZE) {
            const dropped = feed.ring.splice(0, feed.ring.length - RING_SIZE);
            feed.ringStart = dropped[dropped.length - 1]?.seq ?? feed.ringStart;
            for (const event of dropped) feed.json.delete(event.seq);
          }
          if (page.length < PAGE) break;
        }
        await Promise.all([...feed.connections].map((connection) => this.pump(feed, connection)));
      } while (consumeAgain(feed));
    } finally {
      feed.fetching = false;
    }
  }

  /** Sends a connection everything after its scan cursor, one batch at a time, never twice. */
  private async pump(feed: Feed, connection: LiveConnection): Promise<void> {
    if (connection.pumping) {
      connection.again = true;
      return;
    }
    connection.pumping = true;
    connection.again = false;
    try {
      do {
        while (!connection.closed && connection.scanCursor < feed.lastSeq) {
          // What this batch covers is fixed before any wait: a wake-up may move the feed's head
          // while the log is read, and the events past this bound come in the next batch.
          const upTo = feed.lastSeq;
          const fromRing = connection.scanCursor >= feed.ringStart;
          const batch = fromRing
            ? feed.ring.filter((event) => event.seq > connection.scanCursor).slice(0, PAGE)
            : await this.readLog({
                orgId: feed.orgId,
                after: connection.scanCursor,
                upTo,
                limit: PAGE,
                groups: connection.viewer.groups,
              });
          const scannedTo = batch.length === PAGE ? (batch[batch.length - 1]?.seq ?? upTo) : upTo;
          await this.deliver(feed, connection, batch, scannedTo);
        }
      } while (consumeAgain(connection) && !connection.closed);
    } finally {
      connection.pumping = false;
    }
  }

  private async deliver(
    feed: Feed,
    connection: LiveConnection,
    batch: readonly StoredEvent[],
    scannedTo: number,
  ): Promise<void> {
    const { project } = connection;
    if (project) {
      const items = batch.flatMap(project);
      if (items.length > 0) {
        this.send(
          connection,
          JSON.stringify({
            kind: 'items',
            after: connection.clientCursor,
            cursor: scannedTo,
            items,
          }),
        );
        connection.clientCursor = scannedTo;
      }
      connection.scanCursor = scannedTo;
      return;
    }
    const groups = new Set(connection.viewer.groups);
    const parts: string[] = [];
    let touchesViewer = false;
    for (const event of batch) {
      const visible = eventForViewer(event, groups);
      if (!visible) continue;
      parts.push(this.serialize(feed, event, visible));
      touchesViewer ||= visible.changes.some(
        (change) =>
          (change.table === 'users' && change.key === connection.viewer.id) ||
          (change.table === 'roles' && change.key === connection.viewer.roleId),
      );
    }
    if (parts.length > 0) {
      this.send(
        connection,
        `{"kind":"events","after":${connection.clientCursor},"cursor":${scannedTo},"events":[${parts.join(',')}]}`,
      );
      connection.clientCursor = scannedTo;
    }
    connection.scanCursor = scannedTo;
    if (touchesViewer) await this.recheckViewer(connection);
  }

  /** An event every viewer sees whole is serialized once for all of them. */
  private serialize(feed: Feed, event: StoredEvent, visible: SyncEvent): string {
    const whole = visible.changes.length === (event.changes as unknown[]).length;
    if (!whole) return JSON.stringify(visible);
    let json = feed.json.get(event.seq);
    if (json === undefined) {
      json = JSON.stringify(visible);
      if (event.seq > feed.ringStart) feed.json.set(event.seq, json);
    }
    return json;
  }

  /**
   * The viewer's own row or role changed: a deactivated user, or one whose session was ended with
   * the change (a new password set by an administrator), is disconnected at once, and a change of
   * teams or rights makes the client bootstrap again (its rows no longer match).
   */
  private async recheckViewer(connection: LiveConnection): Promise<void> {
    const fresh = await this.reloadViewer(connection.viewer.id);
    if (!fresh?.active || !fresh.orgActive) {
      connection.socket.close(LIVE_CLOSE.unauthorized, 'account inactive');
      connection.closed = true;
      return;
    }
    if (!connection.project && (await this.sessionRevoked(connection.sessionId))) {
      connection.socket.close(LIVE_CLOSE.unauthorized, 'session revoked');
      connection.closed = true;
      return;
    }
    if (!sameGroups(fresh.groups, connection.viewer.groups)) {
      this.send(connection, JSON.stringify({ kind: 'reset', reset: true }));
      connection.socket.close(LIVE_CLOSE.reset, 'groups changed');
      connection.closed = true;
      return;
    }
    connection.viewer = fresh;
  }

  private async sessionRevoked(sessionId: string): Promise<boolean> {
    const [revoked] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNotNull(sessions.revokedAt)));
    return revoked !== undefined;
  }

  private send(connection: LiveConnection, data: string): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(data);
  }
}
