import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  nodeDeleteProblem,
  rootOf,
  scenarioProblems,
  type ScenarioDraft,
} from './chatbot-scenario';
import { BotNodeSchema, type BotNode } from './entities/chatbot';

/**
 * The scenario rules of spec §4 and §5, one by one: each test breaks exactly one rule of a valid
 * three-node bot (a greeting with two buttons: one to an answer that closes the chat, one to a
 * transfer to a team) and expects exactly that rule's name, at that node.
 */
let seq = 0;
const id = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

const node = (fields: Partial<BotNode> = {}): BotNode => ({
  id: id(),
  title: 'Node',
  reply: { text: 'Hello', fileId: null },
  buttons: [],
  intents: [],
  triggers: [],
  defaultNext: null,
  action: { kind: 'none' },
  position: { x: 0, y: 0 },
  ...fields,
});
const button = (name: string, next: string | null = null) => ({
  id: id(),
  name,
  kind: 'value' as const,
  link: '',
  next,
});
const trigger = (next: string | null, fields: Record<string, string> = {}) => ({
  id: id(),
  start: '09:00',
  end: '18:00',
  timeZone: 'Europe/Moscow',
  next,
  ...fields,
});

/** The Done-when's bot: a greeting with two buttons, an answer that closes, a transfer to a team. */
function threeNodeBot(): {
  draft: ScenarioDraft;
  greeting: BotNode;
  answer: BotNode;
  transfer: BotNode;
} {
  const answer = node({
    title: 'Hours',
    reply: { text: 'We open at nine', fileId: null },
    action: { kind: 'close' },
  });
  const transfer = node({ title: 'Person', action: { kind: 'team', teamId: id() } });
  const greeting = node({
    title: 'Greeting',
    buttons: [button('Opening hours', answer.id), button('Talk to a person', transfer.id)],
  });
  return {
    draft: { defaultMessage: 'Sorry, I did not get that', nodes: [greeting, answer, transfer] },
    greeting,
    answer,
    transfer,
  };
}

const names = (draft: ScenarioDraft, channels: string[] = []) =>
  scenarioProblems(draft, channels).map((problem) => [problem.name, problem.nodeId ?? null]);

describe('the chat-bot scenario rules', () => {
  it('find nothing wrong with a well-made bot, whose root is its greeting', () => {
    const { draft, greeting } = threeNodeBot();
    expect(scenarioProblems(draft)).toEqual([]);
    expect(rootOf(draft.nodes)?.id).toBe(greeting.id);
  });

  it('require the default message and a scenario (§5)', () => {
    const { draft } = threeNodeBot();
    expect(names({ ...draft, defaultMessage: '  ' })).toEqual([['DEFAULT_MESSAGE_EMPTY', null]]);
    expect(names({ ...draft, nodes: [] })).toEqual([['SCENARIO_NOT_CREATED', null]]);
  });

  it('refuse a node with both a bot action and a customer reply (§4)', () => {
    const { draft, answer, greeting } = threeNodeBot();
    answer.buttons = [button('Thanks')];
    expect(names(draft)).toEqual([['BOT_ACTION_AND_REPLY', answer.id]]);
    // A default action waits for a reply too.
    answer.buttons = [];
    answer.defaultNext = greeting.id;
    expect(names(draft)).toContainEqual(['BOT_ACTION_AND_REPLY', answer.id]);
  });

  it('refuse a node with triggers and other actions (§4)', () => {
    const { draft, greeting, answer, transfer } = threeNodeBot();
    const router = node({ triggers: [trigger(answer.id)], defaultNext: transfer.id });
    greeting.buttons = [
      button('Opening hours', router.id),
      button('Talk to a person', transfer.id),
    ];
    expect(names({ ...draft, nodes: [...draft.nodes, router] })).toEqual([
      ['TRIGGERS_AND_ACTIONS', router.id],
    ]);
    router.defaultNext = null;
    router.action = { kind: 'close' };
    expect(names({ ...draft, nodes: [...draft.nodes, router] })).toEqual([
      ['TRIGGERS_AND_ACTIONS', router.id],
    ]);
  });

  it('refuse triggers that loop, naming the nodes of the loop (§4)', () => {
    const { draft, greeting, transfer } = threeNodeBot();
    const first = node({ title: 'Daytime?' });
    const second = node({ title: 'Weekend?' });
    first.triggers = [trigger(second.id)];
    second.triggers = [trigger(first.id), trigger(transfer.id)];
    greeting.buttons = [button('Opening hours', first.id), button('Talk to a person', transfer.id)];
    const problems = names({ ...draft, nodes: [...draft.nodes, first, second] });
    expect(
      problems
        .filter(([name]) => name === 'TRIGGERS_LOOPED')
        .map(([, at]) => at)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    // A loop through a node that waits for the customer is a conversation, not a loop.
    second.triggers = [trigger(greeting.id)];
    const answered = node({ buttons: [button('Again', greeting.id)] });
    expect(
      names({ ...draft, nodes: [...draft.nodes, first, second, answered] }).filter(
        ([name]) => name === 'TRIGGERS_LOOPED',
      ),
    ).toEqual([]);
  });

  it('require exactly one root node (§4)', () => {
    const { draft } = threeNodeBot();
    const orphan = node({ title: 'Forgotten' });
    expect(names({ ...draft, nodes: [...draft.nodes, orphan] })).toEqual([
      ['MORE_THAN_ONE_ROOT', null],
    ]);
    // Everything led to from somewhere: no root at all.
    const a = node();
    const b = node({ defaultNext: a.id });
    a.defaultNext = b.id;
    expect(names({ ...draft, nodes: [a, b] })).toEqual([['MORE_THAN_ONE_ROOT', null]]);
  });

  it('hold one default action per node by its shape (§4): a second one cannot be written', () => {
    const { greeting, answer, transfer } = threeNodeBot();
    const parsed = v.safeParse(BotNodeSchema, {
      ...greeting,
      defaultNext: [answer.id, transfer.id],
    });
    expect(parsed.success).toBe(false);
  });

  it('keep the root while other nodes exist; the last node may go (§4)', () => {
    const { draft, greeting, answer } = threeNodeBot();
    expect(nodeDeleteProblem(draft.nodes, greeting.id)).toEqual({
      name: 'ROOT_NODE_DELETE',
      nodeId: greeting.id,
    });
    expect(nodeDeleteProblem(draft.nodes, answer.id)).toBeNull();
    expect(nodeDeleteProblem([greeting], greeting.id)).toBeNull();
  });

  it('refuse more than 10 triggers or 10 intents, and an intent not chosen (§5)', () => {
    const { draft, greeting, answer, transfer } = threeNodeBot();
    const router = node({ triggers: Array.from({ length: 11 }, () => trigger(answer.id)) });
    greeting.buttons = [
      button('Opening hours', router.id),
      button('Talk to a person', transfer.id),
    ];
    expect(names({ ...draft, nodes: [...draft.nodes, router] })).toEqual([
      ['TOO_MANY_TRIGGERS', router.id],
    ]);
    greeting.buttons = [
      button('Opening hours', answer.id),
      button('Talk to a person', transfer.id),
    ];
    greeting.intents = Array.from({ length: 11 }, () => ({
      id: id(),
      intent: 'HELP' as const,
      next: transfer.id,
    }));
    expect(names(draft)).toEqual([['TOO_MANY_INTENTS', greeting.id]]);
    greeting.intents = [{ id: id(), intent: null, next: transfer.id }];
    expect(scenarioProblems(draft)).toEqual([
      { name: 'INTENT_NOT_CHOSEN', nodeId: greeting.id, itemId: greeting.intents[0]?.id },
    ]);
  });

  it('refuse more than 10 buttons, a button without a name, and two alike in a node (§5, §8)', () => {
    const { draft, greeting, transfer } = threeNodeBot();
    greeting.buttons = Array.from({ length: 11 }, (_, index) =>
      button(`Answer ${String(index)}`, transfer.id),
    );
    expect(scenarioProblems(draft)).toEqual([
      { name: 'TOO_MANY_BUTTONS', nodeId: greeting.id, params: { max: 10 } },
      { name: 'MORE_THAN_ONE_ROOT' },
    ]);
    const unnamed = button('  ', transfer.id);
    const twice = button('opening HOURS', transfer.id);
    greeting.buttons = [button('Opening hours', transfer.id), unnamed, twice];
    expect(scenarioProblems(draft)).toEqual([
      { name: 'BUTTON_NAME_EMPTY', nodeId: greeting.id, itemId: unnamed.id },
      { name: 'ABONENT_RESPONSE_NOT_UNIQUE', nodeId: greeting.id, itemId: twice.id },
      { name: 'MORE_THAN_ONE_ROOT' },
    ]);
  });

  it('hold each channel’s own button limits where the bot speaks (§5)', () => {
    const { draft, greeting } = threeNodeBot();
    // 22 characters: within the spec's 64 and VK's 40, beyond WhatsApp's and Instagram's 20.
    const long = { ...(greeting.buttons[0] ?? button('x')), name: 'Opening hours, please!' };
    greeting.buttons[0] = long;
    expect(names(draft, ['telegram', 'vk_bot'])).toEqual([]);
    expect(scenarioProblems(draft, ['telegram', 'whatsapp'])).toEqual([
      {
        name: 'BUTTON_TEXT_TOO_LONG',
        nodeId: greeting.id,
        itemId: long.id,
        params: { max: 20 },
      },
    ]);
  });

  it('refuse a transfer with no one to transfer to, a link that is not a web address, a trigger without a clock or zone', () => {
    const { draft, greeting, transfer, answer } = threeNodeBot();
    transfer.action = { kind: 'team', teamId: null };
    expect(names(draft)).toEqual([['BOT_ACTION_VALUE_EMPTY', transfer.id]]);
    transfer.action = { kind: 'operator', userId: null };
    expect(names(draft)).toEqual([['BOT_ACTION_VALUE_EMPTY', transfer.id]]);
    transfer.action = { kind: 'lastOperator' };

    const link = {
      id: id(),
      name: 'Our site',
      kind: 'link' as const,
      link: 'javascript:alert(1)',
      next: null,
    };
    greeting.buttons = [...greeting.buttons, link];
    expect(scenarioProblems(draft)).toEqual([
      {
        name: 'VALIDATION_FAILED',
        nodeId: greeting.id,
        itemId: link.id,
        field: 'link',
        params: { field: 'link' },
      },
    ]);
    link.link = 'https://shop.example/hours';
    expect(scenarioProblems(draft)).toEqual([]);

    const router = node({
      triggers: [trigger(answer.id, { start: '25:00', timeZone: 'Mars/Olympus' })],
    });
    greeting.buttons = [
      button('Opening hours', router.id),
      button('Talk to a person', transfer.id),
    ];
    expect(
      scenarioProblems({ ...draft, nodes: [...draft.nodes, router] }).map(
        (problem) => problem.field,
      ),
    ).toEqual(['start', 'timeZone']);
  });

  it('refuse a node id used twice and an edge to a node that is not there', () => {
    const { draft, greeting, answer } = threeNodeBot();
    const copy = { ...answer };
    expect(names({ ...draft, nodes: [...draft.nodes, copy] })).toContainEqual([
      'BLOCK_ID_NOT_UNIQUE',
      answer.id,
    ]);
    greeting.defaultNext = id();
    expect(names(draft)).toEqual([['VALIDATION_FAILED', greeting.id]]);
  });

  it('never throws, whatever nodes it is given, and finds a root in any tree', () => {
    const nodeIds = fc.uniqueArray(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(nodeIds, fc.array(fc.nat()), (ids, picks) => {
        // A tree: each node after the first is led to from an earlier one.
        const nodes = ids.map((nodeId) => node({ id: nodeId }));
        nodes.forEach((each, index) => {
          if (index === 0) return;
          const parent = nodes[(picks[index] ?? 0) % index];
          parent?.buttons.push(button(`to ${String(index)}`, each.id));
        });
        const problems = scenarioProblems({ defaultMessage: 'Sorry?', nodes });
        expect(rootOf(nodes)?.id).toBe(ids[0]);
        expect(problems.filter((problem) => problem.name === 'MORE_THAN_ONE_ROOT')).toEqual([]);
      }),
    );
  });
});
