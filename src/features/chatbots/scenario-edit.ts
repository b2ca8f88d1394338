import {
  nodeDeleteProblem,
  type BotButton,
  type BotIntent,
  type BotNode,
  type BotTrigger,
  type ScenarioProblem,
} from '../../protocol';
import { edgeDropOf, type EdgeDrop } from './edge-drop';
import { parseEdgeId, partsOf, withNext, type EdgePart } from './scenario-parts';

/**
 * What the editor changes and keeps: the bot's own fields and its nodes, exactly what
 * `chatbot.save` sends. Every edit below is a pure function from one content to the next, so
 * undo and redo are only a matter of keeping the earlier ones (edit-history.ts).
 */
export type BotContent = {
  name: string;
  description: string;
  defaultMessage: string;
  nodes: readonly BotNode[];
};

export type Position = { x: number; y: number };

export const emptyContent = (): BotContent => ({
  name: '',
  description: '',
  defaultMessage: '',
  nodes: [],
});

export const newNode = (id: string, position: Position): BotNode => ({
  id,
  title: '',
  reply: { text: '', fileId: null },
  buttons: [],
  intents: [],
  triggers: [],
  defaultNext: null,
  action: { kind: 'none' },
  position: { x: Math.round(position.x), y: Math.round(position.y) },
});

export const newButton = (id: string): BotButton => ({
  id,
  name: '',
  kind: 'value',
  link: '',
  next: null,
});
export const newIntent = (id: string): BotIntent => ({ id, intent: null, next: null });
/** A new trigger's window: office hours in the administrator's own time zone, the usual first wish. */
export const newTrigger = (id: string, timeZone: string): BotTrigger => ({
  id,
  start: '09:00',
  end: '18:00',
  timeZone,
  next: null,
});

export function addNode(content: BotContent, id: string, position: Position): BotContent {
  return { ...content, nodes: [...content.nodes, newNode(id, position)] };
}

export function updateNode(
  content: BotContent,
  nodeId: string,
  change: (node: BotNode) => BotNode,
): BotContent {
  return {
    ...content,
    nodes: content.nodes.map((node) => (node.id === nodeId ? change(node) : node)),
  };
}

export function moveNode(content: BotContent, nodeId: string, position: Position): BotContent {
  return updateNode(content, nodeId, (node) => ({
    ...node,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
  }));
}

/**
 * Deletes a node, unless it is the root while others remain (spec §4, ROOT_NODE_DELETE). Every
 * edge that led to it is drawn to nowhere, so no part points at a node that is gone: the part
 * stays (a button keeps its name) and asks only to be led somewhere again.
 */
export function deleteNode(
  content: BotContent,
  nodeId: string,
): { ok: true; content: BotContent } | { ok: false; problem: ScenarioProblem } {
  const problem = nodeDeleteProblem(content.nodes, nodeId);
  if (problem) return { ok: false, problem };
  const nodes = content.nodes
    .filter((node) => node.id !== nodeId)
    .map((node) =>
      partsOf(node).reduce(
        (kept, { part, next }) => (next === nodeId ? withNext(kept, part, null) : kept),
        node,
      ),
    );
  return { ok: true, content: { ...content, nodes } };
}

/** Leads one part of a node to `next` (null: deletes that edge, keeping the part). */
export function setNext(
  content: BotContent,
  nodeId: string,
  part: EdgePart,
  next: string | null,
): BotContent {
  return updateNode(content, nodeId, (node) => withNext(node, part, next));
}

/** Deletes the edge the canvas names `edgeId`; unchanged if there is no such edge. */
export function deleteEdge(content: BotContent, edgeId: string): BotContent {
  const parsed = parseEdgeId(edgeId);
  return parsed ? setNext(content, parsed.nodeId, parsed.part, null) : content;
}

/** An edge dragged from `sourceId` onto `targetId`: the part edge-drop.ts picks leads there. */
export function connect(
  content: BotContent,
  sourceId: string,
  targetId: string,
): { drop: EdgeDrop; content: BotContent } {
  const source = content.nodes.find((node) => node.id === sourceId);
  if (!source || !content.nodes.some((node) => node.id === targetId))
    return { drop: { ok: false, reason: 'sameNode' }, content };
  const drop = edgeDropOf(source, targetId);
  return {
    drop,
    content: drop.ok ? setNext(content, sourceId, drop.part, targetId) : content,
  };
}
