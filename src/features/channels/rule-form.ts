import * as v from 'valibot';
import {
  INTENTS,
  RoutingRuleSchema,
  type ApiError,
  type Intent,
  type RoutingRule,
} from '../../protocol';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

/** The action kinds the rule form offers (spec §3): a chat bot is one of the organization's. */
export const RULE_ACTION_KINDS = ['last_executor', 'team', 'personal_manager', 'chat_bot'] as const;

/** What the rule form holds; priority as typed, intents as chosen. */
export type RuleFormValues = {
  name: string;
  priority: string;
  chatStatus: RoutingRule['conditions']['chatStatus'];
  messageType: RoutingRule['conditions']['messageType'];
  /** '' for any mailing. */
  mailingType: '' | 'service' | 'advertising';
  includeIntents: Intent[];
  excludeIntents: Intent[];
  action: RoutingRule['action']['kind'];
  teamId: string;
  botId: string;
};

export const RULE_FIELDS = [
  'name',
  'priority',
  'chatStatus',
  'messageType',
  'mailingType',
  'intents',
  'action',
  'teamId',
  'botId',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleProblems = Partial<Record<RuleField, FieldProblem>>;

/**
 * A rule being edited, or a new one placed after the channel's other rules (priority one above
 * the highest non-default one), so it is tried last of them unless moved.
 */
export function ruleFormDefaults(
  rule: RoutingRule | undefined,
  siblings: readonly RoutingRule[],
): RuleFormValues {
  if (rule)
    return {
      name: rule.name,
      priority: String(rule.priority),
      chatStatus: rule.conditions.chatStatus,
      messageType: rule.conditions.messageType,
      mailingType: rule.conditions.mailingType ?? '',
      includeIntents: [...rule.conditions.includeIntents],
      excludeIntents: [...rule.conditions.excludeIntents],
      action: rule.action.kind,
      teamId: rule.action.kind === 'team' ? rule.action.teamId : '',
      botId: rule.action.kind === 'chat_bot' ? rule.action.botId : '',
    };
  const top = Math.max(-1, ...siblings.filter((r) => !r.isDefault).map((r) => r.priority));
  return {
    name: '',
    priority: String(top + 1),
    chatStatus: 'any',
    messageType: 'any',
    mailingType: '',
    includeIntents: [],
    excludeIntents: [],
    action: 'team',
    teamId: '',
    botId: '',
  };
}

const actionOf = (values: RuleFormValues): unknown =>
  values.action === 'team'
    ? { kind: 'team', teamId: values.teamId }
    : values.action === 'chat_bot'
      ? { kind: 'chat_bot', botId: values.botId }
      : { kind: values.action };

/** Intents in the protocol's order, so a save never differs by the order they were ticked. */
const ordered = (intents: readonly Intent[]): Intent[] =>
  INTENTS.filter((i) => intents.includes(i));

const fieldOfKey = (key: string): RuleField | undefined => {
  if (key === 'conditions') return 'intents';
  if (key === 'action') return 'action';
  return (RULE_FIELDS as readonly string[]).includes(key) ? (key as RuleField) : undefined;
};

/**
 * The form checked with the schema `routingRule.save` is parsed with (spec §5: the name is
 * required), plus what the form can tell before sending: a whole priority, a team chosen for the
 * team action, a mailing type only on a rule limited to mailings, no intent both included and
 * excluded. The payload, or each wrong field's problem.
 */
export function checkRuleForm(
  values: RuleFormValues,
  ids: { ruleId: string; channelId: string },
): { ok: true; payload: RoutingRule } | { ok: false; problems: RuleProblems } {
  const problems: RuleProblems = {};
  const priority = values.priority.trim() === '' ? NaN : Number(values.priority);
  if (values.priority.trim() === '') problems.priority = { kind: 'required' };
  else if (!Number.isInteger(priority) || priority < 0) problems.priority = { kind: 'wholeNumber' };
  if (values.action === 'team' && values.teamId === '') problems.teamId = { kind: 'required' };
  if (values.action === 'chat_bot' && values.botId === '') problems.botId = { kind: 'required' };
  if (values.mailingType !== '' && values.messageType !== 'mailing')
    problems.mailingType = { kind: 'error', name: 'INVALID_RULE_CONDITION' };
  if (values.includeIntents.some((i) => values.excludeIntents.includes(i)))
    problems.intents = { kind: 'error', name: 'INVALID_RULE_CONDITION' };
  const input = {
    id: ids.ruleId,
    channelId: ids.channelId,
    name: values.name,
    isDefault: false,
    priority: Number.isFinite(priority) ? priority : 0,
    conditions: {
      chatStatus: values.chatStatus,
      messageType: values.messageType,
      mailingType: values.mailingType === '' ? null : values.mailingType,
      includeIntents: ordered(values.includeIntents),
      excludeIntents: ordered(values.excludeIntents),
    },
    action: actionOf(values),
  };
  const parsed = v.safeParse(RoutingRuleSchema, input);
  if (!parsed.success)
    for (const [field, problem] of Object.entries(problemsOf(parsed.issues, fieldOfKey, input)) as [
      RuleField,
      FieldProblem,
    ][])
      problems[field] ??= problem;
  if (parsed.success && Object.keys(problems).length === 0)
    return { ok: true, payload: parsed.output };
  return { ok: false, problems };
}

/** Where the server's refusal of a rule shows: at the field it concerns, else above the buttons. */
export const ruleRefusal = (error: ApiError | undefined) =>
  refusalPlace<RuleField>(error, fieldOfKey, {
    RULE_NAME_REQUIRED: 'name',
    RULE_SAME_CONDITIONS_EXISTS: 'intents',
    INVALID_RULE_CONDITION: 'intents',
    INVALID_RULE_ACTION: 'action',
    TEAM_NOT_FOUND: 'teamId',
    CHATBOT_NOT_FOUND: 'botId',
  });

/** The channel's rules in the order they are tried: by priority then id, the default one last. */
export function rulesInOrder(rules: readonly RoutingRule[]): RoutingRule[] {
  return [...rules].sort(
    (a, b) =>
      Number(a.isDefault) - Number(b.isDefault) ||
      a.priority - b.priority ||
      a.id.localeCompare(b.id),
  );
}
