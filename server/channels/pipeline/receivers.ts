import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONNECTABLE_CHANNEL_TYPES, isProviderType } from '../../../src/protocol';
import { channelCursors, channels } from '../../db/schema';
import type { CursorStore, Receiver } from '../adapter';
import { adapterOf } from '../registry';
import { adapterChannel, failureText, type PipelineDeps } from './pipeline-deps';
import { storeInboundEvents } from './inbound';
import { applyStatusReports } from './statuses';
import { noteHealth } from './health';

/** The cursor key under which an instance holds a channel's receiver (one receiver per channel). */
const LEASE_KEY = '_receiver';
/** How long a receiver's lease lasts without renewal; renewed at every supervision round. */
const LEASE_MS = 60_000;

/** A channel's durable cursor values (channel_cursors). */
export function cursorStore(deps: PipelineDeps, channelId: string): CursorStore {
  const { db } = deps.database;
  return {
    async get(key) {
      const [row] = await db
        .select({ value: channelCursors.value })
        .from(channelCursors)
        .where(and(eq(channelCursors.channelId, channelId), eq(channelCursors.key, key)));
      return row?.value ?? null;
    },
    async set(key, value) {
      const updatedAt = deps.clock.now();
      await db
        .insert(channelCursors)
        .values({ channelId, key, value, updatedAt })
        .onConflictDoUpdate({
          target: [channelCursors.channelId, channelCursors.key],
          set: { value, updatedAt },
        });
    },
  };
}

/**
 * Takes or renews this instance's lease on a channel's receiver. Two instances polling one bot
 * would each get some of its updates (Telegram answers the second getUpdates with 409).
 */
async function holdLease(deps: PipelineDeps, channelId: string, instanceId: string) {
  const now = deps.clock.now().getTime();
  const value = `${instanceId}|${now + LEASE_MS}`;
  const rows = await deps.database.db
    .insert(channelCursors)
    .values({ channelId, key: LEASE_KEY, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [channelCursors.channelId, channelCursors.key],
      set: { value, updatedAt: new Date(now) },
      setWhere: sql`split_part(${channelCursors.value}, '|', 1) = ${instanceId}
        or split_part(${channelCursors.value}, '|', 2)::bigint < ${now}`,
    })
    .returning({ channelId: channelCursors.channelId });
  return rows.length > 0;
}

type Running = { receiver: Receiver; abort: AbortController; version: string };

/**
 * Keeps one receiver running for every active provider channel this instance holds the lease
 * of, and stops it when the channel is turned off, its settings change (it restarts with the new
 * ones) or the server stops.
 */
export class ReceiverSupervisor {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly deps: PipelineDeps,
    private readonly instanceId: string,
    private readonly publicUrl: string | null,
    private readonly kick: () => void,
  ) {}

  /** One supervision round. */
  async supervise(): Promise<void> {
    const { db } = this.deps.database;
    const rows = await db
      .select({ id: channels.id, type: channels.type, updatedAt: channels.updatedAt })
      .from(channels)
      .where(
        and(eq(channels.active, true), inArray(channels.type, [...CONNECTABLE_CHANNEL_TYPES])),
      );
    const wanted = new Map<string, string>();
    for (const row of rows) {
      if (!isProviderType(row.type) || !adapterOf(this.deps.adapters, row.type)) continue;
      if (await holdLease(this.deps, row.id, this.instanceId))
        wanted.set(row.id, row.updatedAt.toISOString());
    }
    for (const [id, running] of this.running)
      if (wanted.get(id) !== running.version) await this.stopOne(id);
    for (const [id, version] of wanted) if (!this.running.has(id)) await this.startOne(id, version);
  }

  private async startOne(channelId: string, version: string): Promise<void> {
    const channel = await adapterChannel(this.deps.database.db, channelId);
    const adapter = channel && adapterOf(this.deps.adapters, channel.type);
    if (!channel || !adapter) return;
    const abort = new AbortController();
    const base = this.publicUrl?.replace(/\/+$/, '');
    try {
      const receiver = await adapter.start({
        channel,
        cursor: cursorStore(this.deps, channelId),
        deliver: async (events) => {
          await storeInboundEvents(this.deps, channel, events);
          this.kick();
        },
        statuses: async (reports) => {
          await applyStatusReports(this.deps, channelId, reports);
        },
        health: (report) => {
          void noteHealth(this.deps, channelId, report);
        },
        webhookUrl: base ? `${base}/api/channels/${channelId}/webhook` : null,
        signal: abort.signal,
      });
      this.running.set(channelId, { receiver, abort, version });
    } catch (error) {
      abort.abort();
      await noteHealth(this.deps, channelId, { connected: false, error: failureText(error) });
    }
  }

  private async stopOne(channelId: string): Promise<void> {
    const running = this.running.get(channelId);
    if (!running) return;
    this.running.delete(channelId);
    running.abort.abort();
    try {
      await running.receiver.stop();
    } catch (error) {
      console.error(`channel ${channelId}: receiver did not stop cleanly`, failureText(error));
    }
    // Let another instance (or this one restarted) take the channel at once, not after the lease.
    await this.deps.database.db
      .delete(channelCursors)
      .where(
        and(
          eq(channelCursors.channelId, channelId),
          eq(channelCursors.key, LEASE_KEY),
          sql`split_part(${channelCursors.value}, '|', 1) = ${this.instanceId}`,
        ),
      );
  }

  /** Stops every receiver (the server is stopping). */
  async stopAll(): Promise<void> {
    for (const id of [...this.running.keys()]) await this.stopOne(id);
  }
}
