import { buttonProblemOf } from './channel-capabilities';
import type { BotNode } from './entities/chatbot';
import { CLOCK_TIME } from './entities/chatbot';
import type { ErrorName } from './errors';
import { LIMITS } from './limits';
import { isTimeZone } from './metrics/local-day';

/**
 * The scenario rules of a chat bot (spec §4 and §5; docs/chatbots.md), one pure function: the
 * canvas runs it as the administrator edits, to mark each node, and the server runs it again on
 * every save, so no rule depends on which side looked. It answers every problem found, each by
 * its spec §8 name and the node (and button, intent or trigger) it belongs to, never only the
 * first.
 */
export type ScenarioProblem = {
  name: ErrorName;
  /** The node it is about; absent for the bot's own fields. */
  nodeId?: string;
  /** The button, intent or trigger of that node it is about. */
  itemId?: string;
  /** The field it is about (`defaultMessage`, `link`, `start`, `timeZone`, …). */
  field?: string;
  params?: Record<string, string | number>;
};

/** What the rules look at: the bot's default message and its nodes. */
export type ScenarioDraft = { defaultMessage: string; nodes: readonly BotNode[] };

/** Every node a node leads to, by its buttons, intents, triggers and default action. */
export function edgesOf(node: BotNode): string[] {
  const targets = [
    ...node.buttons.filter((button) => button.kind === 'value').map((button) => button.next),
    ...node.intents.map((intent) => intent.next),
    ...node.triggers.map((trigger) => trigger.next),
    node.defaultNext,
  ];
  return targets.filter((target): target is string => target !== null);
}

/**
 * The root: the one node nothing leads to, where a chat given to the bot starts. Null when there
 * is not exactly one (MORE_THAN_ONE_ROOT).
 */
export function rootOf(nodes: readonly BotNode[]): BotNode | null {
  const led = new Set(nodes.flatMap(edgesOf));
  const roots = nodes.filter((node) => !led.has(node.id));
  return roots.length === 1 ? (roots[0] ?? null) : null;
}

/** Whether a node may be deleted now: the root only when it is the last node (spec §4). */
export function nodeDeleteProblem(
  nodes: readonly BotNode[],
  nodeId: string,
): ScenarioProblem | null {
  if (nodes.length <= 1) return null;
  return rootOf(nodes)?.id === nodeId ? { name: 'ROOT_NODE_DELETE', nodeId } : null;
}

const isWebLink = (link: string): boolean => {
  if (!URL.canParse(link)) return false;
  const { protocol } = new URL(link);
  return protocol === 'http:' || protocol === 'https:';
};

/** A node's own problems: its parts, and the rules on what may stand together in one node. */
function nodeProblems(node: BotNode, channelTypes: readonly string[]): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const at = (name: ErrorName, more: Omit<ScenarioProblem, 'name' | 'nodeId'> = {}) =>
    problems.push({ name, nodeId: node.id, ...more });

  // The customer's replies: named, unique in the node, links that open, within every channel's limits.
  const seen = new Set<string>();
  for (const button of node.buttons) {
    const name = button.name.trim();
    if (name === '') at('BUTTON_NAME_EMPTY', { itemId: button.id });
    else if (seen.has(name.toLowerCase())) at('ABONENT_RESPONSE_NOT_UNIQUE', { itemId: button.id });
    seen.add(name.toLowerCase());
    if (button.kind === 'link' && !isWebLink(button.link.trim()))
      at('VALIDATION_FAILED', { itemId: button.id, field: 'link', params: { field: 'link' } });
  }
  const names = node.buttons.map((button) => button.name.trim());
  for (const type of channelTypes.length > 0 ? channelTypes : [undefined]) {
    const problem = buttonProblemOf(type, names);
    if (!problem) continue;
    const button = problem.index === undefined ? undefined : node.buttons[problem.index];
    at(problem.name, { params: problem.params, ...(button ? { itemId: button.id } : {}) });
    break;
  }

  if (node.intents.length > LIMITS.nodeMaxIntents)
    at('TOO_MANY_INTENTS', { params: { max: LIMITS.nodeMaxIntents } });
  for (const intent of node.intents)
    if (intent.intent === null) at('INTENT_NOT_CHOSEN', { itemId: intent.id });

  if (node.triggers.length > LIMITS.nodeMaxTriggers)
    at('TOO_MANY_TRIGGERS', { params: { max: LIMITS.nodeMaxTriggers } });
  for (const trigger of node.triggers) {
    for (const field of ['start', 'end'] as const)
      if (!CLOCK_TIME.test(trigger[field]))
        at('VALIDATION_FAILED', { itemId: trigger.id, field, params: { field } });
    if (!isTimeZone(trigger.timeZone))
      at('VALIDATION_FAILED', {
        itemId: trigger.id,
        field: 'timeZone',
        params: { field: 'timeZone' },
      });
  }

  const { action } = node;
  if (
    (action.kind === 'operator' && action.userId === null) ||
    (action.kind === 'team' && action.teamId === null)
  )
    at('BOT_ACTION_VALUE_EMPTY', { field: 'action' });
  const waitsForReply =
    node.buttons.length > 0 || node.intents.length > 0 || node.defaultNext !== null;
  // A final action ends the bot's part: nothing is left to answer.
  if (action.kind !== 'none' && waitsForReply) at('BOT_ACTION_AND_REPLY');
  // A trigger node only chooses by the clock where the chat goes on.
  if (node.triggers.length > 0 && (waitsForReply || action.kind !== 'none'))
    at('TRIGGERS_AND_ACTIONS');
  return problems;
}

/**
 * Trigger nodes lead on without waiting for the customer: a cycle made only of them would run
 * forever (spec §4 "triggers must not loop"). Answers the nodes on such a cycle.
 */
function triggerLoops(nodes: readonly BotNode[]): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const state = new Map<string, 'open' | 'done'>();
  const looped = new Set<string>();
  const visit = (node: BotNode, path: string[]): void => {
    state.set(node.id, 'open');
    for (const trigger of node.triggers) {
      const next = trigger.next === null ? undefined : byId.get(trigger.next);
      if (!next || next.triggers.length === 0) continue;
      if (state.get(next.id) === 'open') {
        // The cycle is the path from `next` on.
        for (const id of path.slice(path.indexOf(next.id))) looped.add(id);
        looped.add(node.id);
      } else if (!state.has(next.id)) visit(next, [...path, next.id]);
    }
    state.set(node.id, 'done');
  };
  for (const node of nodes)
    if (node.triggers.length > 0 && !state.has(node.id)) visit(node, [node.id]);
  return [...looped];
}

/**
 * Every problem of a scenario, for the channels it will speak on (their types: the strictest
 * button limits among them hold; none given, the spec's own).
 */
export function scenarioProblems(
  draft: ScenarioDraft,
  channelTypes: readonly string[] = [],
): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  if (draft.defaultMessage.trim() === '')
    problems.push({ name: 'DEFAULT_MESSAGE_EMPTY', field: 'defaultMessage' });
  if (draft.nodes.length === 0) {
    problems.push({ name: 'SCENARIO_NOT_CREATED' });
    return problems;
  }
  const ids = new Set<string>();
  for (const node of draft.nodes) {
    if (ids.has(node.id)) problems.push({ name: 'BLOCK_ID_NOT_UNIQUE', nodeId: node.id });
    ids.add(node.id);
  }
  for (const node of draft.nodes) {
    problems.push(...nodeProblems(node, channelTypes));
    // An edge to a node that is not there (deleted meanwhile): mended by drawing it again.
    if (edgesOf(node).some((target) => !ids.has(target)))
      problems.push({
        name: 'VALIDATION_FAILED',
        nodeId: node.id,
        field: 'next',
        params: { field: 'next' },
      });
  }
  if (!rootOf(draft.nodes)) problems.push({ name: 'MORE_THAN_ONE_ROOT' });
  for (const nodeId of triggerLoops(draft.nodes))
    problems.push({ name: 'TRIGGERS_LOOPED', nodeId });
  return problems;
}
