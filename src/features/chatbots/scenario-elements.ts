import { rootOf, type BotActionKind, type BotNode, type ScenarioProblem } from '../../protocol';
import { edgeId, partsOf, type EdgePart } from './scenario-parts';

/**
 * The scenario as the canvas's elements (cytoscape's plain-object form), and what changes between
 * two of them: the canvas applies only the changes, so an edit redraws one node, not 200, and a
 * node dragged on the canvas is left where the drag put it until the drag ends.
 */
export type CanvasNode = {
  group: 'nodes';
  data: { id: string; label: string };
  position: { x: number; y: number };
  classes: string;
};
export type CanvasEdge = {
  group: 'edges';
  data: { id: string; source: string; target: string; label: string };
  classes: string;
};
export type CanvasElement = CanvasNode | CanvasEdge;

/** The words the canvas shows that come from the catalog, not from the scenario. */
export type CanvasTexts = {
  untitled: string;
  action: (kind: Exclude<BotActionKind, 'none'>) => string;
  part: (node: BotNode, part: EdgePart) => string;
};

/** How many of the reply's words make a node's title when it has none of its own. */
const TITLE_WORDS = 5;
/** Longest title and chip on a node drawn small; the side panel shows them whole. */
const TITLE_CHARS = 32;
const CHIP_CHARS = 16;

const cut = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The node's title: its own, else the reply's first words, else "untitled". */
export function nodeTitle(node: BotNode, untitled: string): string {
  const own = node.title.trim();
  if (own !== '') return cut(own, TITLE_CHARS);
  const words = node.reply.text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return untitled;
  const first = words.slice(0, TITLE_WORDS).join(' ');
  return cut(words.length > TITLE_WORDS ? `${first}…` : first, TITLE_CHARS);
}

/** A node drawn small: its title, the buttons as chips, and its final action if it has one. */
export function nodeLabel(node: BotNode, texts: CanvasTexts): string {
  const lines = [nodeTitle(node, texts.untitled)];
  if (node.buttons.length > 0)
    lines.push(
      node.buttons.map((button) => `[${cut(button.name.trim() || '…', CHIP_CHARS)}]`).join(' '),
    );
  if (node.action.kind !== 'none') lines.push(`→ ${texts.action(node.action.kind)}`);
  return lines.join('\n');
}

/**
 * Every element of the scenario. A node is `root` when it is the one start, `problem` when the
 * rules found one at it; an edge exists for each part led to a node that is there (a part led to
 * nowhere, or to a node deleted, is mended in the side panel, where its problem shows).
 */
export function scenarioElements(
  nodes: readonly BotNode[],
  problems: readonly ScenarioProblem[],
  texts: CanvasTexts,
): CanvasElement[] {
  const rootId = rootOf(nodes)?.id;
  const withProblem = new Set(problems.map((problem) => problem.nodeId));
  const ids = new Set(nodes.map((node) => node.id));
  const elements: CanvasElement[] = nodes.map((node) => ({
    group: 'nodes',
    data: { id: node.id, label: nodeLabel(node, texts) },
    position: { x: node.position.x, y: node.position.y },
    classes: [node.id === rootId ? 'root' : '', withProblem.has(node.id) ? 'problem' : '']
      .filter(Boolean)
      .join(' '),
  }));
  for (const node of nodes)
    for (const { part, next } of partsOf(node))
      if (next !== null && ids.has(next))
        elements.push({
          group: 'edges',
          data: {
            id: edgeId(node.id, part),
            source: node.id,
            target: next,
            label: texts.part(node, part),
          },
          classes: `part-${part.kind}`,
        });
  return elements;
}

/** What the canvas must do to go from drawing `before` to drawing `after`. */
export type ElementChanges = {
  /** Removed first: an edge led elsewhere is removed and added again under the same id. */
  remove: string[];
  add: CanvasElement[];
  /** Same element, other label or classes. */
  restyle: CanvasElement[];
  /** Nodes whose position in the draft changed (undo of a move, the automatic layout). */
  move: { id: string; position: { x: number; y: number } }[];
};

export function elementChanges(
  before: readonly CanvasElement[],
  after: readonly CanvasElement[],
): ElementChanges {
  const old = new Map(before.map((element) => [element.data.id, element]));
  const changes: ElementChanges = { remove: [], add: [], restyle: [], move: [] };
  const kept = new Set<string>();
  for (const element of after) {
    const was = old.get(element.data.id);
    kept.add(element.data.id);
    if (!was || was.group !== element.group) {
      if (was) changes.remove.push(was.data.id);
      changes.add.push(element);
      continue;
    }
    if (
      element.group === 'edges' &&
      was.group === 'edges' &&
      (was.data.source !== element.data.source || was.data.target !== element.data.target)
    ) {
      changes.remove.push(was.data.id);
      changes.add.push(element);
      continue;
    }
    if (was.data.label !== element.data.label || was.classes !== element.classes)
      changes.restyle.push(element);
    if (
      element.group === 'nodes' &&
      was.group === 'nodes' &&
      (was.position.x !== element.position.x || was.position.y !== element.position.y)
    )
      changes.move.push({ id: element.data.id, position: element.position });
  }
  for (const element of before)
    if (!kept.has(element.data.id)) changes.remove.push(element.data.id);
  return changes;
}
