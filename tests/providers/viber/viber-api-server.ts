import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answer,
  chatHostname,
  checkContent,
  FILTERABLE_EVENTS,
  MANDATORY_EVENTS,
  messageToken,
  readBody,
  refuse,
  STUB_AVATAR,
  text,
  viberAuthToken,
  viberJson,
  ViberRefusal,
  viberUserId,
  VIBER_STATUS,
  type SentViber,
  type ViberCallback,
  type ViberUserJson,
} from './viber-shapes';

export type { SentViber, ViberCallback, ViberUserJson } from './viber-shapes';
export { VIBER_STATUS, viberJson } from './viber-shapes';

/**
 * A local Viber for tests, speaking the REST Bot API as developers.viber.com/docs/api/rest-bot-api
 * documents it (and as the official viber-bot-node library calls it). `url` stands for
 * https://chatapi.viber.com/pa: every call a POST of JSON with the bot's `X-Viber-Auth-Token`,
 * every answer HTTP 200 with `status` 0 or a failure from the docs' error table.
 *
 * - `set_webhook`: Viber first posts a signed `webhook` event to the url and takes it only on a
 *   200; an empty url removes it. HTTPS only, except on loopback, where the tests' callbacks live.
 * - `get_account_info`, `get_user_details` (twice per user in 12 hours at most), `send_message`:
 *   to subscribed users only (they subscribed, or wrote), with the docs' limits (text 7000, picture
 *   text 768, tracking_data a string of at most 4096, sender name 28, the request 30 kB, a
 *   keyboard's buttons); the media a message names is fetched at once: a picture (.jpeg/.jpg,
 *   .png, .gif) of at most 1 MB (the docs: 1 MB on iOS, 3 MB on Android), a file of at most 50 MB
 *   and not of a forbidden type, the sender's avatar of at most 100 kB (a JPEG or PNG image).
 *
 * Callbacks are signed with `X-Viber-Content-Signature`, hex HMAC-SHA256 of the raw body with the
 * auth token: message, subscribed, unsubscribed, conversation_started (whose answer may be the
 * one welcome message), delivered, seen, failed. Names and photos come only if set_webhook asked
 * for them (send_name, send_photo). Message tokens are int64 written as bare numbers.
 *
 * Knobs for tests: customers write (text, a picture, a file, a keyboard's button), subscribe,
 * unsubscribe and open the chat; statuses reported in any order or twice, deliveries forged;
 * the next calls answering tooManyRequests or an HTTP 5xx; a clock; a revoked token; and every
 * message our side sent, recorded as received.
 */

/** A customer's message besides its text: a picture (the text its caption), a file. */
export type ViberWriteOptions = {
  picture?: { bytes: Buffer; type: string; name?: string };
  file?: { bytes: Buffer; type: string; name: string };
};

type Failure = { status: 12 } | { http: number };

/** What a bot needs of the server it lives on. */
type Host = {
  url: string;
  now: () => number;
  /** Keeps bytes at the media host and answers a link to them, good for an hour (Viber's TTL). */
  publish: (bytes: Buffer, type: string, name: string) => string;
};

const HOUR_MS = 3_600_000;
const MAX_REQUEST_BYTES = 30 * 1024;
/** get_user_details answers a user twice in 12 hours; the third ask is tooManyRequests. */
const USER_DETAILS_PER_WINDOW = 2;
const USER_DETAILS_WINDOW_MS = 12 * HOUR_MS;

/** A Viber user who may write to the bot, subscribe and unsubscribe. */
export class ViberCustomer {
  readonly id = viberUserId();
  /** `new` until they subscribe or write; only `subscribed` users can be sent to. */
  state: 'new' | 'subscribed' | 'unsubscribed' = 'new';
  lastWrote: number | undefined;
  /** The tracking_data of our last message to them, passed back with their next message. */
  trackingData: string | undefined;
  /** The buttons of the last keyboard we sent them (Viber shows the last one). */
  keyboard: Record<string, unknown>[] = [];

  constructor(
    readonly name: string,
    readonly language: string,
    readonly country: string,
    readonly apiVersion: number,
    readonly avatar: string,
    private readonly bot: FakeViberBot,
  ) {}

  /** The user subscribes (from the bot's info screen): a `subscribed` callback. */
  subscribe(): Promise<number> {
    return this.bot.deliver(this.bot.composeSubscribed(this));
  }

  /** The user unsubscribes: sends to them answer receiverNotSubscribed from now on. */
  unsubscribe(): Promise<number> {
    return this.bot.deliver(this.bot.composeUnsubscribed(this));
  }

  /** The user opens the chat (a deep link's `context` with it); our answer may welcome them. */
  startConversation(context?: string): Promise<{ status: number; welcome?: SentViber }> {
    return this.bot.conversationStarted(this, context);
  }
}

/** One bot the server answers for: its token, webhook, users and what it sent. */
export class FakeViberBot {
  readonly id = `pa:${randomInt(1e9, 1e10)}${randomInt(1e9, 1e10)}`;
  /** The current auth token ("Your app key"); callbacks are signed with it. */
  token = viberAuthToken();
  readonly revokedTokens = new Set<string>();
  readonly hostname = chatHostname();
  /** The Viber user who administers the bot (the `members` of get_account_info). */
  readonly adminId = viberUserId();
  webhook: { url: string; eventTypes: string[]; sendName: boolean; sendPhoto: boolean } | undefined;
  /** Messages our side sent, in the order they were accepted. */
  readonly sent: SentViber[] = [];
  /** Every call by method name (`send_message`...), failed and refused ones included. */
  readonly calls: string[] = [];
  /** Calls answered with a non-zero status, and why. */
  readonly refusals: { method: string; status: number; reason: string }[] = [];
  /** Every callback posted and the HTTP status our server answered it with (0: unreachable). */
  readonly webhookAnswers: { event: string; messageToken: string; status: number }[] = [];
  readonly customers = new Map<string, ViberCustomer>();
  /** When get_user_details was asked about each user. */
  readonly userDetailsAsked = new Map<string, number[]>();
  private failures: { methods: string[] | '*'; failure: Failure }[] = [];

  constructor(
    readonly name: string,
    readonly uri: string,
    private readonly host: Host,
  ) {}

  /** The token is revoked (a new app key): the old one answers invalidAuthToken from now on. */
  revokeToken(): string {
    this.revokedTokens.add(this.token);
    this.token = viberAuthToken();
    return this.token;
  }

  /** The next `count` calls of `methods` (all by default) answer status 12, tooManyRequests. */
  failNextWithTooManyRequests(count: number, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++) this.failures.push({ methods, failure: { status: 12 } });
  }

  /** The next `count` calls of `methods` fail at the HTTP level with `status`, not as JSON. */
  failNextWith5xx(count: number, status = 503, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++) this.failures.push({ methods, failure: { http: status } });
  }

  takeFailure(method: string): Failure | undefined {
    const index = this.failures.findIndex(
      (entry) => entry.methods === '*' || entry.methods.includes(method),
    );
    if (index < 0) return undefined;
    return this.failures.splice(index, 1)[0]?.failure;
  }

  /** A Viber user, unknown to the bot until they subscribe, write or open the chat. */
  newCustomer(
    name: string,
    opts: { language?: string; country?: string; apiVersion?: number } = {},
  ): ViberCustomer {
    const customer = new ViberCustomer(
      name,
      opts.language ?? 'ru',
      opts.country ?? 'BY',
      opts.apiVersion ?? 10,
      this.host.publish(STUB_AVATAR, 'image/jpeg', 'avatar.jpg'),
      this,
    );
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** The user as a callback shows them: name and photo only if set_webhook asked for them. */
  userJson(customer: ViberCustomer): ViberUserJson {
    return {
      id: customer.id,
      ...(this.webhook?.sendName ? { name: customer.name } : {}),
      ...(this.webhook?.sendPhoto ? { avatar: customer.avatar } : {}),
      language: customer.language,
      country: customer.country,
      api_version: customer.apiVersion,
    };
  }

  private callback(event: ViberCallback['event'], fields: Partial<ViberCallback>): ViberCallback {
    return {
      event,
      timestamp: this.host.now(),
      chat_hostname: this.hostname,
      message_token: messageToken(),
      ...fields,
    };
  }

  /**
   * A customer's message as a callback, not yet delivered. Writing subscribes them (they can be
   * answered from now on); our last tracking_data comes back with it.
   */
  composeMessage(
    customer: ViberCustomer,
    body: string,
    opts: ViberWriteOptions = {},
  ): ViberCallback {
    customer.state = 'subscribed';
    customer.lastWrote = this.host.now();
    const tracking =
      customer.trackingData !== undefined ? { tracking_data: customer.trackingData } : {};
    let message: Record<string, unknown>;
    if (opts.picture) {
      const name = opts.picture.name ?? 'photo.jpg';
      const media = this.host.publish(opts.picture.bytes, opts.picture.type, name);
      message = {
        type: 'picture',
        text: body,
        media,
        thumbnail: media,
        file_name: name,
        size: opts.picture.bytes.length,
        ...tracking,
      };
    } else if (opts.file) {
      message = {
        type: 'file',
        media: this.host.publish(opts.file.bytes, opts.file.type, opts.file.name),
        file_name: opts.file.name,
        size: opts.file.bytes.length,
        ...tracking,
      };
    } else message = { type: 'text', text: body, ...tracking };
    return this.callback('message', { sender: this.userJson(customer), message, silent: false });
  }

  /** A customer writes (a text, a picture with its caption, a file); delivered at once. */
  async customerWrites(
    customer: ViberCustomer,
    body: string,
    opts: ViberWriteOptions = {},
  ): Promise<{ token: string; status: number }> {
    const callback = this.composeMessage(customer, body, opts);
    return { token: callback.message_token, status: await this.deliver(callback) };
  }

  /** A customer presses a button of the last keyboard we sent: its ActionBody is their message. */
  customerPresses(
    customer: ViberCustomer,
    label: string,
  ): Promise<{ token: string; status: number }> {
    const button = customer.keyboard.find((entry) => text(entry.Text) === label);
    if (!button)
      throw new Error(`no button "${label}" on the last keyboard sent to ${customer.name}`);
    return this.customerWrites(customer, text(button.ActionBody));
  }

  composeSubscribed(customer: ViberCustomer): ViberCallback {
    customer.state = 'subscribed';
    // The docs: subscribing drops the conversation's context and tracking data.
    customer.trackingData = undefined;
    return this.callback('subscribed', { user: this.userJson(customer) });
  }

  composeUnsubscribed(customer: ViberCustomer): ViberCallback {
    customer.state = 'unsubscribed';
    return this.callback('unsubscribed', { user_id: customer.id });
  }

  /** A delivery status of our message `token` (to its receiver unless `customer` says otherwise). */
  composeStatus(
    token: string,
    event: 'delivered' | 'seen' | 'failed',
    customer?: ViberCustomer,
    desc = 'The message could not be delivered to the receiver',
  ): ViberCallback {
    const receiver = customer?.id ?? this.sent.find((entry) => entry.token === token)?.receiver;
    if (receiver === undefined) throw new Error(`no message ${token} was sent`);
    const callback = this.callback(event, { user_id: receiver });
    callback.message_token = token;
    if (event === 'failed') callback.desc = desc;
    return callback;
  }

  /** Reports a status of our message; delivered at once. Any order and any number of times. */
  reportStatus(
    token: string,
    event: 'delivered' | 'seen' | 'failed',
    customer?: ViberCustomer,
    desc?: string,
  ): Promise<number> {
    return this.deliver(this.composeStatus(token, event, customer, desc));
  }

  /**
   * Posts a callback to the webhook, signed with the token (or `signature`, for a forged one),
   * and answers our HTTP status (0 when unreachable). No webhook, or an event the webhook did not
   * ask for: nothing posted, 0. `attempts` above 1 repeats a delivery that got no 200 at once, as
   * Viber retries.
   */
  async deliver(
    body: ViberCallback,
    opts: { signature?: string; attempts?: number } = {},
  ): Promise<number> {
    return (await this.post(body, opts)).status;
  }

  private async post(
    body: ViberCallback,
    opts: { signature?: string; attempts?: number; url?: string } = {},
  ): Promise<{ status: number; text: string }> {
    const url = opts.url ?? this.webhook?.url;
    if (url === undefined) return { status: 0, text: '' };
    if (
      this.webhook &&
      !MANDATORY_EVENTS.includes(body.event) &&
      !this.webhook.eventTypes.includes(body.event)
    )
      return { status: 0, text: '' };
    const raw = viberJson(body);
    const signature = opts.signature ?? createHmac('sha256', this.token).update(raw).digest('hex');
    let outcome = { status: 0, text: '' };
    for (let attempt = 0; attempt < (opts.attempts ?? 1); attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-viber-content-signature': signature },
          body: raw,
          signal: AbortSignal.timeout(10_000),
        });
        outcome = { status: response.status, text: await response.text() };
      } catch {
        outcome = { status: 0, text: '' };
      }
      this.webhookAnswers.push({
        event: body.event,
        messageToken: body.message_token,
        status: outcome.status,
      });
      if (outcome.status === 200) break;
    }
    return outcome;
  }

  /** The availability check of set_webhook: a signed `webhook` event to the url. */
  checkWebhook(url: string): Promise<{ status: number; text: string }> {
    return this.post(this.callback('webhook', {}), { url });
  }

  /**
   * The user opens the chat: `conversation_started`. Our answer's body may be a message, the one
   * welcome message Viber lets a bot send before the user subscribes; it is checked like a sent
   * message and recorded with `welcome`.
   */
  async conversationStarted(
    customer: ViberCustomer,
    context?: string,
  ): Promise<{ status: number; welcome?: SentViber }> {
    const callback = this.callback('conversation_started', {
      type: 'open',
      ...(context !== undefined ? { context } : {}),
      user: this.userJson(customer),
      subscribed: customer.state === 'subscribed',
    });
    const { status, text: reply } = await this.post(callback);
    if (status !== 200 || reply.trim() === '') return { status };
    try {
      const payload = JSON.parse(reply) as Record<string, unknown>;
      const welcome = { ...(await checkContent(payload, customer.id)), welcome: true as const };
      this.sent.push(welcome);
      return { status, welcome };
    } catch (error) {
      this.refusals.push({
        method: 'conversation_started reply',
        status: error instanceof ViberRefusal ? error.status : 3,
        reason: error instanceof Error ? error.message : 'not JSON',
      });
      return { status };
    }
  }
}

export type ViberApiServer = {
  /** The API root for the product, standing for https://chatapi.viber.com/pa. */
  url: string;
  /** A bot the server answers for (its token is on it). */
  addBot(name: string, uri?: string): FakeViberBot;
  /** Moves the server's clock on (timestamps, media links' hour, get_user_details' 12 hours). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Starts a local Viber on an ephemeral port. */
export async function startViberApiServer(): Promise<ViberApiServer> {
  const bots: FakeViberBot[] = [];
  const media = new Map<string, { bytes: Buffer; type: string; until: number }>();
  let offset = 0;
  const host: Host = {
    url: '',
    now: () => Date.now() + offset,
    publish(bytes, type, name) {
      const id = randomBytes(12).toString('base64url');
      media.set(id, { bytes, type, until: host.now() + HOUR_MS });
      return `${host.url}/media/${id}/${encodeURIComponent(name)}`;
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const held = /^\/media\/([\w-]+)\//.exec(url.pathname);
    if (held && request.method === 'GET') {
      const file = media.get(held[1] ?? '');
      // Viber's media links live an hour; after it the link is gone.
      if (!file || host.now() > file.until) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length });
      response.end(file.bytes);
      return;
    }
    const call = /^\/pa\/([a-z_]+)$/.exec(url.pathname);
    const method = call?.[1] ?? '';
    if (
      !call ||
      !['set_webhook', 'get_account_info', 'get_user_details', 'send_message'].includes(method)
    ) {
      // The docs: requesting an invalid URL is an HTTP 404.
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end();
      return;
    }
    const raw = await readBody(request);
    let payload: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8') || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        payload = parsed as Record<string, unknown>;
    } catch {
      payload = undefined;
    }
    // The header is the documented way; the official Node library also puts it in the body.
    const token = request.headers['x-viber-auth-token'] ?? text(payload?.auth_token);
    const bot = bots.find((entry) => entry.token === token);
    if (!bot) {
      const revoked = bots.find((entry) => entry.revokedTokens.has(String(token)));
      revoked?.calls.push(method);
      revoked?.refusals.push({ method, status: 2, reason: 'the token was revoked' });
      answer(response, 200, { status: 2, status_message: VIBER_STATUS[2] });
      return;
    }
    bot.calls.push(method);
    const failure = bot.takeFailure(method);
    if (failure && 'http' in failure) {
      response.writeHead(failure.http, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    try {
      if (failure) throw refuse(12, 'rate control breach (a test asked for it)');
      if (!payload) throw refuse(3, 'the body is not a JSON object');
      const result = await dispatch(bot, method, payload, raw.length);
      answer(response, 200, {
        status: 0,
        status_message: 'ok',
        chat_hostname: bot.hostname,
        ...result,
      });
    } catch (error) {
      if (!(error instanceof ViberRefusal)) throw error;
      bot.refusals.push({ method, status: error.status, reason: error.reason });
      answer(response, 200, {
        status: error.status,
        status_message: error.statusMessage,
        chat_hostname: bot.hostname,
      });
    }
  }

  async function dispatch(
    bot: FakeViberBot,
    method: string,
    payload: Record<string, unknown>,
    size: number,
  ): Promise<Record<string, unknown>> {
    switch (method) {
      case 'set_webhook':
        return setWebhook(bot, payload);
      case 'get_account_info':
        return {
          id: bot.id,
          name: bot.name,
          uri: bot.uri,
          icon: host.publish(STUB_AVATAR, 'image/jpeg', 'icon.jpg'),
          background: host.publish(STUB_AVATAR, 'image/jpeg', 'background.jpg'),
          category: 'Companies & Brands',
          subcategory: 'Retail',
          location: { lon: 27.5615, lat: 53.9045 },
          country: 'BY',
          webhook: bot.webhook?.url ?? '',
          event_types: bot.webhook?.eventTypes ?? [],
          subscribers_count: [...bot.customers.values()].filter(
            (entry) => entry.state === 'subscribed',
          ).length,
          members: [
            {
              id: bot.adminId,
              name: 'Admin',
              avatar: host.publish(STUB_AVATAR, 'image/jpeg', 'a.jpg'),
              role: 'admin',
            },
          ],
        };
      case 'get_user_details':
        return userDetails(bot, payload);
      default:
        return sendMessage(bot, payload, size);
    }
  }

  /** `set_webhook`: checked by a signed `webhook` callback that must get a 200; `""` removes it. */
  async function setWebhook(bot: FakeViberBot, payload: Record<string, unknown>) {
    if (typeof payload.url !== 'string') throw refuse(4, 'url is required');
    if (payload.url === '') {
      bot.webhook = undefined;
      return {};
    }
    const target = payload.url;
    const parsed = URL.canParse(target) ? new URL(target) : undefined;
    const loopback = parsed && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(parsed.hostname);
    if (!parsed || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)))
      throw new ViberRefusal(1, `${target} is not an HTTPS url`, 'URL not valid or not HTTPS');
    const requested = payload.event_types;
    if (
      requested !== undefined &&
      (!Array.isArray(requested) ||
        requested.some(
          (event) =>
            typeof event !== 'string' || ![...FILTERABLE_EVENTS, 'message'].includes(event),
        ))
    )
      throw refuse(3, `event_types must be some of ${FILTERABLE_EVENTS.join(', ')}`);
    for (const flag of ['send_name', 'send_photo'])
      if (payload[flag] !== undefined && typeof payload[flag] !== 'boolean')
        throw refuse(3, `${flag} must be true or false`);
    const check = await bot.checkWebhook(target);
    if (check.status !== 200)
      throw new ViberRefusal(
        1,
        `the webhook answered ${check.status} to the check`,
        // Viber words this failure as its HTTP client's result.
        `Result[HttpRequest[POST ${parsed.pathname} HTTP/1.1] > HttpResponse[HTTP/1.1 ${check.status}]] sent=true complete=true`,
      );
    const eventTypes = requested === undefined ? [...FILTERABLE_EVENTS] : (requested as string[]);
    bot.webhook = {
      url: target,
      eventTypes,
      sendName: payload.send_name === true,
      sendPhoto: payload.send_photo === true,
    };
    return { event_types: eventTypes };
  }

  function userDetails(bot: FakeViberBot, payload: Record<string, unknown>) {
    const id = text(payload.id);
    if (id === '') throw refuse(4, 'id is required');
    const customer = bot.customers.get(id);
    if (!customer || customer.state === 'new') throw refuse(5, `no user ${id} is known to the bot`);
    const now = host.now();
    const asked = (bot.userDetailsAsked.get(id) ?? []).filter(
      (at) => now - at < USER_DETAILS_WINDOW_MS,
    );
    if (asked.length >= USER_DETAILS_PER_WINDOW)
      throw refuse(12, 'get_user_details is answered twice per user in 12 hours');
    bot.userDetailsAsked.set(id, [...asked, now]);
    return {
      message_token: messageToken(),
      user: {
        id: customer.id,
        name: customer.name,
        avatar: customer.avatar,
        country: customer.country,
        language: customer.language,
        primary_device_os: 'Android 14',
        api_version: customer.apiVersion,
        viber_version: '24.8.0.0',
        mcc: 257,
        mnc: 2,
        device_type: 'Pixel 8',
      },
    };
  }

  /** `send_message`: to a subscribed user of a bot with a webhook, checked as Viber checks it. */
  async function sendMessage(bot: FakeViberBot, payload: Record<string, unknown>, size: number) {
    if (size > MAX_REQUEST_BYTES) throw refuse(3, 'the request is over 30 kB');
    if (!bot.webhook) throw refuse(10, 'no webhook is set for the bot');
    const receiver = text(payload.receiver);
    if (receiver === '') throw refuse(4, 'receiver is required');
    const customer = bot.customers.get(receiver);
    if (!customer) throw refuse(5, `${receiver} is not a Viber user known here`);
    if (customer.state !== 'subscribed') throw refuse(6, `${customer.name} is not subscribed`);
    if (payload.min_api_version !== undefined) {
      const wanted = Number(payload.min_api_version);
      if (!Number.isInteger(wanted)) throw refuse(3, 'min_api_version must be an integer');
      if (wanted > customer.apiVersion)
        throw refuse(13, `the user's devices support API ${customer.apiVersion}, below ${wanted}`);
    }
    const record = await checkContent(payload, customer.id);
    bot.sent.push(record);
    if (record.trackingData !== undefined && record.trackingData !== '')
      customer.trackingData = record.trackingData;
    if (record.keyboard)
      customer.keyboard = (payload.keyboard as { Buttons: Record<string, unknown>[] }).Buttons;
    const inSession =
      customer.lastWrote !== undefined && host.now() - customer.lastWrote < 24 * HOUR_MS;
    return { message_token: record.token, billing_status: inSession ? 1 : 5 };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${host.url}/pa`,
    addBot(name, uri = name.toLowerCase().replace(/\W+/g, '')) {
      const bot = new FakeViberBot(name, uri, host);
      bots.push(bot);
      return bot;
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

/** For tests: the status a number names, e.g. `statusName(6)` is receiverNotSubscribed. */
export const statusName = (status: number): string =>
  (VIBER_STATUS as Record<number, string | undefined>)[status] ?? 'generalError';
