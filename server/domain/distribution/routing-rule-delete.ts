import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { routingRules } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { lockChannelSettings } from './channel-access';
import { requireRight } from '../core/require-viewer';
import { defaultRuleError } from './routing-rules';
import { storedRule } from './stored-rules';

/** Removes a channel's routing rule; the default rule cannot be removed (spec §3). */
export async function routingRuleDelete(
  scope: CommandScope,
  payload: CommandPayload<'routingRule.delete'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const ofThisOrg = and(eq(routingRules.id, payload.ruleId), eq(routingRules.orgId, scope.orgId));
  const [found] = await scope.tx.select().from(routingRules).where(ofThisOrg);
  if (!found) fail('RULE_NOT_FOUND');
  // Under the channel's lock, as a save is, so a save of this rule is either before or after.
  await lockChannelSettings(scope, found.channelId);
  const [row] = await scope.tx.select().from(routingRules).where(ofThisOrg);
  if (!row) fail('RULE_NOT_FOUND');
  const rule = storedRule(row);
  const locked = defaultRuleError(rule, undefined);
  if (locked) fail(locked);
  await scope.tx.delete(routingRules).where(eq(routingRules.id, rule.id));
  scope.emit('routingRule.deleted', { ruleId: rule.id, channelId: rule.channelId }, [
    { table: 'routingRules', op: 'delete', key: rule.id, groups: [ORG_GROUP] },
  ]);
}
