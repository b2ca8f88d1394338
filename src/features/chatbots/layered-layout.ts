import type { BotNode } from '../../protocol';
import { edgesOf } from '../../protocol';
import type { Position } from './scenario-edit';

/** Room for a node drawn small (its title and a row of button chips) and its edges' labels. */
const COLUMN = 240;
const ROW = 160;

/**
 * The automatic layout: the scenario as the conversation runs, top to bottom. Each node goes to
 * the row of its shortest distance from a start (the root, or every node nothing leads to while
 * a draft has several), and within a row in the order its parent's parts lead to it, so a
 * greeting's buttons read left to right as the customer sees them. Nodes no start reaches (a
 * loop drawn apart) take the rows below. Rows are centred on x = 0.
 *
 * A pure function of the nodes, not cytoscape's own layouts: the result is the draft's positions,
 * saved and undone like any move, and is the same on every machine.
 */
export function layeredLayout(nodes: readonly BotNode[]): Map<string, Position> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const led = new Set(nodes.flatMap(edgesOf));
  const rows: string[][] = [];
  const placed = new Set<string>();
  let frontier = nodes.filter((node) => !led.has(node.id)).map((node) => node.id);
  const walk = () => {
    while (frontier.length > 0) {
      const row = frontier.filter((id) => !placed.has(id));
      const unique = [...new Set(row)];
      for (const id of unique) placed.add(id);
      if (unique.length > 0) rows.push(unique);
      frontier = unique.flatMap((id) => {
        const node = byId.get(id);
        return node ? edgesOf(node).filter((next) => byId.has(next) && !placed.has(next)) : [];
      });
    }
  };
  walk();
  // What no start reaches: walked from the first such node in the draft's order, row after row.
  for (const node of nodes) {
    if (placed.has(node.id)) continue;
    frontier = [node.id];
    walk();
  }
  const positions = new Map<string, Position>();
  rows.forEach((row, y) => {
    row.forEach((id, x) => {
      positions.set(id, { x: (x - (row.length - 1) / 2) * COLUMN, y: y * ROW });
    });
  });
  return positions;
}
