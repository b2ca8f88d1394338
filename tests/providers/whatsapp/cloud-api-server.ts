import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WhatsApp Cloud API for tests, speaking it as Meta documents it
 * (developers.facebook.com/docs/whatsapp/cloud-api): `/{version}/{id}/{edge}` with a Bearer token,
 * JSON or multipart bodies, Graph errors as `{error:{message,type,code,error_subcode,error_data,
 * fbtrace_id}}`; webhooks POSTed to the subscribed callback as `whatsapp_business_account`
 * batches signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret),
 * after the GET handshake with `hub.mode`, `hub.verify_token` and `hub.challenge`; media by id,
 * then by a link that needs the token and expires after five minutes. The product points
 * WHATSAPP_API_ROOT here.
 *
 * Knobs for tests: customers write (text, image, document), several messages and statuses in
 * one batch, a delivery made twice, statuses out of order, the next calls answering 429 or 503
 * with Meta's codes, a clock to move, and every message our side sent, recorded as received.
 *
 * Message templates as the Business Management API has them: `POST /{WABA}/message_templates`
 * checks a template's shape at once (name, category, language, variables with examples, buttons;
 * a name and language taken is error 100 / 2388024) and answers PENDING; a test then reviews it
 * (`review`), which reports the outcome by a signed `message_template_status_update` webhook;
 * `DELETE` by name and id. A template message is refused unless its template is approved (132001)
 * and its values fit it (132000, 132018). A free-form message more than 24 hours after the
 * customer last wrote is refused with 131047, as Meta does.
 */

export type WaCustomer = { waId: string; name: string };

/** A message our side sent, as the server received it (media resolved to their bytes). */
export type SentWhatsApp = {
  id: string;
  to: string;
  type: string;
  text?: string;
  caption?: string;
  media?: { name: string | undefined; type: string; bytes: Buffer };
  body: Record<string, unknown>;
  /** An interactive message: its body and the answers offered (reply buttons or a list's rows). */
  interactive?: { kind: 'button' | 'list'; body: string; answers: string[] };
  /** A template message: the template's name, language and the values sent for its variables. */
  template?: { name: string; language: string; header: string[]; body: string[] };
};

/** A template the account holds, as Meta keeps it. */
export type HeldTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  components: Record<string, unknown>[];
};

type StoredMedia = { id: string; type: string; bytes: Buffer; name: string | undefined };
type Failure = { status: number; code: number; message: string; retryAfter?: number };

const graphError = (
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
): GraphError =>
  new GraphError(status, {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...extra,
      fbtrace_id: `A${randomBytes(8).toString('base64url')}`,
    },
  });

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Record<string, unknown> },
    readonly retryAfter?: number,
  ) {
    super(String(body.error.message));
  }
}

/** One WhatsApp Business Account with one phone number, as a company would have at Meta. */
export class FakeWhatsAppAccount {
  readonly accountId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e12));
  readonly phoneNumberId = String(200_000_000_000_000 + Math.floor(Math.random() * 1e12));
  /** The system user's access token Meta takes now (renewTokens replaces it). */
  token = `EAAG${randomBytes(30).toString('base64url')}`;
  /** Tokens that worked once and have lapsed: Meta answers them with code 190, subcode 463. */
  readonly lapsedTokens = new Set<string>();
  readonly appSecret = randomBytes(16).toString('hex');
  /** Messages our side sent, in the order they were accepted. */
  readonly sent: SentWhatsApp[] = [];
  /** Every API call as `METHOD edge`, failed ones included ("it retried" assertions). */
  readonly calls: string[] = [];
  /** The subscribed callback, once the handshake with it passed. */
  callback: { url: string; verifyToken: string } | undefined;
  /** Webhook deliveries and the status our server answered each with. */
  readonly webhookAnswers: number[] = [];
  readonly media = new Map<string, StoredMedia>();
  /** The account's message templates, by Meta's id. */
  readonly templates = new Map<string, HeldTemplate>();
  /** When each customer (wa_id) last wrote: their 24-hour window. */
  readonly lastInbound = new Map<string, number>();
  private failures: { edges: string[] | '*'; failure: Failure }[] = [];
  /** Statuses posted for the next message sent before Meta answers the send (a race Meta has). */
  earlyStatuses: ReportedStatus['status'][] = [];
  /** Whether the next template submitted is approved, by webhook, before Meta answers. */
  approveAtOnce = false;

  constructor(
    readonly phone: string,
    readonly verifiedName: string,
    private readonly server: { url: string; now: () => number },
  ) {}

  /**
   * The token lapses (expired, or revoked in the Business Manager) and the administrator is
   * issued a new one: calls with the old one are refused as Meta refuses them. The new token.
   */
  renewToken(): string {
    this.lapsedTokens.add(this.token);
    this.token = `EAAG${randomBytes(30).toString('base64url')}`;
    return this.token;
  }

  /** The next `count` calls of `edges` (`messages`, `media`; all by default) are throttled: 429 with Meta's code. */
  failNextWith429(count: number, code = 130429, edges: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({
        edges,
        failure: {
          status: 429,
          code,
          message: '(#130429) Rate limit hit',
          retryAfter: code === 131056 ? 6 : undefined,
        },
      });
  }

  /** The next `count` calls answer 503 with code 131016 ("Service unavailable"). */
  failNextWith503(count: number, edges: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({
        edges,
        failure: { status: 503, code: 131016, message: '(#131016) Service unavailable' },
      });
  }

  takeFailure(edge: string): Failure | undefined {
    const index = this.failures.findIndex(
      (entry) => entry.edges === '*' || entry.edges.includes(edge),
    );
    if (index < 0) return undefined;
    const [entry] = this.failures.splice(index, 1);
    return entry?.failure;
  }

  /** A customer's text message as a webhook batch of its own (not yet delivered). */
  composeText(customer: WaCustomer, text: string): WebhookBody {
    return this.batch([this.messageChange(customer, [{ type: 'text', text: { body: text } }])]);
  }

  /** A customer writes a text; delivered to the callback at once. */
  async customerWrites(customer: WaCustomer, text: string): Promise<WebhookBody> {
    const body = this.composeText(customer, text);
    await this.deliver(body);
    return body;
  }

  /** A customer sends a file (an image, else a document), kept here for its media link. */
  async customerSendsMedia(
    customer: WaCustomer,
    file: { type: string; bytes: Buffer; name?: string },
    caption?: string,
  ): Promise<WebhookBody> {
    const stored = this.storeMedia(file.type, file.bytes, file.name);
    const kind = file.type.startsWith('image/') ? 'image' : 'document';
    const media: Record<string, unknown> = {
      id: stored.id,
      mime_type: file.type,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      ...(caption ? { caption } : {}),
      ...(kind === 'document' && file.name ? { filename: file.name } : {}),
    };
    const body = this.batch([this.messageChange(customer, [{ type: kind, [kind]: media }])]);
    await this.deliver(body);
    return body;
  }

  /**
   * Several customers' messages and statuses in one call, as Meta batches them: two entries of
   * the account, each change with its messages or statuses.
   */
  composeBatch(
    parts: ({ customer: WaCustomer; texts: string[] } | { statuses: ReportedStatus[] })[],
  ): WebhookBody {
    const changes = parts.map((part) =>
      'customer' in part
        ? this.messageChange(
            part.customer,
            part.texts.map((text) => ({ type: 'text', text: { body: text } })),
          )
        : this.statusChange(part.statuses),
    );
    const half = Math.ceil(changes.length / 2);
    return {
      object: 'whatsapp_business_account',
      entry: [
        { id: this.accountId, changes: changes.slice(0, half) },
        ...(changes.length > half ? [{ id: this.accountId, changes: changes.slice(half) }] : []),
      ],
    };
  }

  /** A customer taps an answer of an interactive message (a reply button or a list row). */
  async customerTaps(
    customer: WaCustomer,
    answer: { id: string; title: string },
    kind: 'button' | 'list' = 'button',
  ): Promise<WebhookBody> {
    const reply = kind === 'button' ? 'button_reply' : 'list_reply';
    const body = this.batch([
      this.messageChange(customer, [
        { type: 'interactive', interactive: { type: reply, [reply]: answer } },
      ]),
    ]);
    await this.deliver(body);
    return body;
  }

  /** Statuses of our sent messages, each in a call of its own, in the order given (out of order too). */
  async reportStatuses(...statuses: ReportedStatus[]): Promise<void> {
    for (const status of statuses) await this.deliver(this.batch([this.statusChange([status])]));
  }

  /** Delivers a batch again, or several in the order given: Meta retries a call it got no 200 for. */
  async redeliver(...bodies: WebhookBody[]): Promise<void> {
    for (const body of bodies) await this.deliver(body);
  }

  /** Posts a batch to the callback, signed; retried up to three times on anything but 2xx. */
  async deliver(body: WebhookBody, signWith = this.appSecret): Promise<number> {
    if (!this.callback) throw new Error('no callback is subscribed');
    const raw = JSON.stringify(body);
    const signature = `sha256=${createHmac('sha256', signWith).update(raw).digest('hex')}`;
    let status = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(this.callback.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body: raw,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      this.webhookAnswers.push(status);
      if (status >= 200 && status < 300) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return status;
  }

  /**
   * Meta's review of a template comes to an end: its status moves, and the account's callback is
   * told by a `message_template_status_update` change (with the reason of a rejection).
   */
  async review(
    templateId: string,
    event: 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED',
    reason = 'NONE',
  ): Promise<number> {
    const template = this.templates.get(templateId);
    if (!template) throw new Error(`no template ${templateId}`);
    template.status = event;
    return this.deliver(
      this.batch([
        {
          field: 'message_template_status_update',
          value: {
            event,
            message_template_id: Number(template.id),
            message_template_name: template.name,
            message_template_language: template.language,
            reason,
          },
        },
      ]),
    );
  }

  /** The account's template of this name and language, if it holds one. */
  templateNamed(name: string, language: string): HeldTemplate | undefined {
    return [...this.templates.values()].find(
      (template) => template.name === name && template.language === language,
    );
  }

  storeMedia(type: string, bytes: Buffer, name?: string): StoredMedia {
    const stored = { id: String(900_000_000 + this.media.size * 7 + 1), type, bytes, name };
    this.media.set(stored.id, stored);
    return stored;
  }

  private batch(changes: WebhookChange[]): WebhookBody {
    return { object: 'whatsapp_business_account', entry: [{ id: this.accountId, changes }] };
  }

  private metadata() {
    return { display_phone_number: this.phone, phone_number_id: this.phoneNumberId };
  }

  private messageChange(customer: WaCustomer, contents: Record<string, unknown>[]): WebhookChange {
    this.lastInbound.set(customer.waId, this.server.now());
    const timestamp = String(Math.floor(this.server.now() / 1000));
    return {
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: this.metadata(),
        contacts: [{ profile: { name: customer.name }, wa_id: customer.waId }],
        messages: contents.map((content) => ({
          from: customer.waId,
          id: `wamid.${randomBytes(18).toString('base64url')}`,
          timestamp,
          ...content,
        })),
      },
    };
  }

  private statusChange(statuses: ReportedStatus[]): WebhookChange {
    const timestamp = String(Math.floor(this.server.now() / 1000));
    return {
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: this.metadata(),
        statuses: statuses.map(({ id, status, code }) => {
          const sent = this.sent.find((message) => message.id === id);
          return {
            id,
            status,
            timestamp,
            recipient_id: sent?.to ?? '',
            ...(status === 'failed'
              ? {
                  errors: [failure(code ?? 131026)],
                }
              : {}),
          };
        }),
      },
    };
  }

  get baseUrl(): string {
    return this.server.url;
  }
}

/** A status Meta reports of a sent message; a failed one with its error code (131026 by default). */
export type ReportedStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  code?: number;
};

/** Meta's error object of a failed status, as its webhook reference shows it. */
function failure(code: number) {
  const title =
    code === 131047
      ? 'Re-engagement message'
      : code === 131026
        ? 'Message undeliverable'
        : 'Message failed to send';
  const details =
    code === 131047
      ? 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.'
      : title;
  return { code, title, message: title, error_data: { details } };
}

export type WebhookChange = { field: string; value: Record<string, unknown> };
export type WebhookBody = {
  object: string;
  entry: { id: string; changes: WebhookChange[] }[];
};

const digits = (phone: string) => phone.replace(/\D/g, '');

/** A JSON or form value as text: a string as it is, anything else (absent, an object) empty. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export type CloudApiServer = {
  /** The API root for WHATSAPP_API_ROOT, e.g. http://127.0.0.1:40123 */
  url: string;
  /** An account with one number (digits with the country code) Meta answers for. */
  addAccount(phone: string, verifiedName: string): FakeWhatsAppAccount;
  /** Moves the server's clock on (media links expire after five minutes of it). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Media links live five minutes (Cloud API "Retrieve media URL"). */
const MEDIA_LINK_MS = 5 * 60_000;

/** Starts a local Cloud API on an ephemeral port. */
export async function startCloudApiServer(): Promise<CloudApiServer> {
  const accounts: FakeWhatsAppAccount[] = [];
  let offset = 0;
  const where = { url: '', now: () => Date.now() + offset };
  const links = new Map<
    string,
    { media: StoredMedia; account: FakeWhatsAppAccount; until: number }
  >();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof GraphError)
        answer(
          response,
          error.status,
          error.body,
          error.retryAfter !== undefined ? { 'retry-after': String(error.retryAfter) } : {},
        );
      else
        answer(response, 500, { error: { message: 'An unexpected error has occurred.', code: 1 } });
    });
  });

  function accountOf(request: IncomingMessage): FakeWhatsAppAccount {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const account = accounts.find((entry) => entry.token === token);
    const lapsed = accounts.find((entry) => entry.lapsedTokens.has(token));
    if (lapsed) {
      lapsed.calls.push(`${request.method ?? 'GET'} refused: token lapsed`);
      throw graphError(
        401,
        190,
        'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.',
        { error_subcode: 463 },
      );
    }
    if (!account)
      throw graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    return account;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const download = /^\/media-download\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (download) {
      const account = accountOf(request);
      const link = links.get(download[1] ?? '');
      if (!link || link.account !== account) throw graphError(404, 100, 'Not found');
      if (where.now() > link.until) throw graphError(404, 100, 'The media URL has expired');
      response.writeHead(200, {
        'content-type': link.media.type,
        'content-length': link.media.bytes.length,
      });
      response.end(link.media.bytes);
      return;
    }
    const path = /^\/v\d+\.\d+\/([^/]+)(?:\/([a-z_]+))?$/.exec(url.pathname);
    if (!path) throw graphError(400, 100, 'Unknown path components');
    const account = accountOf(request);
    const id = decodeURIComponent(path[1] ?? '');
    const edge = path[2] ?? '';
    const method = request.method ?? 'GET';
    account.calls.push(`${method} ${edge || 'node'}`);
    const failure = account.takeFailure(edge || 'node');
    if (failure)
      throw new GraphError(
        failure.status,
        {
          error: {
            message: failure.message,
            type: 'OAuthException',
            code: failure.code,
            error_data: { messaging_product: 'whatsapp', details: failure.message },
            fbtrace_id: 'Athrottled',
          },
        },
        failure.retryAfter,
      );
    const body = await readBody(request);

    if (edge === 'phone_numbers' && method === 'GET') {
      if (id !== account.accountId)
        throw graphError(
          400,
          100,
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        );
      answer(response, 200, {
        data: [
          {
            verified_name: account.verifiedName,
            display_phone_number: `+${account.phone.slice(0, 1)} ${account.phone.slice(1)}`,
            id: account.phoneNumberId,
            quality_rating: 'GREEN',
          },
        ],
        paging: { cursors: { before: 'QVFIUk', after: 'QVFIUk' } },
      });
      return;
    }
    if (edge === 'subscribed_apps' && method === 'POST') {
      if (id !== account.accountId) throw graphError(400, 100, 'Invalid parameter');
      const params = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      const callbackUrl = text(params.override_callback_uri);
      const verifyToken = text(params.verify_token);
      // Meta checks the callback before it takes it: a GET with the challenge to echo back.
      const challenge = String(Math.floor(Math.random() * 1e9));
      const check = new URL(callbackUrl);
      check.searchParams.set('hub.mode', 'subscribe');
      check.searchParams.set('hub.verify_token', verifyToken);
      check.searchParams.set('hub.challenge', challenge);
      let echoed: string;
      try {
        const reply = await fetch(check);
        echoed = reply.ok ? await reply.text() : '';
      } catch {
        echoed = '';
      }
      if (echoed !== challenge)
        throw graphError(
          400,
          2200,
          'Callback verification failed with the following errors: HTTP Status Code = 403; HTTP Message = Forbidden',
        );
      account.callback = { url: callbackUrl, verifyToken };
      answer(response, 200, { success: true });
      return;
    }
    if (edge === 'message_templates') {
      if (id !== account.accountId) throw graphError(400, 100, 'Invalid parameter');
      if (method === 'POST') {
        const created = createTemplate(account, JSON.parse(body.toString('utf8') || '{}'));
        if (account.approveAtOnce) {
          // An instant approval: its webhook is posted before the answer to the submission.
          account.approveAtOnce = false;
          await account.review(created.id, 'APPROVED');
        }
        answer(response, 200, created);
        return;
      }
      if (method === 'DELETE') {
        const name = url.searchParams.get('name') ?? '';
        const held = account.templates.get(url.searchParams.get('hsm_id') ?? '');
        if (!held || held.name !== name)
          throw graphError(400, 100, 'Invalid parameter', {
            error_subcode: 2593002,
            error_user_msg: 'Message template not found',
          });
        account.templates.delete(held.id);
        answer(response, 200, { success: true });
        return;
      }
      answer(response, 200, {
        data: [...account.templates.values()].map((template) => ({ ...template })),
        paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } },
      });
      return;
    }
    if (edge === 'media' && method === 'POST') {
      if (id !== account.phoneNumberId) throw graphError(400, 100, 'Invalid parameter');
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !file || typeof file === 'string')
        throw graphError(400, 100, '(#100) The parameter messaging_product is required.');
      const stored = account.storeMedia(
        text(form.get('type')) || file.type,
        Buffer.from(await file.arrayBuffer()),
        file.name,
      );
      answer(response, 200, { id: stored.id });
      return;
    }
    if (edge === 'messages' && method === 'POST') {
      if (id !== account.phoneNumberId) throw graphError(400, 100, 'Invalid parameter');
      const sent = sendMessage(account, JSON.parse(body.toString('utf8') || '{}'));
      // Meta's webhooks do not wait for its answer: statuses may come first.
      const early = account.earlyStatuses.splice(0);
      const sentId = sent.messages[0]?.id ?? '';
      for (const status of early) await account.reportStatuses({ id: sentId, status });
      answer(response, 200, sent);
      return;
    }
    if (edge === '' && method === 'POST') {
      // A template edited: its components replaced, and under review again.
      const held = account.templates.get(id);
      if (!held)
        throw graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${id}' does not exist`,
        );
      const params = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      if (Array.isArray(params.components))
        held.components = params.components as Record<string, unknown>[];
      held.status = 'PENDING';
      answer(response, 200, { success: true });
      return;
    }
    if (edge === '' && method === 'GET') {
      const media = account.media.get(id);
      if (!media)
        throw graphError(
          400,
          100,
          `Unsupported get request. Object with ID '${id}' does not exist`,
        );
      const key = randomBytes(12).toString('base64url');
      links.set(key, { media, account, until: where.now() + MEDIA_LINK_MS });
      answer(response, 200, {
        messaging_product: 'whatsapp',
        url: `${where.url}/media-download/${key}`,
        mime_type: media.type,
        sha256: createHash('sha256').update(media.bytes).digest('hex'),
        file_size: media.bytes.length,
        id: media.id,
      });
      return;
    }
    throw graphError(400, 100, 'Unsupported request');
  }

  /** Meta's checks of a template submitted; a refusal is the Graph error Meta gives for it. */
  function createTemplate(account: FakeWhatsAppAccount, body: Record<string, unknown>) {
    const name = text(body.name);
    const language = text(body.language);
    const category = text(body.category);
    const refuse = (message: string, subcode: number) =>
      graphError(400, 100, 'Invalid parameter', {
        error_subcode: subcode,
        error_user_title: 'Invalid parameter',
        error_user_msg: message,
      });
    if (!/^[a-z0-9_]{1,512}$/.test(name))
      throw refuse(
        'Template name can only contain lowercase letters, numbers and underscores.',
        2388040,
      );
    if (!['en', 'en_US', 'ru'].includes(language)) throw refuse('Invalid language.', 2388072);
    if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category))
      throw refuse('Invalid category.', 2388073);
    if (account.templateNamed(name, language))
      throw refuse(
        `Content in this language already exists: ${name} (${language}). Try adding this content to a new template or update the content.`,
        2388024,
      );
    const components = Array.isArray(body.components)
      ? (body.components as Record<string, unknown>[])
      : [];
    const bodyPart = components.find((component) => component.type === 'BODY');
    if (!bodyPart || text(bodyPart.text) === '')
      throw refuse('Message template body is required.', 2388042);
    for (const component of components) {
      const variables = [...text(component.text).matchAll(/\{\{(\d+)\}\}/g)].length;
      const example = component.example as
        { body_text?: unknown[][]; header_text?: unknown[] } | undefined;
      const examples =
        component.type === 'BODY'
          ? (example?.body_text?.[0]?.length ?? 0)
          : component.type === 'HEADER'
            ? (example?.header_text?.length ?? 0)
            : 0;
      if (variables > 0 && examples !== variables)
        throw refuse('Message template variables need examples.', 2388043);
      if (component.type === 'FOOTER' && variables > 0)
        throw refuse('Variables are not allowed in the footer.', 2388045);
      if (component.type === 'BUTTONS') {
        const buttons = Array.isArray(component.buttons)
          ? (component.buttons as Record<string, unknown>[])
          : [];
        if (buttons.length > 10) throw refuse('Too many buttons.', 2388047);
        // Quick replies and call-to-action buttons must be grouped, not interleaved.
        const kinds = buttons.map((button) => button.type === 'QUICK_REPLY');
        const switches = kinds.filter((kind, index) => index > 0 && kind !== kinds[index - 1]);
        if (switches.length > 1) throw refuse('Buttons must be grouped.', 2388158);
      }
    }
    const held: HeldTemplate = {
      id: String(1_000_000_000_000 + account.templates.size * 13 + 7),
      name,
      language,
      category,
      status: 'PENDING',
      components,
    };
    account.templates.set(held.id, held);
    return { id: held.id, status: held.status, category };
  }

  /** A template message checked against the approved template it names. */
  function templateSent(account: FakeWhatsAppAccount, body: Record<string, unknown>) {
    const template = (body.template ?? {}) as {
      name?: unknown;
      language?: { code?: unknown };
      components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
    };
    const name = text(template.name);
    const language = text(template.language?.code);
    const held = account.templateNamed(name, language);
    if (held?.status !== 'APPROVED')
      throw graphError(404, 132001, '(#132001) Template name does not exist in the translation', {
        error_data: {
          messaging_product: 'whatsapp',
          details: `template name (${name}) does not exist in ${language}`,
        },
      });
    const valuesOf = (type: string) =>
      (template.components ?? [])
        .filter((component) => component.type === type)
        .flatMap((component) => component.parameters ?? [])
        .map((parameter) => text(parameter.text));
    const header = valuesOf('header');
    const bodyValues = valuesOf('body');
    const expected = (type: string) =>
      [
        ...text(held.components.find((component) => component.type === type)?.text).matchAll(
          /\{\{(\d+)\}\}/g,
        ),
      ].length;
    if (header.length !== expected('HEADER') || bodyValues.length !== expected('BODY'))
      throw graphError(
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
      );
    if ([...header, ...bodyValues].some((value) => /[\n\t]| {5,}/.test(value) || value === ''))
      throw graphError(
        400,
        132018,
        '(#132018) There was an issue with the parameters in your template.',
      );
    return { name, language, header, body: bodyValues };
  }

  /**
   * An interactive message checked as Meta checks it: a body of at most 1,024 characters, up to
   * three reply buttons of 20 characters, or a list of up to ten rows of 24 behind a button label.
   */
  function interactiveSent(body: Record<string, unknown>) {
    const interactive = (body.interactive ?? {}) as {
      type?: unknown;
      body?: { text?: unknown };
      action?: {
        button?: unknown;
        buttons?: { reply?: { id?: unknown; title?: unknown } }[];
        sections?: { rows?: { id?: unknown; title?: unknown }[] }[];
      };
    };
    const bodyText = text(interactive.body?.text);
    if (bodyText === '' || bodyText.length > 1024)
      throw graphError(400, 131009, '(#131009) Parameter value is not valid', {
        error_data: { details: 'body text must be 1 to 1024 characters' },
      });
    const kind = text(interactive.type);
    if (kind === 'button') {
      const answers = (interactive.action?.buttons ?? []).map((button) =>
        text(button.reply?.title),
      );
      if (
        answers.length === 0 ||
        answers.length > 3 ||
        answers.some((t) => t === '' || t.length > 20)
      )
        throw graphError(400, 131009, '(#131009) Parameter value is not valid', {
          error_data: { details: 'reply buttons: 1 to 3, titles of at most 20 characters' },
        });
      return { kind: 'button' as const, body: bodyText, answers };
    }
    if (kind === 'list') {
      const label = text(interactive.action?.button);
      const answers = (interactive.action?.sections ?? []).flatMap((section) =>
        (section.rows ?? []).map((row) => text(row.title)),
      );
      if (
        label === '' ||
        label.length > 20 ||
        answers.length === 0 ||
        answers.length > 10 ||
        answers.some((t) => t === '' || t.length > 24)
      )
        throw graphError(400, 131009, '(#131009) Parameter value is not valid', {
          error_data: { details: 'list: a button label, 1 to 10 rows of at most 24 characters' },
        });
      return { kind: 'list' as const, body: bodyText, answers };
    }
    throw graphError(400, 131009, '(#131009) Parameter value is not valid');
  }

  function sendMessage(account: FakeWhatsAppAccount, body: Record<string, unknown>) {
    if (body.messaging_product !== 'whatsapp')
      throw graphError(400, 100, '(#100) The parameter messaging_product is required.');
    const to = digits(text(body.to));
    if (to === '') throw graphError(400, 100, '(#100) The parameter to is required.');
    const type = text(body.type) || 'text';
    const sent: SentWhatsApp = {
      id: `wamid.${randomBytes(18).toString('base64url')}`,
      to,
      type,
      body,
    };
    if (type === 'text') {
      const typed = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof typed !== 'string' || typed.trim() === '')
        throw graphError(400, 100, "(#100) The parameter text['body'] is required.");
      if (typed.length > 4096)
        throw graphError(
          400,
          100,
          "(#100) Param text['body'] must be at most 4096 characters long.",
        );
      sent.text = typed;
    } else if (['image', 'document', 'audio', 'video'].includes(type)) {
      const media = body[type] as
        { id?: unknown; caption?: unknown; filename?: unknown } | undefined;
      const stored = typeof media?.id === 'string' ? account.media.get(media.id) : undefined;
      if (!stored)
        throw graphError(400, 131053, 'Media upload error', {
          error_data: { details: 'Unknown media id' },
        });
      if (typeof media?.caption === 'string') {
        if (media.caption.length > 1024) throw graphError(400, 100, '(#100) Caption too long');
        sent.caption = media.caption;
      }
      sent.media = {
        name: typeof media?.filename === 'string' ? media.filename : stored.name,
        type: stored.type,
        bytes: stored.bytes,
      };
    } else if (type === 'template') sent.template = templateSent(account, body);
    else if (type === 'interactive') sent.interactive = interactiveSent(body);
    else throw graphError(400, 131051, 'Unsupported message type');
    // Outside the customer's 24-hour window only a template goes (Meta's 131047).
    const wrote = account.lastInbound.get(to);
    if (type !== 'template' && (wrote === undefined || where.now() - wrote > 24 * 3_600_000))
      throw graphError(400, 131047, '(#131047) Re-engagement message', {
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      });
    account.sent.push(sent);
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: text(body.to), wa_id: to }],
      messages: [{ id: sent.id }],
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  where.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: where.url,
    addAccount(phone, verifiedName) {
      const account = new FakeWhatsAppAccount(digits(phone), verifiedName, where);
      accounts.push(account);
      return account;
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
