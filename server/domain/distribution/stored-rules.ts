import { and, eq } from 'drizzle-orm';
import type { RoutingRule } from '../../../src/protocol';
import { routingRules } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

/** A stored rule as the protocol and the pure rules see it. */
export const storedRule = (row: typeof routingRules.$inferSelect): RoutingRule => ({
  id: row.id,
  channelId: row.channelId,
  name: row.name,
  isDefault: row.isDefault,
  priority: row.priority,
  conditions: row.conditions,
  action: row.action,
});

/** Every rule of one channel of this organization, the default one included. */
export async function channelRules(scope: CommandScope, channelId: string): Promise<RoutingRule[]> {
  const rows = await scope.tx
    .select()
    .from(routingRules)
    .where(and(eq(routingRules.channelId, channelId), eq(routingRules.orgId, scope.orgId)));
  return rows.map(storedRule);
}
