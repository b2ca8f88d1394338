import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { channelDeliveries, channelHealth, channelInboundEvents, channels } from '../../db/schema';
import { runInScope } from '../../domain/core/run-in-scope';
import { healthPut } from '../../domain/channels/channel-changes';
import type { PipelineDeps } from './pipeline-deps';

/**
 * How often a channel's health row is written when nothing but its times moved: a busy channel
 * would otherwise send every browser a change per message. A change of connection or error is
 * written at once.
 */
export const HEALTH_THROTTLE_MS = 30_000;

export type HealthNote = {
  /** The provider answered (true) or could not be reached (false). */
  connected?: boolean;
  inboundAt?: Date;
  outboundAt?: Date;
  /** A failure to show; implies nothing about `connected` unless that is given too. */
  error?: string;
};

/**
 * Notes what the pipeline just saw of a channel in its synced health row (docs/channels.md
 * "Health"), throttled. Never throws: health is told, not relied on.
 */
export async function noteHealth(
  deps: PipelineDeps,
  channelId: string,
  note: HealthNote,
): Promise<void> {
  try {
    await writeHealth(deps, channelId, note);
  } catch (error) {
    console.error(`channel ${channelId}: health not written`, error);
  }
}

async function writeHealth(deps: PipelineDeps, channelId: string, note: HealthNote) {
  const { db } = deps.database;
  const now = deps.clock.now();
  const [channel] = await db
    .select({ orgId: channels.orgId })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!channel) return;
  const [current] = await db.select().from(channelHealth).where(eq(channelHealth.id, channelId));
  const connected = note.connected ?? current?.connected ?? false;
  // A success clears the last error; a failure replaces it.
  const lastError = note.error ?? (note.connected === true ? null : (current?.lastError ?? null));
  const significant =
    !current ||
    current.connected !== connected ||
    current.lastError !== lastError ||
    // The first message either way is shown at once: "never" is not a time that lags.
    (note.inboundAt !== undefined && current.lastInboundAt === null) ||
    (note.outboundAt !== undefined && current.lastOutboundAt === null) ||
    now.getTime() - current.updatedAt.getTime() >= HEALTH_THROTTLE_MS;
  if (!significant) return;
  const appended = await db.transaction((tx) =>
    runInScope(
      deps.database,
      tx,
      { orgId: channel.orgId, actor: { kind: 'system' }, viewer: null },
      { commandId: null, now },
      async (scope) => {
        const [aside] = await tx
          .select({ n: count() })
          .from(channelInboundEvents)
          .where(
            and(
              eq(channelInboundEvents.channelId, channelId),
              isNotNull(channelInboundEvents.setAsideAt),
            ),
          );
        const [waiting] = await tx
          .select({ n: count() })
          .from(channelDeliveries)
          .where(
            and(
              eq(channelDeliveries.channelId, channelId),
              inArray(channelDeliveries.state, ['pending', 'sending', 'held']),
            ),
          );
        const values = {
          connected,
          lastError,
          lastErrorAt: note.error ? now : (current?.lastErrorAt ?? null),
          lastInboundAt: note.inboundAt ?? current?.lastInboundAt ?? null,
          lastOutboundAt: note.outboundAt ?? current?.lastOutboundAt ?? null,
          setAsideEvents: aside?.n ?? 0,
          pendingDeliveries: waiting?.n ?? 0,
          updatedAt: now,
        };
        await tx
          .insert(channelHealth)
          .values({ id: channelId, orgId: channel.orgId, ...values })
          .onConflictDoUpdate({ target: channelHealth.id, set: values });
        const put = await healthPut(scope, channelId);
        if (put) scope.emit('channel.healthChanged', { channelId, connected }, [put]);
      },
    ),
  );
  if (appended !== null) deps.wake(channel.orgId);
}
