import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import cytoscape, { type Core, type EventObject } from 'cytoscape';
import { CANVAS_STYLE } from './canvas-style';
import { elementChanges, type CanvasElement } from './scenario-elements';
import type { Position } from './scenario-edit';

/** The canvas's modes (spec §2 "chat-bots/bot"). */
export type CanvasMode = 'select' | 'move' | 'create' | 'delete';

/** What the toolbar asks of the canvas's view. */
export type CanvasView = {
  zoomBy: (factor: number) => void;
  fit: () => void;
  /** Shows a node in the middle of the canvas, at least at full size: the node chooser's "go to". */
  centerOn: (nodeId: string) => void;
  /** The middle of what the canvas shows, in the scenario's coordinates: where "Add node" puts one. */
  center: () => Position;
};

const GHOST_NODE = '__ghost';
const GHOST_EDGE = '__ghost-edge';
/** The zoom a scenario opens at, at most: fitting a small one must not blow it up. */
const OPEN_ZOOM_MAX = 1;

type Handlers = {
  onSelect: (nodeId: string | null) => void;
  onSelectEdge: (edgeId: string) => void;
  onCreateAt: (position: Position) => void;
  onDelete: (elementId: string, group: 'nodes' | 'edges') => void;
  onConnect: (sourceId: string, targetId: string) => void;
  onMove: (nodeId: string, position: Position) => void;
};

/**
 * The scenario's canvas, drawn by cytoscape. It is given the elements (scenario-elements.ts) and
 * applies only what changed between two renders, in one batch, so an edit redraws the nodes it
 * touched. A drag in the move mode is cytoscape's alone until it ends: the draft hears of the
 * node's new place once (`onMove` on drag end), so a drag re-renders nothing of React's.
 * In the select mode a drag from one node onto another draws an edge (`onConnect`).
 */
export function ScenarioCanvas({
  elements,
  mode,
  selectedId,
  label,
  view,
  ...handlers
}: {
  elements: readonly CanvasElement[];
  mode: CanvasMode;
  selectedId: string | null;
  label: string;
  view: Ref<CanvasView>;
} & Handlers) {
  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const drawn = useRef<readonly CanvasElement[]>([]);
  // Whether the scenario has been drawn once: only then is it fitted to the canvas.
  const opened = useRef(false);
  const latest = useRef({ handlers, mode });
  latest.current = { handlers, mode };

  useEffect(() => {
    if (!container.current) return;
    const cy = cytoscape({
      container: container.current,
      style: CANVAS_STYLE,
      boxSelectionEnabled: false,
      selectionType: 'single',
      minZoom: 0.1,
      maxZoom: 3,
    });
    cyRef.current = cy;
    // Cytoscape keeps where its container sits on the page from its last resize, but the notices
    // above the canvas come and go (problems, a conflict), moving it: pointers would be read that
    // far off. Measured again at each press, before cytoscape reads the press.
    const element = container.current;
    const remeasure = () => {
      cy.resize();
    };
    element.addEventListener('mousedown', remeasure, true);
    element.addEventListener('touchstart', remeasure, { capture: true, passive: true });
    let source: string | null = null;
    const endDraw = () => {
      source = null;
      cy.remove(`#${GHOST_EDGE}, #${GHOST_NODE}`);
      cy.userPanningEnabled(true);
    };
    cy.on('tap', (event: EventObject) => {
      const { handlers, mode } = latest.current;
      const target = event.target as Core | cytoscape.SingularElementArgument;
      if (target === cy) {
        if (mode === 'create') handlers.onCreateAt(event.position);
        else handlers.onSelect(null);
        return;
      }
      const element = target as cytoscape.SingularElementArgument;
      if (element.hasClass('ghost')) return;
      if (mode === 'delete') handlers.onDelete(element.id(), element.isNode() ? 'nodes' : 'edges');
      else if (element.isNode()) handlers.onSelect(element.id());
      else handlers.onSelectEdge(element.id());
    });
    cy.on('tapstart', 'node', (event: EventObject) => {
      if (latest.current.mode !== 'select') return;
      source = (event.target as cytoscape.NodeSingular).id();
      cy.userPanningEnabled(false);
    });
    cy.on('tapdrag', (event: EventObject) => {
      if (source === null) return;
      const ghost = cy.getElementById(GHOST_NODE);
      if (ghost.empty()) {
        cy.add([
          { group: 'nodes', data: { id: GHOST_NODE }, position: event.position, classes: 'ghost' },
          {
            group: 'edges',
            data: { id: GHOST_EDGE, source, target: GHOST_NODE },
            classes: 'ghost',
          },
        ]);
      } else ghost.position(event.position);
    });
    cy.on('tapend', (event: EventObject) => {
      if (source === null) return;
      const from = source;
      const dragged = !cy.getElementById(GHOST_NODE).empty();
      endDraw();
      if (!dragged) return;
      // The node under the pointer where the drag ends (the event's own target may be the node
      // the drag began on).
      const { x, y } = event.position;
      const target = cy.nodes().filter((node) => {
        if (node.hasClass('ghost')) return false;
        const box = node.boundingBox({ includeLabels: false });
        return x >= box.x1 && x <= box.x2 && y >= box.y1 && y <= box.y2;
      })[0];
      if (target) latest.current.handlers.onConnect(from, target.id());
    });
    cy.on('dragfree', 'node', (event: EventObject) => {
      const node = event.target as cytoscape.NodeSingular;
      latest.current.handlers.onMove(node.id(), { ...node.position() });
    });
    return () => {
      element.removeEventListener('mousedown', remeasure, true);
      element.removeEventListener('touchstart', remeasure, true);
      cy.destroy();
      cyRef.current = null;
      drawn.current = [];
      opened.current = false;
    };
  }, []);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const first = !opened.current;
    opened.current = true;
    const changes = elementChanges(drawn.current, elements);
    drawn.current = elements;
    if (
      changes.add.length + changes.remove.length + changes.restyle.length + changes.move.length ===
      0
    )
      return;
    cy.batch(() => {
      for (const id of changes.remove) cy.getElementById(id).remove();
      cy.add(changes.add.map((element) => ({ ...element, data: { ...element.data } })));
      for (const element of changes.restyle) {
        const found = cy.getElementById(element.data.id);
        found.data('label', element.data.label);
        found.classes(element.classes);
      }
      for (const { id, position } of changes.move) cy.getElementById(id).position(position);
    });
    // A scenario opened with nodes is shown whole; an empty one keeps the scenario's coordinates
    // the canvas's own, so the first node goes exactly where it is clicked.
    if (first && elements.length > 0) {
      cy.fit(undefined, 40);
      if (cy.zoom() > OPEN_ZOOM_MAX) {
        cy.zoom(OPEN_ZOOM_MAX);
        cy.center();
      }
    }
  }, [elements]);

  useEffect(() => {
    cyRef.current?.autoungrabify(mode !== 'move');
  }, [mode]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.$(':selected').unselect();
    if (selectedId !== null) cy.getElementById(selectedId).select();
  }, [selectedId, elements]);

  useImperativeHandle(
    view,
    () => ({
      zoomBy: (factor) => {
        const cy = cyRef.current;
        if (!cy) return;
        cy.zoom({
          level: cy.zoom() * factor,
          renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 },
        });
      },
      fit: () => {
        cyRef.current?.fit(undefined, 40);
      },
      centerOn: (nodeId) => {
        const cy = cyRef.current;
        const node = cy?.getElementById(nodeId);
        if (!cy || !node || node.empty()) return;
        if (cy.zoom() < 1) cy.zoom(1);
        cy.center(node);
      },
      center: () => {
        const cy = cyRef.current;
        if (!cy) return { x: 0, y: 0 };
        const extent = cy.extent();
        return { x: (extent.x1 + extent.x2) / 2, y: (extent.y1 + extent.y2) / 2 };
      },
    }),
    [],
  );

  return (
    <div
      ref={container}
      className={`chatbot-canvas chatbot-canvas--${mode}`}
      role="img"
      aria-label={label}
      data-testid="chatbot-canvas"
      data-mode={mode}
    />
  );
}
