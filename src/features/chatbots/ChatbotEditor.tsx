import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newId, rootOf, scenarioProblems, type BotNode } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SectionFrame } from '../../ui/SectionFrame';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { BotPanel } from './BotPanel';
import { EditorToolbar } from './EditorToolbar';
import { NodePanel } from './NodePanel';
import { ScenarioCanvas, type CanvasMode, type CanvasView } from './ScenarioCanvas';
import { layeredLayout } from './layered-layout';
import { scenarioProblemText } from './problem-text';
import { useChatbotEditorData } from './queries';
import {
  addNode,
  connect,
  deleteEdge,
  deleteNode,
  moveNode,
  updateNode,
  type BotContent,
  type Position,
} from './scenario-edit';
import { scenarioElements, type CanvasTexts } from './scenario-elements';
import { parseEdgeId } from './scenario-parts';
import { useBotDraft } from './use-bot-draft';
import type { DraftStatus } from './bot-draft';
import './chatbots.css';

/** How long a save may wait before the editor says it is kept on the device (as FormStatus). */
const SLOW_SAVE_MS = 1500;

function useSlow(status: DraftStatus): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (status !== 'saving') return;
    const timer = setTimeout(() => {
      setSlow(true);
    }, SLOW_SAVE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [status]);
  return slow;
}

/**
 * The chat-bot editor (spec §2 `chat-bots/bot`; docs/chatbots.md "The editor"): the bot's fields,
 * the scenario's canvas with its modes and tools, and the side panel of the chosen node. The
 * rules run as the administrator edits, each problem marked on its node; the draft is kept in
 * the browser until saved; saving, publishing and restoring go through the outbox.
 */
export function ChatbotEditor({
  botId,
  onBack,
  onOpenBot,
}: {
  botId: string;
  onBack: () => void;
  /** Opens another bot's editor: the copy saved on a conflict. */
  onOpenBot: (botId: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const data = useChatbotEditorData(botId);
  const bot = data?.bot;
  const draft = useBotDraft(botId, bot, data !== undefined);
  const [mode, setMode] = useState<CanvasMode>('select');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const view = useRef<CanvasView>(null);
  const publish = useCommandSubmit(() => {
    toast(t('chatbots.published', { version: latestBot.current?.version ?? 0 }));
  });
  const restore = useCommandSubmit(() => {
    toast(t('chatbots.restored', { version: restoredVersion.current }));
  });
  const latestBot = useRef(bot);
  latestBot.current = bot;
  const restoredVersion = useRef(0);

  const content = draft?.content;
  const nodes = content?.nodes;
  const channelTypes = data?.channelTypes;
  const problems = useMemo(
    () =>
      content && channelTypes
        ? scenarioProblems(
            { defaultMessage: content.defaultMessage, nodes: content.nodes },
            channelTypes,
          )
        : [],
    [content, channelTypes],
  );
  const texts: CanvasTexts = useMemo(
    () => ({
      untitled: t('chatbots.node.untitled'),
      action: (kind) => t(`chatbots.action.${kind}`),
      part: (node, part) => {
        switch (part.kind) {
          case 'button':
            return node.buttons.find((button) => button.id === part.itemId)?.name ?? '';
          case 'intent': {
            const intent = node.intents.find((item) => item.id === part.itemId)?.intent;
            return intent ? t(`chatbots.intent.${intent}`) : '?';
          }
          case 'trigger': {
            const trigger = node.triggers.find((item) => item.id === part.itemId);
            return trigger ? `${trigger.start}–${trigger.end}` : '';
          }
          case 'default':
            return t('chatbots.edge.default');
        }
      },
    }),
    [t],
  );
  const elements = useMemo(
    () => (nodes ? scenarioElements(nodes, problems, texts) : []),
    [nodes, problems, texts],
  );

  const change = draft?.change;
  const edit = useCallback(
    (next: BotContent, key?: string) => {
      change?.(next, key);
    },
    [change],
  );
  const undo = draft?.undo;
  const redo = draft?.redo;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo?.();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo?.();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [undo, redo]);

  if (!data || !draft || !content || !nodes)
    return <p className="empty-state">{t('common.loading')}</p>;

  const { status } = draft;
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  const rootId = rootOf(nodes)?.id;
  const nameMissing = content.name.trim() === '';
  const count = problems.length + (nameMissing ? 1 : 0);
  const refusal = status === 'refused' ? draft.refusal : undefined;
  const conflict =
    status === 'conflict' || refusal?.name === 'CHATBOT_VERSION_CONFLICT'
      ? (bot?.version ?? 0)
      : null;
  const published = bot?.publishedVersion ?? null;
  const mayPublish =
    status === 'saved' && bot !== undefined && count === 0 && published !== bot.version;
  const botProblem = (field: string) =>
    problems
      .filter((problem) => problem.nodeId === undefined && problem.field === field)
      .map((problem) => scenarioProblemText(problem, i18n))[0];
  const scenarioWide = problems.filter(
    (problem) => problem.nodeId === undefined && problem.field === undefined,
  );

  const createAt = (position: Position) => {
    const id = newId();
    edit(addNode(content, id, position));
    setSelectedId(id);
  };
  const removeNode = (nodeId: string) => {
    const result = deleteNode(content, nodeId);
    if (!result.ok) {
      toast(scenarioProblemText(result.problem, i18n));
      return;
    }
    edit(result.content);
    if (selectedId === nodeId) setSelectedId(null);
  };
  const copy = async () => {
    const id = await draft.saveAsCopy(t('chatbots.copyName', { name: content.name.trim() }));
    onOpenBot(id);
  };

  const statusText =
    status === 'saved'
      ? t('chatbots.status.saved')
      : status === 'saving'
        ? t('chatbots.status.saving')
        : status === 'refused' && refusal && conflict === null
          ? scenarioProblemText(refusal, i18n)
          : t('chatbots.status.unsaved');

  return (
    <SectionFrame
      title={content.name.trim() || bot?.name || t('chatbots.editor.new')}
      actions={
        <div className="chatbot-actions">
          <button className="button button--link" type="button" onClick={onBack}>
            {t('chatbots.editor.back')}
          </button>
          <SaveStatus status={status} text={statusText} />
          <button
            className="button button--primary"
            type="button"
            data-testid="chatbot-save"
            disabled={count > 0 || status === 'saved' || conflict !== null || status === 'gone'}
            title={count > 0 ? t('chatbots.problems.count', { count }) : undefined}
            onClick={() => {
              void draft.save();
            }}
          >
            {t('chatbots.save')}
          </button>
          <button
            className="button"
            type="button"
            data-testid="chatbot-publish"
            disabled={!mayPublish || publish.outcome.state === 'waiting'}
            title={status === 'saved' ? undefined : t('chatbots.publish.hint')}
            onClick={() => {
              if (bot)
                void publish.submit({
                  type: 'chatbot.publish',
                  payload: { chatbotId: botId, version: bot.version },
                });
            }}
          >
            {t('chatbots.publish')}
          </button>
        </div>
      }
    >
      {!draft.kept ? (
        <p className="notice notice--warning" role="alert">
          {t('chatbots.status.notKept')}
        </p>
      ) : null}
      {conflict !== null ? (
        <div
          className="notice notice--warning chatbot-conflict"
          role="alert"
          data-testid="chatbot-conflict"
        >
          <strong>{t('chatbots.conflict.title')}</strong>
          <p>{t('chatbots.conflict.text', { version: conflict })}</p>
          <div className="form__actions">
            <button
              className="button"
              type="button"
              data-testid="chatbot-conflict-load"
              onClick={() => void draft.loadServer()}
            >
              {t('chatbots.conflict.load')}
            </button>
            <button
              className="button button--primary"
              type="button"
              data-testid="chatbot-conflict-copy"
              onClick={() => void copy()}
            >
              {t('chatbots.conflict.copy')}
            </button>
          </div>
        </div>
      ) : null}
      {status === 'gone' ? (
        <div className="notice notice--warning" role="alert" data-testid="chatbot-gone">
          <p>{t('chatbots.gone.text')}</p>
          <button className="button button--primary" type="button" onClick={() => void copy()}>
            {t('chatbots.conflict.copy')}
          </button>
        </div>
      ) : null}
      {publish.outcome.state === 'rejected' || restore.outcome.state === 'rejected' ? (
        <p className="form-failure" role="alert" data-testid="chatbot-command-failure">
          {(() => {
            const outcome =
              publish.outcome.state === 'rejected' ? publish.outcome : restore.outcome;
            const error = outcome.state === 'rejected' ? outcome.error : undefined;
            return error
              ? scenarioProblemText(error, i18n)
              : problemText({ kind: 'invalid' }, i18n);
          })()}
        </p>
      ) : null}
      {count > 0 ? (
        <div className="chatbot-problems" data-testid="chatbot-problems">
          <p>{t('chatbots.problems.count', { count })}</p>
          {scenarioWide.length > 0 ? (
            <ul>
              {scenarioWide.map((problem) => (
                <li key={problem.name}>{scenarioProblemText(problem, i18n)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <EditorToolbar
        mode={mode}
        onMode={setMode}
        nodes={nodes}
        selectedId={selectedId}
        onSelect={(nodeId) => {
          setSelectedId(nodeId);
          if (nodeId !== null) view.current?.centerOn(nodeId);
        }}
        onAddNode={() => {
          const center = view.current?.center() ?? { x: 0, y: 0 };
          createAt({
            x: center.x + (nodes.length % 5) * 20,
            y: center.y + (nodes.length % 5) * 20,
          });
        }}
        onLayout={() => {
          const positions = layeredLayout(nodes);
          edit({
            ...content,
            nodes: nodes.map((node) => ({
              ...node,
              position: positions.get(node.id) ?? node.position,
            })),
          });
          requestAnimationFrame(() => view.current?.fit());
        }}
        onZoom={(factor) => view.current?.zoomBy(factor)}
        onFit={() => view.current?.fit()}
        canUndo={draft.canUndo}
        canRedo={draft.canRedo}
        onUndo={draft.undo}
        onRedo={draft.redo}
      />
      <p className="chatbot-mode-hint">{t(`chatbots.mode.${mode}.hint`)}</p>
      <div className="chatbot-editor">
        <ScenarioCanvas
          elements={elements}
          mode={mode}
          selectedId={selectedId}
          label={t('chatbots.canvas')}
          view={view}
          onSelect={setSelectedId}
          onSelectEdge={(id) => {
            setSelectedId(parseEdgeId(id)?.nodeId ?? null);
          }}
          onCreateAt={createAt}
          onDelete={(id, group) => {
            if (group === 'nodes') removeNode(id);
            else edit(deleteEdge(content, id));
          }}
          onConnect={(source, target) => {
            const result = connect(content, source, target);
            if (!result.drop.ok) {
              toast(t(`chatbots.drop.${result.drop.reason}`));
              return;
            }
            edit(result.content);
            setSelectedId(source);
          }}
          onMove={(id, position) => {
            edit(moveNode(content, id, position));
          }}
        />
        <aside
          className="chatbot-side"
          aria-label={selected ? t('chatbots.node.heading') : t('chatbots.bot.heading')}
        >
          <h2 className="chatbot-side__title">
            {selected ? t('chatbots.node.heading') : t('chatbots.bot.heading')}
          </h2>
          {selected ? (
            <NodePanel
              key={selected.id}
              node={selected}
              nodes={nodes}
              isRoot={selected.id === rootId}
              problems={problems.filter((problem) => problem.nodeId === selected.id)}
              operators={data.operators}
              teams={data.teams}
              onChange={(node: BotNode, key?: string) => {
                edit(
                  updateNode(content, node.id, () => node),
                  key,
                );
              }}
              onDelete={() => {
                removeNode(selected.id);
              }}
              onPickFile={draft.keepFile}
              fileWaits={selected.reply.fileId !== null && draft.fileWaits(selected.reply.fileId)}
            />
          ) : (
            <BotPanel
              content={content}
              errors={{
                name:
                  refusal?.name === 'CHATBOT_NAME_EXISTS'
                    ? scenarioProblemText(refusal, i18n)
                    : nameMissing
                      ? problemText({ kind: 'required' }, i18n)
                      : undefined,
                defaultMessage: botProblem('defaultMessage'),
              }}
              versions={data.versions}
              publishedVersion={published}
              mayRestore={status === 'saved' && bot !== undefined}
              restoring={restore.outcome.state === 'waiting'}
              onChange={edit}
              onRestore={(version) => {
                if (!bot) return;
                restoredVersion.current = version;
                void restore.submit({
                  type: 'chatbot.restore',
                  payload: {
                    chatbotId: botId,
                    publishedVersion: version,
                    baseVersion: bot.version,
                  },
                });
              }}
            />
          )}
        </aside>
      </div>
    </SectionFrame>
  );
}

/** The draft's state in words (spec §2: "saving" and "changes not saved"), read out when it changes. */
function SaveStatus({ status, text }: { status: DraftStatus; text: string }) {
  const { t } = useI18n();
  const slow = useSlow(status);
  return (
    <span
      className={`chatbot-status chatbot-status--${status}`}
      role="status"
      data-testid="chatbot-status"
      data-status={status}
    >
      {status === 'saving' && slow ? t('chatbots.status.queued') : text}
    </span>
  );
}
