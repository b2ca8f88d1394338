import * as v from 'valibot';
import { BotScenarioSchema, type Chatbot } from '../../protocol';
import type { BotContent } from './scenario-edit';

/**
 * The editor's draft, kept in the browser as the reply composer keeps its drafts (composer-logic
 * of the chats feature: localStorage, one key per row, removed once nothing is left unsaved), so
 * editing offline survives a reload and a crash. Keyed by bot id: a new bot has its id from the
 * first keystroke, in the address too.
 */
export type BotDraft = {
  content: BotContent;
  /** The bot's version the draft started from; null for a bot never saved. */
  baseVersion: number | null;
  /** A save sent through the outbox and not settled yet: its command, and what it sent. */
  saving: { commandId: string; baseVersion: number | null; content: BotContent } | null;
};

/** Where the save sent for the draft is, read from its outbox row. */
export type SaveState = 'none' | 'waiting' | 'rejected' | 'done';

/**
 * What the editor says about the draft (spec §2 "saving" and "changes not saved" states):
 * - `saved`: the draft is the bot as the store holds it;
 * - `saving`: a save waits in the outbox (offline, or on its way);
 * - `unsaved`: changes not saved yet;
 * - `refused`: the server refused the last save (the refusal says why);
 * - `conflict`: the bot was saved elsewhere after the draft began: a save would be refused
 *   (CHATBOT_VERSION_CONFLICT), so the editor offers the choice before;
 * - `gone`: the bot was deleted elsewhere; the draft can still be saved as a copy.
 */
export type DraftStatus = 'saved' | 'saving' | 'unsaved' | 'refused' | 'conflict' | 'gone';

export const botDraftKey = (botId: string): string => `sc-bot-draft-${botId}`;

export const contentOf = (bot: Chatbot): BotContent => ({
  name: bot.name,
  description: bot.description,
  defaultMessage: bot.defaultMessage,
  nodes: bot.scenario.nodes,
});

/**
 * Equal as plain data, whatever the order of an object's keys: the server keeps a scenario as
 * PostgreSQL jsonb, which orders keys its own way, so the bot that comes back from a save is not
 * equal to the draft as a JSON text.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]))
  );
}

/** Equal as the server would store them: it trims the name and the description. */
export function sameContent(a: BotContent, b: BotContent): boolean {
  return (
    a.name.trim() === b.name.trim() &&
    a.description.trim() === b.description.trim() &&
    a.defaultMessage === b.defaultMessage &&
    sameData(a.nodes, b.nodes)
  );
}

export function draftStatus(
  draft: BotDraft,
  bot: Chatbot | undefined,
  save: SaveState,
): DraftStatus {
  if (draft.saving && save === 'waiting') return 'saving';
  if (draft.saving && save === 'rejected') return 'refused';
  if (bot && sameContent(draft.content, contentOf(bot))) return 'saved';
  if (!bot) return draft.baseVersion === null ? 'unsaved' : 'gone';
  if (draft.baseVersion === null || bot.version > draft.baseVersion) return 'conflict';
  return 'unsaved';
}

/**
 * The draft once its save has left the outbox. Accepted, the bot holds what was sent, and the
 * draft goes on from the version it made. Gone without that (discarded, here or in another tab),
 * the draft goes back to the version it was based on, so a later save is checked against it.
 */
export function settleSave(draft: BotDraft, bot: Chatbot | undefined): BotDraft {
  const { saving } = draft;
  if (!saving) return draft;
  const accepted = bot !== undefined && sameContent(saving.content, contentOf(bot));
  return {
    ...draft,
    baseVersion: accepted ? bot.version : saving.baseVersion,
    saving: null,
  };
}

/**
 * The draft to open: the kept one if any, else the bot as the store holds it, else a new bot's.
 * A kept draft equal to the bot now (saved meanwhile, elsewhere too) goes on from its version.
 */
export function openDraft(
  kept: BotDraft | null,
  bot: Chatbot | undefined,
  fresh: () => BotContent,
): BotDraft {
  if (kept) {
    if (!kept.saving && bot && sameContent(kept.content, contentOf(bot)))
      return { ...kept, baseVersion: bot.version };
    return kept;
  }
  return bot
    ? { content: contentOf(bot), baseVersion: bot.version, saving: null }
    : { content: fresh(), baseVersion: null, saving: null };
}

const ContentSchema = v.object({
  name: v.string(),
  description: v.string(),
  defaultMessage: v.string(),
  nodes: BotScenarioSchema.entries.nodes,
});
const StoredDraftSchema = v.object({
  content: ContentSchema,
  baseVersion: v.nullable(v.number()),
  saving: v.nullable(
    v.object({
      commandId: v.string(),
      baseVersion: v.nullable(v.number()),
      content: ContentSchema,
    }),
  ),
});

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The kept draft of a bot; null when there is none, or it cannot be read (another app version). */
export function readDraft(storage: DraftStorage | undefined, botId: string): BotDraft | null {
  try {
    const raw = storage?.getItem(botDraftKey(botId));
    if (!raw) return null;
    const parsed = v.safeParse(StoredDraftSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the draft while anything of it is not on the server (unsaved, or a save on its way);
 * forgets it once saved, so bots leave nothing behind. Answers whether the write held: a full
 * or denied storage keeps the draft only in this page, which the editor says.
 */
export function keepDraft(
  storage: DraftStorage | undefined,
  botId: string,
  draft: BotDraft,
  status: DraftStatus,
): boolean {
  try {
    if (!storage) return false;
    if (status === 'saved' && !draft.saving) storage.removeItem(botDraftKey(botId));
    else storage.setItem(botDraftKey(botId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function forgetDraft(storage: DraftStorage | undefined, botId: string): void {
  try {
    storage?.removeItem(botDraftKey(botId));
  } catch {
    // Nothing to forget where storage is denied.
  }
}

/**
 * Whether the editor follows the bot as the server moves it on (a version restored, a save from
 * another tab): only while the draft holds no edit of its own — it is still exactly `loaded`, the
 * bot's content it was last equal to — so nothing typed here is ever replaced. With edits, the
 * conflict choice is offered instead (draftStatus `conflict`).
 */
export function followsServer(
  draft: BotDraft,
  loaded: BotContent | null,
  bot: Chatbot | undefined,
): boolean {
  return (
    bot !== undefined &&
    draft.saving === null &&
    loaded !== null &&
    (draft.baseVersion === null || bot.version > draft.baseVersion) &&
    sameContent(draft.content, loaded) &&
    !sameContent(draft.content, contentOf(bot))
  );
}
