import type { BotNode } from '../../protocol';
import { partsOf, type EdgePart } from './scenario-parts';

/**
 * What an edge dragged from one node onto another becomes (docs/chatbots.md "The editor"). A
 * drag says "from here to there" but not which of the node's parts leads there, so the editor
 * picks the part the administrator most likely means, and the side panel changes it:
 *
 *   - a trigger node chooses only by the clock: its first trigger drawn to nowhere, else nothing
 *     (a second kind of edge there would break "no triggers and other actions");
 *   - otherwise the first value button drawn to nowhere, in the node's order — the buttons are
 *     what a customer sees, so they are what is drawn first;
 *   - else the first intent drawn to nowhere;
 *   - else the default action, set or pointed anew (one per node, so it is re-pointed rather
 *     than a second added).
 *
 * A node is not led to itself by a drag: a reply leading back to its own question is what the
 * default message already does (the bot says it and waits), so such a drop is most often a slip.
 */
export type EdgeDrop =
  { ok: true; part: EdgePart } | { ok: false; reason: 'sameNode' | 'triggersTaken' };

export function edgeDropOf(source: BotNode, targetId: string): EdgeDrop {
  if (source.id === targetId) return { ok: false, reason: 'sameNode' };
  const free = partsOf(source).filter(({ next, part }) => next === null && part.kind !== 'default');
  if (source.triggers.length > 0) {
    const trigger = free.find(({ part }) => part.kind === 'trigger');
    return trigger ? { ok: true, part: trigger.part } : { ok: false, reason: 'triggersTaken' };
  }
  const button = free.find(({ part }) => part.kind === 'button');
  if (button) return { ok: true, part: button.part };
  const intent = free.find(({ part }) => part.kind === 'intent');
  if (intent) return { ok: true, part: intent.part };
  return { ok: true, part: { kind: 'default' } };
}
