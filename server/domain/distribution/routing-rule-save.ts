import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chatbots, routingRules, teams } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { routingRuleRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { lockChannelSettings } from './channel-access';
import { requireRight } from '../core/require-viewer';
import { checkRuleSave } from './routing-rules';
import { channelRules } from './stored-rules';

/**
 * Creates a channel's routing rule, or updates it when its id is already one of the channel's
 * rules (spec §3; every check in checkRuleSave). Channels are service accounts, so their rules
 * belong to whoever may manage service accounts. The channel stays locked until commit, so two
 * saves cannot both find no rule with their conditions and both be stored.
 */
export async function routingRuleSave(
  scope: CommandScope,
  payload: CommandPayload<'routingRule.save'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const channel = await lockChannelSettings(scope, payload.channelId);
  const [stored] = await scope.tx
    .select({ orgId: routingRules.orgId, channelId: routingRules.channelId })
    .from(routingRules)
    .where(eq(routingRules.id, payload.id));
  // The id is the client's choice: one taken elsewhere cannot become this rule's.
  if (stored && stored.orgId !== scope.orgId) fail('VALIDATION_FAILED', { field: 'id' });
  if (stored && stored.channelId !== channel.id) fail('VALIDATION_FAILED', { field: 'channelId' });

  const rules = await channelRules(scope, channel.id);
  const teamRows = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.orgId, scope.orgId));
  const botRows = await scope.tx
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(eq(chatbots.orgId, scope.orgId));
  const check = checkRuleSave(payload, {
    existing: rules.find((rule) => rule.id === payload.id),
    channelRules: rules,
    teamIds: new Set(teamRows.map((team) => team.id)),
    botIds: new Set(botRows.map((bot) => bot.id)),
  });
  if (!check.ok) fail(check.error);
  const { rule } = check;
  const values = {
    name: rule.name,
    priority: rule.priority,
    conditions: rule.conditions,
    action: rule.action,
    updatedAt: scope.now,
  };
  const [row] = stored
    ? await scope.tx
        .update(routingRules)
        .set(values)
        .where(eq(routingRules.id, rule.id))
        .returning()
    : await scope.tx
        .insert(routingRules)
        .values({
          ...values,
          id: rule.id,
          orgId: scope.orgId,
          channelId: channel.id,
          isDefault: false,
          createdAt: scope.now,
        })
        .returning();
  if (!row) fail('RULE_NOT_FOUND');
  scope.emit('routingRule.saved', { rule, created: !stored }, [
    {
      table: 'routingRules',
      op: 'put',
      key: row.id,
      row: routingRuleRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}
