import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { TgChat, TgError, TgMessage, TgPhotoSize, TgUpdate, TgUser } from './bot-api-shapes';

/**
 * A local Telegram Bot API server for tests, speaking the API as https://core.telegram.org/bots/api
 * describes it: `/bot<token>/<method>` with parameters in the query string, urlencoded, JSON or
 * multipart/form-data; answers `{ok:true,result}` or `{ok:false,error_code,description}`; files
 * at `/file/bot<token>/<file_path>`. The product points TELEGRAM_API_ROOT here.
 *
 * Knobs for tests: a customer writes (text, photo, document), updates delivered twice or out of
 * order, the next calls answering 503 or 429 with retry_after, and every message the bot sent,
 * recorded as received, so a test can assert that a reply arrived exactly once.
 */

/** A file the bot sent, as the server received it. */
export type SentFile = { name: string; type: string; data: Buffer };

/** One message the bot sent (sendMessage, sendPhoto, sendDocument), as received. */
export type SentMessage = {
  method: 'sendMessage' | 'sendPhoto' | 'sendDocument';
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  file?: SentFile;
  /** The reply keyboard's buttons, row by row, when the message carried one. */
  keyboard?: string[][];
  /** The inline keyboard's buttons, row by row, when the message carried one. */
  inlineKeyboard?: { text: string; callbackData: string }[][];
};

export type Customer = { id: number; firstName: string; lastName?: string; username?: string };

type StoredFile = { fileId: string; uniqueId: string; path: string; data: Buffer };

type Failure = { status: 503 } | { status: 429; retryAfter: number };

type Waiter = { offset: number; answer: (updates: TgUpdate[] | TgError) => void };

/** One bot the server knows: its token, updates, chats and what it sent. */
export class FakeBot {
  readonly user: TgUser;
  /** Messages the bot sent, in the order the server accepted them. */
  readonly sent: SentMessage[] = [];
  /** Every call by method name, failed ones included (for "it retried" assertions). */
  readonly calls: string[] = [];
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | undefined;
  /** Webhook deliveries and the status our server answered each with. */
  readonly webhookAnswers: { updateId: number; status: number }[] = [];
  /** Called as each sent message is accepted: the benchmark times deliveries by it. */
  onSent: ((message: SentMessage) => void) | undefined;

  private nextUpdateId = 100_000 + Math.floor(Math.random() * 1000);
  private nextMessageId = 1;
  private pending: TgUpdate[] = [];
  private waiter: Waiter | undefined;
  private readonly chats = new Map<number, TgChat>();
  private readonly blockedBy = new Set<number>();
  readonly files = new Map<string, StoredFile>();
  private failures: { methods: string[] | '*'; failure: Failure }[] = [];
  /** The update kinds the bot last asked for (setWebhook or getUpdates); all when never said. */
  private allowedUpdates: string[] | undefined;
  /** Button presses answered with answerCallbackQuery, by query id. */
  readonly answeredPresses = new Set<string>();
  private readonly presses = new Set<string>();

  constructor(
    readonly token: string,
    username: string,
    private readonly server: { url: string },
  ) {
    this.user = { id: Number(token.split(':')[0]), is_bot: true, first_name: username, username };
  }

  /** The next `count` calls of `methods` (all methods by default) answer 503 Service Unavailable. */
  failNextWith503(count: number, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++) this.failures.push({ methods, failure: { status: 503 } });
  }

  /** The next `count` calls of `methods` answer 429 Too Many Requests with retry_after seconds. */
  failNextWith429(count: number, retryAfter: number, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ methods, failure: { status: 429, retryAfter } });
  }

  /** The customer blocks the bot: whatever it sends them is refused with 403, as Telegram does. */
  customerBlocksBot(customer: Customer): void {
    this.blockedBy.add(customer.id);
  }

  /** A customer writes a text message to the bot; returns the update (delivered as the bot receives). */
  customerWrites(customer: Customer, text: string): Promise<TgUpdate> {
    return this.deliver(this.update(customer, { text }));
  }

  /** A customer sends a photo; the server keeps three sizes, the original bytes the largest. */
  customerSendsPhoto(customer: Customer, data: Buffer, caption?: string): Promise<TgUpdate> {
    const sizes: TgPhotoSize[] = [90, 320, 1280].map((side, index) => {
      // The smaller sizes are cut-down copies, so a test can tell which size was fetched.
      const bytes = index === 2 ? data : data.subarray(0, Math.max(1, data.length >> (4 - index)));
      const file = this.storeFile('photos', 'jpg', bytes);
      return {
        file_id: file.fileId,
        file_unique_id: file.uniqueId,
        width: side,
        height: Math.round((side * 3) / 4),
        file_size: bytes.length,
      };
    });
    return this.deliver(this.update(customer, { photo: sizes, caption }));
  }

  /** A customer sends a document (any file). */
  customerSendsDocument(
    customer: Customer,
    document: { name: string; type: string; data: Buffer },
    caption?: string,
  ): Promise<TgUpdate> {
    const file = this.storeFile(
      'documents',
      document.name.split('.').pop() ?? 'bin',
      document.data,
    );
    return this.deliver(
      this.update(customer, {
        caption,
        document: {
          file_id: file.fileId,
          file_unique_id: file.uniqueId,
          file_name: document.name,
          mime_type: document.type,
          file_size: document.data.length,
        },
      }),
    );
  }

  /** A customer sends a sticker: a kind of message the product does not carry. */
  customerSendsSticker(customer: Customer): Promise<TgUpdate> {
    const file = this.storeFile('stickers', 'webp', Buffer.from('sticker'));
    return this.deliver(
      this.update(customer, {
        sticker: { file_id: file.fileId, file_unique_id: file.uniqueId, width: 512, height: 512 },
      }),
    );
  }

  /**
   * A customer presses a button of an inline keyboard under one of the bot's messages: Telegram
   * sends the bot a callback_query with the message (and its keyboard) and the button's data —
   * unless the bot's allowed_updates leave button presses out. Returns the update, or null then.
   */
  async customerPresses(
    customer: Customer,
    message: SentMessage,
    label: string,
  ): Promise<TgUpdate | null> {
    const button = message.inlineKeyboard?.flat().find((candidate) => candidate.text === label);
    if (!button) throw new Error(`no inline button "${label}" under message ${message.messageId}`);
    if (this.allowedUpdates && !this.allowedUpdates.includes('callback_query')) return null;
    const { message: shown } = this.update(customer, {});
    if (!shown) throw new Error('no message composed');
    const id = randomBytes(8).readBigUInt64BE().toString();
    this.presses.add(id);
    const update: TgUpdate = {
      update_id: this.nextUpdateId++,
      callback_query: {
        id,
        from: shown.from ?? { id: customer.id, is_bot: false, first_name: customer.firstName },
        chat_instance: String(customer.id),
        message: {
          message_id: message.messageId,
          from: this.user,
          chat: shown.chat,
          date: Math.floor(Date.now() / 1000),
          ...(message.text !== undefined ? { text: message.text } : {}),
          reply_markup: {
            inline_keyboard: (message.inlineKeyboard ?? []).map((row) =>
              row.map((entry) => ({ text: entry.text, callback_data: entry.callbackData })),
            ),
          },
        },
        data: button.callbackData,
      },
    };
    return this.deliver(update);
  }

  /**
   * Delivers updates again, as given (a duplicate, or several in the order given: out of order).
   * Telegram may deliver one update twice, e.g. when our answer to a webhook call was lost.
   */
  async redeliver(...updates: TgUpdate[]): Promise<void> {
    for (const update of updates) await this.deliver(update);
  }

  /** Makes an update without delivering it, for tests that deliver in an order of their own. */
  composeText(customer: Customer, text: string): TgUpdate {
    return this.update(customer, { text });
  }

  /** Updates waiting for getUpdates (not yet confirmed by an offset). */
  pendingUpdates(): readonly TgUpdate[] {
    return this.pending;
  }

  private update(customer: Customer, content: Partial<TgMessage>): TgUpdate {
    const from: TgUser = {
      id: customer.id,
      is_bot: false,
      first_name: customer.firstName,
      ...(customer.lastName ? { last_name: customer.lastName } : {}),
      ...(customer.username ? { username: customer.username } : {}),
      language_code: 'en',
    };
    const chat: TgChat = {
      id: customer.id,
      type: 'private',
      first_name: customer.firstName,
      ...(customer.lastName ? { last_name: customer.lastName } : {}),
      ...(customer.username ? { username: customer.username } : {}),
    };
    this.chats.set(chat.id, chat);
    const message = {
      message_id: this.nextMessageId++,
      from,
      chat,
      date: Math.floor(Date.now() / 1000),
      // Without the fields left undefined (no caption), as Telegram's JSON has them.
      ...(JSON.parse(JSON.stringify(content)) as Partial<TgMessage>),
    } as TgMessage;
    return { update_id: this.nextUpdateId++, message };
  }

  private storeFile(folder: string, extension: string, data: Buffer): StoredFile {
    const fileId = `AgAC${randomBytes(18).toString('base64url')}`;
    const file: StoredFile = {
      fileId,
      uniqueId: `AQAD${randomBytes(6).toString('base64url')}`,
      path: `${folder}/file_${this.files.size}.${extension}`,
      data,
    };
    this.files.set(fileId, file);
    return file;
  }

  /** To the webhook when one is set (retried on failure, as Telegram does), else queued for getUpdates. */
  private async deliver(update: TgUpdate): Promise<TgUpdate> {
    if (this.webhook) {
      await this.postToWebhook(update);
      return update;
    }
    this.pending.push(update);
    this.wakeWaiter();
    return update;
  }

  private async postToWebhook(update: TgUpdate): Promise<void> {
    const { url, secretToken } = this.webhook ?? { url: '' };
    // Telegram "gives up after a reasonable amount of attempts"; three is enough for tests.
    for (let attempt = 0; attempt < 3; attempt++) {
      let status: number;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(secretToken ? { 'x-telegram-bot-api-secret-token': secretToken } : {}),
          },
          body: JSON.stringify(update),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      this.webhookAnswers.push({ updateId: update.update_id, status });
      if (status >= 200 && status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Telegram keeps an update it could not deliver (for 24 hours): getUpdates gets it once the
    // webhook is deleted.
    this.pending.push(update);
    this.wakeWaiter();
  }

  private wakeWaiter(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    const ready = this.pending.filter((update) => update.update_id >= waiter.offset);
    if (ready.length === 0) return;
    this.waiter = undefined;
    waiter.answer(ready.slice(0, 100));
  }

  /** The failure due for this call, if a test asked for one. */
  takeFailure(method: string): Failure | undefined {
    const index = this.failures.findIndex(
      (entry) => entry.methods === '*' || entry.methods.includes(method),
    );
    if (index < 0) return undefined;
    const [entry] = this.failures.splice(index, 1);
    return entry?.failure;
  }

  // ---- the API methods ----

  async call(method: string, params: Params): Promise<unknown> {
    switch (method) {
      case 'getMe':
        return this.user;
      case 'setWebhook': {
        const url = params.string('url') ?? '';
        const secretToken = params.string('secret_token');
        if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
          throw botError(400, 'Bad Request: secret token contains unallowed characters');
        if (url === '') {
          this.webhook = undefined;
          return true;
        }
        if (!/^https?:\/\//.test(url)) throw botError(400, 'Bad Request: bad webhook: invalid URL');
        this.webhook = { url, secretToken, allowedUpdates: params.json('allowed_updates') };
        this.allowedUpdates = this.webhook.allowedUpdates ?? this.allowedUpdates;
        if (params.string('drop_pending_updates') === 'true') this.pending = [];
        this.endWaiter(conflict("can't use getUpdates method while webhook is active"));
        // Updates waiting for getUpdates go to the new webhook, as Telegram does.
        const waiting = this.pending;
        this.pending = [];
        for (const update of waiting) void this.postToWebhook(update);
        return true;
      }
      case 'deleteWebhook':
        this.webhook = undefined;
        if (params.string('drop_pending_updates') === 'true') this.pending = [];
        return true;
      case 'getWebhookInfo':
        return {
          url: this.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: this.pending.length,
        };
      case 'getUpdates':
        return this.getUpdates(params);
      case 'answerCallbackQuery': {
        const id = params.string('callback_query_id') ?? '';
        if (!this.presses.has(id))
          throw botError(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        this.answeredPresses.add(id);
        return true;
      }
      case 'sendMessage': {
        const chatId = this.knownChat(params);
        const text = params.string('text') ?? '';
        if (text.trim() === '') throw botError(400, 'Bad Request: message text is empty');
        if (text.length > 4096) throw botError(400, 'Bad Request: message is too long');
        const markup = params.json('reply_markup') as unknown as
          | {
              keyboard?: { text?: unknown }[][];
              inline_keyboard?: { text?: unknown; callback_data?: unknown }[][];
            }
          | undefined;
        if (markup?.inline_keyboard !== undefined) {
          const rows = markup.inline_keyboard.map((row) =>
            row.map((button) => ({
              text: typeof button.text === 'string' ? button.text : '',
              callbackData: typeof button.callback_data === 'string' ? button.callback_data : '',
            })),
          );
          if (rows.length === 0 || rows.some((row) => row.length === 0))
            throw botError(400, "Bad Request: can't parse inline keyboard button");
          for (const button of rows.flat()) {
            if (button.text === '')
              throw botError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
            const bytes = Buffer.byteLength(button.callbackData);
            if (bytes < 1 || bytes > 64) throw botError(400, 'Bad Request: BUTTON_DATA_INVALID');
          }
          return this.record({ method, chatId, text, inlineKeyboard: rows });
        }
        if (markup?.keyboard !== undefined) {
          const rows = markup.keyboard.map((row) =>
            row.map((button) => (typeof button.text === 'string' ? button.text : '')),
          );
          if (rows.length === 0 || rows.some((row) => row.length === 0 || row.includes('')))
            throw botError(400, "Bad Request: can't parse reply keyboard markup JSON object");
          return this.record({ method, chatId, text, keyboard: rows });
        }
        return this.record({ method, chatId, text });
      }
      case 'sendPhoto':
      case 'sendDocument': {
        const chatId = this.knownChat(params);
        const field = method === 'sendPhoto' ? 'photo' : 'document';
        const file = params.file(field);
        if (!file) throw botError(400, `Bad Request: there is no ${field} in the request`);
        const caption = params.string('caption');
        if (caption !== undefined && caption.length > 1024)
          throw botError(400, 'Bad Request: message caption is too long');
        return this.record({ method, chatId, file, ...(caption ? { caption } : {}) });
      }
      case 'getFile': {
        const file = this.files.get(params.string('file_id') ?? '');
        if (!file) throw botError(400, 'Bad Request: invalid file_id');
        return {
          file_id: file.fileId,
          file_unique_id: file.uniqueId,
          file_size: file.data.length,
          file_path: file.path,
        };
      }
      default:
        throw botError(404, 'Not Found');
    }
  }

  private knownChat(params: Params): number {
    const chatId = Number(params.string('chat_id'));
    if (!Number.isInteger(chatId) || !this.chats.has(chatId))
      throw botError(400, 'Bad Request: chat not found');
    if (this.blockedBy.has(chatId)) throw botError(403, 'Forbidden: bot was blocked by the user');
    return chatId;
  }

  private record(message: Omit<SentMessage, 'messageId'>): TgMessage {
    const sent: SentMessage = { ...message, messageId: this.nextMessageId++ };
    this.sent.push(sent);
    this.onSent?.(sent);
    const chat = this.chats.get(message.chatId) ?? { id: message.chatId, type: 'private' };
    const result: TgMessage = {
      message_id: sent.messageId,
      from: this.user,
      chat,
      date: Math.floor(Date.now() / 1000),
    };
    if (message.text !== undefined) result.text = message.text;
    if (message.caption !== undefined) result.caption = message.caption;
    if (message.file) {
      const stored = this.storeFile(
        message.method === 'sendPhoto' ? 'photos' : 'documents',
        'bin',
        message.file.data,
      );
      if (message.method === 'sendPhoto')
        result.photo = [
          {
            file_id: stored.fileId,
            file_unique_id: stored.uniqueId,
            width: 1280,
            height: 960,
            file_size: message.file.data.length,
          },
        ];
      else
        result.document = {
          file_id: stored.fileId,
          file_unique_id: stored.uniqueId,
          file_name: message.file.name,
          mime_type: message.file.type,
          file_size: message.file.data.length,
        };
    }
    return result;
  }

  private getUpdates(params: Params): Promise<TgUpdate[]> | TgUpdate[] {
    if (this.webhook)
      throw new BotError(
        conflict(
          "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        ),
      );
    const allowed = params.json('allowed_updates');
    if (Array.isArray(allowed)) this.allowedUpdates = allowed;
    const offset = Number(params.string('offset') ?? 0);
    const limit = Math.min(100, Math.max(1, Number(params.string('limit') ?? 100)));
    const timeout = Math.max(0, Number(params.string('timeout') ?? 0));
    // An offset confirms every update before it: they are forgotten for good.
    if (offset > 0) this.pending = this.pending.filter((update) => update.update_id >= offset);
    // A second getUpdates ends the first, as Telegram does with two bot instances polling.
    this.endWaiter(
      conflict(
        'terminated by other getUpdates request; make sure that only one bot instance is running',
      ),
    );
    const ready = this.pending.filter((update) => update.update_id >= offset).slice(0, limit);
    if (ready.length > 0 || timeout === 0) return ready;
    return new Promise<TgUpdate[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.waiter === waiter) this.waiter = undefined;
        resolve([]);
      }, timeout * 1000);
      const waiter: Waiter = {
        offset,
        answer: (answer) => {
          clearTimeout(timer);
          if (Array.isArray(answer)) resolve(answer.slice(0, limit));
          else reject(new BotError(answer));
        },
      };
      this.waiter = waiter;
    });
  }

  private endWaiter(error: TgError): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.answer(error);
  }

  /** Ends a pending long poll (the server is closing). */
  close(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.answer([]);
  }

  get baseUrl(): string {
    return this.server.url;
  }
}

/** A Bot API refusal, answered as its JSON with its error_code as the HTTP status. */
export class BotError extends Error {
  constructor(readonly body: TgError) {
    super(body.description);
  }
}

const botError = (code: number, description: string): BotError =>
  new BotError({ ok: false, error_code: code, description });

const conflict = (what: string): TgError => ({
  ok: false,
  error_code: 409,
  description: `Conflict: ${what}`,
});

/** A request's parameters, wherever the Bot API allows them to be. */
class Params {
  constructor(
    private readonly values: Map<string, string>,
    private readonly files: Map<string, SentFile>,
  ) {}
  string(name: string): string | undefined {
    return this.values.get(name);
  }
  json(name: string): string[] | undefined {
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    try {
      return JSON.parse(value) as string[];
    } catch {
      throw botError(400, `Bad Request: can't parse ${name} JSON object`);
    }
  }
  file(name: string): SentFile | undefined {
    return this.files.get(name);
  }
}

async function readParams(request: IncomingMessage, url: URL): Promise<Params> {
  const values = new Map<string, string>(url.searchParams);
  const files = new Map<string, SentFile>();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (body.length === 0) return new Params(values, files);
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw botError(400, "Bad Request: can't parse JSON object");
    }
    if (parsed && typeof parsed === 'object')
      for (const [key, value] of Object.entries(parsed))
        values.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  } else if (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
  ) {
    // The platform's own multipart and urlencoded parser (undici's Request), so the bytes are
    // read as any HTTP server would read them.
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body,
    }).formData();
    for (const [key, value] of form) {
      if (typeof value === 'string') values.set(key, value);
      else
        files.set(key, {
          name: value.name,
          type: value.type,
          data: Buffer.from(await value.arrayBuffer()),
        });
    }
  }
  return new Params(values, files);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export type BotApiServer = {
  /** The API root for TELEGRAM_API_ROOT, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Adds a bot the server answers for; the token is `<bot id>:<secret>`, like BotFather's. */
  addBot(username: string): FakeBot;
  close(): Promise<void>;
};

/** Starts a local Bot API server on an ephemeral port. */
export async function startBotApiServer(): Promise<BotApiServer> {
  const bots = new Map<string, FakeBot>();
  const where = { url: '' };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof BotError) answer(response, error.body.error_code, error.body);
      else
        answer(response, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      const bot = bots.get(decodeURIComponent(file[1] ?? ''));
      const stored = bot && [...bot.files.values()].find((entry) => entry.path === file[2]);
      if (!stored) throw botError(bot ? 404 : 401, bot ? 'Not Found' : 'Unauthorized');
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': stored.data.length,
      });
      response.end(stored.data);
      return;
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!call) throw botError(404, 'Not Found');
    const bot = bots.get(decodeURIComponent(call[1] ?? ''));
    if (!bot) throw botError(401, 'Unauthorized');
    const method = call[2] ?? '';
    const params = await readParams(request, url);
    bot.calls.push(method);
    const failure = bot.takeFailure(method);
    if (failure?.status === 503) throw botError(503, 'Service Unavailable');
    if (failure?.status === 429)
      throw new BotError({
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${failure.retryAfter}`,
        parameters: { retry_after: failure.retryAfter },
      });
    answer(response, 200, { ok: true, result: await bot.call(method, params) });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  where.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let nextBotId = 7_000_000_001;
  return {
    url: where.url,
    addBot(username) {
      const token = `${nextBotId++}:AA${randomBytes(24).toString('base64url')}`;
      const bot = new FakeBot(token, username, where);
      bots.set(token, bot);
      return bot;
    },
    async close() {
      for (const bot of bots.values()) bot.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
