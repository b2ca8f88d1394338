import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import {
  answer,
  apiError,
  avitoChatId,
  avitoImageId,
  avitoItemId,
  avitoMessageId,
  avitoToken,
  avitoUserId,
  AvitoError,
  chatJson,
  checkedText,
  forbidden,
  formOf,
  IMAGE_SIZES,
  jsonObject,
  messageJson,
  notFound,
  notificationOf,
  oauthError,
  page,
  readBody,
  serverFault,
  STUB_PICTURE,
  tooManyRequests,
  unauthorized,
  uploadedImage,
  validation,
  webhookUrl,
  type AvitoChat,
  type AvitoChatMessage,
  type AvitoContent,
  type AvitoCustomer,
  type AvitoItem,
  type AvitoUpload,
  type AvitoWebhookAnswer,
  type AvitoWebhookBody,
  type AvitoWriteOptions,
  type SentAvito,
} from './avito-shapes';

export type {
  AvitoWebhookAnswer,
  AvitoWriteOptions,
  AvitoContent,
  AvitoCustomer,
  AvitoItem,
  AvitoWebhookBody,
  AvitoWebhookMessage,
  SentAvito,
} from './avito-shapes';

/**
 * A local Avito for tests, speaking the Messenger API as Avito's OpenAPI documents it
 * ("Мессенджер", with "Авторизация" and "Информация о пользователе"; a copy is kept in
 * p141592/avito_python_api under docs/avito/api). The product points its Avito root
 * (https://api.avito.ru) here:
 *
 * - `POST /token` (client_credentials, a form): a Bearer token for 24 hours;
 * - `GET /core/v1/accounts/self`: the account's id, the `user_id` of every messenger path;
 * - webhooks: `POST /messenger/v3/webhook`, `/messenger/v1/webhook/unsubscribe`,
 *   `/messenger/v1/subscriptions`;
 * - chats: `GET /messenger/v2/accounts/{user_id}/chats[/{chat_id}]`, the messages of a chat
 *   newest first (`GET /messenger/v3/.../messages/`, which does not mark them read), a text of at
 *   most 1000 characters, an image uploaded (`uploadImages`, multipart `uploadfile[]`) then sent
 *   by its id, a chat marked read, an own message deleted within an hour.
 *
 * Notifications go to every subscribed url as `{id, version, timestamp, payload}`, unsigned (the
 * spec documents no signature, so a forged one looks the same: our side trusts a message only
 * once the messages endpoint shows it). Avito wants a 200 within 2 seconds; a later or other
 * answer counts as a failed delivery, kept for a retry. Our own messages come back too, with the
 * account as their author.
 *
 * Knobs for tests: customers write (a text or an image) and read, deliveries made twice, forged,
 * slow or retried, the next calls answering 429 with Retry-After or 500/503, a clock to move (the
 * token's 24 hours), the v3 messages answered as the bare array the schema shows, and every
 * message our side sent, recorded as received.
 */

/** What an account needs of the server it lives on. */
type Host = {
  url: string;
  now: () => number;
  /** Keeps an image at the image host and answers its link in every size. */
  publish: (bytes: Buffer, type: string) => { id: string; sizes: Record<string, string> };
};

const TOKEN_LIFETIME_S = 86_400;
/** Avito lets an own message be deleted within an hour of its sending. */
const DELETE_WITHIN_S = 3600;
/** How long a notification waits for our answer at most; past the budget it has failed anyway. */
const ANSWER_CAP_MS = 10_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** One Avito account (a seller with a Messenger API subscription) and its chats. */
export class FakeAvitoAccount {
  /** The account's id: `user_id` of the messenger paths and of every notification. */
  readonly id = avitoUserId();
  /** The credentials the account's API settings show (avito.ru/professionals/api). */
  readonly clientId = randomBytes(15).toString('base64url');
  readonly clientSecret = randomBytes(30).toString('base64url');
  readonly profileUrl = `https://avito.ru/user/${randomBytes(16).toString('hex')}/profile`;
  /** Tokens issued, with their expiry (ms on the server's clock). */
  readonly tokens = new Map<string, number>();
  /** Urls notifications go to, as `/messenger/v1/subscriptions` lists them. */
  readonly subscriptions: { url: string; version: string }[] = [];
  /** Messages our side sent, in the order they were accepted. */
  readonly sent: SentAvito[] = [];
  /** Every call by the spec's operationId, failed and refused ones included. */
  readonly calls: string[] = [];
  /** Every delivery attempt of a notification and how our server answered it. */
  readonly webhookAnswers: AvitoWebhookAnswer[] = [];
  /** Notifications whose last attempt failed, waiting for `retryUndelivered`. */
  readonly undelivered: { url: string; body: AvitoWebhookBody }[] = [];
  /** The chats our side marked read (`POST .../read`), in order. */
  readonly chatReads: string[] = [];
  readonly chats = new Map<string, AvitoChat>();
  readonly uploads = new Map<string, AvitoUpload>();
  /** The account's listings; the first is what customers write about unless told otherwise. */
  readonly items: AvitoItem[] = [];
  /** Whether a message our side sent comes back as a notification, as Avito sends it. */
  echoes = true;
  /** How long Avito waits for our 200 (2 s, as the webhook's description says). */
  answerBudgetMs = 2000;
  private failures: { operations: string[] | '*'; failure: AvitoError }[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private seq = 0;

  constructor(
    readonly name: string,
    readonly email: string,
    readonly phone: string,
    private readonly host: Host,
  ) {
    this.newItem('Mountain bike, 26 inch', 25_000);
  }

  /** A listing of the account. */
  newItem(title: string, price: number): AvitoItem {
    const id = avitoItemId();
    const item = { id, title, price, url: `https://www.avito.ru/moskva/velosipedy/item_${id}` };
    this.items.push(item);
    return item;
  }

  /** A person on Avito, unknown to the account until they write. */
  newCustomer(name: string): AvitoCustomer {
    return { id: avitoUserId(), name };
  }

  /**
   * The next `count` calls of `operations` (the spec's operationIds, all by default) answer 429
   * with Retry-After `retryAfterSeconds`.
   */
  failNextWith429(count: number, retryAfterSeconds = 1, operations: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ operations, failure: tooManyRequests(retryAfterSeconds) });
  }

  /** The next `count` calls of `operations` answer `status` (500 or 503) with Avito's body. */
  failNextWith5xx(count: number, status = 503, operations: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ operations, failure: serverFault(status) });
  }

  takeFailure(operation: string): AvitoError | undefined {
    const index = this.failures.findIndex(
      (entry) => entry.operations === '*' || entry.operations.includes(operation),
    );
    if (index < 0) return undefined;
    return this.failures.splice(index, 1)[0]?.failure;
  }

  issueToken(): string {
    const token = avitoToken();
    this.tokens.set(token, this.host.now() + TOKEN_LIFETIME_S * 1000);
    return token;
  }

  /** The chat of a customer about a listing, opened by their first message. */
  chatWith(customer: AvitoCustomer, item = this.items[0]): AvitoChat {
    if (!item) throw new Error('the account has no listing');
    for (const chat of this.chats.values())
      if (chat.customer.id === customer.id && chat.item.id === item.id) return chat;
    const chat: AvitoChat = {
      id: avitoChatId(),
      customer,
      item,
      created: seconds(this.host.now()),
      messages: [],
    };
    this.chats.set(chat.id, chat);
    return chat;
  }

  /** Keeps a message in its chat: from now on the messages endpoint shows it. */
  store(chat: AvitoChat, authorId: number, type: 'text' | 'image', content: AvitoContent) {
    const now = this.host.now();
    const message = {
      id: avitoMessageId(),
      authorId,
      created: seconds(now),
      createdMs: now,
      seq: this.seq++,
      type,
      content,
      read: null,
    };
    chat.messages.push(message);
    return message;
  }

  /** A stored message as a notification. */
  notification(chat: AvitoChat, message: AvitoChatMessage): AvitoWebhookBody {
    return notificationOf(chat, message, this.id, this.host.now());
  }

  /**
   * A customer's message as a notification, not yet delivered. The message exists at Avito
   * already (the chat opens on the first one). An image makes a message of its own kind, so the
   * text must then be empty.
   */
  composeMessage(
    customer: AvitoCustomer,
    text: string,
    opts: AvitoWriteOptions = {},
  ): AvitoWebhookBody {
    if (opts.image && text !== '')
      throw new Error('an Avito message is a text or an image: write them as two messages');
    const chat = this.chatWith(customer, opts.item);
    const message = opts.image
      ? this.store(chat, customer.id, 'image', {
          image: { sizes: this.host.publish(opts.image.bytes, opts.image.type).sizes },
        })
      : this.store(chat, customer.id, 'text', { text });
    return this.notification(chat, message);
  }

  /**
   * A notification of a message that is not at Avito: anyone who learns our url can post this,
   * since Avito signs nothing. It names the customer's chat when there is one.
   */
  forgedMessage(customer: AvitoCustomer, text: string): AvitoWebhookBody {
    const chat = [...this.chats.values()].find((entry) => entry.customer.id === customer.id);
    const item = chat?.item ?? this.items[0];
    if (!item) throw new Error('the account has no listing');
    const now = this.host.now();
    const message = {
      id: avitoMessageId(),
      authorId: customer.id,
      created: seconds(now),
      createdMs: now,
      seq: -1,
      type: 'text' as const,
      content: { text },
      read: null,
    };
    return notificationOf(
      { id: chat?.id ?? avitoChatId(), customer, item, created: seconds(now), messages: [] },
      message,
      this.id,
      now,
    );
  }

  /** A customer writes (a text, or an image); delivered at once. */
  async customerWrites(
    customer: AvitoCustomer,
    text: string,
    opts: AvitoWriteOptions = {},
  ): Promise<{ chatId: string; messageId: string; status: number }> {
    const body = this.composeMessage(customer, text, opts);
    const status = await this.deliver(body);
    return { chatId: body.payload.value.chat_id, messageId: body.payload.value.id, status };
  }

  /**
   * The customer opens the chat: our messages in it show `read` (when) and `is_read`. Avito
   * sends no notification of it; our side learns it from the messages endpoint.
   */
  customerReads(chatId: string): number {
    const chat = this.chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    let count = 0;
    for (const message of chat.messages)
      if (message.authorId === this.id && message.read === null) {
        message.read = seconds(this.host.now());
        count++;
      }
    return count;
  }

  /**
   * Posts a notification to every subscribed url and answers the status Avito saw: our status,
   * or 0 when no 200 came within `answerBudgetMs` (a late answer is recorded with its real status
   * and time, as failed) or the url could not be reached. Nothing subscribed: nothing posted, 0.
   * `attempts` above 1 retries a failed delivery at once; otherwise it waits in `undelivered`.
   */
  async deliver(body: AvitoWebhookBody, attempts = 1): Promise<number> {
    if (this.subscriptions.length === 0) return 0;
    let seen = 200;
    for (const { url } of [...this.subscriptions]) {
      let last: AvitoWebhookAnswer | undefined;
      for (let attempt = 0; attempt < attempts && !last?.ok; attempt++)
        last = await this.post(url, body);
      if (last && !last.ok) {
        if (!this.undelivered.some((entry) => entry.url === url && entry.body.id === body.id))
          this.undelivered.push({ url, body });
        if (seen === 200) seen = last.ms > this.answerBudgetMs ? 0 : last.status;
      }
    }
    return seen;
  }

  /** Avito's later retry: every notification that failed is posted again, the same body. */
  async retryUndelivered(): Promise<number[]> {
    const waiting = this.undelivered.splice(0);
    const statuses: number[] = [];
    for (const { url, body } of waiting) {
      const outcome = await this.post(url, body);
      if (!outcome.ok) this.undelivered.push({ url, body });
      statuses.push(outcome.ms > this.answerBudgetMs ? 0 : outcome.status);
    }
    return statuses;
  }

  private async post(url: string, body: AvitoWebhookBody): Promise<AvitoWebhookAnswer> {
    const started = performance.now();
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ANSWER_CAP_MS),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    const ms = Math.round(performance.now() - started);
    const outcome = {
      notification: body.id,
      messageId: body.payload.value.id,
      url,
      status,
      ms,
      ok: status === 200 && ms <= this.answerBudgetMs,
    };
    this.webhookAnswers.push(outcome);
    return outcome;
  }

  /** Our own message comes back as a notification, after Avito answered the send. */
  echo(chat: AvitoChat, message: AvitoChatMessage): void {
    if (!this.echoes || this.subscriptions.length === 0) return;
    const delivery = this.deliver(this.notification(chat, message))
      .catch(() => 0)
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for the echoes still on their way. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

export type AvitoApiServer = {
  /** The API root, standing for https://api.avito.ru (and for Avito's image host). */
  url: string;
  /** An account with the Messenger API; its client id and secret are on it. */
  addAccount(name: string, contact?: { email?: string; phone?: string }): FakeAvitoAccount;
  /**
   * Answers `GET /messenger/v3/.../messages/` as the bare array the OpenAPI schema (`Messages`,
   * type array) shows, instead of `{"messages":[...]}` that Avito's clients in the wild read.
   */
  messagesAsArray: boolean;
  /** Moves the server's clock on (tokens' 24 hours, timestamps, the hour to delete in). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Starts a local Avito on an ephemeral port. */
export async function startAvitoApiServer(): Promise<AvitoApiServer> {
  const accounts: FakeAvitoAccount[] = [];
  const images = new Map<string, { bytes: Buffer; type: string }>();
  let offset = 0;
  const host: Host = {
    url: '',
    now: () => Date.now() + offset,
    publish(bytes, type) {
      const id = avitoImageId();
      images.set(id, { bytes, type });
      const sizes = Object.fromEntries(
        IMAGE_SIZES.map((size) => [size, `${host.url}/img/chat/${size}/${id}.jpg`]),
      );
      return { id, sizes };
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof AvitoError) answer(response, error.status, error.body, error.headers);
      else answer(response, 500, serverFault(500).body);
    });
  });

  const api: AvitoApiServer = {
    url: '',
    messagesAsArray: false,
    addAccount(name, contact = {}) {
      const account = new FakeAvitoAccount(
        name,
        contact.email ?? `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
        contact.phone ?? `7916${String(accounts.length + 1000000).padStart(7, '0')}`,
        host,
      );
      accounts.push(account);
      return account;
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await Promise.all(accounts.map((account) => account.settled()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };

  /** The account of the Bearer token, as Avito checks it; the call is recorded and may fail. */
  function accountOf(request: IncomingMessage, operation: string): FakeAvitoAccount {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const account = accounts.find((entry) => entry.tokens.has(token));
    if (!account) throw forbidden();
    if (host.now() >= (account.tokens.get(token) ?? 0)) {
      account.calls.push(`${operation} refused: token expired`);
      throw forbidden();
    }
    account.calls.push(operation);
    const failure = account.takeFailure(operation);
    if (failure) throw failure;
    return account;
  }

  /** The `user_id` of a path must be the token's own account. */
  function ownPath(account: FakeAvitoAccount, userId: string): void {
    if (userId !== String(account.id)) throw forbidden();
  }

  function chatOf(account: FakeAvitoAccount, chatId: string): AvitoChat {
    const chat = account.chats.get(chatId);
    if (!chat) throw notFound();
    return chat;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const body = await readBody(request);

    if ((path === '/token' || path === '/token/') && method === 'POST') {
      answer(response, 200, await token(request, body));
      return;
    }
    const picture = /^\/img\/chat\/\d+x\d+\/([\w.]+)\.jpg$/.exec(path);
    if (picture && method === 'GET') {
      const held = images.get(picture[1] ?? '');
      if (!held) throw notFound();
      response.writeHead(200, { 'content-type': held.type, 'content-length': held.bytes.length });
      response.end(held.bytes);
      return;
    }
    if (path === '/stub/avatar.png' && method === 'GET') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(STUB_PICTURE);
      return;
    }
    if (path === '/core/v1/accounts/self' && method === 'GET') {
      const account = accountOf(request, 'getUserInfoSelf');
      answer(response, 200, {
        id: account.id,
        name: account.name,
        email: account.email,
        phone: account.phone,
        phones: [account.phone],
        profile_url: account.profileUrl,
      });
      return;
    }
    if (path === '/messenger/v3/webhook' && method === 'POST') {
      const account = accountOf(request, 'postWebhookV3');
      const target = webhookUrl(jsonObject(body));
      if (!account.subscriptions.some((entry) => entry.url === target))
        account.subscriptions.push({ url: target, version: '3' });
      answer(response, 200, { ok: true });
      return;
    }
    if (path === '/messenger/v1/webhook/unsubscribe' && method === 'POST') {
      const account = accountOf(request, 'postWebhookUnsubscribe');
      const target = webhookUrl(jsonObject(body));
      const index = account.subscriptions.findIndex((entry) => entry.url === target);
      if (index >= 0) account.subscriptions.splice(index, 1);
      answer(response, 200, { ok: true });
      return;
    }
    if (path === '/messenger/v1/subscriptions' && method === 'POST') {
      const account = accountOf(request, 'getSubscriptions');
      answer(response, 200, {
        subscriptions: account.subscriptions.map((entry) => ({ ...entry })),
      });
      return;
    }

    const chats = /^\/messenger\/v2\/accounts\/(\d+)\/chats\/?$/.exec(path);
    if (chats && method === 'GET') {
      const account = accountOf(request, 'getChatsV2');
      ownPath(account, chats[1] ?? '');
      answer(response, 200, { chats: listChats(account, url.searchParams) });
      return;
    }
    const oneChat = /^\/messenger\/v2\/accounts\/(\d+)\/chats\/([\w-]+)\/?$/.exec(path);
    if (oneChat && method === 'GET') {
      const account = accountOf(request, 'getChatByIdV2');
      ownPath(account, oneChat[1] ?? '');
      answer(response, 200, chatJson(account, chatOf(account, oneChat[2] ?? ''), avatar()));
      return;
    }
    const messages = /^\/messenger\/v3\/accounts\/(\d+)\/chats\/([\w-]+)\/messages\/?$/.exec(path);
    if (messages && method === 'GET') {
      const account = accountOf(request, 'getMessagesV3');
      ownPath(account, messages[1] ?? '');
      const list = listMessages(account, chatOf(account, messages[2] ?? ''), url.searchParams);
      answer(response, 200, api.messagesAsArray ? list : { messages: list });
      return;
    }
    const upload = /^\/messenger\/v1\/accounts\/(\d+)\/uploadImages\/?$/.exec(path);
    if (upload && method === 'POST') {
      const account = accountOf(request, 'uploadImages');
      ownPath(account, upload[1] ?? '');
      answer(response, 200, await uploadImage(account, await formOf(request, body)));
      return;
    }
    const inChat =
      /^\/messenger\/v1\/accounts\/(\d+)\/chats\/([\w-]+)\/(messages|messages\/image|read|messages\/(\w+))\/?$/.exec(
        path,
      );
    if (inChat && method === 'POST') {
      const action = inChat[3] ?? '';
      const operation =
        action === 'messages'
          ? 'postSendMessage'
          : action === 'messages/image'
            ? 'postSendImageMessage'
            : action === 'read'
              ? 'chatRead'
              : 'deleteMessage';
      const account = accountOf(request, operation);
      ownPath(account, inChat[1] ?? '');
      const chat = chatOf(account, inChat[2] ?? '');
      if (operation === 'chatRead') {
        for (const message of chat.messages)
          if (message.authorId !== account.id && message.read === null)
            message.read = seconds(host.now());
        account.chatReads.push(chat.id);
        answer(response, 200, { ok: true });
        return;
      }
      if (operation === 'deleteMessage') {
        deleteMessage(account, chat, inChat[4] ?? '');
        answer(response, 200, {});
        return;
      }
      const sent =
        operation === 'postSendMessage'
          ? sendText(account, chat, jsonObject(body))
          : sendImage(account, chat, jsonObject(body));
      // The notification of our own message follows Avito's answer, never precedes it.
      response.once('finish', () => {
        account.echo(chat, sent.message);
      });
      answer(response, 200, sent.answer);
      return;
    }
    throw notFound();
  }

  /** `POST /token`: client_credentials only; other grants need Avito's authorization window. */
  async function token(request: IncomingMessage, body: Buffer) {
    const form = await formOf(request, body);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const account = accounts.find((entry) => entry.clientId === field('client_id'));
    if (account) {
      account.calls.push('getAccessToken');
      const failure = account.takeFailure('getAccessToken');
      if (failure) throw failure;
    }
    if (!field('grant_type') || !field('client_id') || !field('client_secret'))
      throw oauthError(
        400,
        'invalid_request',
        'grant_type, client_id and client_secret are required',
      );
    if (field('grant_type') !== 'client_credentials')
      throw oauthError(400, 'unsupported_grant_type', 'only client_credentials is supported here');
    if (!account || field('client_secret') !== account.clientSecret)
      throw oauthError(400, 'invalid_client', 'invalid client id or secret');
    return {
      access_token: account.issueToken(),
      expires_in: TOKEN_LIFETIME_S,
      token_type: 'Bearer',
    };
  }

  const avatar = () => `${host.url}/stub/avatar.png`;

  function listChats(account: FakeAvitoAccount, params: URLSearchParams) {
    const { limit, offset } = page(params);
    const itemIds = (params.get('item_ids') ?? '').split(',').filter(Boolean).map(Number);
    const types = (params.get('chat_types') ?? 'u2i').split(',');
    const unreadOnly = params.get('unread_only') === 'true';
    return (
      [...account.chats.values()]
        // Every chat here is about a listing (u2i): a filter without u2i leaves none.
        .filter(() => types.includes('u2i'))
        .filter((chat) => itemIds.length === 0 || itemIds.includes(chat.item.id))
        .filter(
          (chat) =>
            !unreadOnly ||
            chat.messages.some(
              (message) => message.authorId !== account.id && message.read === null,
            ),
        )
        .map((chat) => chatJson(account, chat, avatar()))
        .sort((a, b) => b.updated - a.updated)
        .slice(offset, offset + limit)
    );
  }

  /** Newest first; reading them marks nothing read (the spec says so in bold). */
  function listMessages(account: FakeAvitoAccount, chat: AvitoChat, params: URLSearchParams) {
    const { limit, offset } = page(params);
    return [...chat.messages]
      .sort((a, b) => b.created - a.created || b.seq - a.seq)
      .slice(offset, offset + limit)
      .map((message) => messageJson(account.id, message));
  }

  /** `POST .../messages`: `{"message":{"text"},"type":"text"}`, at most 1000 characters. */
  function sendText(account: FakeAvitoAccount, chat: AvitoChat, body: Record<string, unknown>) {
    const text = checkedText(body);
    const message = account.store(chat, account.id, 'text', { text });
    account.sent.push({ id: message.id, chatId: chat.id, type: 'text', text });
    return {
      message,
      answer: {
        id: message.id,
        content: { text },
        created: message.created,
        direction: 'out',
        type: 'text',
      },
    };
  }

  /** `POST .../messages/image`: `{"image_id"}` of an image this account uploaded. */
  function sendImage(account: FakeAvitoAccount, chat: AvitoChat, body: Record<string, unknown>) {
    const imageId = typeof body.image_id === 'string' ? body.image_id : '';
    if (imageId === '') throw validation({ image_id: 'is required' });
    const held = account.uploads.get(imageId);
    if (!held) throw validation({ image_id: 'no image with this id was uploaded' });
    const message = account.store(chat, account.id, 'image', { image: { sizes: held.sizes } });
    account.sent.push({
      id: message.id,
      chatId: chat.id,
      type: 'image',
      image: {
        id: imageId,
        bytes: held.bytes,
        contentType: held.contentType,
        ...(held.fileName !== undefined ? { fileName: held.fileName } : {}),
      },
    });
    return {
      message,
      answer: {
        id: message.id,
        author_id: account.id,
        content: message.content,
        created: message.created,
        direction: 'out',
        type: 'image',
      },
    };
  }

  /**
   * `uploadImages`: one JPEG, HEIC, GIF, BMP or PNG of at most 24 MB per request, in the field
   * `uploadfile[]`; the answer keys the new image's id to its links.
   */
  async function uploadImage(account: FakeAvitoAccount, form: FormData) {
    const { bytes, contentType, fileName } = await uploadedImage(form);
    const { id, sizes } = host.publish(bytes, contentType);
    account.uploads.set(id, { bytes, contentType, sizes, ...(fileName ? { fileName } : {}) });
    return { [id]: sizes };
  }

  /** An own message, within an hour: it stays in the history as `deleted`. */
  function deleteMessage(account: FakeAvitoAccount, chat: AvitoChat, messageId: string): void {
    const message = chat.messages.find((entry) => entry.id === messageId);
    if (!message) throw notFound();
    if (message.authorId !== account.id) throw forbidden();
    if (seconds(host.now()) - message.created > DELETE_WITHIN_S)
      throw apiError(400, 'Bad Request', { fields: { message_id: 'older than an hour' } });
    message.type = 'deleted';
    message.content = {};
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = host.url;
  return api;
}
