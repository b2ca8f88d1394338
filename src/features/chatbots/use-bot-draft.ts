import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { newId, type ApiError, type Chatbot } from '../../protocol';
import { claimedCommands } from '../../store/claimed-commands';
import { useEnqueue, useStore } from '../../store/hooks';
import { discardRejected, type NewFile } from '../../store/outbox';
import { pageStorage } from '../../store/page-storage';
import {
  contentOf,
  draftStatus,
  followsServer,
  forgetDraft,
  keepDraft,
  openDraft,
  readDraft,
  settleSave,
  type BotDraft,
  type DraftStatus,
  type SaveState,
} from './bot-draft';
import { record, redo, startHistory, undo, type EditHistory } from './edit-history';
import { emptyContent, type BotContent } from './scenario-edit';

type State = {
  history: EditHistory<BotContent>;
  baseVersion: number | null;
  saving: BotDraft['saving'];
  /** The bot's content the draft was last equal to, for followsServer; null when unknown. */
  loaded: BotContent | null;
};

export type BotDraftHandle = {
  content: BotContent;
  status: DraftStatus;
  /** The refusal of the last save, while status is `refused`. */
  refusal: ApiError | undefined;
  /** False when this browser would not keep the draft (storage full or denied). */
  kept: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** A new content; `key` names the field typed into, so keystrokes make one undo step. */
  change: (next: BotContent, key?: string) => void;
  undo: () => void;
  redo: () => void;
  save: () => Promise<void>;
  /** The conflict's first choice: the bot as the server holds it; the draft is dropped. */
  loadServer: () => Promise<void>;
  /** The conflict's second choice: the draft saved as a new bot; answers its id. */
  saveAsCopy: (name: string) => Promise<string>;
  /**
   * Keeps a file picked for a node's reply until the next save, which carries it: the outbox
   * uploads it before the save, under the id the node names.
   */
  keepFile: (file: NewFile & { id: string }) => void;
  /** Whether a node's file waits for the next save (picked here, not yet in the outbox). */
  fileWaits: (fileId: string) => boolean;
};

/** The picked files a content's nodes name, to go with its save. */
const filesFor = (
  content: BotContent,
  picked: ReadonlyMap<string, NewFile & { id: string }>,
): (NewFile & { id: string })[] =>
  content.nodes.flatMap((node) => {
    const file = node.reply.fileId === null ? undefined : picked.get(node.reply.fileId);
    return file ? [file] : [];
  });

const stateOf = (draft: BotDraft, loaded: BotContent | null): State => ({
  history: startHistory(draft.content),
  baseVersion: draft.baseVersion,
  saving: draft.saving,
  loaded,
});

/**
 * The editor's draft of one bot (docs/chatbots.md "The editor"): opened from the draft this
 * browser keeps, else from the bot; kept on every change while anything is unsaved; saved
 * through the outbox as `chatbot.save` based on the version it started from, and followed there
 * until the server takes or refuses it, across reloads too (the command's id is kept with it).
 * Undefined until the store has answered for the bot.
 */
export function useBotDraft(
  botId: string,
  bot: Chatbot | undefined,
  loaded: boolean,
): BotDraftHandle | undefined {
  const db = useStore();
  const enqueue = useEnqueue();
  const [state, setState] = useState<State | null>(null);
  // Files picked since the last save: in memory until a save carries them into the outbox.
  const picked = useRef(new Map<string, NewFile & { id: string }>());

  useEffect(() => {
    if (!loaded || state !== null) return;
    const kept = readDraft(pageStorage(), botId);
    setState(
      stateOf(openDraft(kept, bot, emptyContent), kept ? null : bot ? contentOf(bot) : null),
    );
  }, [loaded, state, botId, bot]);

  const commandId = state?.saving?.commandId;
  const saveRow = useLiveQuery(
    async () =>
      commandId === undefined
        ? undefined
        : ((await db.outbox.where('id').equals(commandId).first()) ?? null),
    [db, commandId],
  );
  // The editor answers for its save's refusal itself, so the shell's list of refusals leaves it out.
  useEffect(() => {
    if (commandId === undefined) return;
    claimedCommands.claim(commandId);
    return () => {
      claimedCommands.release(commandId);
    };
  }, [commandId]);
  const save: SaveState =
    commandId === undefined
      ? 'none'
      : saveRow === undefined
        ? 'waiting'
        : saveRow === null
          ? 'done'
          : saveRow.state === 'rejected'
            ? 'rejected'
            : 'waiting';

  const draft: BotDraft | null = useMemo(
    () =>
      state && {
        content: state.history.present,
        baseVersion: state.baseVersion,
        saving: state.saving,
      },
    [state],
  );
  const status = draft ? draftStatus(draft, bot, save) : 'saved';

  // A save gone from the outbox: taken (the draft goes on from its version) or dropped.
  useEffect(() => {
    if (save !== 'done' || !draft?.saving) return;
    const sent = draft.saving.content;
    const settled = settleSave(draft, bot);
    setState(
      (current) =>
        current && {
          ...current,
          baseVersion: settled.baseVersion,
          saving: null,
          loaded: settled.baseVersion === bot?.version ? sent : current.loaded,
        },
    );
  }, [save, draft, bot]);

  // The server moved on and nothing was edited here: follow it (a restore, another tab's save).
  useEffect(() => {
    if (!draft || !bot || !state || !followsServer(draft, state.loaded, bot)) return;
    setState(
      stateOf({ content: contentOf(bot), baseVersion: bot.version, saving: null }, contentOf(bot)),
    );
  }, [draft, bot, state]);
  useEffect(() => {
    if (bot && status === 'saved' && state && state.baseVersion !== bot.version && !state.saving)
      setState({ ...state, baseVersion: bot.version, loaded: contentOf(bot) });
  }, [bot, status, state]);

  const [kept, setKept] = useState(true);
  useEffect(() => {
    if (draft) setKept(keepDraft(pageStorage(), botId, draft, status));
  }, [botId, draft, status]);

  const latest = useRef({ draft, status, save, saveRow });
  latest.current = { draft, status, save, saveRow };

  const change = useCallback((next: BotContent, key?: string) => {
    setState(
      (current) =>
        current && { ...current, history: record(current.history, next, Date.now(), key ?? null) },
    );
  }, []);

  const dropRefused = useCallback(async () => {
    const { draft, save } = latest.current;
    if (draft?.saving && save === 'rejected') await discardRejected(db, draft.saving.commandId);
  }, [db]);

  const saveDraft = useCallback(async () => {
    const { draft, save } = latest.current;
    if (!draft) return;
    await dropRefused();
    // A save sent while another waits builds on the version that one will make: the outbox
    // sends them in order. After a refusal the draft's own base holds again.
    const baseVersion =
      draft.saving && save === 'waiting' ? (draft.saving.baseVersion ?? 0) + 1 : draft.baseVersion;
    const { content } = draft;
    const files = filesFor(content, picked.current);
    const row = await enqueue(
      {
        type: 'chatbot.save',
        payload: {
          chatbotId: botId,
          name: content.name,
          description: content.description,
          defaultMessage: content.defaultMessage,
          scenario: { nodes: content.nodes },
          baseVersion,
        },
      },
      files,
    );
    for (const file of files) picked.current.delete(file.id);
    setState(
      (current) =>
        current && {
          ...current,
          baseVersion: draft.saving && save === 'waiting' ? current.baseVersion : baseVersion,
          saving: { commandId: row.id, baseVersion, content },
        },
    );
  }, [botId, enqueue, dropRefused]);

  const loadServer = useCallback(async () => {
    await dropRefused();
    const current = await db.chatbots.get(botId);
    forgetDraft(pageStorage(), botId);
    setState(
      current
        ? stateOf(
            { content: contentOf(current), baseVersion: current.version, saving: null },
            contentOf(current),
          )
        : stateOf({ content: emptyContent(), baseVersion: null, saving: null }, null),
    );
  }, [db, botId, dropRefused]);

  const saveAsCopy = useCallback(
    async (name: string) => {
      const { draft } = latest.current;
      const copyId = newId();
      if (!draft) return copyId;
      await dropRefused();
      const content = { ...draft.content, name };
      const files = filesFor(content, picked.current);
      const row = await enqueue(
        {
          type: 'chatbot.save',
          payload: {
            chatbotId: copyId,
            name: content.name,
            description: content.description,
            defaultMessage: content.defaultMessage,
            scenario: { nodes: content.nodes },
            baseVersion: null,
          },
        },
        files,
      );
      for (const file of files) picked.current.delete(file.id);
      // The copy's editor opens on this draft, following its save; this bot's draft is done.
      keepDraft(
        pageStorage(),
        copyId,
        { content, baseVersion: null, saving: { commandId: row.id, baseVersion: null, content } },
        'saving',
      );
      forgetDraft(pageStorage(), botId);
      return copyId;
    },
    [botId, enqueue, dropRefused],
  );

  if (!state || !draft) return undefined;
  return {
    content: draft.content,
    status,
    refusal: saveRow?.state === 'rejected' ? saveRow.error : undefined,
    kept,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    change,
    undo: () => {
      setState((current) => current && { ...current, history: undo(current.history) });
    },
    redo: () => {
      setState((current) => current && { ...current, history: redo(current.history) });
    },
    save: saveDraft,
    loadServer,
    keepFile: (file) => {
      picked.current.set(file.id, file);
    },
    fileWaits: (fileId) => picked.current.has(fileId),
    saveAsCopy,
  };
}
