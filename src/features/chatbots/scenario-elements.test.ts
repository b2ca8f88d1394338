import { describe, expect, it } from 'vitest';
import { scenarioProblems } from '../../protocol';
import { deleteEdge, moveNode, setNext, updateNode } from './scenario-edit';
import {
  elementChanges,
  nodeLabel,
  nodeTitle,
  scenarioElements,
  type CanvasTexts,
} from './scenario-elements';
import { edgeId } from './scenario-parts';
import { ANSWER, GREET, PERSON, PRICES, TEAM, threeNodeBot } from './test-scenario';

const texts: CanvasTexts = {
  untitled: 'Untitled',
  action: (kind) => kind,
  part: (node, part) =>
    part.kind === 'button'
      ? (node.buttons.find((button) => button.id === part.itemId)?.name ?? '')
      : part.kind,
};

describe('the scenario drawn on the canvas', () => {
  it('draws each node small: the reply’s first words, the button chips, the final action', () => {
    const [greeting, answer] = threeNodeBot();
    expect(nodeLabel(greeting!, texts)).toBe('Hello! How can we help…\n[Prices] [A person]');
    expect(nodeLabel(answer!, texts)).toBe('Our prices are on the…\n→ close');
    expect(nodeTitle({ ...answer!, title: 'Prices' }, 'Untitled')).toBe('Prices');
    expect(nodeTitle({ ...answer!, reply: { text: ' ', fileId: null } }, 'Untitled')).toBe(
      'Untitled',
    );
  });

  it('marks the root and each node with a problem, and draws one edge per led part', () => {
    const nodes = threeNodeBot().map((node) =>
      node.id === TEAM ? { ...node, action: { kind: 'team' as const, teamId: null } } : node,
    );
    const elements = scenarioElements(
      nodes,
      scenarioProblems({ defaultMessage: 'x', nodes }),
      texts,
    );
    expect(elements.filter((e) => e.group === 'nodes').map((e) => [e.data.id, e.classes])).toEqual([
      [GREET, 'root'],
      [ANSWER, ''],
      [TEAM, 'problem'],
    ]);
    expect(
      elements.flatMap((e) =>
        e.group === 'edges' ? [[e.data.id, e.data.source, e.data.target, e.data.label]] : [],
      ),
    ).toEqual([
      [edgeId(GREET, { kind: 'button', itemId: PRICES }), GREET, ANSWER, 'Prices'],
      [edgeId(GREET, { kind: 'button', itemId: PERSON }), GREET, TEAM, 'A person'],
    ]);
  });
});

describe('what the canvas changes between two drawings', () => {
  const draw = (nodes: ReturnType<typeof threeNodeBot>) => scenarioElements(nodes, [], texts);
  const nodes = threeNodeBot();
  const content = { name: '', description: '', defaultMessage: 'x', nodes };

  it('nothing when nothing changed', () => {
    expect(elementChanges(draw(nodes), draw(nodes))).toEqual({
      remove: [],
      add: [],
      restyle: [],
      move: [],
    });
  });

  it('a reply typed restyles only its node', () => {
    const next = updateNode(content, ANSWER, (node) => ({
      ...node,
      reply: { ...node.reply, text: 'Prices: see the site' },
    }));
    const changes = elementChanges(draw(nodes), draw([...next.nodes]));
    expect(changes.restyle.map((e) => e.data.id)).toEqual([ANSWER]);
    expect([changes.add, changes.remove, changes.move]).toEqual([[], [], []]);
  });

  it('a move moves only its node; an edge led elsewhere is removed and added again', () => {
    const moved = moveNode(content, TEAM, { x: 9, y: 9 });
    expect(elementChanges(draw(nodes), draw([...moved.nodes])).move).toEqual([
      { id: TEAM, position: { x: 9, y: 9 } },
    ]);
    const part = { kind: 'button' as const, itemId: PERSON };
    const led = setNext(content, GREET, part, ANSWER);
    const changes = elementChanges(draw(nodes), draw([...led.nodes]));
    expect(changes.remove).toEqual([edgeId(GREET, part)]);
    expect(changes.add.map((e) => e.data.id)).toEqual([edgeId(GREET, part)]);
  });

  it('a deleted edge is removed', () => {
    const id = edgeId(GREET, { kind: 'button', itemId: PRICES });
    const next = deleteEdge(content, id);
    const changes = elementChanges(draw(nodes), draw([...next.nodes]));
    expect(changes.remove).toEqual([id]);
    // The chips stay (the button is there, led nowhere); the answer is now a second start, so
    // the greeting is no longer marked as the one root.
    expect(changes.restyle.map((e) => [e.data.id, e.classes])).toEqual([[GREET, '']]);
  });
});
