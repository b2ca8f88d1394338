import * as v from 'valibot';
import {
  RoutingRuleSchema,
  type ErrorName,
  type Intent,
  type MailingType,
  type RoutingAction,
  type RoutingConditions,
  type RoutingRule,
} from '../../../src/protocol';
import { isErrorName } from '../core/parse';

/** What is known about an incoming message when its channel's rules are tried. */
export type RoutingFacts = {
  /** repeat: the client had an earlier chat on this channel. */
  chatStatus: 'new' | 'repeat';
  messageType: 'client' | 'mailing';
  /** Only for a mailing, when the mailing says which kind it was. */
  mailingType?: MailingType;
  intents: ReadonlySet<Intent>;
};

/** Who may receive the chat; ids are null when there is no such person or team. */
export type RoutingPeople = {
  /** The operator who last handled the client's chat on this channel, if still active. */
  lastExecutorId: string | null;
  /** The client's personal manager, if any (and active). */
  personalManagerId: string | null;
  /** The channel's team. */
  defaultTeamId: string | null;
};

export type RoutingDestination =
  { kind: 'operator'; id: string } | { kind: 'team'; id: string } | { kind: 'bot'; id: string };

export function conditionsHold(c: RoutingConditions, facts: RoutingFacts): boolean {
  if (c.chatStatus !== 'any' && c.chatStatus !== facts.chatStatus) return false;
  if (c.messageType !== 'any' && c.messageType !== facts.messageType) return false;
  // A rule for one kind of mailing does not take a mailing whose kind is unknown.
  if (c.mailingType !== null && c.mailingType !== facts.mailingType) return false;
  if (c.includeIntents.length > 0 && !c.includeIntents.some((i) => facts.intents.has(i))) {
    return false;
  }
  return !c.excludeIntents.some((i) => facts.intents.has(i));
}

// Ties in priority are broken by id so the choice never depends on the order rows were read.
const byPriority = (a: RoutingRule, b: RoutingRule): number =>
  a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The rule that routes a message: among one channel's rules, the first by ascending priority
 * whose conditions hold; the default rule comes after all others whatever its priority, so it
 * catches every message the others leave. Null only when the channel has no default rule.
 */
export function matchRule(rules: readonly RoutingRule[], facts: RoutingFacts): RoutingRule | null {
  const ordered = rules.filter((r) => !r.isDefault).sort(byPriority);
  const matched = ordered.find((r) => conditionsHold(r.conditions, facts));
  return matched ?? rules.find((r) => r.isDefault) ?? null;
}

/**
 * Where a rule's action sends the chat. A rule naming a person who is not there (no earlier
 * operator, or one no longer active; no personal manager) falls back to the channel's team, so
 * the chat still lands in a queue someone watches. Null when even the channel has no team: the
 * chat then waits unassigned, as chats did before rules existed.
 */
export function resolveAction(
  action: RoutingAction,
  people: RoutingPeople,
): RoutingDestination | null {
  const channelTeam = (): RoutingDestination | null =>
    people.defaultTeamId === null ? null : { kind: 'team', id: people.defaultTeamId };
  switch (action.kind) {
    case 'last_executor':
      return people.lastExecutorId === null
        ? channelTeam()
        : { kind: 'operator', id: people.lastExecutorId };
    case 'personal_manager':
      return people.personalManagerId === null
        ? channelTeam()
        : { kind: 'operator', id: people.personalManagerId };
    case 'team':
      return { kind: 'team', id: action.teamId };
    case 'chat_bot':
      return { kind: 'bot', id: action.botId };
  }
}

export type RuleCheck = { ok: true; rule: RoutingRule } | { ok: false; error: ErrorName };

/**
 * A rule as sent, checked on its own: RULE_NAME_REQUIRED for a blank name,
 * INVALID_RULE_CONDITION / INVALID_RULE_ACTION for values the schema refuses (a team action
 * without a team, a mailing type on a rule not limited to mailings, an intent both included and
 * excluded, an unknown intent), VALIDATION_FAILED for anything else malformed.
 */
export function checkRuleValues(input: unknown): RuleCheck {
  const result = v.safeParse(RoutingRuleSchema, input);
  if (result.success) return { ok: true, rule: result.output };
  const message = result.issues[0].message;
  return { ok: false, error: isErrorName(message) ? message : 'VALIDATION_FAILED' };
}

/**
 * The teams and chat bots a rule names must exist in the organization (TEAM_NOT_FOUND,
 * CHATBOT_NOT_FOUND). A bot not yet published may be named: chats reach it once it is.
 */
export function ruleReferenceError(
  rule: RoutingRule,
  known: { teamIds: ReadonlySet<string>; botIds: ReadonlySet<string> },
): ErrorName | null {
  if (rule.action.kind === 'team' && !known.teamIds.has(rule.action.teamId)) {
    return 'TEAM_NOT_FOUND';
  }
  if (rule.action.kind === 'chat_bot' && !known.botIds.has(rule.action.botId)) {
    return 'CHATBOT_NOT_FOUND';
  }
  return null;
}

const sameSet = (a: readonly Intent[], b: readonly Intent[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((i) => right.has(i));
};

export function sameConditions(a: RoutingConditions, b: RoutingConditions): boolean {
  return (
    a.chatStatus === b.chatStatus &&
    a.messageType === b.messageType &&
    a.mailingType === b.mailingType &&
    sameSet(a.includeIntents, b.includeIntents) &&
    sameSet(a.excludeIntents, b.excludeIntents)
  );
}

/**
 * Two rules of one channel with the same conditions: the later one could never match, so it is
 * refused. The default rule counts too: a rule with no conditions would only hide it.
 */
export function ruleConflictError(
  rule: RoutingRule,
  channelRules: readonly RoutingRule[],
): ErrorName | null {
  const clash = channelRules.some(
    (other) =>
      other.id !== rule.id &&
      other.channelId === rule.channelId &&
      sameConditions(other.conditions, rule.conditions),
  );
  return clash ? 'RULE_SAME_CONDITIONS_EXISTS' : null;
}

/**
 * The default rule is the server's: it cannot be changed or deleted (spec §3), and no other rule
 * can be made one, or a channel would have two catch-alls. `existing` is undefined on creation.
 */
export function defaultRuleError(
  existing: RoutingRule | undefined,
  candidate: RoutingRule | undefined,
): ErrorName | null {
  if (existing?.isDefault || candidate?.isDefault) return 'DEFAULT_RULE_UPDATE';
  return null;
}

/**
 * Every check for saving a rule (create when `existing` is undefined, else update), in the order
 * a user can act on: the default rule first (nothing about it can be changed), then the rule's own
 * values, then what it names, then its siblings.
 */
export function checkRuleSave(
  input: unknown,
  context: {
    existing: RoutingRule | undefined;
    channelRules: readonly RoutingRule[];
    teamIds: ReadonlySet<string>;
    botIds: ReadonlySet<string>;
  },
): RuleCheck {
  const locked = defaultRuleError(context.existing, undefined);
  if (locked) return { ok: false, error: locked };
  const values = checkRuleValues(input);
  if (!values.ok) return values;
  const error =
    defaultRuleError(undefined, values.rule) ??
    ruleReferenceError(values.rule, context) ??
    ruleConflictError(values.rule, context.channelRules);
  return error ? { ok: false, error } : values;
}
