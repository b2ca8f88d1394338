import { describe, expect, it } from 'vitest';
import { scenarioProblems } from '../../protocol';
import { edgeDropOf } from './edge-drop';
import {
  addNode,
  connect,
  deleteEdge,
  deleteNode,
  moveNode,
  newButton,
  newIntent,
  newTrigger,
  setNext,
  updateNode,
  type BotContent,
} from './scenario-edit';
import { edgeId, parseEdgeId } from './scenario-parts';
import { layeredLayout } from './layered-layout';
import { GREET, ANSWER, TEAM, PERSON, threeNodeBot } from './test-scenario';

const content = (): BotContent => ({
  name: 'Front desk',
  description: '',
  defaultMessage: 'Sorry, I did not get that.',
  nodes: threeNodeBot(),
});

describe('the edits of the scenario editor', () => {
  it('the three-node bot the tests draw is valid by the rules', () => {
    expect(scenarioProblems(content())).toEqual([]);
  });

  it('a node added on the canvas is empty and placed where it was clicked, rounded', () => {
    const next = addNode(content(), 'n-new', { x: 10.4, y: 20.6 });
    expect(next.nodes.at(-1)).toMatchObject({
      id: 'n-new',
      position: { x: 10, y: 21 },
      buttons: [],
      action: { kind: 'none' },
    });
  });

  it('deleting a node draws every edge that led to it to nowhere, keeping the parts', () => {
    const result = deleteNode(content(), ANSWER);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const greeting = result.content.nodes.find((node) => node.id === GREET);
    expect(greeting?.buttons.map((button) => [button.name, button.next])).toEqual([
      ['Prices', null],
      ['A person', TEAM],
    ]);
  });

  it('the root is not deleted while other nodes exist (spec §4), but is as the last node', () => {
    expect(deleteNode(content(), GREET)).toEqual({
      ok: false,
      problem: { name: 'ROOT_NODE_DELETE', nodeId: GREET },
    });
    const alone = { ...content(), nodes: content().nodes.slice(0, 1) };
    expect(deleteNode(alone, GREET)).toMatchObject({ ok: true, content: { nodes: [] } });
  });

  it('deleting an edge keeps its button and leads it nowhere', () => {
    const next = deleteEdge(content(), edgeId(GREET, { kind: 'button', itemId: PERSON }));
    expect(next.nodes[0]?.buttons[1]).toMatchObject({ name: 'A person', next: null });
  });

  it('an edge id names its node and its part, and is read back', () => {
    const id = edgeId('n-1', { kind: 'trigger', itemId: 't-1' });
    expect(parseEdgeId(id)).toEqual({ nodeId: 'n-1', part: { kind: 'trigger', itemId: 't-1' } });
    expect(parseEdgeId(edgeId('n-1', { kind: 'default' }))).toEqual({
      nodeId: 'n-1',
      part: { kind: 'default' },
    });
    expect(parseEdgeId('nonsense')).toBeNull();
  });

  it('a move changes only that node, and a part is led anywhere from the side panel', () => {
    const start = content();
    const moved = moveNode(start, TEAM, { x: 300, y: 400 });
    expect(moved.nodes[2]?.position).toEqual({ x: 300, y: 400 });
    expect(moved.nodes[0]).toBe(start.nodes[0]);
    const led = setNext(content(), GREET, { kind: 'default' }, TEAM);
    expect(led.nodes[0]?.defaultNext).toBe(TEAM);
  });
});

describe('what an edge dragged between two nodes becomes', () => {
  const base = threeNodeBot()[0]!;
  const cases: {
    name: string;
    node: typeof base;
    target: string;
    expected: ReturnType<typeof edgeDropOf>;
  }[] = [
    {
      name: 'the first value button drawn to nowhere',
      node: {
        ...base,
        buttons: [
          { ...newButton('b1'), name: 'Led', next: 'x' },
          { ...newButton('b2'), name: 'Link', kind: 'link', link: 'https://a.example' },
          { ...newButton('b3'), name: 'Free' },
        ],
      },
      target: 'n-2',
      expected: { ok: true, part: { kind: 'button', itemId: 'b3' } },
    },
    {
      name: 'an intent not led anywhere when every button is',
      node: { ...base, intents: [{ ...newIntent('i1'), intent: 'HELP' }] },
      target: 'n-2',
      expected: { ok: true, part: { kind: 'intent', itemId: 'i1' } },
    },
    {
      name: 'the default action when every part leads somewhere',
      node: base,
      target: 'n-2',
      expected: { ok: true, part: { kind: 'default' } },
    },
    {
      name: 'a trigger node’s free trigger, never its buttons',
      node: {
        ...base,
        buttons: [],
        triggers: [{ ...newTrigger('t1', 'UTC'), next: 'x' }, newTrigger('t2', 'UTC')],
      },
      target: 'n-2',
      expected: { ok: true, part: { kind: 'trigger', itemId: 't2' } },
    },
    {
      name: 'nothing on a trigger node whose triggers all lead somewhere',
      node: { ...base, buttons: [], triggers: [{ ...newTrigger('t1', 'UTC'), next: 'x' }] },
      target: 'n-2',
      expected: { ok: false, reason: 'triggersTaken' },
    },
    {
      name: 'nothing when dropped on the node it started from',
      node: base,
      target: base.id,
      expected: { ok: false, reason: 'sameNode' },
    },
  ];
  for (const { name, node, target, expected } of cases)
    it(name, () => {
      expect(edgeDropOf(node, target)).toEqual(expected);
    });

  it('connecting leads the picked part to the target in the content', () => {
    const start = updateNode(content(), GREET, (node) => ({
      ...node,
      buttons: [...node.buttons, { ...newButton('b-more'), name: 'More' }],
    }));
    const { drop, content: next } = connect(start, GREET, ANSWER);
    expect(drop).toEqual({ ok: true, part: { kind: 'button', itemId: 'b-more' } });
    expect(next.nodes[0]?.buttons[2]?.next).toBe(ANSWER);
  });
});

describe('the automatic layout', () => {
  it('puts the root on top and its buttons’ nodes in a row below, in the buttons’ order', () => {
    const positions = layeredLayout(threeNodeBot());
    expect(positions.get(GREET)).toEqual({ x: 0, y: 0 });
    expect(positions.get(ANSWER)).toEqual({ x: -120, y: 160 });
    expect(positions.get(TEAM)).toEqual({ x: 120, y: 160 });
  });

  it('places every node, a loop no start reaches included', () => {
    const nodes = threeNodeBot();
    const loopA = {
      ...nodes[1]!,
      id: 'loop-a',
      action: { kind: 'none' as const },
      defaultNext: 'loop-b',
    };
    const loopB = {
      ...nodes[1]!,
      id: 'loop-b',
      action: { kind: 'none' as const },
      defaultNext: 'loop-a',
    };
    const positions = layeredLayout([...nodes, loopA, loopB]);
    expect(positions.size).toBe(5);
    expect(positions.get('loop-a')?.y).toBeGreaterThan(160);
  });
});
