import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';
import { AttachmentListSchema, AttachmentSchema } from '../attachments';

/**
 * The system bot's auto-replies of one channel (spec §3). greeting: the moment a customer opens a
 * chat. operators_online / operators_offline: once the customer has waited the channel's
 * customer-response wait without a staff reply, whichever fits the team at that moment (one of
 * them, once per chat). quality_assessment: when the chat closes, with the rating link.
 */
export const AUTO_REPLY_KINDS = [
  'greeting',
  'operators_online',
  'operators_offline',
  'quality_assessment',
] as const;
export type AutoReplyKind = (typeof AUTO_REPLY_KINDS)[number];

const button = v.pipe(
  v.string('BUTTON_NAME_EMPTY'),
  v.trim(),
  v.minLength(1, 'BUTTON_NAME_EMPTY'),
  v.maxLength(LIMITS.buttonTextMax, 'BUTTON_TEXT_TOO_LONG'),
);

/** One auto-reply of a channel. A disabled one keeps its text for when it is switched on again. */
export const AutoReplySchema = v.object({
  kind: v.picklist(AUTO_REPLY_KINDS, 'AUTO_REPLY_NOT_FOUND'),
  enabled: v.boolean(),
  text: v.pipe(
    v.string('DEFAULT_MESSAGE_EMPTY'),
    v.trim(),
    v.minLength(1, 'DEFAULT_MESSAGE_EMPTY'),
    v.maxLength(LIMITS.messageTextMax),
  ),
  buttons: v.optional(
    v.pipe(v.array(button), v.maxLength(LIMITS.nodeMaxButtons, 'TOO_MANY_BUTTONS')),
    [],
  ),
  attachments: AttachmentListSchema,
});
export type AutoReply = v.InferOutput<typeof AutoReplySchema>;

/**
 * A channel's Auto-replies tab as one save: the customer-response wait (1, 2 or 5 minutes) and
 * the replies, each kind at most once; kinds left out are left as they are.
 */
export const AutoRepliesSavePayload = v.object({
  channelId: IdSchema,
  waitMinutes: v.picklist(LIMITS.autoReplyWaitMinutes, 'VALIDATION_FAILED'),
  replies: v.pipe(
    v.array(AutoReplySchema),
    v.check(
      (replies) => new Set(replies.map((reply) => reply.kind)).size === replies.length,
      'VALIDATION_FAILED',
    ),
  ),
});

/**
 * The last two hex digits of a channel's auto-reply ids, one per kind. The database computes the
 * same id (a generated column, migration 0013), so the browser predicts a save into the very row
 * the server will send, without asking for an id first.
 */
const KIND_SUFFIX: Record<AutoReplyKind, string> = {
  greeting: 'a1',
  operators_online: 'a2',
  operators_offline: 'a3',
  quality_assessment: 'a4',
};

/** The synced id of a channel's auto-reply of one kind: the channel id with its kind's ending. */
export const autoReplyId = (channelId: string, kind: AutoReplyKind): string =>
  channelId.toLowerCase().slice(0, 34) + KIND_SUFFIX[kind];

/** One stored auto-reply as browsers hold it (the synced `autoReplies` table). */
export const AutoReplyRowSchema = v.object({
  id: IdSchema,
  channelId: IdSchema,
  kind: v.picklist(AUTO_REPLY_KINDS),
  enabled: v.boolean(),
  text: v.string(),
  buttons: v.array(v.string()),
  attachments: v.array(AttachmentSchema),
  updatedAt: TimestampSchema,
});
export type AutoReplyRow = v.InferOutput<typeof AutoReplyRowSchema>;
