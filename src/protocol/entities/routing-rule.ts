import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { INTENTS } from './intent';

/** repeat: the client had an earlier chat on this channel. */
export const ROUTING_CHAT_STATUSES = ['any', 'new', 'repeat'] as const;
/** client: the customer wrote; mailing: an answer to the organization's mailing. */
export const ROUTING_MESSAGE_TYPES = ['any', 'client', 'mailing'] as const;
export const MAILING_TYPES = ['service', 'advertising'] as const;
export type MailingType = (typeof MAILING_TYPES)[number];

// Every refusal below carries its spec §8 name as the message, so parseOrFail answers
// INVALID_RULE_CONDITION / INVALID_RULE_ACTION rather than a bare VALIDATION_FAILED.
const CONDITION = 'INVALID_RULE_CONDITION';
const ACTION = 'INVALID_RULE_ACTION';

// A rule's intents are a condition: an unknown one is a condition error, not a generic one.
const intents = v.array(v.picklist(INTENTS, CONDITION), CONDITION);

/** When a rule applies. Absent limits are 'any' / null / [] so the default rule has none. */
export const RoutingConditionsSchema = v.pipe(
  v.object(
    {
      chatStatus: v.picklist(ROUTING_CHAT_STATUSES, CONDITION),
      messageType: v.picklist(ROUTING_MESSAGE_TYPES, CONDITION),
      /** null: any mailing. Only a rule limited to mailings may name one. */
      mailingType: v.nullable(v.picklist(MAILING_TYPES, CONDITION)),
      /** At least one of these must be in the message (when the list is not empty). */
      includeIntents: intents,
      /** None of these may be in the message. */
      excludeIntents: intents,
    },
    CONDITION,
  ),
  v.check((c) => c.mailingType === null || c.messageType === 'mailing', CONDITION),
  v.check((c) => !c.includeIntents.some((i) => c.excludeIntents.includes(i)), CONDITION),
);
export type RoutingConditions = v.InferOutput<typeof RoutingConditionsSchema>;

const idFor = v.pipe(v.string(ACTION), v.uuid(ACTION));

/** Where a matching rule sends the chat. */
export const RoutingActionSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('last_executor') }, ACTION),
    v.object({ kind: v.literal('team'), teamId: idFor }, ACTION),
    v.object({ kind: v.literal('chat_bot'), botId: idFor }, ACTION),
    v.object({ kind: v.literal('personal_manager') }, ACTION),
  ],
  ACTION,
);
export type RoutingAction = v.InferOutput<typeof RoutingActionSchema>;
export type RoutingActionKind = RoutingAction['kind'];

const isAnyConditions = (c: RoutingConditions): boolean =>
  c.chatStatus === 'any' &&
  c.messageType === 'any' &&
  c.mailingType === null &&
  c.includeIntents.length === 0 &&
  c.excludeIntents.length === 0;

/**
 * A routing rule of one channel (spec §3), as browsers hold it (the synced `routingRules` table). Rules are tried by ascending priority; the channel's
 * default rule (made by the server, never changed) has no conditions and is always tried last.
 */
export const RoutingRuleRowSchema = v.object({
  id: IdSchema,
  channelId: IdSchema,
  name: v.pipe(v.string('RULE_NAME_REQUIRED'), v.trim(), v.minLength(1, 'RULE_NAME_REQUIRED')),
  isDefault: v.boolean(),
  priority: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.storedIntegerMax)),
  conditions: RoutingConditionsSchema,
  action: RoutingActionSchema,
});

/** A rule as `routingRule.save` takes it: a row whose default rule has no conditions. */
export const RoutingRuleSchema = v.pipe(
  RoutingRuleRowSchema,
  v.forward(
    v.check((rule) => !rule.isDefault || isAnyConditions(rule.conditions), CONDITION),
    ['conditions'],
  ),
);
export type RoutingRule = v.InferOutput<typeof RoutingRuleSchema>;
