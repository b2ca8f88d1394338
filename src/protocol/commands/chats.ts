import * as v from 'valibot';
import { IdSchema } from '../ids';
import { MessageTextSchema } from '../validation';
import { commandArea } from './command-area';

export const ChatTakePayload = v.object({ chatId: IdSchema });

export const ChatTransferPayload = v.object({
  chatId: IdSchema,
  /** An operator (the chat stays in its team), a team's queue, or a published chat bot. */
  to: v.union([
    v.strictObject({ operatorId: IdSchema }),
    v.strictObject({ teamId: IdSchema }),
    v.strictObject({ botId: IdSchema }),
  ]),
});

export const ChatClosePayload = v.object({
  chatId: IdSchema,
  categoryId: v.optional(v.nullable(IdSchema)),
});

/** A staff member starts a conversation with a known client on one of the client's channels. */
export const ChatCreatePayload = v.object({
  chatId: IdSchema,
  clientId: IdSchema,
  channelId: IdSchema,
  messageId: v.optional(IdSchema),
  text: MessageTextSchema,
});

export const ChatSetCategoryPayload = v.object({
  chatId: IdSchema,
  categoryId: v.nullable(IdSchema),
});

/** A customer's quality rating (spec §3: 1 to 5) through a one-time rating link. */
export const ChatRatePayload = v.object({
  ratingLinkId: IdSchema,
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
});

/** A chat's life: created, taken, transferred, categorized, closed, and rated by its customer. */
export const CHAT_COMMANDS = commandArea(
  {
    'chat.take': ChatTakePayload,
    'chat.transfer': ChatTransferPayload,
    'chat.close': ChatClosePayload,
    'chat.setCategory': ChatSetCategoryPayload,
    'chat.create': ChatCreatePayload,
    'chat.rate': ChatRatePayload,
  },
  // chat.rate comes from the customer's rating link (POST /api/public/rating/:id), never from staff.
  ['chat.take', 'chat.transfer', 'chat.close', 'chat.setCategory', 'chat.create'],
);
