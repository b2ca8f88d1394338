import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { AttachmentListSchema } from '../attachments';
import { CustomerMessageTextSchema, MessageTextSchema, customerDetail } from '../validation';
import { SafeText } from '../text';
import { commandArea } from './command-area';
import { MESSENGER_TEMPLATE_LIMITS } from '../entities/messenger-template';

/** Message ids are chosen by the sender, so an offline message keeps its id. */
export const MessageSendPayload = v.object({
  chatId: IdSchema,
  messageId: v.optional(IdSchema),
  text: MessageTextSchema,
  internal: v.optional(v.boolean(), false),
  /** Files uploaded (PUT /api/files/:id) before the command is sent; the server checks each. */
  attachments: AttachmentListSchema,
});

/** A variable's value: what `parametersFit` checks against the template itself. */
const TemplateValue = v.pipe(
  v.string(),
  SafeText,
  v.maxLength(MESSENGER_TEMPLATE_LIMITS.parameterMax),
);

/**
 * A registered messenger template sent to the chat's customer with its variables' values: the
 * one message a messenger takes once the customer's 24-hour session has ended (spec §4). The
 * message shows the template's text filled in; the provider gets the template and the values.
 */
export const MessageSendTemplatePayload = v.object({
  chatId: IdSchema,
  messageId: v.optional(IdSchema),
  templateId: IdSchema,
  /**
   * The template filled in, as the operator saw it and the outbox shows it until the answer: the
   * server fills it again and refuses a difference, so the thread never shows other words than
   * the customer gets.
   */
  text: MessageTextSchema,
  parameters: v.object({
    header: v.pipe(v.array(TemplateValue), v.maxLength(1)),
    body: v.pipe(v.array(TemplateValue), v.maxLength(100)),
  }),
});

/** A customer's message as a channel adapter delivers it; never accepted from staff tokens. */
export const MessageReceivePayload = v.object({
  channelId: IdSchema,
  messageId: v.optional(IdSchema),
  /** The customer as the channel knows them: its own id for them, and what it tells of them. */
  client: v.object({
    externalId: customerDetail(1, 255),
    name: v.optional(customerDetail(0, 255)),
    phone: v.optional(customerDetail(0, LIMITS.phoneMax)),
    email: v.optional(customerDetail(0, 255)),
  }),
  /** May be empty when the message is files only. Made safe, never refused (src/protocol/text.ts). */
  text: CustomerMessageTextSchema,
  /** Files this customer uploaded through the channel (the widget: PUT /api/widget/files/:id). */
  attachments: AttachmentListSchema,
});

/** The messages of a chat: a staff reply or note, and a customer's message from a channel. */
export const MESSAGE_COMMANDS = commandArea(
  {
    'message.send': MessageSendPayload,
    'message.receive': MessageReceivePayload,
    'message.sendTemplate': MessageSendTemplatePayload,
  },
  ['message.send', 'message.sendTemplate'],
);
