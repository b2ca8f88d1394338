import * as v from 'valibot';

/**
 * The parts of the Telegram Bot API objects the adapter reads
 * (https://core.telegram.org/bots/api#available-types). Loose objects: Telegram adds fields
 * often, and an unknown field must never turn a customer's message into a refusal.
 */

export const TgUserSchema = v.looseObject({
  id: v.number(),
  is_bot: v.boolean(),
  first_name: v.string(),
  last_name: v.optional(v.string()),
  username: v.optional(v.string()),
});
export type TgUser = v.InferOutput<typeof TgUserSchema>;

const TgChatSchema = v.looseObject({
  id: v.number(),
  type: v.string(),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  username: v.optional(v.string()),
});

const TgFileRef = {
  file_id: v.string(),
  file_unique_id: v.string(),
  file_size: v.optional(v.number()),
};

const TgPhotoSizeSchema = v.looseObject({ ...TgFileRef, width: v.number(), height: v.number() });
export type TgPhotoSize = v.InferOutput<typeof TgPhotoSizeSchema>;

const TgDocumentSchema = v.looseObject({
  ...TgFileRef,
  file_name: v.optional(v.string()),
  mime_type: v.optional(v.string()),
});

export const TgMessageSchema = v.looseObject({
  message_id: v.number(),
  from: v.optional(TgUserSchema),
  chat: TgChatSchema,
  date: v.number(),
  text: v.optional(v.string()),
  caption: v.optional(v.string()),
  photo: v.optional(v.array(TgPhotoSizeSchema)),
  document: v.optional(TgDocumentSchema),
});
export type TgMessage = v.InferOutput<typeof TgMessageSchema>;

/** A button of an inline keyboard: its label, and what a press sends back to the bot. */
const TgInlineButtonSchema = v.looseObject({
  text: v.string(),
  callback_data: v.optional(v.string()),
});

/**
 * A press of an inline keyboard's button: who pressed, the message it was under (with its
 * keyboard, so the label pressed is read back from what we sent) and the button's data.
 */
export const TgCallbackQuerySchema = v.looseObject({
  id: v.string(),
  from: TgUserSchema,
  message: v.optional(
    v.looseObject({
      message_id: v.number(),
      chat: TgChatSchema,
      reply_markup: v.optional(
        v.looseObject({ inline_keyboard: v.array(v.array(TgInlineButtonSchema)) }),
      ),
    }),
  ),
  data: v.optional(v.string()),
});

export type TgCallbackQuery = v.InferOutput<typeof TgCallbackQuerySchema>;

/** An Update: exactly one optional field besides update_id says what happened. */
export const TgUpdateSchema = v.looseObject({
  update_id: v.number(),
  message: v.optional(TgMessageSchema),
  callback_query: v.optional(TgCallbackQuerySchema),
});
export type TgUpdate = v.InferOutput<typeof TgUpdateSchema>;

export const TgFileSchema = v.looseObject({
  file_id: v.string(),
  file_unique_id: v.string(),
  file_size: v.optional(v.number()),
  file_path: v.optional(v.string()),
});

/** `{ok:true,result}` or `{ok:false,error_code,description,parameters}`. */
export const TgAnswerSchema = v.looseObject({
  ok: v.boolean(),
  result: v.optional(v.unknown()),
  error_code: v.optional(v.number()),
  description: v.optional(v.string()),
  parameters: v.optional(v.looseObject({ retry_after: v.optional(v.number()) })),
});
