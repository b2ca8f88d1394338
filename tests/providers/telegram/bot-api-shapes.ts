/**
 * The Bot API objects the local server answers, as https://core.telegram.org/bots/api describes
 * them (only the fields our adapter and tests read, plus the ones every answer carries).
 */
export type TgUser = {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

export type TgChat = {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  first_name?: string;
  last_name?: string;
  username?: string;
  title?: string;
};

export type TgPhotoSize = {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
};

export type TgDocument = {
  file_id: string;
  file_unique_id: string;
  file_name?: string;
  mime_type?: string;
  file_size?: number;
};

export type TgMessage = {
  message_id: number;
  from?: TgUser;
  chat: TgChat;
  date: number;
  text?: string;
  caption?: string;
  photo?: TgPhotoSize[];
  document?: TgDocument;
  sticker?: { file_id: string; file_unique_id: string; width: number; height: number };
};

export type TgUpdate = {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
  callback_query?: {
    id: string;
    from: TgUser;
    chat_instance: string;
    message?: TgMessage & {
      reply_markup?: { inline_keyboard: { text: string; callback_data: string }[][] };
    };
    data?: string;
  };
};

/** `{ ok: false, error_code, description, parameters? }`: the Bot API's every refusal. */
export type TgError = {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
};
