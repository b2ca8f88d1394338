import * as v from 'valibot';
import {
  TgAnswerSchema,
  TgFileSchema,
  TgMessageSchema,
  TgUpdateSchema,
  TgUserSchema,
  type TgMessage,
  type TgUpdate,
  type TgUser,
} from './bot-api-types';

/** What the bot receives: customers' messages, and presses of the buttons under its replies. */
const ALLOWED_UPDATES = ['message', 'callback_query'];

/** An inline button's callback data: its place in the keyboard. */
export const pressData = (index: number): string => `answer:${index}`;

/**
 * A small client of the Telegram Bot API (https://core.telegram.org/bots/api) at a configurable
 * root (TELEGRAM_API_ROOT): the public API, a company's local Bot API server, or the tests' one.
 * The token is part of every address by Telegram's design, so no address, and no error that could
 * carry one, is ever logged or shown: failures carry only the status and Telegram's description.
 */

/** Why a call failed: Telegram refused it (with its code), or it never got an answer. */
export class BotApiError extends Error {
  constructor(
    /** Telegram's error_code (the HTTP status), or 0 when no answer came. */
    readonly code: number,
    /** Telegram's description, or what went wrong on the way. */
    readonly description: string,
    /** From parameters.retry_after on a 429, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(code === 0 ? description : `${code} ${description}`);
    this.name = 'BotApiError';
  }

  /** Worth trying again later: no answer, a 429 or a server error; any other 4xx will not change. */
  get retryable(): boolean {
    return this.code === 0 || this.code === 429 || this.code >= 500;
  }
}

export type OutgoingFile = { name: string; type: string; data: Buffer };

/** A call's parameters, sent as JSON (a reply keyboard is an object). */
type Params = Record<string, string | number | boolean | string[] | object | undefined>;

export class BotApiClient {
  constructor(
    private readonly apiRoot: string,
    private readonly token: string,
  ) {}

  /** The bot itself; a token that does not answer is a 401 here. */
  async getMe(signal?: AbortSignal): Promise<TgUser> {
    return v.parse(TgUserSchema, await this.call('getMe', {}, signal));
  }

  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.call('setWebhook', {
      url,
      secret_token: secretToken,
      allowed_updates: ALLOWED_UPDATES,
    });
  }

  async deleteWebhook(): Promise<void> {
    await this.call('deleteWebhook', {});
  }

  /**
   * Updates from `offset` on, waiting up to `timeout` seconds for one (long poll). Each update is
   * checked on its own by the caller: one malformed update must not hide the others.
   */
  async getUpdates(offset: number, timeout: number, signal?: AbortSignal): Promise<unknown[]> {
    const result = await this.call(
      'getUpdates',
      { offset, timeout, limit: 100, allowed_updates: ALLOWED_UPDATES },
      signal,
    );
    return Array.isArray(result) ? (result as unknown[]) : [];
  }

  /**
   * A text message; with `keyboard`, an inline keyboard under it (one button per row) whose
   * buttons each carry their place as callback data: a press comes back as a callback_query, and
   * the label is read back from the message's own keyboard (update-to-inbound.ts), since labels of
   * 64 characters do not fit callback data's 64 bytes.
   */
  async sendMessage(
    chatId: string,
    text: string,
    keyboard?: readonly string[],
  ): Promise<TgMessage> {
    const markup =
      keyboard && keyboard.length > 0
        ? {
            reply_markup: {
              inline_keyboard: keyboard.map((label, index) => [
                { text: label, callback_data: pressData(index) },
              ]),
            },
          }
        : {};
    return v.parse(
      TgMessageSchema,
      await this.call('sendMessage', { chat_id: chatId, text, ...markup }),
    );
  }

  /**
   * Stops the spinner on a pressed button (Telegram shows one until the bot answers the query).
   * Nothing rides on it: the press is already the customer's message.
   */
  async answerCallbackQuery(callbackQueryId: string): Promise<void> {
    await this.call('answerCallbackQuery', { callback_query_id: callbackQueryId });
  }

  /** A photo or document uploaded as bytes (multipart), never as a link to us. */
  async sendFile(
    kind: 'photo' | 'document',
    chatId: string,
    file: OutgoingFile,
    caption?: string,
  ): Promise<TgMessage> {
    const form = new FormData();
    form.set('chat_id', chatId);
    if (caption) form.set('caption', caption);
    form.set(kind, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const method = kind === 'photo' ? 'sendPhoto' : 'sendDocument';
    return v.parse(TgMessageSchema, await this.request(method, { method: 'POST', body: form }));
  }

  /** A file the bot received: its path for download, then its bytes. */
  async downloadFile(fileId: string, maxBytes: number, signal?: AbortSignal): Promise<Buffer> {
    const file = v.parse(TgFileSchema, await this.call('getFile', { file_id: fileId }, signal));
    if (!file.file_path) throw new BotApiError(400, 'the file is not available for download');
    if ((file.file_size ?? 0) > maxBytes) throw new BotApiError(413, 'the file is too large');
    let response: Response;
    try {
      response = await fetch(`${this.apiRoot}/file/bot${this.token}/${file.file_path}`, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new BotApiError(0, 'the Bot API server did not answer');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BotApiError(response.status, 'the file could not be downloaded');
    }
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > maxBytes) throw new BotApiError(413, 'the file is too large');
    return data;
  }

  private call(method: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    const body = JSON.stringify(
      Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)),
    );
    return this.request(
      method,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      signal,
    );
  }

  private async request(method: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.apiRoot}/bot${this.token}/${method}`, { ...init, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      // The cause may name the address, and so the token: only say that no answer came.
      throw new BotApiError(0, 'the Bot API server did not answer');
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new BotApiError(response.ok ? 502 : response.status, 'the answer was not JSON');
    }
    const answer = v.safeParse(TgAnswerSchema, json);
    if (!answer.success) throw new BotApiError(502, 'the answer was not a Bot API answer');
    if (answer.output.ok && response.ok) return answer.output.result;
    throw new BotApiError(
      answer.output.error_code ?? response.status,
      answer.output.description ?? response.statusText,
      answer.output.parameters?.retry_after,
    );
  }
}

export type { TgUpdate };
export { TgUpdateSchema };
