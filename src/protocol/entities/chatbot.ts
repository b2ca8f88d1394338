import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';
import { SafeText } from '../text';
import { INTENTS } from './intent';

/**
 * A chat bot and its scenario (spec §3 "Chat bot": a unique name, a description, the required
 * default message for unexpected behaviour, and nodes; docs/chatbots.md). The scenario is a graph
 * of nodes, each edge a reference to the node it leads to (`next`), so a node's outgoing edges are
 * its buttons, its intents, its triggers and its default action. The shapes here hold what an
 * editor may hold mid-edit (an action without its team yet, a trigger without its target): the
 * scenario rules (chatbot-scenario.ts) say what must be mended before a save.
 */

/** How a bot's part in a chat ends (spec §3 "bot actions"). */
export const BOT_ACTION_KINDS = [
  'none',
  'close',
  'lastOperator',
  'operator',
  'team',
  'personalManager',
] as const;
export type BotActionKind = (typeof BOT_ACTION_KINDS)[number];

/** A node's final action; the operator's or team's id is null until picked (BOT_ACTION_VALUE_EMPTY). */
export const BotActionSchema = v.variant('kind', [
  v.object({ kind: v.literal('none') }),
  v.object({ kind: v.literal('close') }),
  v.object({ kind: v.literal('lastOperator') }),
  v.object({ kind: v.literal('operator'), userId: v.nullable(IdSchema) }),
  v.object({ kind: v.literal('team'), teamId: v.nullable(IdSchema) }),
  v.object({ kind: v.literal('personalManager') }),
]);
export type BotAction = v.InferOutput<typeof BotActionSchema>;

/** The node an edge leads to; null while it is drawn to nowhere. */
const NextSchema = v.nullable(IdSchema);

/**
 * A customer's reply offered as a button (spec §3 "abonent replies as buttons (value or link
 * value)"): a value button sends its name as the customer's answer and leads to `next`; a link
 * button opens its address through a once-usable /bot-action/{uuid} page and leads nowhere.
 */
export const BotButtonSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), SafeText, v.maxLength(LIMITS.buttonTextMax * 4)),
  kind: v.picklist(['value', 'link']),
  /** A link button's address (http or https); unused by a value button. */
  link: v.optional(v.pipe(v.string(), SafeText, v.maxLength(2048)), ''),
  next: NextSchema,
});
export type BotButton = v.InferOutput<typeof BotButtonSchema>;

/** `HH:MM`, 24-hour: a trigger's window edge in its own time zone. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A trigger (spec §3: start time, end time, time zone): when the node is reached inside the
 * window, the bot goes on to `next`. A window whose end is before its start runs over midnight.
 */
export const BotTriggerSchema = v.object({
  id: IdSchema,
  start: v.pipe(v.string(), v.maxLength(5)),
  end: v.pipe(v.string(), v.maxLength(5)),
  timeZone: v.pipe(v.string(), v.maxLength(64)),
  next: NextSchema,
});
export type BotTrigger = v.InferOutput<typeof BotTriggerSchema>;

/** An intent the customer's typed answer may carry, and where it leads; null until chosen. */
export const BotIntentSchema = v.object({
  id: IdSchema,
  intent: v.nullable(v.picklist(INTENTS)),
  next: NextSchema,
});
export type BotIntent = v.InferOutput<typeof BotIntentSchema>;

export const BotNodeSchema = v.object({
  id: IdSchema,
  /** What the canvas shows on the node. */
  title: v.pipe(v.string(), SafeText, v.maxLength(200)),
  /** The bot's reply when the chat reaches the node: a text, a file, or both. */
  reply: v.object({
    text: v.pipe(v.string(), SafeText, v.maxLength(LIMITS.messageTextMax)),
    /** A file sent with the reply: one the organization's staff uploaded. */
    fileId: v.nullable(IdSchema),
    /** The file's name, for the editor to show (files themselves are not synced). */
    fileName: v.optional(v.pipe(v.string(), SafeText, v.maxLength(255))),
  }),
  buttons: v.array(BotButtonSchema),
  intents: v.array(BotIntentSchema),
  triggers: v.array(BotTriggerSchema),
  /** The default action: where any other answer leads (one per node, so one field). */
  defaultNext: NextSchema,
  action: BotActionSchema,
  /** Where the canvas draws it. */
  position: v.object({ x: v.number(), y: v.number() }),
});
export type BotNode = v.InferOutput<typeof BotNodeSchema>;

export const BotScenarioSchema = v.object({ nodes: v.array(BotNodeSchema) });
export type BotScenario = v.InferOutput<typeof BotScenarioSchema>;

/** The most nodes a scenario holds: far above a readable bot (breadth.md §6), and a bound on a save. */
export const SCENARIO_MAX_NODES = 500;

/**
 * A chat bot as staff see it (the synced `chatbots` table): its draft as last saved, the draft's
 * version (each save adds one; a save based on an older one is refused, never overwriting), and
 * the version chats are given, once published.
 */
export const ChatbotSchema = v.object({
  id: IdSchema,
  name: v.string(),
  description: v.string(),
  defaultMessage: v.string(),
  scenario: BotScenarioSchema,
  version: v.pipe(v.number(), v.integer()),
  /** The published version chats are given (chatbotVersions), or null before the first. */
  publishedVersion: v.nullable(v.pipe(v.number(), v.integer())),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Chatbot = v.InferOutput<typeof ChatbotSchema>;

/**
 * A published version of a bot, kept for good (the synced `chatbotVersions` table): a chat the
 * bot is talking to goes on with the version it started with, and an earlier one can be restored.
 */
export const ChatbotVersionSchema = v.object({
  /** `<chatbot id>:<version>`. */
  id: v.string(),
  chatbotId: IdSchema,
  version: v.pipe(v.number(), v.integer()),
  name: v.string(),
  defaultMessage: v.string(),
  scenario: BotScenarioSchema,
  publishedAt: TimestampSchema,
  publishedBy: v.nullable(IdSchema),
});
export type ChatbotVersion = v.InferOutput<typeof ChatbotVersionSchema>;
