import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { ChatPreviewSchema } from '../chat-preview';

/** pending: waiting in a team queue; assigned: in progress with an operator; closed. */
export const CHAT_STATUSES = ['pending', 'assigned', 'closed'] as const;
export const ChatStatusSchema = v.picklist(CHAT_STATUSES);
export type ChatStatus = v.InferOutput<typeof ChatStatusSchema>;

/** Urgency of a waiting chat: half-expired is yellow, expired red; never goes back (spec §4). */
export const CHAT_EXPIRY = ['none', 'half_expired', 'expired'] as const;

export const ChatSchema = v.object({
  id: IdSchema,
  status: ChatStatusSchema,
  channelId: IdSchema,
  clientId: IdSchema,
  teamId: v.nullable(IdSchema),
  operatorId: v.nullable(IdSchema),
  categoryId: v.nullable(IdSchema),
  /** The staff member who started the chat (the "Created" list), null when the customer did. */
  createdBy: v.nullable(IdSchema),
  expiry: v.picklist(CHAT_EXPIRY),
  rating: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  lastMessageAt: TimestampSchema,
  lastClientMessageAt: v.nullable(TimestampSchema),
  lastOperatorMessageAt: v.nullable(TimestampSchema),
  closedAt: v.nullable(TimestampSchema),
  /*
   * Chat-level facts the server keeps as it writes messages and moves the chat, for the online
   * monitoring (issue 21): the browser holds messages of open threads only, so the live tables
   * read these instead of every message (docs/monitoring.md).
   */
  /** When it began waiting in its team's queue; null unless pending. */
  queuedAt: v.nullable(TimestampSchema),
  /** When its current operator was given it; null when nobody holds it. */
  assignedAt: v.nullable(TimestampSchema),
  /** The customer's first message no staff reply has answered yet; null when answered. */
  unansweredSince: v.nullable(TimestampSchema),
  /** The first staff reply (not an internal note, never a bot's) and who wrote it. */
  firstReplyAt: v.nullable(TimestampSchema),
  firstReplyBy: v.nullable(IdSchema),
  /** The current holder's first reply since `assignedAt` (operator reaction). */
  reactedAt: v.nullable(TimestampSchema),
  /** The author of the last staff reply. */
  lastHumanOperatorId: v.nullable(IdSchema),
  /**
   * The chat bot holding it ("at bot": status assigned, no operator) until the bot's part ends;
   * absent on rows synced before bots held chats.
   */
  botId: v.optional(v.nullable(IdSchema)),
  /**
   * The last message's first line and who wrote it, for the list row (issue 30; internal notes
   * included, as rows reach staff only). Absent on rows stored before previews, and on a chat with
   * no message yet: the row then shows nothing more.
   */
  lastMessagePreview: v.optional(v.nullable(ChatPreviewSchema)),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Chat = v.InferOutput<typeof ChatSchema>;

/** History entries shown in a chat's timeline (spec §3). */
export const CHAT_HISTORY_KINDS = [
  'created',
  'assigned',
  'unassigned',
  'transferred',
  'category_set',
  'category_removed',
  'closed',
  'reopened',
  'rated',
] as const;

export const ChatHistoryEntrySchema = v.object({
  id: IdSchema,
  chatId: IdSchema,
  kind: v.picklist(CHAT_HISTORY_KINDS),
  actorId: v.nullable(IdSchema),
  data: v.record(v.string(), v.unknown()),
  at: TimestampSchema,
});
export type ChatHistoryEntry = v.InferOutput<typeof ChatHistoryEntrySchema>;
