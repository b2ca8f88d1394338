import * as v from 'valibot';
import { IdSchema } from '../ids';
import { OperatorStatusSchema } from '../entities/user';
import { RoutingRuleSchema } from '../entities/routing-rule';
import { AutoRepliesSavePayload } from '../entities/auto-reply';
import { TEAM_DISTRIBUTION_FIELDS } from '../entities/team';
import { ExpiryThresholdSchema } from '../entities/channel';
import { commandArea } from './command-area';

/** In work or Break: whether distribution gives the operator chats (docs/distribution.md). */
export const OperatorSetStatusPayload = v.object({ status: OperatorStatusSchema });

/** Removes a routing rule of a channel; the default rule stays (DEFAULT_RULE_UPDATE). */
export const RoutingRuleDeletePayload = v.object({ ruleId: IdSchema });

/** A team's distribution settings, saved together as its Distribution form shows them. */
export const TeamSetDistributionPayload = v.object({
  teamId: IdSchema,
  ...TEAM_DISTRIBUTION_FIELDS,
});

/**
 * A channel's expiry thresholds. Either may be off; when both are on, the half-expired one comes
 * first, or a chat would turn red before it ever turned yellow.
 */
export const ChannelSetThresholdsPayload = v.pipe(
  v.object({
    channelId: IdSchema,
    halfExpiredMinutes: ExpiryThresholdSchema,
    expiredMinutes: ExpiryThresholdSchema,
  }),
  v.forward(
    v.check(
      (t) =>
        t.halfExpiredMinutes === null ||
        t.expiredMinutes === null ||
        t.halfExpiredMinutes < t.expiredMinutes,
      'VALIDATION_FAILED',
    ),
    ['halfExpiredMinutes'],
  ),
);

/**
 * Who gets which chat: the operator's own status, and the settings distribution reads (routing
 * rules, auto-replies, a team's queue and limits, a channel's expiry thresholds).
 */
export const DISTRIBUTION_COMMANDS = commandArea(
  {
    'operator.setStatus': OperatorSetStatusPayload,
    /** Creates or updates a channel's rule by its id (chosen by the client, as every id). */
    'routingRule.save': RoutingRuleSchema,
    'routingRule.delete': RoutingRuleDeletePayload,
    'autoReplies.save': AutoRepliesSavePayload,
    'team.setDistribution': TeamSetDistributionPayload,
    'channel.setThresholds': ChannelSetThresholdsPayload,
  },
  [
    'operator.setStatus',
    'routingRule.save',
    'routingRule.delete',
    'autoReplies.save',
    'team.setDistribution',
    'channel.setThresholds',
  ],
);
