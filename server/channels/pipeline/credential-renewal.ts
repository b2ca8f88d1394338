import { and, eq, inArray, sql } from 'drizzle-orm';
import { channels } from '../../db/schema';
import { runInScope } from '../../domain/core/run-in-scope';
import { channelPut } from '../../domain/channels/channel-changes';
import { adapterOf } from '../registry';
import { toAdapterChannel, type PipelineDeps } from './pipeline-deps';
import { noteHealth } from './health';
import { awaitsReauthorization, requireReauthorization } from './lapsed-credentials';

/**
 * Renews the credentials of every active channel whose provider lets them expire (Instagram's
 * 60-day tokens, refreshed within ten days of expiry: docs/channels.md "Instagram"), run with the
 * receivers' supervision. A refusal of the credentials themselves flags the channel for
 * authorising again; anything else is tried at the next round. Two instances may both refresh:
 * the token is written only over the one that was refreshed, so the later answer is dropped (the
 * token it named stays valid at Meta until its own expiry).
 */
export async function runDueRenewals(deps: PipelineDeps): Promise<number> {
  const types = Object.entries(deps.adapters)
    .filter(([, adapter]) => adapter.renewal !== undefined)
    .map(([type]) => type);
  if (types.length === 0) return 0;
  const { db } = deps.database;
  // One read a round (it runs every supervision): the rows themselves, not ids then each row.
  const rows = await db
    .select()
    .from(channels)
    .where(and(eq(channels.active, true), inArray(channels.type, types)));
  let renewed = 0;
  for (const row of rows) {
    const channel = toAdapterChannel(row);
    const renewal = adapterOf(deps.adapters, channel.type)?.renewal;
    if (!renewal?.due(channel, deps.clock.now())) continue;
    if (await awaitsReauthorization(deps, channel.id)) continue;
    const result = await renewal.renew(channel, deps.clock.now(), AbortSignal.timeout(30_000));
    if (result.kind === 'reauthorize') {
      await requireReauthorization(deps, channel, result.reason);
      continue;
    }
    if (result.kind === 'retry') {
      await noteHealth(deps, channel.id, { error: `Token refresh: ${result.reason}` });
      continue;
    }
    const before = channel.secrets.token ?? '';
    const now = deps.clock.now();
    const appended = await db.transaction((tx) =>
      runInScope(
        deps.database,
        tx,
        { orgId: channel.orgId, actor: { kind: 'channel', id: channel.id }, viewer: null },
        { commandId: null, now },
        async (scope) => {
          const [row] = await tx
            .update(channels)
            .set({
              secrets: sql`${channels.secrets} || ${JSON.stringify(result.secrets)}::jsonb`,
              settings: sql`${channels.settings} || ${JSON.stringify(result.settings)}::jsonb`,
              updatedAt: now,
            })
            .where(and(eq(channels.id, channel.id), sql`${channels.secrets}->>'token' = ${before}`))
            .returning();
          if (!row) return;
          renewed += 1;
          // The row carries the new expiry (the token itself is never synced).
          scope.emit('channel.updated', { channelId: row.id, name: row.name }, [channelPut(row)]);
        },
      ),
    );
    if (appended !== null) deps.wake(channel.orgId);
  }
  return renewed;
}
