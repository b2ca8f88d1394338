import type { StylesheetJson } from 'cytoscape';

/**
 * How the canvas draws a scenario: nodes small (a title and the button chips, as
 * scenario-elements.ts writes their label), the root with a blue frame, a node with a problem
 * with a red one (it wins over the root's), an edge's kind by its line: a button's or an intent's
 * solid, a trigger's dotted, the default action's dashed. Colours are fixed: the canvas paints
 * on its own, outside the page's CSS.
 */
export const CANVAS_STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      shape: 'round-rectangle',
      width: 180,
      height: 64,
      'background-color': '#ffffff',
      'border-width': 1,
      'border-color': '#94a3b8',
      label: 'data(label)',
      'text-wrap': 'wrap',
      'text-max-width': '168px',
      'text-valign': 'center',
      'text-halign': 'center',
      'font-size': 11,
      color: '#0f172a',
    },
  },
  {
    selector: 'node.root',
    style: { 'border-width': 3, 'border-color': '#2563eb', 'background-color': '#eff6ff' },
  },
  {
    selector: 'node.problem',
    style: { 'border-width': 3, 'border-color': '#dc2626', 'border-style': 'solid' },
  },
  {
    selector: 'node:selected',
    style: { 'background-color': '#dbeafe', 'overlay-opacity': 0 },
  },
  {
    selector: 'edge',
    style: {
      width: 2,
      'curve-style': 'bezier',
      'line-color': '#64748b',
      'target-arrow-color': '#64748b',
      'target-arrow-shape': 'triangle',
      label: 'data(label)',
      'font-size': 10,
      color: '#334155',
      'text-background-color': '#ffffff',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
    },
  },
  { selector: 'edge.part-default', style: { 'line-style': 'dashed' } },
  { selector: 'edge.part-trigger', style: { 'line-style': 'dotted' } },
  {
    selector: 'edge:selected',
    style: { 'line-color': '#2563eb', 'target-arrow-color': '#2563eb', width: 3 },
  },
  // The edge being dragged from a node, to the pointer; it takes no events, so the drop finds
  // the node under the pointer.
  {
    selector: '.ghost',
    style: { width: 1, height: 1, opacity: 0, events: 'no', label: '' },
  },
  {
    selector: 'edge.ghost',
    style: { opacity: 0.6, 'line-style': 'dashed', 'line-color': '#2563eb', events: 'no' },
  },
];
