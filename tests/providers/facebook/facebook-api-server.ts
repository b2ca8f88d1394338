import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accountEntry,
  answer,
  answerPage,
  appId,
  attachmentId,
  attachmentRequest,
  categoryId,
  checkDialog,
  checkSend,
  checkSenderAction,
  consentPage,
  DENIED,
  dialogRedirect,
  expiredToken,
  failureMessage,
  fbToken,
  fetchUrl,
  fieldOf,
  GraphError,
  graphError,
  graphParams,
  invalidProof,
  invalidToken,
  isFilePart,
  lapsedToken,
  mid,
  noMatchingUser,
  oauthCode,
  outsideWindow,
  PageError,
  pageId,
  pageNode,
  pageTokenRequired,
  pickFields,
  PROFILE_PICTURE,
  proofMatches,
  psid,
  readBody,
  recipientOf,
  redirect,
  refusalPage,
  signInPage,
  stringParam,
  subscribedFieldsParam,
  text,
  unknownAttachment,
  unsupported,
  uploadRequest,
  userId,
  webhookSignatures,
  windowMs,
  withCursors,
  type FbAttachment,
  type FbCustomer,
  type FbMessaging,
  type FbUpload,
  type FbWebhookBody,
  type Params,
  type SentMessenger,
} from './facebook-shapes';

export type {
  FbCustomer,
  FbMessaging,
  FbUpload,
  FbWebhookBody,
  FbWebhookEntry,
  SentMessenger,
} from './facebook-shapes';

/**
 * A local Facebook for tests, speaking Meta's Messenger Platform as developers.facebook.com
 * documents it (Graph API, any `vNN.N` path; the product uses v23.0). One server stands for both
 * www.facebook.com and graph.facebook.com, so the product points both roots here:
 *
 * - the Login dialog `/dialog/oauth`: a page naming the signed-in person and the Pages they
 *   manage, with Continue and Cancel, redirecting to redirect_uri with `code` (or
 *   `error=access_denied`) and Facebook's trailing `#_=_`;
 * - `/oauth/access_token`: the code for a short-lived user token (an hour), and with
 *   `grant_type=fb_exchange_token` that for a long-lived one (60 days);
 * - the Graph: `/me`, `/me/accounts` (the Pages with their tokens: a long-lived user token's never
 *   expire, a short-lived one's lapse with it), a Page or a customer (PSID) by id,
 *   `/{page}/subscribed_apps`, the Send API `/{page}/messages` (text, quick replies, attachments
 *   by url fetched at once or by `attachment_id`) and the Attachment Upload API
 *   `/{page}/message_attachments`, with Meta's refusals.
 *
 * Webhooks go to the app's one callback once Meta's GET handshake passed, as `page` bodies signed
 * with X-Hub-Signature-256, and only for Pages subscribed to the item's field. Customers'
 * attachments are served by CDN links that lapse after an hour.
 *
 * Knobs for tests: customers write (text, an image, a file, a quick reply's answer), receive and
 * read; a delivery made twice, forged or batched; the next calls failing (429 with code 613, or
 * any status and code); a Page's admin changing their password (190/460); a clock to move; and
 * every call made and every message our side sent, recorded as received.
 */

/** What a customer's message carries besides its text. */
export type FbWriteOptions = {
  image?: { bytes: Buffer; type: string };
  file?: { bytes: Buffer; type: string; name: string };
  quickReplyPayload?: string;
};

/** A token as Meta issued it: a person's (short or long-lived) or a Page's, with the grant. */
type IssuedToken = {
  kind: 'short' | 'long' | 'page';
  user: FakeFacebookUser;
  page?: FakeFacebookPage;
  scopes: string[];
  expires: number;
  lapsed: boolean;
};
type Failure = { status: number; code: number };

/** What users and Pages need of the server they live on. */
type Host = {
  url: string;
  appId: string;
  appSecret: string;
  now: () => number;
  callback: { url: string; verifyToken: string } | undefined;
  /** Every token issued, by its text: people's and Pages' alike. */
  tokens: Map<string, IssuedToken>;
  /** Keeps bytes at the CDN and gives the link to them, good for an hour. */
  publish: (bytes: Buffer, type: string, name?: string) => string;
};

const HOUR_MS = 3_600_000;
const SHORT_LIVED_MS = HOUR_MS;
const LONG_LIVED_MS = 60 * 24 * HOUR_MS;
/** A Login dialog code is good once, for ten minutes. */
const CODE_MS = 10 * 60_000;
const CDN_MS = HOUR_MS;

/** A person on Facebook who can sign in to the dialog and manage Pages. */
export class FakeFacebookUser {
  readonly id = userId();
  /** The Pages this person manages, in the order `manages` added them. */
  readonly pages: FakeFacebookPage[] = [];
  /** Calls made with this person's tokens, as `METHOD edge` (the code exchange too). */
  readonly calls: string[] = [];

  constructor(readonly name: string) {}

  /** Makes the person an admin of `page` (with every task), so `user.manages(a).manages(b)`. */
  manages(page: FakeFacebookPage): this {
    if (!this.pages.includes(page)) this.pages.push(page);
    return this;
  }
}

/** A Facebook Page with Messenger, whose customers write and whose admins can grant our app. */
export class FakeFacebookPage {
  readonly id = pageId();
  readonly categoryId: string;
  /** The webhook fields our app subscribed to for this Page; nothing is posted before. */
  subscribedFields: string[] = [];
  /** Messages our side sent, in the order they were accepted (a repeat is a second message). */
  readonly sent: SentMessenger[] = [];
  /** Sender actions our side sent (`typing_on`, `mark_seen`), in order. */
  readonly senderActions: { recipient: string; action: string }[] = [];
  /** Files the Page holds: uploads, and url attachments sent with `is_reusable`. */
  readonly uploads: FbUpload[] = [];
  /** Every call attributed to the Page as `METHOD edge` (`POST messages`), refused ones too. */
  readonly calls: string[] = [];
  /** The status our callback answered each webhook POST with. */
  readonly webhookAnswers: number[] = [];
  /** The people who wrote to the Page: only they can be written to or looked up. */
  readonly customers = new Map<string, FbCustomer>();
  /** When each customer (PSID) last wrote: their messaging window. */
  readonly lastInbound = new Map<string, number>();
  private failures: { edges: string[] | '*'; failure: Failure }[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly name: string,
    readonly category: string,
    private readonly host: Host,
  ) {
    this.categoryId = categoryId(category);
  }

  /**
   * An admin changed their password: every token of the Page, and every token of the people who
   * manage it, is refused from now on (190/460); a new consent issues working ones.
   */
  lapseToken(): void {
    for (const issued of this.host.tokens.values())
      if (issued.page === this || issued.user.pages.includes(this)) issued.lapsed = true;
  }

  /**
   * The next `count` calls of `edges` (all by default) are throttled: HTTP 429, code 613, and no
   * Retry-After, as Meta sends none. Edges: `messages`, `message_attachments`,
   * `subscribed_apps`, `me`, `page`, `profile`.
   */
  failNextWith429(count: number, edges: string | string[] = '*'): void {
    this.failNextWith(count, 429, 613, edges);
  }

  /** The next `count` calls of `edges` answer `status` with Graph's `code` (e.g. 503 and 2). */
  failNextWith(count: number, status: number, code: number, edges: string | string[] = '*'): void {
    const list = edges === '*' ? '*' : typeof edges === 'string' ? [edges] : edges;
    for (let i = 0; i < count; i++) this.failures.push({ edges: list, failure: { status, code } });
  }

  takeFailure(edge: string): Failure | undefined {
    const index = this.failures.findIndex(
      (entry) => entry.edges === '*' || entry.edges.includes(edge),
    );
    if (index < 0) return undefined;
    return this.failures.splice(index, 1)[0]?.failure;
  }

  /** A person with a fresh PSID, unknown to the Page until they write. */
  newCustomer(firstName: string, lastName: string): FbCustomer {
    return { psid: psid(), firstName, lastName };
  }

  /**
   * A customer's message as a messaging item, not yet delivered. From now on the customer is
   * known to the Page and their 24-hour window runs: the message exists at Meta already.
   */
  messageItem(customer: FbCustomer, messageText: string, opts: FbWriteOptions = {}): FbMessaging {
    const now = this.host.now();
    this.customers.set(customer.psid, customer);
    this.lastInbound.set(customer.psid, now);
    const attachments: FbAttachment[] = [];
    if (opts.image)
      attachments.push({
        type: 'image',
        payload: { url: this.host.publish(opts.image.bytes, opts.image.type) },
      });
    if (opts.file)
      attachments.push({
        type: 'file',
        payload: { url: this.host.publish(opts.file.bytes, opts.file.type, opts.file.name) },
      });
    return {
      sender: { id: customer.psid },
      recipient: { id: this.id },
      timestamp: now,
      message: {
        mid: mid(),
        ...(messageText ? { text: messageText } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(opts.quickReplyPayload !== undefined
          ? { quick_reply: { payload: opts.quickReplyPayload } }
          : {}),
      },
    };
  }

  /** Our messages `mids` reached the customer's device (a delivery has no timestamp). */
  deliveryItem(customer: FbCustomer, mids: string[], watermark = this.host.now()): FbMessaging {
    return {
      sender: { id: customer.psid },
      recipient: { id: this.id },
      delivery: { mids, watermark },
    };
  }

  /** The customer read everything the Page sent up to `watermark` (ms). */
  readItem(customer: FbCustomer, watermark = this.host.now()): FbMessaging {
    return {
      sender: { id: customer.psid },
      recipient: { id: this.id },
      timestamp: this.host.now(),
      read: { watermark },
    };
  }

  /** Items in one POST, as Meta batches them: an entry per item, each `messaging` holding one. */
  batch(...items: FbMessaging[]): FbWebhookBody {
    return {
      object: 'page',
      entry: items.map((item) => ({ id: this.id, time: this.host.now(), messaging: [item] })),
    };
  }

  /** A customer's message as a webhook body of its own, not yet delivered. */
  composeMessage(
    customer: FbCustomer,
    messageText: string,
    opts: FbWriteOptions = {},
  ): FbWebhookBody {
    return this.batch(this.messageItem(customer, messageText, opts));
  }

  /** A customer writes; delivered at once. Answers the message's mid and our callback's status. */
  async customerWrites(
    customer: FbCustomer,
    messageText: string,
    opts: FbWriteOptions = {},
  ): Promise<{ mid: string; status: number }> {
    const body = this.composeMessage(customer, messageText, opts);
    const sent = body.entry[0]?.messaging[0]?.message?.mid ?? '';
    return { mid: sent, status: await this.deliver(body) };
  }

  reportDelivered(customer: FbCustomer, mids: string[], watermark?: number): Promise<number> {
    return this.deliver(this.batch(this.deliveryItem(customer, mids, watermark)));
  }

  reportRead(customer: FbCustomer, watermark?: number): Promise<number> {
    return this.deliver(this.batch(this.readItem(customer, watermark)));
  }

  /**
   * Posts a body to the app's callback, signed with `secret`, and answers the status it got (0
   * when unreachable). Items of fields the Page is not subscribed to are left out, as Meta sends
   * them to no one; with nothing left nothing is posted and 0 is answered. Meta retries a
   * delivery that got no 200; `attempts` above 1 does so at once.
   */
  async deliver(body: FbWebhookBody, secret = this.host.appSecret, attempts = 1): Promise<number> {
    const callback = this.host.callback;
    if (!callback) throw new Error('no callback is set: call setCallback first');
    const entry = body.entry
      .map((item) => ({
        ...item,
        messaging: item.messaging.filter((one) => this.subscribedFields.includes(fieldOf(one))),
      }))
      .filter((item) => item.messaging.length > 0);
    if (entry.length === 0) return 0;
    const raw = JSON.stringify({ ...body, entry });
    const headers = { 'content-type': 'application/json', ...webhookSignatures(raw, secret) };
    let status = 0;
    for (let attempt = 0; attempt < attempts && status !== 200; attempt++) {
      status = await fetch(callback.url, { method: 'POST', headers, body: raw }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      this.webhookAnswers.push(status);
    }
    return status;
  }

  /** Waits for the echoes still on their way (they follow the answer to a send). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Meta echoes what the Page sent (`message_echoes`) once the send was answered. */
  echo(sent: SentMessenger): void {
    if (!this.host.callback) return;
    const attachment = sent.attachment;
    const item: FbMessaging = {
      sender: { id: this.id },
      recipient: { id: sent.recipient },
      timestamp: this.host.now(),
      message: {
        is_echo: true,
        app_id: Number(this.host.appId),
        mid: sent.id,
        ...(sent.text !== undefined ? { text: sent.text } : {}),
        ...(attachment
          ? {
              attachments: [
                {
                  type: attachment.type,
                  payload: { url: this.host.publish(attachment.bytes, attachment.contentType) },
                },
              ],
            }
          : {}),
      },
    };
    const delivery = this.deliver(this.batch(item))
      .catch(() => 0)
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }
}

export type FacebookApiServer = {
  /** The root of both hosts (www.facebook.com and graph.facebook.com). */
  url: string;
  /** The Meta app's id (`client_id`) and secret, as the App Dashboard shows them. */
  appId: string;
  appSecret: string;
  /** Who is signed in to Facebook in the browser that opens the Login dialog. */
  signedIn: FakeFacebookUser | undefined;
  /** A person Meta knows; `user.manages(page)` makes them an admin of a Page. */
  addUser(name: string): FakeFacebookUser;
  /** A Page with Messenger, managed by no one yet. */
  addPage(name: string, category?: string): FakeFacebookPage;
  /**
   * The Login dialog without HTTP: checks `authorizeUrl` as the dialog does and answers the URL
   * the browser would be sent to on Continue (or Cancel). Throws what the dialog would show.
   */
  consent(authorizeUrl: string, decision?: 'allow' | 'deny'): string;
  /** The app's one webhook callback, set in the App Dashboard: taken once the handshake passed. */
  setCallback(url: string, verifyToken: string): Promise<void>;
  /** Moves the server's clock on (tokens, codes, the messaging windows, CDN links, timestamps). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Starts a local Facebook on an ephemeral port. */
export async function startFacebookApiServer(): Promise<FacebookApiServer> {
  const pages: FakeFacebookPage[] = [];
  let offset = 0;
  const cdn = new Map<string, { bytes: Buffer; type: string; until: number }>();
  const codes = new Map<
    string,
    { user: FakeFacebookUser; redirectUri: string; scopes: string[]; until: number; used: boolean }
  >();
  /** The Page token a user token gave for a Page: Meta answers the same one each time. */
  const pageTokens = new Map<string, string>();
  const host: Host = {
    url: '',
    appId: appId(),
    appSecret: randomBytes(16).toString('hex'),
    now: () => Date.now() + offset,
    callback: undefined,
    tokens: new Map(),
    publish(bytes, type, name) {
      const id = randomBytes(12).toString('base64url');
      const until = host.now() + CDN_MS;
      cdn.set(id, { bytes, type, until });
      const file = name === undefined ? '' : `/${encodeURIComponent(name)}`;
      // `oe` is the expiry in hex seconds, as Meta's CDN links carry it.
      return `${host.url}/cdn/${id}${file}?oe=${Math.floor(until / 1000).toString(16)}`;
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof GraphError) answer(response, error.status, error.body);
      else if (error instanceof PageError)
        answerPage(response, error.status, refusalPage(error.message));
      else
        answer(response, 500, {
          error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 1 },
        });
    });
  });

  const api: FacebookApiServer = {
    url: '',
    appId: host.appId,
    appSecret: host.appSecret,
    signedIn: undefined,
    addUser: (name) => new FakeFacebookUser(name),
    addPage(name, category = 'Shopping & retail') {
      const page = new FakeFacebookPage(name, category, host);
      pages.push(page);
      return page;
    },
    consent(authorizeUrl, decision = 'allow') {
      const url = new URL(authorizeUrl, host.url);
      if (!/^(?:\/v\d+\.\d+)?\/dialog\/oauth$/.test(url.pathname))
        throw new Error(`not a Login dialog URL: ${url.pathname}`);
      checkAuthorization(url.searchParams);
      if (!api.signedIn) throw new Error('no one is signed in to Facebook (set server.signedIn)');
      return decide(url.searchParams, api.signedIn, decision);
    },
    async setCallback(url, verifyToken) {
      const challenge = String(randomInt(1e8, 1e9));
      const check = new URL(url);
      check.searchParams.set('hub.mode', 'subscribe');
      check.searchParams.set('hub.challenge', challenge);
      check.searchParams.set('hub.verify_token', verifyToken);
      const reply = await fetch(check);
      const echoed = await reply.text();
      if (reply.status !== 200 || echoed !== challenge)
        throw new Error(
          `The URL couldn't be validated. Response does not match challenge, expected value="${challenge}", received="${echoed.slice(0, 80)}" (status ${reply.status})`,
        );
      host.callback = { url, verifyToken };
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await Promise.all(pages.map((page) => page.settled()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };

  // ---- Facebook Login ----

  /** The dialog's checks of its query; a refusal is the page Facebook shows. Answers the scopes. */
  const checkAuthorization = (params: URLSearchParams) => checkDialog(params, api.appId);

  /** Where the dialog sends the browser; Facebook appends `#_=_` either way. */
  function decide(params: URLSearchParams, user: FakeFacebookUser, decision: 'allow' | 'deny') {
    const scopes = checkAuthorization(params);
    if (decision === 'deny') return dialogRedirect(params, DENIED);
    const code = oauthCode();
    const redirectUri = params.get('redirect_uri') ?? '';
    codes.set(code, { user, redirectUri, scopes, until: host.now() + CODE_MS, used: false });
    return dialogRedirect(params, { code });
  }

  function issue(issued: Omit<IssuedToken, 'lapsed'>): string {
    const token = fbToken();
    host.tokens.set(token, { ...issued, lapsed: false });
    return token;
  }

  /** The app's credentials, as `/oauth/access_token` checks them before anything else. */
  function checkClient(params: Params): void {
    if (stringParam(params, 'client_id') !== api.appId)
      throw graphError(400, 101, 'Error validating application. Invalid application ID.');
    if (stringParam(params, 'client_secret') !== api.appSecret)
      throw graphError(400, 1, 'Error validating client secret.');
  }

  /** `/oauth/access_token`: a code for a short-lived user token, or that for a long-lived one. */
  function accessToken(params: Params) {
    checkClient(params);
    if (stringParam(params, 'grant_type') === 'fb_exchange_token') return exchangeToken(params);
    const code = stringParam(params, 'code');
    if (code === '') throw graphError(400, 100, '(#100) The parameter code is required');
    const held = codes.get(code);
    if (!held) throw graphError(400, 100, 'Invalid verification code format.');
    held.user.calls.push('GET oauth/access_token');
    if (held.used)
      throw graphError(400, 100, 'This authorization code has been used.', {
        error_subcode: 36009,
      });
    if (host.now() > held.until)
      throw graphError(400, 100, 'This authorization code has expired.', { error_subcode: 36007 });
    if (stringParam(params, 'redirect_uri') !== held.redirectUri)
      throw graphError(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        { error_subcode: 36008 },
      );
    held.used = true;
    const token = issue({
      kind: 'short',
      user: held.user,
      scopes: held.scopes,
      expires: host.now() + SHORT_LIVED_MS,
    });
    return { access_token: token, token_type: 'bearer', expires_in: SHORT_LIVED_MS / 1000 };
  }

  /** `grant_type=fb_exchange_token`: a person's token for a long-lived one (60 days). */
  function exchangeToken(params: Params) {
    const issued = check(stringParam(params, 'fb_exchange_token'));
    issued.user.calls.push('GET oauth/access_token');
    // Our reading: the documented exchange is of a person's token; a Page's is not one.
    if (issued.kind === 'page')
      throw graphError(400, 100, '(#100) fb_exchange_token must be a user access token');
    const token = issue({
      kind: 'long',
      user: issued.user,
      scopes: issued.scopes,
      expires: host.now() + LONG_LIVED_MS,
    });
    return { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_MS / 1000 };
  }

  /** A token as Graph checks it: unknown, lapsed, expired. */
  function check(token: string): IssuedToken {
    const issued = host.tokens.get(token);
    if (!issued) throw invalidToken();
    if (issued.lapsed) throw lapsedToken();
    if (host.now() >= issued.expires) throw expiredToken(issued.expires, host.now());
    return issued;
  }

  // ---- HTTP ----

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (serveCdn(url, method, response)) return;

    // Both hosts take a version prefix; Graph takes the oldest version without one.
    const rest = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    if (rest === '/dialog/oauth' && method === 'GET') {
      const scopes = checkAuthorization(url.searchParams);
      const user = api.signedIn;
      if (!user) answerPage(response, 200, signInPage());
      else
        answerPage(
          response,
          200,
          consentPage(user, user.pages, url.searchParams, scopes, `${url.pathname}/decide`),
        );
      return;
    }
    if (rest === '/dialog/oauth/decide' && method === 'GET') {
      checkAuthorization(url.searchParams);
      if (!api.signedIn) {
        answerPage(response, 200, signInPage());
        return;
      }
      const decision = url.searchParams.get('decision') === 'allow' ? 'allow' : 'deny';
      redirect(response, decide(url.searchParams, api.signedIn, decision));
      return;
    }
    const params = await graphParams(request, url, body);
    if (rest === '/oauth/access_token') {
      answer(response, 200, accessToken(params));
      return;
    }
    const path = /^\/([A-Za-z0-9_]+)(?:\/([a-z_]+))?\/?$/.exec(rest);
    if (!path) throw graphError(400, 2500, `Unknown path components: ${rest}`);
    await graphCall(request, response, method, path[1] ?? '', path[2] ?? '', params);
  }

  /** `/cdn/<id>[/<name>]?oe=…`: bytes kept for an hour; a link altered or lapsed is a 403. */
  function serveCdn(url: URL, method: string, response: ServerResponse): boolean {
    const link = /^\/cdn\/([A-Za-z0-9_-]+)(?:\/[^/]+)?$/.exec(url.pathname);
    if (!link || method !== 'GET') return false;
    const held = cdn.get(link[1] ?? '');
    if (!held || url.searchParams.get('oe') !== Math.floor(held.until / 1000).toString(16))
      response.writeHead(403, { 'content-type': 'text/plain' }).end('Bad URL hash');
    else if (host.now() > held.until)
      response.writeHead(403, { 'content-type': 'text/plain' }).end('URL signature expired');
    else
      response
        .writeHead(200, { 'content-type': held.type, 'content-length': held.bytes.length })
        .end(held.bytes);
    return true;
  }

  /** The name a call gets in `calls` and in the failure knobs: its edge, or what its node is. */
  function labelOf(node: string, edge: string): string {
    if (edge) return edge;
    if (node === 'me') return 'me';
    return pages.some((page) => page.id === node) ? 'page' : 'profile';
  }

  async function graphCall(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    node: string,
    edge: string,
    params: Params,
  ): Promise<void> {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    const token = bearer ?? stringParam(params, 'access_token');
    if (token === '')
      throw graphError(400, 104, 'An access token is required to request this resource.');
    const held = host.tokens.get(token);
    if (!held) throw invalidToken();
    const label = labelOf(node, edge);
    // A call counts for the token's Page, else the Page it names, else the person.
    const page = held.page ?? pages.find((entry) => entry.id === node);
    (page ?? held.user).calls.push(`${method} ${label}`);
    const issued = check(token);
    const proof = params.get('appsecret_proof');
    if (proof !== undefined && !proofMatches(text(proof), token, api.appSecret))
      throw invalidProof();
    const failure = page?.takeFailure(label);
    if (failure)
      throw graphError(failure.status, failure.code, failureMessage(failure.code), {
        ...(failure.status >= 500 ? { is_transient: true } : {}),
      });
    answer(response, 200, await route(response, method, node, edge, params, { token, issued }));
  }

  /** The Page a Page call is about: the token's own, named as `me` or by its id. */
  function ownPage(issued: IssuedToken, node: string, method: string): FakeFacebookPage {
    if (!issued.page) throw pageTokenRequired();
    if (node !== 'me' && node !== issued.page.id) throw unsupported(method.toLowerCase(), node);
    return issued.page;
  }

  function requireMessaging(issued: IssuedToken): void {
    if (!issued.scopes.includes('pages_messaging'))
      throw graphError(403, 230, '(#230) Requires pages_messaging permission to manage the object');
  }

  async function route(
    response: ServerResponse,
    method: string,
    node: string,
    edge: string,
    params: Params,
    { token, issued }: { token: string; issued: IssuedToken },
  ): Promise<unknown> {
    const fields = (fallback: string) => stringParam(params, 'fields') || fallback;
    if (edge === 'accounts' && method === 'GET' && node === 'me') {
      if (issued.page)
        throw graphError(
          400,
          100,
          '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
        );
      return accounts(token, issued, params);
    }
    if (edge === 'subscribed_apps')
      return subscribedApps(ownPage(issued, node, method), method, params);
    if (edge === 'messages' && method === 'POST') {
      const page = ownPage(issued, node, method);
      requireMessaging(issued);
      const { result, sent } = await sendMessage(page, params);
      // The echo follows Meta's answer, never precedes it.
      if (sent)
        response.once('finish', () => {
          page.echo(sent);
        });
      return result;
    }
    if (edge === 'message_attachments' && method === 'POST') {
      const page = ownPage(issued, node, method);
      requireMessaging(issued);
      return { attachment_id: (await uploadAttachment(page, params)).id };
    }
    if (edge || method !== 'GET') throw unsupported(method.toLowerCase(), node);

    if (node === 'me' && !issued.page)
      return pickFields(fields('name'), { id: issued.user.id, name: issued.user.name }, 'User');
    const page = node === 'me' ? issued.page : pages.find((entry) => entry.id === node);
    if (page && (issued.page === page || (!issued.page && issued.user.pages.includes(page))))
      return pickFields(fields('name'), pageNode(page), 'Page');
    const customer = issued.page?.customers.get(node);
    if (!customer) throw unsupported('get', node);
    return pickFields(
      fields('first_name,last_name,profile_pic'),
      {
        id: customer.psid,
        first_name: customer.firstName,
        last_name: customer.lastName,
        name: `${customer.firstName} ${customer.lastName}`,
        profile_pic: host.publish(PROFILE_PICTURE, 'image/png'),
      },
      'User',
    );
  }

  /** `/me/accounts`: the Pages the person manages, each with its Page token. */
  function accounts(userToken: string, issued: IssuedToken, params: Params) {
    const asked = stringParam(params, 'fields');
    const data = issued.user.pages.map((page) => {
      const entry = accountEntry(page, pageToken(userToken, issued, page));
      return asked ? pickFields(asked, entry, 'Page') : entry;
    });
    return withCursors(data);
  }

  /**
   * The Page token a person's token gives, the same each time while it works: from a long-lived
   * person's token it never expires, from a short-lived one it lapses with it.
   */
  function pageToken(userToken: string, issued: IssuedToken, page: FakeFacebookPage): string {
    const key = `${userToken}:${page.id}`;
    const known = pageTokens.get(key);
    if (known !== undefined && host.tokens.get(known)?.lapsed === false) return known;
    const token = issue({
      kind: 'page',
      user: issued.user,
      page,
      scopes: issued.scopes,
      expires: issued.kind === 'long' ? Infinity : issued.expires,
    });
    pageTokens.set(key, token);
    return token;
  }

  /** `/{page}/subscribed_apps`: POST sets the Page's fields, GET lists our app, DELETE clears. */
  function subscribedApps(page: FakeFacebookPage, method: string, params: Params) {
    if (method === 'GET') {
      const app = { category: 'Business', link: `${host.url}/`, name: 'Local Test App' };
      const fields = page.subscribedFields;
      return {
        data: fields.length ? [{ ...app, id: api.appId, subscribed_fields: fields }] : [],
      };
    }
    page.subscribedFields = method === 'DELETE' ? [] : subscribedFieldsParam(params);
    return { success: true };
  }

  /** The Attachment Upload API: a `filedata` part (or a url fetched now), kept for the Page. */
  async function uploadAttachment(page: FakeFacebookPage, params: Params): Promise<FbUpload> {
    const { type, url, file } = uploadRequest(params);
    const held = file
      ? { bytes: file.bytes, contentType: file.type, name: file.name }
      : await fetchUrl(url);
    const upload: FbUpload = { id: attachmentId(), type, ...held };
    page.uploads.push(upload);
    return upload;
  }

  /** The Send API: checked as Meta checks it; an attachment by url fetched at once. */
  async function sendMessage(
    page: FakeFacebookPage,
    params: Params,
  ): Promise<{ result: Record<string, unknown>; sent?: SentMessenger }> {
    const action = stringParam(params, 'sender_action');
    if (action !== '') {
      const recipient = recipientOf(params);
      checkSenderAction(action);
      if (!page.customers.has(recipient)) throw noMatchingUser();
      page.senderActions.push({ recipient, action });
      return { result: { recipient_id: recipient } };
    }
    const { recipient, attachment, ...request } = checkSend(params);
    if (!page.customers.has(recipient)) throw noMatchingUser();
    const wrote = page.lastInbound.get(recipient) ?? 0;
    if (host.now() - wrote > windowMs({ recipient, ...request })) throw outsideWindow();

    const sent: SentMessenger = { id: mid(), recipient, ...request };
    const result: Record<string, unknown> = { recipient_id: recipient, message_id: sent.id };
    if (attachment !== undefined) {
      const resolved = await resolveAttachment(page, attachment, params.get('filedata'));
      sent.attachment = resolved.attachment;
      if (resolved.reusedAs !== undefined) result.attachment_id = resolved.reusedAs;
    }
    page.sent.push(sent);
    return { result, sent };
  }

  /**
   * A send's attachment: an upload by `attachment_id`, a file posted with the send, or a url
   * fetched now (kept, and its id answered, with `is_reusable`).
   */
  async function resolveAttachment(
    page: FakeFacebookPage,
    value: unknown,
    file: unknown,
  ): Promise<{ attachment: NonNullable<SentMessenger['attachment']>; reusedAs?: string }> {
    const { type, url, id, reusable } = attachmentRequest(value);
    if (id !== undefined) {
      const upload = page.uploads.find((entry) => entry.id === id);
      if (!upload) throw unknownAttachment();
      const { bytes, contentType } = upload;
      return { attachment: { type, bytes, contentType, attachmentId: id } };
    }
    if (isFilePart(file))
      return { attachment: { type, bytes: file.bytes, contentType: file.type } };
    const fetched = await fetchUrl(url);
    const attachment = { type, bytes: fetched.bytes, contentType: fetched.contentType, url };
    if (!reusable) return { attachment };
    const upload: FbUpload = { id: attachmentId(), type, ...fetched };
    page.uploads.push(upload);
    return { attachment, reusedAs: upload.id };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = host.url;
  return api;
}
