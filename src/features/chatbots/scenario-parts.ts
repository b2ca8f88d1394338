import type { BotNode } from '../../protocol';

/**
 * The parts of a node that lead somewhere (docs/chatbots.md "The scenario"): each is one edge of
 * the canvas. A part is named by its kind and, for a list's item, the item's id, so an edge's id
 * on the canvas (`<node id>/<part>`) says which field of which node it is.
 */
export type EdgePart =
  | { kind: 'button'; itemId: string }
  | { kind: 'intent'; itemId: string }
  | { kind: 'trigger'; itemId: string }
  | { kind: 'default' };

export const partKey = (part: EdgePart): string =>
  part.kind === 'default' ? 'default' : `${part.kind}:${part.itemId}`;

export function partOfKey(key: string): EdgePart | null {
  if (key === 'default') return { kind: 'default' };
  const [kind, itemId] = key.split(':');
  if ((kind === 'button' || kind === 'intent' || kind === 'trigger') && itemId)
    return { kind, itemId };
  return null;
}

export const edgeId = (nodeId: string, part: EdgePart): string => `${nodeId}/${partKey(part)}`;

export function parseEdgeId(id: string): { nodeId: string; part: EdgePart } | null {
  const at = id.indexOf('/');
  if (at <= 0) return null;
  const part = partOfKey(id.slice(at + 1));
  return part ? { nodeId: id.slice(0, at), part } : null;
}

/** Every part of a node that leads somewhere, with where it leads (null: drawn to nowhere yet). */
export function partsOf(node: BotNode): { part: EdgePart; next: string | null }[] {
  const parts: { part: EdgePart; next: string | null }[] = [];
  for (const button of node.buttons)
    if (button.kind === 'value')
      parts.push({ part: { kind: 'button', itemId: button.id }, next: button.next });
  for (const intent of node.intents)
    parts.push({ part: { kind: 'intent', itemId: intent.id }, next: intent.next });
  for (const trigger of node.triggers)
    parts.push({ part: { kind: 'trigger', itemId: trigger.id }, next: trigger.next });
  parts.push({ part: { kind: 'default' }, next: node.defaultNext });
  return parts;
}

/** The node with one part led to `next` (null: the edge removed); unchanged if it has no such part. */
export function withNext(node: BotNode, part: EdgePart, next: string | null): BotNode {
  switch (part.kind) {
    case 'default':
      return { ...node, defaultNext: next };
    case 'button':
      return {
        ...node,
        buttons: node.buttons.map((item) => (item.id === part.itemId ? { ...item, next } : item)),
      };
    case 'intent':
      return {
        ...node,
        intents: node.intents.map((item) => (item.id === part.itemId ? { ...item, next } : item)),
      };
    case 'trigger':
      return {
        ...node,
        triggers: node.triggers.map((item) => (item.id === part.itemId ? { ...item, next } : item)),
      };
  }
}
