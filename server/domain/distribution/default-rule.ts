import type { RoutingAction, RoutingConditions } from '../../../src/protocol';
import type { routingRules } from '../../db/schema';

/** The conditions of a rule that takes every message: the default rule's. */
export const ANY_CONDITIONS: RoutingConditions = {
  chatStatus: 'any',
  messageType: 'any',
  mailingType: null,
  includeIntents: [],
  excludeIntents: [],
};

/**
 * The routing rule every channel is made with (spec §3: it cannot be changed). It sends chats to
 * the channel's team, or to the last executor when the channel has none; the same row the
 * backfill of migration 0006 gave every channel that existed before rules.
 */
export function defaultRuleRow(
  channel: { id: string; orgId: string; teamId?: string | null },
  id: string,
): typeof routingRules.$inferInsert {
  const action: RoutingAction = channel.teamId
    ? { kind: 'team', teamId: channel.teamId }
    : { kind: 'last_executor' };
  return {
    id,
    orgId: channel.orgId,
    channelId: channel.id,
    name: 'Default',
    isDefault: true,
    priority: 0,
    conditions: ANY_CONDITIONS,
    action,
  };
}
