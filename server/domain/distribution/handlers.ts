import type { AreaHandlers } from '../core/area-handlers';
import { autoRepliesSave } from './auto-replies-save';
import { channelSetThresholds } from './channel-set-thresholds';
import { operatorSetStatus } from './operator-set-status';
import { routingRuleDelete } from './routing-rule-delete';
import { routingRuleSave } from './routing-rule-save';
import { teamSetDistribution } from './team-set-distribution';

/**
 * Who receives which chat, and when: an operator's In work or Break, and the settings the rules
 * of docs/distribution.md read (routing rules, auto-replies, a team's distribution, a channel's
 * expiry thresholds).
 */
export const distributionHandlers = {
  'operator.setStatus': operatorSetStatus,
  'routingRule.save': routingRuleSave,
  'routingRule.delete': routingRuleDelete,
  'autoReplies.save': autoRepliesSave,
  'team.setDistribution': teamSetDistribution,
  'channel.setThresholds': channelSetThresholds,
} satisfies AreaHandlers;
