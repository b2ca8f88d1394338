import type { BotNode } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import type { CanvasMode } from './ScenarioCanvas';
import { nodeTitle } from './scenario-elements';

const MODES: readonly CanvasMode[] = ['select', 'move', 'create', 'delete'];

/**
 * The canvas's tools (spec §2): the four modes, then what works in any mode — a node added
 * without the mouse, the automatic layout, zoom, undo and redo — and the node chooser, the
 * keyboard's way onto the canvas.
 */
export function EditorToolbar({
  mode,
  onMode,
  nodes,
  selectedId,
  onSelect,
  onAddNode,
  onLayout,
  onZoom,
  onFit,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  mode: CanvasMode;
  onMode: (mode: CanvasMode) => void;
  nodes: readonly BotNode[];
  selectedId: string | null;
  onSelect: (nodeId: string | null) => void;
  onAddNode: () => void;
  onLayout: () => void;
  onZoom: (factor: number) => void;
  onFit: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="chatbot-toolbar" role="toolbar" aria-label={t('chatbots.toolbar')}>
      <div className="chatbot-toolbar__group" role="radiogroup" aria-label={t('chatbots.toolbar')}>
        {MODES.map((each) => (
          <button
            key={each}
            type="button"
            role="radio"
            aria-checked={mode === each}
            className={`button button--small${mode === each ? ' button--primary' : ''}`}
            title={t(`chatbots.mode.${each}.hint`)}
            data-testid={`chatbot-mode-${each}`}
            onClick={() => {
              onMode(each);
            }}
          >
            {t(`chatbots.mode.${each}`)}
          </button>
        ))}
      </div>
      <div className="chatbot-toolbar__group">
        <button
          className="button button--small"
          type="button"
          data-testid="chatbot-add-node"
          onClick={onAddNode}
        >
          {t('chatbots.addNode')}
        </button>
        <button
          className="button button--small"
          type="button"
          data-testid="chatbot-layout"
          onClick={onLayout}
        >
          {t('chatbots.layout')}
        </button>
        <button
          className="button button--small"
          type="button"
          aria-label={t('chatbots.zoomIn')}
          title={t('chatbots.zoomIn')}
          onClick={() => {
            onZoom(1.25);
          }}
        >
          +
        </button>
        <button
          className="button button--small"
          type="button"
          aria-label={t('chatbots.zoomOut')}
          title={t('chatbots.zoomOut')}
          onClick={() => {
            onZoom(0.8);
          }}
        >
          −
        </button>
        <button className="button button--small" type="button" onClick={onFit}>
          {t('chatbots.fit')}
        </button>
        <button
          className="button button--small"
          type="button"
          data-testid="chatbot-undo"
          disabled={!canUndo}
          title="Ctrl+Z"
          onClick={onUndo}
        >
          {t('chatbots.undo')}
        </button>
        <button
          className="button button--small"
          type="button"
          data-testid="chatbot-redo"
          disabled={!canRedo}
          title="Ctrl+Shift+Z"
          onClick={onRedo}
        >
          {t('chatbots.redo')}
        </button>
      </div>
      <label className="chatbot-toolbar__group">
        <span>{t('chatbots.goToNode')}</span>
        <select
          className="field__input"
          value={selectedId ?? ''}
          data-testid="chatbot-go-to-node"
          onChange={(event) => {
            onSelect(event.target.value === '' ? null : event.target.value);
          }}
        >
          <option value="">{t('chatbots.goToNode.none')}</option>
          {nodes.map((node) => (
            <option key={node.id} value={node.id}>
              {nodeTitle(node, t('chatbots.node.untitled'))}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
