import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answer,
  answerPage,
  appScopedId,
  consentPage,
  fetchAttachment,
  fieldOf,
  GraphError,
  graphError,
  igAccountId,
  igMid,
  igScopedId,
  igToken,
  LoginError,
  PageError,
  pickFields,
  PROFILE_PICTURE,
  quickReplies,
  readBody,
  redirect,
  refusalPage,
  signInPage,
  text,
  unsupported,
  WEBHOOK_FIELDS,
  type IgAttachment,
  type IgCustomer,
  type IgMessaging,
  type IgWebhookBody,
  type SentInstagram,
} from './instagram-shapes';

export type {
  IgCustomer,
  IgMessaging,
  IgWebhookBody,
  IgWebhookEntry,
  SentInstagram,
} from './instagram-shapes';

/**
 * A local Instagram for tests, speaking Meta's "Instagram API with Instagram Login" as
 * developers.facebook.com/docs/instagram-platform documents it. One server stands for Meta's three
 * hosts, so the product points all three roots here:
 *
 * - www.instagram.com: the authorization window `/oauth/authorize`, a page naming the signed-in
 *   account with Allow and Not now, redirecting to the app's redirect_uri with `code` (or
 *   `error=access_denied`) and Meta's trailing `#_`;
 * - api.instagram.com: `POST /oauth/access_token`, the code for a short-lived token (one hour);
 * - graph.instagram.com: `/access_token` (short for long-lived, 60 days), `/refresh_access_token`
 *   (once a day at most), and the versioned Graph: `/me`, `/me/subscribed_apps`, a customer's
 *   profile by IGSID, and `/me/messages` (text, quick replies, attachments fetched at once from
 *   their url), with Meta's refusals: the 24-hour window (10/2534022), an unknown recipient
 *   (100/2018001), text over 1,000 characters, an attachment that cannot be fetched (2018047).
 *
 * Webhooks go to the app's callback once Meta's GET handshake with it passed, as `instagram`
 * batches signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret), and
 * only for accounts subscribed to the field. Customers' images are served by a CDN link that
 * lapses after an hour, as Meta's do.
 *
 * Knobs for tests: customers write (text, an image, a quick reply's answer) and read, a delivery
 * made twice or in batches, the next calls answering 429 or 503 with Meta's codes, an account's
 * tokens lapsing (190/460), a clock to move, and every message our side sent, recorded as received.
 */

/** What a customer's message carries besides its text: an image, or a quick reply's answer. */
export type IgWriteOptions = {
  image?: { bytes: Buffer; type: string };
  quickReplyPayload?: string;
};

/** A token as Meta issued it; the short one lives an hour, the long one 60 days. */
type IssuedToken = { kind: 'short' | 'long'; issued: number; expires: number };
type Failure = { status: number; code: number; message: string };

/** What an account needs of the server it lives on. */
type Host = {
  url: string;
  appSecret: string;
  now: () => number;
  callback: { url: string; verifyToken: string } | undefined;
  /** Keeps bytes at the CDN and gives the link to them, good for an hour. */
  publish: (bytes: Buffer, type: string) => string;
};

const HOUR_MS = 3_600_000;
const SHORT_LIVED_MS = HOUR_MS;
const LONG_LIVED_MS = 60 * 24 * HOUR_MS;
/** Meta refreshes a long-lived token only once it is a day old. */
const REFRESH_AFTER_MS = 24 * HOUR_MS;
const CODE_MS = HOUR_MS;
const CDN_MS = HOUR_MS;
const WINDOW_MS = 24 * HOUR_MS;
/** The HUMAN_AGENT tag lets a person of the business answer for seven days (Meta's policy). */
const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS;
const REQUIRED_SCOPES = ['instagram_business_basic', 'instagram_business_manage_messages'];

/** One Instagram professional account, whose owner can sign in and grant our app access. */
export class FakeInstagramAccount {
  /** The professional account's id: the IG_ID of the Graph and of the webhook's entries. */
  readonly igId = igAccountId();
  /** The signed-in person's app-scoped id: `user_id` of the code exchange, `id` of `/me`. */
  readonly appScopedId = appScopedId();
  /** Tokens issued to this account that Meta takes (until their own expiry). */
  readonly tokens = new Map<string, IssuedToken>();
  /** Tokens invalidated by lapseToken: Meta answers them 401, code 190, subcode 460. */
  readonly lapsedTokens = new Set<string>();
  /** The webhook fields our app subscribed to for this account; nothing is delivered before. */
  subscribedFields: string[] = [];
  /** Messages our side sent, in the order they were accepted. */
  readonly sent: SentInstagram[] = [];
  /** Sender actions our side sent (`typing_on`, `mark_seen`), in order. */
  readonly senderActions: { to: string; action: string }[] = [];
  /** Every call as `METHOD edge`, failed and refused ones included ("it retried" assertions). */
  readonly calls: string[] = [];
  /** Webhook deliveries and the status our server answered each with. */
  readonly webhookAnswers: number[] = [];
  /** Whether a message our side sent comes back as an echo webhook, as Meta sends it. */
  echoes = true;
  /** The people who wrote to this account (only they can be looked up or written to). */
  readonly customers = new Map<string, IgCustomer>();
  /** When each customer (IGSID) last wrote: their 24-hour window. */
  readonly lastInbound = new Map<string, number>();
  private failures: { edges: string[] | '*'; failure: Failure }[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly username: string,
    readonly name: string,
    private readonly host: Host,
  ) {}

  /**
   * The person changed their password (or Meta reset the session): every token issued so far is
   * refused from now on; a new consent issues working ones.
   */
  lapseToken(): void {
    for (const token of this.tokens.keys()) this.lapsedTokens.add(token);
    this.tokens.clear();
  }

  issueToken(kind: IssuedToken['kind']): string {
    const token = igToken();
    const issued = this.host.now();
    const life = kind === 'short' ? SHORT_LIVED_MS : LONG_LIVED_MS;
    this.tokens.set(token, { kind, issued, expires: issued + life });
    return token;
  }

  /**
   * The next `count` calls of `edges` (all by default) are throttled: 429 with Graph's code 4.
   * Edges are `me`, `profile`, `messages`, `subscribed_apps`, `oauth/access_token`,
   * `access_token` and `refresh_access_token`.
   */
  failNextWith429(count: number, edges: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({
        edges,
        failure: { status: 429, code: 4, message: 'Application request limit reached' },
      });
  }

  /** The next `count` calls of `edges` answer 503 with Graph's code 2 (a passing fault). */
  failNextWith503(count: number, edges: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({
        edges,
        failure: {
          status: 503,
          code: 2,
          message: 'An unexpected error has occurred. Please retry your request later.',
        },
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

  /** A person with a fresh IGSID, unknown to the account until they write. */
  newCustomer(username: string, name: string): IgCustomer {
    return { igsid: igScopedId(), username, name };
  }

  /**
   * A customer's message as a messaging item, not yet delivered. From now on the customer is
   * known to the account and their 24-hour window runs: the message exists at Meta already.
   */
  messageItem(customer: IgCustomer, messageText: string, opts: IgWriteOptions = {}): IgMessaging {
    const now = this.host.now();
    this.customers.set(customer.igsid, customer);
    this.lastInbound.set(customer.igsid, now);
    const attachments: IgAttachment[] = opts.image
      ? [{ type: 'image', payload: { url: this.host.publish(opts.image.bytes, opts.image.type) } }]
      : [];
    return {
      sender: { id: customer.igsid },
      recipient: { id: this.igId },
      timestamp: now,
      message: {
        mid: igMid(this.igId),
        ...(messageText ? { text: messageText } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(opts.quickReplyPayload !== undefined
          ? { quick_reply: { payload: opts.quickReplyPayload } }
          : {}),
      },
    };
  }

  /** The customer has seen our message `mid` (`messaging_seen`). */
  readItem(customer: IgCustomer, mid: string): IgMessaging {
    return {
      sender: { id: customer.igsid },
      recipient: { id: this.igId },
      timestamp: this.host.now(),
      read: { mid },
    };
  }

  /**
   * Items in one POST, as Meta batches them: an entry per item, since Meta documents `messaging`
   * as an array that holds a single object.
   */
  batch(...items: IgMessaging[]): IgWebhookBody {
    return {
      object: 'instagram',
      entry: items.map((item) => ({ time: this.host.now(), id: this.igId, messaging: [item] })),
    };
  }

  /** A customer's message as a webhook body of its own, not yet delivered. */
  composeMessage(
    customer: IgCustomer,
    messageText: string,
    opts: IgWriteOptions = {},
  ): IgWebhookBody {
    return this.batch(this.messageItem(customer, messageText, opts));
  }

  /** A customer writes (a text, an image, a quick reply's answer); delivered at once. */
  async customerWrites(
    customer: IgCustomer,
    messageText: string,
    opts: IgWriteOptions = {},
  ): Promise<{ mid: string; status: number }> {
    const body = this.composeMessage(customer, messageText, opts);
    const mid = body.entry[0]?.messaging[0]?.message?.mid ?? '';
    return { mid, status: await this.deliver(body) };
  }

  /** The customer reads our message `mid`; delivered at once. The status our server answered. */
  reportRead(customer: IgCustomer, mid: string): Promise<number> {
    return this.deliver(this.batch(this.readItem(customer, mid)));
  }

  /**
   * Posts a body to the app's callback, signed with `secret`, and answers the status it got
   * (0 when the callback could not be reached). Items of fields the account is not subscribed to
   * are left out, as Meta sends them to no one; with nothing left nothing is posted, and 0 is
   * answered. Meta retries a delivery that got no 200 for hours: `attempts` above 1 does so at
   * once, for tests of a callback that fails first.
   */
  async deliver(body: IgWebhookBody, secret = this.host.appSecret, attempts = 1): Promise<number> {
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
    const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    let status = 0;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const response = await fetch(callback.url, {
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
      if (status === 200) return status;
    }
    return status;
  }

  /** Waits for the echoes still on their way (they follow the answer to a send). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Meta echoes what the account sent to the callback, after it answered the send. */
  echo(sent: SentInstagram): void {
    if (!this.echoes || !this.host.callback) return;
    const item: IgMessaging = {
      sender: { id: this.igId },
      recipient: { id: sent.to },
      timestamp: this.host.now(),
      message: {
        mid: sent.id,
        ...(sent.text !== undefined ? { text: sent.text } : {}),
        ...(sent.attachment
          ? {
              attachments: [
                {
                  type: sent.attachment.type,
                  payload: {
                    url: this.host.publish(sent.attachment.bytes, sent.attachment.contentType),
                  },
                },
              ],
            }
          : {}),
        is_echo: true,
      },
    };
    const delivery = this.deliver(this.batch(item))
      .catch(() => 0)
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }
}

export type InstagramApiServer = {
  /** The root of all three hosts (www.instagram.com, api.instagram.com, graph.instagram.com). */
  url: string;
  /** The Instagram app's id (`client_id`) and secret, as the App Dashboard shows them. */
  appId: string;
  appSecret: string;
  /** A professional account Meta knows; nobody is signed in to it until `signedIn` says so. */
  addAccount(username: string, name: string): FakeInstagramAccount;
  /** Who is signed in to Instagram in the browser that opens the authorization window. */
  signedIn: FakeInstagramAccount | undefined;
  /**
   * The authorization window without HTTP: checks `authorizeUrl` as the page does and answers the
   * URL the browser would be sent to on Allow (or Not now). Throws what the page would say.
   */
  consent(authorizeUrl: string, decision?: 'allow' | 'deny'): string;
  /** The app's callback, set in the App Dashboard: taken only once Meta's handshake passed. */
  setCallback(url: string, verifyToken: string): Promise<void>;
  /** Moves the server's clock on (tokens, codes, the 24-hour window, CDN links). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Starts a local Instagram on an ephemeral port. */
export async function startInstagramApiServer(): Promise<InstagramApiServer> {
  const accounts: FakeInstagramAccount[] = [];
  let offset = 0;
  const cdn = new Map<string, { bytes: Buffer; type: string; until: number }>();
  const codes = new Map<
    string,
    {
      account: FakeInstagramAccount;
      redirectUri: string;
      scopes: string[];
      until: number;
      used: boolean;
    }
  >();
  const host: Host = {
    url: '',
    appSecret: randomBytes(16).toString('hex'),
    now: () => Date.now() + offset,
    callback: undefined,
    publish(bytes, type) {
      const id = randomBytes(12).toString('base64url');
      const until = host.now() + CDN_MS;
      cdn.set(id, { bytes, type, until });
      // `oe` is the expiry in hex seconds, as Meta's CDN links carry it.
      return `${host.url}/cdn/${id}?oe=${Math.floor(until / 1000).toString(16)}`;
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof GraphError) answer(response, error.status, error.body);
      else if (error instanceof LoginError) answer(response, 400, error.body);
      else if (error instanceof PageError)
        answerPage(response, error.status, refusalPage(error.message));
      else
        answer(response, 500, {
          error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 1 },
        });
    });
  });

  const api: InstagramApiServer = {
    url: '',
    appId: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(1_000_000, 9_999_999)),
    appSecret: host.appSecret,
    signedIn: undefined,
    addAccount(username, name) {
      const account = new FakeInstagramAccount(username, name, host);
      accounts.push(account);
      return account;
    },
    consent(authorizeUrl, decision = 'allow') {
      const params = new URL(authorizeUrl, host.url).searchParams;
      checkAuthorization(params);
      if (!api.signedIn) throw new Error('no one is signed in to Instagram (set server.signedIn)');
      return decide(params, api.signedIn, decision);
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
          `The URL couldn't be validated: the callback answered ${reply.status} "${echoed.slice(0, 80)}", not the challenge`,
        );
      host.callback = { url, verifyToken };
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

  /** The authorization window's checks of its query; a refusal is the page Instagram shows. */
  function checkAuthorization(params: URLSearchParams): string[] {
    if (params.get('client_id') !== api.appId) throw new PageError(400, 'Invalid platform app');
    if (params.get('response_type') !== 'code')
      throw new PageError(400, 'Invalid request: response_type must be code');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri) || !/^https?:\/\//.test(redirectUri))
      throw new PageError(400, 'Invalid redirect_uri: it must be an absolute URL');
    const scopes = (params.get('scope') ?? '').split(/[,\s]+/).filter(Boolean);
    const missing = REQUIRED_SCOPES.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0)
      throw new PageError(400, `Invalid Scopes: the request must ask for ${missing.join(', ')}`);
    return scopes;
  }

  /** The redirect the window sends the browser to; Meta appends `#_` to it. */
  function decide(
    params: URLSearchParams,
    account: FakeInstagramAccount,
    decision: 'allow' | 'deny',
  ): string {
    const scopes = checkAuthorization(params);
    const redirectUri = params.get('redirect_uri') ?? '';
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (decision === 'allow') {
      const code = `AQ${randomBytes(96).toString('base64url')}`;
      codes.set(code, {
        account,
        redirectUri,
        scopes,
        until: host.now() + CODE_MS,
        used: false,
      });
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'Permissions error');
    }
    if (state !== null) back.searchParams.set('state', state);
    return `${back.toString()}#_`;
  }

  /** The account a token belongs to, as Meta checks it: lapsed, expired, unknown. */
  function accountOf(token: string, call: string): FakeInstagramAccount {
    const lapsed = accounts.find((entry) => entry.lapsedTokens.has(token));
    if (lapsed) {
      lapsed.calls.push(`${call} refused: token lapsed`);
      throw graphError(
        401,
        190,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        { error_subcode: 460 },
      );
    }
    const account = accounts.find((entry) => entry.tokens.has(token));
    const issued = account?.tokens.get(token);
    if (!account || !issued)
      throw graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (host.now() >= issued.expires)
      throw graphError(
        400,
        190,
        `Error validating access token: Session has expired on ${new Date(issued.expires).toUTCString()}. The current time is ${new Date(host.now()).toUTCString()}.`,
        { error_subcode: 463 },
      );
    return account;
  }

  /** Records the call, then answers the failure a test asked for, if one is due. */
  function record(account: FakeInstagramAccount, method: string, edge: string): void {
    account.calls.push(`${method} ${edge}`);
    const failure = account.takeFailure(edge);
    if (failure)
      throw new GraphError(failure.status, {
        error: {
          message: failure.message,
          type: 'OAuthException',
          is_transient: true,
          code: failure.code,
          fbtrace_id: `A${randomBytes(8).toString('base64url')}`,
        },
      });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const body = await readBody(request);

    if (url.pathname === '/oauth/authorize' && method === 'GET') {
      const scopes = checkAuthorization(url.searchParams);
      if (!api.signedIn) answerPage(response, 200, signInPage());
      else answerPage(response, 200, consentPage(api.signedIn, url.searchParams, scopes));
      return;
    }
    if (url.pathname === '/oauth/decide' && method === 'GET') {
      checkAuthorization(url.searchParams);
      if (!api.signedIn) {
        answerPage(response, 200, signInPage());
        return;
      }
      const decision = url.searchParams.get('decision') === 'allow' ? 'allow' : 'deny';
      redirect(response, decide(url.searchParams, api.signedIn, decision));
      return;
    }
    if (url.pathname === '/oauth/access_token' && method === 'POST') {
      answer(response, 200, await exchangeCode(request, body));
      return;
    }
    const link = /^\/cdn\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (link && method === 'GET') {
      const held = cdn.get(link[1] ?? '');
      // A link altered or unknown, and one past its `oe`, are 403s at Meta's CDN.
      if (!held || url.searchParams.get('oe') !== Math.floor(held.until / 1000).toString(16)) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('Bad URL hash');
        return;
      }
      if (host.now() > held.until) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('URL signature expired');
        return;
      }
      response.writeHead(200, { 'content-type': held.type, 'content-length': held.bytes.length });
      response.end(held.bytes);
      return;
    }

    // graph.instagram.com: the version prefix is optional, as Graph takes the oldest without it.
    const path = /^(?:\/v\d+\.\d+)?\/([A-Za-z0-9_]+)(?:\/([a-z_]+))?\/?$/.exec(url.pathname);
    if (!path) throw graphError(400, 100, 'Unknown path components: ' + url.pathname);
    const node = path[1] ?? '';
    const edge = path[2] ?? '';
    // Graph takes parameters from the query and from a form body alike.
    const params = new URLSearchParams(url.search);
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      for (const [key, value] of new URLSearchParams(body.toString('utf8')))
        params.append(key, value);
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? params.get('access_token') ?? '';

    if ((node === 'access_token' || node === 'refresh_access_token') && !edge) {
      answer(response, 200, exchangeToken(node, token, params, method));
      return;
    }

    const isAccount = (id: string, account: FakeInstagramAccount) =>
      id === 'me' || id === account.igId;
    // The call's name in `calls`: the account's own node is `me`, anyone else's a `profile`.
    const holder = accounts.find(
      (entry) => entry.tokens.has(token) || entry.lapsedTokens.has(token),
    );
    const label = edge || (holder && !isAccount(node, holder) ? 'profile' : 'me');
    const account = accountOf(token, `${method} ${label}`);
    record(account, method, label);

    if (!edge && method === 'GET' && isAccount(node, account)) {
      const fields = {
        id: account.appScopedId,
        user_id: account.igId,
        username: account.username,
        name: account.name,
        account_type: 'BUSINESS',
        profile_picture_url: host.publish(PROFILE_PICTURE, 'image/png'),
      };
      answer(response, 200, pickFields(params.get('fields'), fields, 'User'));
      return;
    }
    if (!edge && method === 'GET') {
      const customer = account.customers.get(node);
      if (!customer) throw unsupported('get', node);
      const profile = {
        id: customer.igsid,
        name: customer.name,
        username: customer.username,
        profile_pic: host.publish(PROFILE_PICTURE, 'image/png'),
        is_verified_user: false,
        follower_count: 0,
        is_user_follow_business: false,
        is_business_follow_user: false,
      };
      answer(response, 200, pickFields(params.get('fields'), profile, 'InstagramUser'));
      return;
    }
    if (edge === 'subscribed_apps' && isAccount(node, account)) {
      if (method === 'POST') {
        const fields = (params.get('subscribed_fields') ?? '').split(',').filter(Boolean);
        if (fields.length === 0)
          throw graphError(400, 100, '(#100) The parameter subscribed_fields is required');
        const unknown = fields.find((field) => !WEBHOOK_FIELDS.includes(field));
        if (unknown !== undefined)
          throw graphError(
            400,
            100,
            `(#100) Param subscribed_fields must be one of {${WEBHOOK_FIELDS.join(', ')}} - got "${unknown}".`,
          );
        account.subscribedFields = fields;
        answer(response, 200, { success: true });
        return;
      }
      if (method === 'DELETE') {
        account.subscribedFields = [];
        answer(response, 200, { success: true });
        return;
      }
      answer(response, 200, {
        data: account.subscribedFields.length
          ? [{ subscribed_fields: account.subscribedFields, id: api.appId }]
          : [],
      });
      return;
    }
    if (edge === 'messages' && method === 'POST' && isAccount(node, account)) {
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        throw graphError(400, 100, '(#100) The request body is not valid JSON');
      }
      const sent = await sendMessage(account, payload);
      // The echo follows Meta's answer, never precedes it: posted once the answer is out.
      const { record } = sent;
      if (record)
        response.once('finish', () => {
          account.echo(record);
        });
      answer(response, 200, sent.answer);
      return;
    }
    throw unsupported(method.toLowerCase(), node);
  }

  /** `POST /oauth/access_token` on api.instagram.com: the code for a short-lived token. */
  async function exchangeCode(request: IncomingMessage, body: Buffer) {
    // Meta's own example posts multipart form fields (curl -F); a urlencoded body is taken too.
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => new FormData());
    const field = (name: string) => text(form.get(name));
    const code = field('code');
    const held = codes.get(code);
    if (held) record(held.account, 'POST', 'oauth/access_token');
    if (field('client_id') !== api.appId || field('client_secret') !== api.appSecret)
      throw new LoginError('Invalid platform app');
    if (field('grant_type') !== 'authorization_code')
      throw new LoginError('Invalid grant_type: authorization_code is expected');
    if (!held || host.now() > held.until) throw new LoginError('Invalid authorization code');
    if (held.used) throw new LoginError('This authorization code has been used');
    if (field('redirect_uri') !== held.redirectUri)
      throw new LoginError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    held.used = true;
    return {
      data: [
        {
          access_token: held.account.issueToken('short'),
          user_id: held.account.appScopedId,
          permissions: held.scopes.join(','),
        },
      ],
    };
  }

  /**
   * `/access_token` (a short-lived token for a long-lived one) and `/refresh_access_token` (a
   * long-lived one for a new one, 60 days from now). The old token is left to its own expiry:
   * Meta documents that a refresh returns a token, not that it revokes the one refreshed.
   */
  function exchangeToken(
    node: 'access_token' | 'refresh_access_token',
    token: string,
    params: URLSearchParams,
    method: string,
  ) {
    const account = accountOf(token, `${method} ${node}`);
    record(account, method, node);
    const issued = account.tokens.get(token);
    if (node === 'access_token') {
      if (params.get('grant_type') !== 'ig_exchange_token')
        throw graphError(400, 100, '(#100) Unsupported grant_type: ig_exchange_token is expected');
      if (params.get('client_secret') !== api.appSecret)
        throw graphError(400, 101, 'Error validating client secret.');
      // Our reading: only a short-lived token is exchanged; Meta documents no other input.
      if (issued?.kind !== 'short')
        throw graphError(400, 100, '(#100) Only a short-lived access token can be exchanged');
    } else {
      if (params.get('grant_type') !== 'ig_refresh_token')
        throw graphError(400, 100, '(#100) Unsupported grant_type: ig_refresh_token is expected');
      // Our reading of "at least 24 hours old": Meta documents the rule, not its error; code 10
      // (permission) is the refusal Graph gives for a call not allowed yet.
      if (!issued || host.now() - issued.issued < REFRESH_AFTER_MS)
        throw graphError(
          400,
          10,
          '(#10) The access token can be refreshed only after it is at least 24 hours old',
        );
    }
    const fresh = account.issueToken('long');
    return { access_token: fresh, token_type: 'bearer', expires_in: LONG_LIVED_MS / 1000 };
  }

  /** `POST /me/messages`: checked as Meta checks it, an attachment fetched from its url at once. */
  async function sendMessage(
    account: FakeInstagramAccount,
    body: Record<string, unknown>,
  ): Promise<{ answer: Record<string, unknown>; record?: SentInstagram }> {
    const to = text((body.recipient as { id?: unknown } | undefined)?.id);
    if (to === '') throw graphError(400, 100, '(#100) The parameter recipient is required');
    if (!account.customers.has(to))
      throw graphError(400, 100, 'No matching user found', { error_subcode: 2018001 });
    const wrote = account.lastInbound.get(to) ?? 0;
    const window = body.tag === 'HUMAN_AGENT' ? HUMAN_AGENT_WINDOW_MS : WINDOW_MS;
    if (host.now() - wrote > window)
      throw graphError(400, 10, 'This message is sent outside of allowed window.', {
        error_subcode: 2534022,
      });

    const action = text(body.sender_action);
    if (action !== '') {
      if (!['typing_on', 'typing_off', 'mark_seen', 'react', 'unreact'].includes(action))
        throw graphError(
          400,
          100,
          '(#100) Param sender_action must be one of {TYPING_ON, TYPING_OFF, MARK_SEEN, REACT, UNREACT}',
        );
      account.senderActions.push({ to, action });
      return { answer: { recipient_id: to } };
    }

    const message = body.message as
      { text?: unknown; attachment?: unknown; quick_replies?: unknown } | undefined;
    if (!message || typeof message !== 'object')
      throw graphError(400, 100, '(#100) The parameter message is required');
    const sent: SentInstagram = { id: igMid(account.igId), to, body };
    const hasText = typeof message.text === 'string' && message.text !== '';
    if (hasText === (message.attachment !== undefined))
      throw graphError(400, 100, '(#100) Param message must have either text or an attachment');
    if (typeof message.text === 'string') {
      if (message.text.length > 1000)
        throw graphError(400, 100, 'Param message[text] must be at most 1000 characters long');
      sent.text = message.text;
    }
    if (message.quick_replies !== undefined) sent.quickReplies = quickReplies(message, hasText);
    if (message.attachment !== undefined)
      sent.attachment = await fetchAttachment(message.attachment);
    account.sent.push(sent);
    return { answer: { recipient_id: to, message_id: sent.id }, record: sent };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = host.url;
  return api;
}
