import { eq } from 'drizzle-orm';
import type { channels, routingRules } from '../../db/schema';
import { channelHealth } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { channelHealthRow, channelRow, routingRuleRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';

/** The synced put of a channel row: its settings and which secrets are set, never their values. */
export const channelPut = (row: typeof channels.$inferSelect): StoredChange => ({
  table: 'channels',
  op: 'put',
  key: row.id,
  row: channelRow(row),
  groups: [ORG_GROUP],
});

/** The synced put of a channel's health row, read as it now stands. */
export async function healthPut(
  scope: CommandScope,
  channelId: string,
): Promise<StoredChange | null> {
  const [row] = await scope.tx.select().from(channelHealth).where(eq(channelHealth.id, channelId));
  if (!row) return null;
  return {
    table: 'channelHealth',
    op: 'put',
    key: row.id,
    row: channelHealthRow(row),
    groups: [ORG_GROUP],
  };
}

/** The synced put of a routing rule row (a new channel's default rule). */
export const routingRulePut = (row: typeof routingRules.$inferSelect): StoredChange => ({
  table: 'routingRules',
  op: 'put',
  key: row.id,
  row: routingRuleRow(row),
  groups: [ORG_GROUP],
});
