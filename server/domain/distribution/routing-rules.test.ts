import { describe, expect, it } from 'vitest';
import type { Intent, RoutingAction, RoutingConditions, RoutingRule } from '../../../src/protocol';
import {
  checkRuleSave,
  checkRuleValues,
  defaultRuleError,
  matchRule,
  resolveAction,
  ruleConflictError,
  ruleReferenceError,
  type RoutingFacts,
} from './routing-rules';

const CHANNEL = '01900000-0000-7000-8000-000000000001';
const OTHER_CHANNEL = '01900000-0000-7000-8000-000000000002';
const TEAM = '01900000-0000-7000-8000-0000000000a1';
const SALES = '01900000-0000-7000-8000-0000000000a2';
const BOT = '01900000-0000-7000-8000-0000000000b1';
const OPERATOR = '01900000-0000-7000-8000-0000000000c1';
const MANAGER = '01900000-0000-7000-8000-0000000000c2';

const ANY: RoutingConditions = {
  chatStatus: 'any',
  messageType: 'any',
  mailingType: null,
  includeIntents: [],
  excludeIntents: [],
};

let counter = 0;
function rule(
  name: string,
  conditions: Partial<RoutingConditions> = {},
  more: Partial<RoutingRule> = {},
): RoutingRule {
  counter += 1;
  return {
    id: `01900000-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    channelId: CHANNEL,
    name,
    isDefault: false,
    priority: counter,
    conditions: { ...ANY, ...conditions },
    action: { kind: 'team', teamId: SALES },
    ...more,
  };
}

const defaultRule = rule('Default', {}, { isDefault: true, priority: 0 });

const facts = (more: Partial<RoutingFacts> = {}): RoutingFacts => ({
  chatStatus: 'new',
  messageType: 'client',
  intents: new Set<Intent>(),
  ...more,
});

const matchedName = (rules: RoutingRule[], f: RoutingFacts): string | undefined =>
  matchRule(rules, f)?.name;

describe('which rule routes a message', () => {
  it('tries rules by ascending priority, whatever order they come in', () => {
    const first = rule('first', {}, { priority: 1 });
    const second = rule('second', {}, { priority: 2 });
    expect(matchedName([second, defaultRule, first], facts())).toBe('first');
  });

  it('breaks a priority tie by id, so storage order does not matter', () => {
    const a = rule('a', {}, { priority: 5, id: '01900000-0000-7000-8000-00000000000a' });
    const b = rule('b', {}, { priority: 5, id: '01900000-0000-7000-8000-00000000000b' });
    expect(matchedName([b, a], facts())).toBe('a');
    expect(matchedName([a, b], facts())).toBe('a');
  });

  it('tries the default rule last even though its priority is the smallest', () => {
    const repeatOnly = rule('repeat', { chatStatus: 'repeat' }, { priority: 10 });
    expect(matchedName([defaultRule, repeatOnly], facts({ chatStatus: 'repeat' }))).toBe('repeat');
  });

  it('falls to the default rule when no other rule holds', () => {
    const repeatOnly = rule('repeat', { chatStatus: 'repeat' });
    expect(matchedName([repeatOnly, defaultRule], facts())).toBe('Default');
  });

  it('finds nothing on a channel without a default rule', () => {
    expect(matchRule([rule('repeat', { chatStatus: 'repeat' })], facts())).toBeNull();
    expect(matchRule([], facts())).toBeNull();
  });

  it.each<[string, Partial<RoutingConditions>, Partial<RoutingFacts>, boolean]>([
    ['chat status new takes a new chat', { chatStatus: 'new' }, {}, true],
    [
      'chat status new leaves a repeat chat',
      { chatStatus: 'new' },
      { chatStatus: 'repeat' },
      false,
    ],
    [
      'chat status repeat takes a repeat chat',
      { chatStatus: 'repeat' },
      { chatStatus: 'repeat' },
      true,
    ],
    ['chat status repeat leaves a new chat', { chatStatus: 'repeat' }, {}, false],
    ['message type client takes a client message', { messageType: 'client' }, {}, true],
    [
      'message type client leaves a mailing',
      { messageType: 'client' },
      { messageType: 'mailing' },
      false,
    ],
    [
      'message type mailing takes any mailing',
      { messageType: 'mailing' },
      { messageType: 'mailing', mailingType: 'advertising' },
      true,
    ],
    ['message type mailing leaves a client message', { messageType: 'mailing' }, {}, false],
    [
      'mailing type service takes a service mailing',
      { messageType: 'mailing', mailingType: 'service' },
      { messageType: 'mailing', mailingType: 'service' },
      true,
    ],
    [
      'mailing type service leaves an advertising mailing',
      { messageType: 'mailing', mailingType: 'service' },
      { messageType: 'mailing', mailingType: 'advertising' },
      false,
    ],
    [
      'mailing type service leaves a mailing of unknown kind',
      { messageType: 'mailing', mailingType: 'service' },
      { messageType: 'mailing' },
      false,
    ],
    [
      'included intents: one of them present is enough',
      { includeIntents: ['HELP', 'ESCALATE_TO_AGENT'] },
      { intents: new Set<Intent>(['GREETING', 'ESCALATE_TO_AGENT']) },
      true,
    ],
    [
      'included intents: none present',
      { includeIntents: ['HELP', 'ESCALATE_TO_AGENT'] },
      { intents: new Set<Intent>(['GREETING']) },
      false,
    ],
    [
      'excluded intents: one present is enough to leave it',
      { excludeIntents: ['GOODBYE', 'ESCALATE_TO_AGENT'] },
      { intents: new Set<Intent>(['GREETING', 'ESCALATE_TO_AGENT']) },
      false,
    ],
    [
      'excluded intents: none present',
      { excludeIntents: ['GOODBYE'] },
      { intents: new Set<Intent>(['GREETING']) },
      true,
    ],
    [
      'included and excluded together',
      { includeIntents: ['HELP'], excludeIntents: ['ESCALATE_TO_AGENT'] },
      { intents: new Set<Intent>(['HELP', 'ESCALATE_TO_AGENT']) },
      false,
    ],
    ['no conditions take anything', {}, { chatStatus: 'repeat', messageType: 'mailing' }, true],
  ])('%s', (_case, conditions, factsMore, holds) => {
    const candidate = rule('candidate', conditions);
    expect(matchedName([candidate, defaultRule], facts(factsMore))).toBe(
      holds ? 'candidate' : 'Default',
    );
  });
});

describe('where an action sends the chat', () => {
  const everyone = { lastExecutorId: OPERATOR, personalManagerId: MANAGER, defaultTeamId: TEAM };
  const nobody = { lastExecutorId: null, personalManagerId: null, defaultTeamId: TEAM };

  it.each<[string, RoutingAction, typeof everyone | typeof nobody, unknown]>([
    ['last executor', { kind: 'last_executor' }, everyone, { kind: 'operator', id: OPERATOR }],
    [
      'last executor, none: channel team',
      { kind: 'last_executor' },
      nobody,
      { kind: 'team', id: TEAM },
    ],
    ['personal manager', { kind: 'personal_manager' }, everyone, { kind: 'operator', id: MANAGER }],
    [
      'personal manager, none: channel team',
      { kind: 'personal_manager' },
      nobody,
      { kind: 'team', id: TEAM },
    ],
    ['team', { kind: 'team', teamId: SALES }, everyone, { kind: 'team', id: SALES }],
    ['team, nobody around', { kind: 'team', teamId: SALES }, nobody, { kind: 'team', id: SALES }],
    ['chat bot', { kind: 'chat_bot', botId: BOT }, nobody, { kind: 'bot', id: BOT }],
  ])('%s', (_case, action, people, destination) => {
    expect(resolveAction(action, people)).toEqual(destination);
  });

  it('leaves the chat unrouted when the fallback channel has no team either', () => {
    const noTeam = { lastExecutorId: null, personalManagerId: null, defaultTeamId: null };
    expect(resolveAction({ kind: 'last_executor' }, noTeam)).toBeNull();
    expect(resolveAction({ kind: 'personal_manager' }, noTeam)).toBeNull();
  });
});

describe('a rule checked on its own', () => {
  const valid = rule('VIP', { chatStatus: 'repeat', includeIntents: ['ESCALATE_TO_AGENT'] });

  it('accepts a valid rule and trims its name', () => {
    expect(checkRuleValues({ ...valid, name: '  VIP ' })).toEqual({ ok: true, rule: valid });
  });

  it.each<[string, unknown, string]>([
    ['an empty name', { ...valid, name: '' }, 'RULE_NAME_REQUIRED'],
    ['a blank name', { ...valid, name: '   ' }, 'RULE_NAME_REQUIRED'],
    ['a null name', { ...valid, name: null }, 'RULE_NAME_REQUIRED'],
    ['a team action without a team', { ...valid, action: { kind: 'team' } }, 'INVALID_RULE_ACTION'],
    [
      'a team action with a malformed team id',
      { ...valid, action: { kind: 'team', teamId: 'sales' } },
      'INVALID_RULE_ACTION',
    ],
    [
      'a chat bot action without a bot',
      { ...valid, action: { kind: 'chat_bot' } },
      'INVALID_RULE_ACTION',
    ],
    ['an unknown action', { ...valid, action: { kind: 'close_chat' } }, 'INVALID_RULE_ACTION'],
    ['no action', { ...valid, action: null }, 'INVALID_RULE_ACTION'],
    [
      'an unknown chat status',
      { ...valid, conditions: { ...valid.conditions, chatStatus: 'old' } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'an unknown message type',
      { ...valid, conditions: { ...valid.conditions, messageType: 'email' } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'a mailing type on a client-message rule',
      { ...valid, conditions: { ...ANY, messageType: 'client', mailingType: 'service' } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'a mailing type on a rule for any message',
      { ...valid, conditions: { ...ANY, mailingType: 'advertising' } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'an unknown mailing type',
      { ...valid, conditions: { ...ANY, messageType: 'mailing', mailingType: 'spam' } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'an intent both included and excluded',
      { ...valid, conditions: { ...ANY, includeIntents: ['HELP'], excludeIntents: ['HELP'] } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'an unknown intent',
      { ...valid, conditions: { ...ANY, includeIntents: ['COMPLAINT'] } },
      'INVALID_RULE_CONDITION',
    ],
    [
      'a default rule with conditions',
      { ...valid, isDefault: true, conditions: { ...ANY, chatStatus: 'new' } },
      'INVALID_RULE_CONDITION',
    ],
    ['a negative priority', { ...valid, priority: -1 }, 'VALIDATION_FAILED'],
    ['no channel', { ...valid, channelId: undefined }, 'VALIDATION_FAILED'],
  ])('refuses %s', (_case, input, error) => {
    expect(checkRuleValues(input)).toEqual({ ok: false, error });
  });

  it('accepts a mailing type on a mailing rule', () => {
    const mailing = rule('mailing', { messageType: 'mailing', mailingType: 'service' });
    expect(checkRuleValues(mailing).ok).toBe(true);
  });
});

describe('what a rule names and its siblings', () => {
  const known = { teamIds: new Set([SALES]), botIds: new Set<string>() };

  it('refuses a chat bot action while the organization has no such bot', () => {
    const toBot = rule('bot', {}, { action: { kind: 'chat_bot', botId: BOT } });
    expect(ruleReferenceError(toBot, known)).toBe('CHATBOT_NOT_FOUND');
    expect(ruleReferenceError(toBot, { ...known, botIds: new Set([BOT]) })).toBeNull();
  });

  it('refuses a team action naming an unknown team', () => {
    const toTeam = rule('team', {}, { action: { kind: 'team', teamId: TEAM } });
    expect(ruleReferenceError(toTeam, known)).toBe('TEAM_NOT_FOUND');
    expect(ruleReferenceError(rule('sales'), known)).toBeNull();
  });

  it('refuses a second rule with the same conditions, intents compared as sets', () => {
    const existing = rule('a', { includeIntents: ['HELP', 'GREETING'] });
    const twin = rule('b', { includeIntents: ['GREETING', 'HELP', 'HELP'] });
    expect(ruleConflictError(twin, [existing])).toBe('RULE_SAME_CONDITIONS_EXISTS');
  });

  it('counts the default rule: a rule without conditions would only hide it', () => {
    expect(ruleConflictError(rule('everything'), [defaultRule])).toBe(
      'RULE_SAME_CONDITIONS_EXISTS',
    );
  });

  it('lets a rule keep its own conditions and ignores other channels', () => {
    const existing = rule('a', { chatStatus: 'new' });
    expect(ruleConflictError({ ...existing, name: 'renamed' }, [existing])).toBeNull();
    const elsewhere = { ...rule('b', { chatStatus: 'new' }), channelId: OTHER_CHANNEL };
    expect(ruleConflictError(elsewhere, [existing])).toBeNull();
  });

  it('allows rules that differ in one condition', () => {
    const existing = rule('a', { chatStatus: 'new', excludeIntents: ['GOODBYE'] });
    expect(ruleConflictError(rule('b', { chatStatus: 'new' }), [existing])).toBeNull();
  });
});

describe('the default rule cannot be changed', () => {
  it('refuses updating or deleting it', () => {
    expect(defaultRuleError(defaultRule, { ...defaultRule, name: 'Renamed' })).toBe(
      'DEFAULT_RULE_UPDATE',
    );
    expect(defaultRuleError(defaultRule, undefined)).toBe('DEFAULT_RULE_UPDATE');
  });

  it('refuses making another rule a default one', () => {
    const plain = rule('plain');
    expect(defaultRuleError(undefined, { ...plain, isDefault: true })).toBe('DEFAULT_RULE_UPDATE');
    expect(defaultRuleError(plain, { ...plain, isDefault: true })).toBe('DEFAULT_RULE_UPDATE');
    expect(defaultRuleError(plain, plain)).toBeNull();
  });
});

describe('saving a rule', () => {
  const context = {
    existing: undefined,
    channelRules: [defaultRule],
    teamIds: new Set([SALES]),
    botIds: new Set<string>(),
  };

  it('accepts a valid new rule', () => {
    const fresh = rule('new chats', { chatStatus: 'new' });
    expect(checkRuleSave(fresh, context)).toEqual({ ok: true, rule: fresh });
  });

  it('refuses any change to the default rule before looking at the values', () => {
    const input = { ...defaultRule, name: '' };
    expect(checkRuleSave(input, { ...context, existing: defaultRule })).toEqual({
      ok: false,
      error: 'DEFAULT_RULE_UPDATE',
    });
  });

  it.each<[string, unknown, string]>([
    ['a blank name', { ...rule('x', { chatStatus: 'new' }), name: ' ' }, 'RULE_NAME_REQUIRED'],
    [
      'a chat bot action',
      rule('bot', {}, { action: { kind: 'chat_bot', botId: BOT } }),
      'CHATBOT_NOT_FOUND',
    ],
    ['a copy of the default rule', rule('all'), 'RULE_SAME_CONDITIONS_EXISTS'],
    ['a new default rule', rule('d', {}, { isDefault: true }), 'DEFAULT_RULE_UPDATE'],
  ])('refuses %s', (_case, input, error) => {
    expect(checkRuleSave(input, context)).toEqual({ ok: false, error });
  });
});
