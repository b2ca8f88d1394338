import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accessToken,
  answer,
  basicCredentials,
  bearerToken,
  checkSend,
  failureMessage,
  HttpError,
  invalidArgument,
  invalidClient,
  keySecret,
  maskedFields,
  MAX_MEDIA_BYTES,
  MAX_WEBHOOKS_PER_APP,
  msisdn,
  readBody,
  reason,
  rfc3339,
  signatureHeaders,
  sinchError,
  text,
  triggerOf,
  ulid,
  unauthenticated,
  uuid,
  viberIdentity,
  viberText,
  webhookFields,
  type DeliveryStatus,
  type ReasonCode,
  type SendRequest,
  type SinchCallback,
  type SinchReason,
  type SinchWebhook,
} from './sinch-shapes';

export type {
  DeliveryStatus,
  ReasonCode,
  SinchCallback,
  SinchReason,
  SinchWebhook,
} from './sinch-shapes';
export { webhookSignature } from './sinch-shapes';

/**
 * A local Sinch for tests, speaking the Conversation API as developers.sinch.com documents it
 * (and as sinch-sdk-node calls it), limited to what a Viber Business Messages (VIBERBM)
 * integration uses. One server stands for both auth.sinch.com and
 * {region}.conversation.api.sinch.com, so the product points both roots here:
 *
 * - `POST /oauth2/token`: the client-credentials grant with the access key (HTTP Basic), answering
 *   an hour-long bearer token (a JWT, as Sinch's are); API calls take that token, or the key itself
 *   by HTTP Basic ("for test purposes only", the docs say, but accepted);
 * - `/v1/projects/{project}/apps[/{app}]`: the project's apps, each a Viber service's VIBERBM
 *   credentials (`static_bearer.claimed_identity` is the service id);
 * - webhooks: listed per app, created (at most 5 per app, one per target), updated (with or
 *   without `update_mask`) and deleted;
 * - `messages:send`: text (truncated to Viber's 1000 characters, as the docs say Viber does), media
 *   (fetched at once), choices (labels recorded, transcoded unless one URL/call/location button).
 *   A send is refused only for a malformed request; a recipient who cannot get it is accepted and
 *   then reported FAILED in a MESSAGE_DELIVERY callback, as the Conversation API reports failures.
 *
 * Callbacks go to every HTTP webhook of the app whose triggers name the event, signed with the
 * webhook's secret when it has one (the four `x-sinch-webhook-signature*` headers). Customers'
 * media are served at `/media/<id>`.
 *
 * Knobs for tests: customers write (text, an image); deliveries reported in any status, twice, or
 * forged; callbacks retried until a 2xx; the next calls failing with 429, 500 or 503; the access
 * key deleted; a clock; and every call made and every message accepted, recorded as received.
 */

/** A Viber user, by the phone number Viber knows them by, and the contact Sinch made for them. */
export type SinchCustomer = { phone: string; name: string; contactId: string };

/** A customer's message besides its text: an image, served from `/media/<id>`. */
export type SinchWriteOptions = { image?: { bytes: Buffer; type: string } };

/** A message the server accepted, as the customer's Viber shows it (media fetched to bytes). */
export type SentSinch = {
  id: string;
  /** The phone number it went to (the identity as given when it was malformed). */
  to: string;
  /** The text shown: the first 1000 characters of a longer one. */
  text?: string;
  /** The text asked for was longer than Viber's 1000 characters. */
  truncated?: true;
  media?: { url: string; bytes: Buffer; contentType: string; filename?: string };
  /** A choice message's choices, by label. */
  choices?: string[];
  /** Viber has no native form for it: Sinch sent it as text. */
  transcoded?: true;
  correlationId?: string;
  metadata?: string;
  /** Why it never reached the customer (reported FAILED); absent for a message delivered. */
  failure?: SinchReason;
  /** The request as sent. */
  body: Record<string, unknown>;
};

/** One POST of a callback, and what our receiver answered (0: unreachable). */
export type WebhookAnswer = {
  webhookId: string;
  trigger: string;
  /** The message the callback is about (an inbound message's id, or the reported one's). */
  messageId: string;
  attempt: number;
  status: number;
};

type Failure = { paths: string[] | '*'; status: number };

/** What services need of the server they live on. */
type Host = {
  url: string;
  projectId: string;
  now: () => number;
  /** Keeps bytes and answers their `/media/<id>` link. */
  publish: (bytes: Buffer, type: string) => string;
  /** Viber users by phone: contacts are the project's, shared by its apps. */
  viberUsers: Map<string, SinchCustomer>;
};

const HOUR_MS = 3_600_000;
const TOKEN_SECONDS = 3600;
/** The customer-care window a session-only account answers in. */
const SESSION_MS = 24 * HOUR_MS;

/** A Viber Business service connected to a Conversation API app with VIBERBM credentials. */
export class FakeViberService {
  readonly appId: string;
  /** The app's webhooks, in the order they were created. */
  readonly webhooks: SinchWebhook[] = [];
  /** Messages the server accepted for this app, in order (a repeated send is a second one). */
  readonly sent: SentSinch[] = [];
  /** Every POST of a callback and the status our receiver answered. */
  readonly webhookAnswers: WebhookAnswer[] = [];
  /** The Viber users who wrote to this service, by phone. */
  readonly customers = new Map<string, SinchCustomer>();
  /** When each customer last wrote. */
  readonly lastInbound = new Map<string, number>();
  /**
   * How many times a callback is posted until our receiver answers 2xx. Sinch retries "with
   * exponential backoff" and publishes no schedule for the Conversation API; here the retries
   * follow at once, so a test need not wait.
   */
  attempts = 1;
  /** The last correlation_id sent to each customer: inbound callbacks carry it back. */
  private readonly correlations = new Map<string, string>();
  private readonly conversations = new Map<string, string>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly serviceId: string,
    readonly displayName: string,
    /**
     * A "session" account, which cannot start a conversation: sends answer only a customer who
     * wrote in the last 24 hours. The docs: the Conversation API serves 1way and 2way accounts,
     * and 2way ones may write first — the default here.
     */
    readonly sessionOnly: boolean,
    private readonly host: Host,
  ) {
    this.appId = ulid(host.now());
  }

  /** The app as `GET apps/{app}` answers it, in the field order of Sinch's SDK fixtures. */
  appJson(): Record<string, unknown> {
    return {
      id: this.appId,
      channel_credentials: [
        {
          channel: 'VIBERBM',
          static_bearer: { claimed_identity: this.serviceId, token: '' },
          callback_secret: '',
          state: { status: 'ACTIVE', description: '' },
          channel_known_id: '',
          credential_ordinal_number: 0,
        },
      ],
      conversation_metadata_report_view: 'NONE',
      display_name: this.displayName,
      rate_limits: { outbound: 20, inbound: 100, webhooks: 25 },
      retention_policy: { retention_type: 'MESSAGE_EXPIRE_POLICY', ttl_days: 180 },
      dispatch_retention_policy: { retention_type: 'MESSAGE_EXPIRE_POLICY', ttl_days: 0 },
      // Contacts and conversations are kept, so callbacks carry their ids.
      processing_mode: 'CONVERSATION',
      smart_conversation: { enabled: false },
      queue_stats: { outbound_size: 0, outbound_limit: 500_000 },
      persist_message_status: { enabled: false },
      message_search: { enabled: false },
      callback_settings: { secret_for_overridden_callback_urls: '' },
      delivery_report_based_fallback: { enabled: false, delivery_report_waiting_time: 0 },
      message_retry_settings: null,
    };
  }

  /** A Viber user with this phone (digits with the country code), unknown to the app until they write. */
  newCustomer(phone: string, name = 'Viber User'): SinchCustomer {
    const digits = msisdn(phone);
    if (digits === undefined) throw new Error(`not a phone number with its country code: ${phone}`);
    const known = this.host.viberUsers.get(digits);
    if (known) return known;
    const customer = { phone: digits, name, contactId: ulid(this.host.now()) };
    this.host.viberUsers.set(digits, customer);
    return customer;
  }

  /** Messages that reached the customer (accepted and not failed), in order. */
  received(customer: SinchCustomer): SentSinch[] {
    return this.sent.filter((entry) => entry.to === customer.phone && !entry.failure);
  }

  private conversationOf(customer: SinchCustomer): string {
    let id = this.conversations.get(customer.contactId);
    if (id === undefined) {
      id = ulid(this.host.now());
      this.conversations.set(customer.contactId, id);
    }
    return id;
  }

  private envelope(correlationId = ''): Omit<SinchCallback, 'message' | 'message_delivery_report'> {
    const now = rfc3339(this.host.now());
    return {
      app_id: this.appId,
      accepted_time: now,
      event_time: now,
      project_id: this.host.projectId,
      message_metadata: '',
      correlation_id: correlationId,
    };
  }

  /**
   * A customer's message as a MESSAGE_INBOUND body, not yet delivered. From now on the customer
   * is known to the app and their 24 hours run: the message exists at Sinch already.
   */
  composeInbound(
    customer: SinchCustomer,
    messageText: string,
    opts: SinchWriteOptions = {},
  ): SinchCallback {
    if (opts.image && messageText !== '')
      // A contact message holds one kind: a picture and a text are two messages.
      throw new Error('an image and a text are two messages: write them one by one');
    const now = this.host.now();
    this.customers.set(customer.phone, customer);
    this.lastInbound.set(customer.phone, now);
    const contactMessage = opts.image
      ? { media_message: { url: this.host.publish(opts.image.bytes, opts.image.type) } }
      : { text_message: { text: messageText } };
    return {
      ...this.envelope(this.correlations.get(customer.phone)),
      message: {
        id: ulid(now),
        direction: 'TO_APP',
        contact_message: contactMessage,
        channel_identity: viberIdentity(customer.phone),
        conversation_id: this.conversationOf(customer),
        contact_id: customer.contactId,
        metadata: '',
        accept_time: rfc3339(now),
        processing_mode: 'CONVERSATION',
        injected: false,
      },
    };
  }

  /** A customer writes; delivered at once. Answers the message's id and our receiver's status. */
  async customerWrites(
    customer: SinchCustomer,
    messageText: string,
    opts: SinchWriteOptions = {},
  ): Promise<{ messageId: string; status: number }> {
    const body = this.composeInbound(customer, messageText, opts);
    return { messageId: text(body.message?.id), status: await this.deliver(body) };
  }

  /** A MESSAGE_DELIVERY body for a message the server accepted, not yet delivered. */
  composeDelivery(
    messageId: string,
    status: DeliveryStatus,
    why?: ReasonCode | SinchReason,
  ): SinchCallback {
    const sent = this.sent.find((entry) => entry.id === messageId);
    if (!sent) throw new Error(`no message ${messageId} was sent by app ${this.appId}`);
    const customer = this.host.viberUsers.get(sent.to);
    const failure = typeof why === 'string' ? reason(why) : why;
    return {
      ...this.envelope(sent.correlationId),
      message_delivery_report: {
        message_id: messageId,
        conversation_id: customer ? this.conversationOf(customer) : '',
        status,
        channel_identity: viberIdentity(sent.to),
        contact_id: customer?.contactId ?? '',
        ...(failure ? { reason: failure } : {}),
        metadata: sent.metadata ?? '',
        processing_mode: 'CONVERSATION',
      },
    };
  }

  /**
   * Reports a status of our message (VIBERBM reports DELIVERED, READ and FAILED); delivered at
   * once, in any order and as often as asked.
   */
  reportDelivery(
    messageId: string,
    status: DeliveryStatus,
    why?: ReasonCode | SinchReason,
  ): Promise<number> {
    return this.deliver(this.composeDelivery(messageId, status, why));
  }

  /**
   * Posts a callback to every HTTP webhook of the app whose triggers name it, signed with the
   * webhook's secret (or `secret`, for a forged one), each until it answers 2xx or `attempts` ran
   * out. Answers the final status of the first webhook that never got a 2xx, else of the last one
   * (0 when nothing was posted or the receiver was unreachable).
   */
  async deliver(body: SinchCallback, secret?: string, attempts = this.attempts): Promise<number> {
    const trigger = triggerOf(body);
    const targets = this.webhooks.filter(
      (hook) => hook.target_type === 'HTTP' && hook.triggers.includes(trigger),
    );
    const raw = JSON.stringify(body);
    const messageId = text(body.message?.id) || text(body.message_delivery_report?.message_id);
    let answered: number | undefined;
    for (const hook of targets) {
      const status = await this.post(hook, raw, { trigger, messageId, attempts, secret });
      if (answered === undefined || (answered >= 200 && answered <= 299)) answered = status;
    }
    return answered ?? 0;
  }

  private async post(
    hook: SinchWebhook,
    raw: string,
    opts: { trigger: string; messageId: string; attempts: number; secret: string | undefined },
  ): Promise<number> {
    const secret = opts.secret ?? hook.secret;
    let status = 0;
    for (let attempt = 1; attempt <= opts.attempts; attempt++) {
      // Each attempt is signed anew: the timestamp is when the signature was computed, and a
      // receiver that keeps nonces (as the docs advise) would refuse a replayed one.
      const headers = {
        'content-type': 'application/json',
        ...(secret !== '' ? signatureHeaders(raw, secret, this.host.now()) : {}),
      };
      status = await fetch(hook.target, {
        method: 'POST',
        headers,
        body: raw,
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      this.webhookAnswers.push({
        webhookId: hook.id,
        trigger: opts.trigger,
        messageId: opts.messageId,
        attempt,
        status,
      });
      if (status >= 200 && status <= 299) break;
    }
    return status;
  }

  /** Posts a FAILED report after the send was answered, as the Conversation API does. */
  reportFailureLater(sent: SentSinch): void {
    if (!sent.failure) return;
    const failure = sent.failure;
    const delivery = this.reportDelivery(sent.id, 'FAILED', failure)
      .catch(() => 0)
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for the callbacks still on their way (FAILED reports follow the send's answer). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Accepts a checked send: resolves the recipient, fetches the media, and records what the
   * customer got, or why they got nothing.
   */
  async accept(request: SendRequest, body: Record<string, unknown>): Promise<SentSinch> {
    const sent: SentSinch = { id: ulid(this.host.now()), to: '', body };
    if (request.text !== undefined) {
      const shown = viberText(request.text);
      sent.text = shown.text;
      if (shown.truncated) sent.truncated = true;
    }
    if (request.choices) sent.choices = request.choices;
    if (request.transcoded) sent.transcoded = true;
    if (request.correlationId !== undefined) sent.correlationId = request.correlationId;
    if (request.metadata !== undefined) sent.metadata = request.metadata;
    const recipient = this.recipientOf(request);
    sent.to = recipient.to;
    let failure = recipient.failure;
    if (request.media && !failure) {
      const fetched = await fetchMedia(request.media.url);
      if ('failure' in fetched) failure = fetched.failure;
      else
        sent.media = {
          url: request.media.url,
          ...fetched,
          ...(request.media.filenameOverride !== undefined
            ? { filename: request.media.filenameOverride }
            : {}),
        };
    }
    if (failure) sent.failure = reason(failure);
    else if (request.correlationId !== undefined)
      this.correlations.set(sent.to, request.correlationId);
    this.sent.push(sent);
    return sent;
  }

  /** Whom a send reaches, or why it cannot. */
  private recipientOf(request: SendRequest): { to: string; failure?: ReasonCode } {
    const recipient = request.recipient;
    if ('contactId' in recipient) {
      const contact = [...this.host.viberUsers.values()].find(
        (user) => user.contactId === recipient.contactId,
      );
      if (!contact) return { to: '', failure: 'CONTACT_NOT_FOUND' };
      return this.reachable(contact.phone);
    }
    const phone = msisdn(recipient.identity);
    if (phone === undefined)
      return { to: recipient.identity, failure: 'RECIPIENT_INVALID_CHANNEL_IDENTITY' };
    return this.reachable(phone);
  }

  private reachable(phone: string): { to: string; failure?: ReasonCode } {
    if (!this.host.viberUsers.has(phone)) return { to: phone, failure: 'RECIPIENT_NOT_REACHABLE' };
    const wrote = this.lastInbound.get(phone);
    if (this.sessionOnly && (wrote === undefined || this.host.now() - wrote > SESSION_MS))
      return { to: phone, failure: 'OUTSIDE_ALLOWED_SENDING_WINDOW' };
    return { to: phone };
  }
}

/** Sinch fetches a media message's url; one it cannot get is MEDIA_NOT_REACHABLE, later. */
async function fetchMedia(
  url: string,
): Promise<{ bytes: Buffer; contentType: string } | { failure: ReasonCode }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) return { failure: 'MEDIA_NOT_REACHABLE' };
    if (bytes.length >= MAX_MEDIA_BYTES) return { failure: 'MEDIA_TOO_LARGE' };
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { bytes, contentType };
  } catch {
    return { failure: 'MEDIA_NOT_REACHABLE' };
  }
}

export type SinchApiServer = {
  /** The root of both hosts (auth.sinch.com and {region}.conversation.api.sinch.com). */
  url: string;
  /** The project and its access key, as the dashboard shows them. */
  projectId: string;
  keyId: string;
  keySecret: string;
  /** Every call, as `METHOD kind`: `POST oauth2/token`, `GET apps`, `GET app`, `GET webhooks`,
   * `POST webhooks`, `GET|PATCH|DELETE webhook`, `POST messages:send`; refused ones too. */
  calls: string[];
  /** A Conversation API app with VIBERBM credentials claiming `serviceId`. */
  addViberService(
    serviceId: string,
    displayName?: string,
    opts?: { sessionOnly?: boolean },
  ): FakeViberService;
  /**
   * The next `count` calls of `paths` (kinds as in `calls`, without the method; all by default)
   * answer `status` in Sinch's error shape: 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE.
   */
  failNextWith(count: number, status: 429 | 500 | 503, paths?: string | string[]): void;
  /** The access key is deleted: token requests and the tokens it gave answer 401 from now on. */
  revokeKey(): void;
  /** Moves the server's clock on (tokens, the 24-hour window, timestamps). */
  advance(ms: number): void;
  now(): number;
  /** Waits for every callback still on its way. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/** Starts a local Sinch on an ephemeral port. */
export async function startSinchApiServer(): Promise<SinchApiServer> {
  const services: FakeViberService[] = [];
  const media = new Map<string, { bytes: Buffer; type: string }>();
  /** Tokens by their text, with their expiry (server clock). */
  const tokens = new Map<string, { expires: number }>();
  const failures: Failure[] = [];
  const signingKey = randomBytes(32).toString('hex');
  let offset = 0;
  let keyRevoked = false;

  const host: Host = {
    url: '',
    projectId: uuid(),
    now: () => Date.now() + offset,
    viberUsers: new Map(),
    publish(bytes, type) {
      const id = randomBytes(12).toString('base64url');
      media.set(id, { bytes, type });
      return `${host.url}/media/${id}`;
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      const refusal = error instanceof HttpError ? error : sinchError(500, 'Internal error');
      for (const [name, value] of Object.entries(refusal.headers)) response.setHeader(name, value);
      answer(response, refusal.status, refusal.body);
    });
  });

  const api: SinchApiServer = {
    url: '',
    projectId: host.projectId,
    keyId: uuid(),
    keySecret: keySecret(),
    calls: [],
    addViberService(serviceId, displayName = `Viber ${serviceId}`, opts = {}) {
      const service = new FakeViberService(serviceId, displayName, opts.sessionOnly === true, host);
      services.push(service);
      return service;
    },
    failNextWith(count, status, paths = '*') {
      const list = paths === '*' ? '*' : typeof paths === 'string' ? [paths] : paths;
      for (let i = 0; i < count; i++) failures.push({ paths: list, status });
    },
    revokeKey() {
      keyRevoked = true;
    },
    advance(ms) {
      offset += ms;
    },
    now: () => host.now(),
    async settled() {
      await Promise.all(services.map((service) => service.settled()));
    },
    async close() {
      await api.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };

  // ---- HTTP ----

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const file = /^\/media\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (file !== undefined && method === 'GET') {
      serveMedia(file, response);
      return;
    }
    if (url.pathname === '/oauth2/token') {
      record(method, 'oauth2/token');
      if (method !== 'POST') throw sinchError(404, 'Not Found');
      answer(response, 200, issueToken(request, body));
      return;
    }
    // Clients may write the custom method's colon escaped (`messages%3Asend`).
    const path = /^\/v1(?:beta)?\/projects\/([^/]+)\/(.+)$/.exec(decodeURIComponent(url.pathname));
    if (!path) throw sinchError(404, `Not Found: ${url.pathname}`);
    const rest = path[2] ?? '';
    record(method, kindOf(rest));
    authenticate(request.headers.authorization);
    if (path[1] !== host.projectId)
      throw sinchError(403, `Permission denied on project ${path[1] ?? ''}`);
    const result = await route(method, rest, url.searchParams, request, body);
    answer(response, 200, result.body);
    if (result.sent) {
      const { service, sent } = result.sent;
      // A FAILED report follows the send's answer, never precedes it.
      response.once('finish', () => {
        service.reportFailureLater(sent);
      });
    }
  }

  /** Records a call, then answers a failure a test asked for. */
  function record(method: string, kind: string): void {
    api.calls.push(`${method} ${kind}`);
    const index = failures.findIndex((entry) => entry.paths === '*' || entry.paths.includes(kind));
    if (index < 0) return;
    const status = failures.splice(index, 1)[0]?.status ?? 503;
    throw sinchError(status, failureMessage(status));
  }

  /** What a call is about, for `calls` and the failure knobs. */
  function kindOf(rest: string): string {
    if (rest === 'apps') return 'apps';
    if (/^apps\/[^/]+$/.test(rest)) return 'app';
    if (/^apps\/[^/]+\/webhooks$/.test(rest) || rest === 'webhooks') return 'webhooks';
    if (/^webhooks\/[^/]+$/.test(rest)) return 'webhook';
    return rest;
  }

  function serveMedia(id: string, response: ServerResponse): void {
    const held = media.get(id);
    if (!held) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    response
      .writeHead(200, { 'content-type': held.type, 'content-length': held.bytes.length })
      .end(held.bytes);
  }

  // ---- auth ----

  /** The client-credentials grant: the key by HTTP Basic (or, per RFC 6749, in the form). */
  function issueToken(request: IncomingMessage, body: Buffer) {
    const form = new URLSearchParams(body.toString('utf8'));
    const client = basicCredentials(request.headers.authorization) ?? {
      id: form.get('client_id') ?? '',
      secret: form.get('client_secret') ?? '',
    };
    if (keyRevoked || client.id !== api.keyId || client.secret !== api.keySecret)
      throw invalidClient();
    if (form.get('grant_type') !== 'client_credentials')
      throw new HttpError(400, {
        error: 'unsupported_grant_type',
        error_description: 'Only client_credentials is supported',
      });
    const issuedAt = Math.floor(host.now() / 1000);
    const token = accessToken(
      {
        iss: 'https://auth.sinch.com',
        sub: api.keyId,
        project_id: host.projectId,
        iat: issuedAt,
        exp: issuedAt + TOKEN_SECONDS,
        jti: uuid(),
      },
      signingKey,
    );
    tokens.set(token, { expires: (issuedAt + TOKEN_SECONDS) * 1000 });
    // The docs' answer: "token_type": "Bearer", "expires_in": 3600, "scope": "".
    return { access_token: token, expires_in: TOKEN_SECONDS, scope: '', token_type: 'Bearer' };
  }

  /** A bearer token the server issued and still honours, or the access key by HTTP Basic. */
  function authenticate(header: string | undefined): void {
    const basic = basicCredentials(header);
    if (basic) {
      if (keyRevoked || basic.id !== api.keyId || basic.secret !== api.keySecret)
        throw unauthenticated();
      return;
    }
    const token = bearerToken(header);
    const issued = token === undefined ? undefined : tokens.get(token);
    if (!issued || keyRevoked) throw unauthenticated();
    if (host.now() >= issued.expires) throw unauthenticated(true);
  }

  // ---- the Conversation API ----

  type Routed = {
    body: unknown;
    sent?: { service: FakeViberService; sent: SentSinch };
  };

  async function route(
    method: string,
    rest: string,
    query: URLSearchParams,
    request: IncomingMessage,
    raw: Buffer,
  ): Promise<Routed> {
    const [first, second, third] = rest.split('/');
    if (first === 'apps' && method === 'GET' && second === undefined)
      return { body: { apps: services.map((service) => service.appJson()) } };
    if (first === 'apps' && method === 'GET' && second !== undefined) {
      const service = appOf(second, 404);
      if (third === undefined) return { body: service.appJson() };
      if (third === 'webhooks' && rest.split('/').length === 3)
        return { body: { webhooks: service.webhooks } };
    }
    if (first === 'webhooks' && second === undefined && method === 'POST')
      return { body: createWebhook(jsonBody(request, raw)) };
    if (first === 'webhooks' && second !== undefined && third === undefined)
      return { body: webhookCall(method, second, query, request, raw) };
    if (rest === 'messages:send' && method === 'POST') {
      const payload = jsonBody(request, raw);
      const checked = checkSend(payload);
      // Our reading: an app_id of no app of the project is the request's mistake.
      const service = appOf(checked.appId, 400);
      const sent = await service.accept(checked, payload);
      return {
        body: { accepted_time: rfc3339(host.now()), message_id: sent.id },
        sent: { service, sent },
      };
    }
    throw sinchError(404, `Not Found: ${method} ${rest}`);
  }

  function appOf(appId: string, status: 400 | 404): FakeViberService {
    const service = services.find((entry) => entry.appId === appId);
    if (!service) throw sinchError(status, `App ${appId} not found`);
    return service;
  }

  /**
   * A JSON object body. Sinch's own guide warns that a body sent without
   * `Content-Type: application/json` is an API error.
   */
  function jsonBody(request: IncomingMessage, raw: Buffer): Record<string, unknown> {
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      throw invalidArgument('Content-Type must be application/json');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidArgument('The request body is not valid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalidArgument('The request body must be a JSON object');
    return parsed as Record<string, unknown>;
  }

  function webhookById(id: string): { service: FakeViberService; hook: SinchWebhook } {
    for (const service of services) {
      const hook = service.webhooks.find((entry) => entry.id === id);
      if (hook) return { service, hook };
    }
    throw sinchError(404, `Webhook ${id} not found`);
  }

  /** An app's webhooks: at most 5, and "each webhook target URL must be unique per app". */
  function checkRoom(service: FakeViberService, target: string, except?: SinchWebhook): void {
    const others = service.webhooks.filter((entry) => entry !== except);
    if (others.length >= MAX_WEBHOOKS_PER_APP)
      throw invalidArgument(`App ${service.appId} already has ${MAX_WEBHOOKS_PER_APP} webhooks`);
    if (others.some((entry) => entry.target === target))
      throw invalidArgument(`App ${service.appId} already has a webhook for ${target}`);
  }

  function createWebhook(body: Record<string, unknown>): SinchWebhook {
    const fields = webhookFields(body);
    if (!fields.app_id) throw invalidArgument('app_id is required');
    if (!fields.target) throw invalidArgument('target is required');
    const service = appOf(fields.app_id, 400);
    checkRoom(service, fields.target);
    const hook: SinchWebhook = {
      id: ulid(host.now()),
      app_id: service.appId,
      target: fields.target,
      target_type: fields.target_type ?? 'HTTP',
      secret: fields.secret ?? '',
      triggers: fields.triggers ?? [],
      ...(fields.client_credentials ? { client_credentials: fields.client_credentials } : {}),
    };
    service.webhooks.push(hook);
    return hook;
  }

  function webhookCall(
    method: string,
    id: string,
    query: URLSearchParams,
    request: IncomingMessage,
    raw: Buffer,
  ): unknown {
    const { service, hook } = webhookById(id);
    if (method === 'GET') return hook;
    if (method === 'DELETE') {
      service.webhooks.splice(service.webhooks.indexOf(hook), 1);
      return {};
    }
    if (method !== 'PATCH') throw sinchError(404, `Not Found: ${method} webhooks/${id}`);
    const fields = maskedFields(query, webhookFields(jsonBody(request, raw)));
    const target = fields.target ?? hook.target;
    const owner = fields.app_id !== undefined ? appOf(fields.app_id, 400) : service;
    checkRoom(owner, target, hook);
    const { client_credentials: credentials, ...rest } = fields;
    Object.assign(hook, { ...rest, app_id: owner.appId, target });
    // A field the mask names but the body leaves out is cleared, as a field mask does.
    if ('client_credentials' in fields) {
      if (credentials) hook.client_credentials = credentials;
      else delete hook.client_credentials;
    }
    if (owner !== service) {
      service.webhooks.splice(service.webhooks.indexOf(hook), 1);
      owner.webhooks.push(hook);
    }
    return hook;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = host.url;
  return api;
}
