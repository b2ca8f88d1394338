import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { AttachmentSchema } from '../attachments';

/**
 * Server-side message statuses (spec §3). `queued` exists only in the browser, for a message
 * still in the outbox.
 */
export const MESSAGE_STATUSES = ['sent', 'delivered', 'undelivered', 'read'] as const;
export const MessageStatusSchema = v.picklist(MESSAGE_STATUSES);
export type MessageStatus = v.InferOutput<typeof MessageStatusSchema>;

/** Why a reply may wait before its provider is tried (docs/channels.md "Lapsed credentials"). */
export const MESSAGE_HOLDS = ['reauthorization'] as const;

export const MESSAGE_AUTHORS = ['client', 'operator', 'bot', 'system'] as const;

/** A link button of a bot's message: its name, and the once-usable page that opens its address. */
export const MessageLinkSchema = v.object({ name: v.string(), actionId: IdSchema });
export type MessageLink = v.InferOutput<typeof MessageLinkSchema>;

export const MessageSchema = v.object({
  id: IdSchema,
  chatId: IdSchema,
  authorKind: v.picklist(MESSAGE_AUTHORS),
  /** The staff member who wrote it; null for the customer, bots and the system. */
  authorId: v.nullable(IdSchema),
  text: v.string(),
  /** Internal notes are seen by staff only and never sent to the customer. */
  internal: v.boolean(),
  status: MessageStatusSchema,
  attachments: v.array(AttachmentSchema),
  /** Answers offered as buttons (the system bot's auto-replies); absent on older rows. */
  buttons: v.optional(v.array(v.string())),
  /**
   * A chat bot's link buttons: each opens its address through the once-usable
   * `/bot-action/{actionId}` page (docs/chatbots.md). Absent on older rows and other messages.
   */
  links: v.optional(v.array(MessageLinkSchema)),
  /**
   * Why a reply is `undelivered`, as the channel's provider said it (docs/channels.md); absent on
   * older rows and on every other status.
   */
  failureReason: v.optional(v.nullable(v.string())),
  /**
   * Why a reply waits before going to the customer: 'reauthorization' while its channel's
   * credentials have lapsed; it goes once the channel is authorised again. Absent otherwise.
   */
  heldFor: v.optional(v.nullable(v.picklist(MESSAGE_HOLDS))),
  /**
   * A registered messenger template this message was sent as (its text is the template filled
   * in): the thread names it, the channel sends the template itself. Absent on every other message.
   */
  template: v.optional(
    v.nullable(v.object({ templateId: IdSchema, name: v.string(), language: v.string() })),
  ),
  createdAt: TimestampSchema,
});
export type Message = v.InferOutput<typeof MessageSchema>;
