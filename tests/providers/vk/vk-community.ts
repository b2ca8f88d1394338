import { randomInt } from 'node:crypto';
import {
  accepted,
  API_VERSION,
  CLIENT_INFO,
  confirmationCode,
  docObject,
  eventId,
  longPollKey,
  photoObject,
  PICTURE,
  postCallback,
  vkError,
  vkToken,
  type SentVk,
  type SentVkAttachment,
  type VkAttachment,
  type VkCallbackAnswer,
  type VkCallbackBody,
  type VkCallbackServer,
  type VkEvent,
  type VkEventType,
  type VkMessage,
} from './vk-shapes';

/**
 * The people and communities of the local VK: tokens and their holders, a community's callback
 * servers and Bots Long Poll, its customers, the messages it accepted and the files it saved, and
 * the test knobs on each. The HTTP side (vk-api-server.ts) looks them up and calls in.
 */

/** What a customer's message carries besides its text. */
export type VkWriteOptions = {
  photo?: { bytes: Buffer; type: string };
  doc?: { bytes: Buffer; name: string; type: string };
  /** The payload of the keyboard button the customer pressed (a JSON string, as VK passes it). */
  payload?: string;
  /** Tries per callback server for this event; the community's `deliveryAttempts` by default. */
  attempts?: number;
};

type Failure = { kind: 'api'; code: number } | { kind: 'http'; status: number };

/** What people and communities need of the server they live on. */
export type Host = {
  url: string;
  now: () => number;
  /** Keeps bytes at the CDN and gives the link to them. */
  publish: (bytes: Buffer, type: string, name?: string) => string;
  people: Map<number, { firstName: string; lastName: string }>;
  personId: () => number;
  photoId: () => number;
  docId: () => number;
};

/** A file posted to an upload server, not yet (or already) saved by photos/docs save methods. */
export type Upload = {
  community: FakeVkCommunity;
  kind: 'photo' | 'doc';
  server: number;
  bytes: Buffer;
  name: string;
  type: string;
  saved?: Saved;
};

/** A photo or doc saved for messages: what messages.send may attach. */
export type Saved = {
  kind: 'photo' | 'doc';
  id: number;
  accessKey: string;
  bytes: Buffer;
  name: string;
  type: string;
  object: VkAttachment;
};

/** A community's Bots Long Poll: its settings, key, kept events and the requests held open. */
export type VkLongPoll = {
  enabled: boolean;
  apiVersion: string;
  events: Set<VkEventType>;
  key: string;
  /** Keys whose history VK lost: they are answered `failed: 3`. */
  lostKeys: Set<string>;
  /** The oldest ts still kept; an older one is answered `failed: 1`. */
  firstTs: number;
  /** The ts the next event gets; answered as `ts` to ask with next. */
  nextTs: number;
  updates: { ts: number; event: VkEvent }[];
  waiters: Set<{ wake: () => void; end: (body: Record<string, unknown>) => void }>;
};

const HOUR_MS = 3_600_000;
/** A user token without the `offline` scope lives a day (`expires_in: 86400`). */
export const USER_TOKEN_MS = 24 * HOUR_MS;
/**
 * random_id is checked against the conversation's history of the last hour, at most its last
 * 100 messages (dev.vk.com, messages.send); a repeat inside answers the first message's id.
 */
const RANDOM_ID_WINDOW_MS = HOUR_MS;
const RANDOM_ID_DEPTH = 100;
const MAX_CALLBACK_SERVERS = 10;
const MAX_ATTACHMENTS = 10;

/** Whoever a token belongs to: a person (user token) or a community (community token). */
abstract class TokenHolder {
  /** Every call by method name, failed ones included; refused tokens as `<method> refused: …`. */
  readonly calls: string[] = [];
  /** Working tokens and when each expires (Infinity: never, as community tokens). */
  readonly tokens = new Map<string, number>();
  /** Tokens revoked by revokeToken: VK answers them error 5. */
  readonly revokedTokens = new Set<string>();
  private latest = '';
  private failures: { methods: string[] | '*'; failure: Failure }[] = [];

  protected constructor(protected readonly host: Host) {}

  /** The token issued last (revoked or not: after revokeToken it is refused). */
  get token(): string {
    return this.latest;
  }

  issueToken(lifetimeMs = Infinity): string {
    const token = vkToken();
    this.tokens.set(token, this.host.now() + lifetimeMs);
    this.latest = token;
    return token;
  }

  /** Every token issued so far is refused from now on (error 5); none is issued in its place. */
  revokeToken(): void {
    for (const token of this.tokens.keys()) this.revokedTokens.add(token);
    this.tokens.clear();
  }

  /**
   * The next `count` calls of `methods` (all API methods by default) answer VK's error
   * `errorCode`: 6 (too many requests per second), 9 (flood control), 10 (internal error) or any
   * other, with VK's message for it.
   */
  failNextWith(count: number, errorCode: number, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ methods, failure: { kind: 'api', code: errorCode } });
  }

  /**
   * The next `count` calls of `methods` answer HTTP `status` with a proxy's HTML page. By default
   * all API methods; the Long Poll (`a_check`) and the upload servers (`upload photo`,
   * `upload doc`) only when named, so a poll held open does not take a failure meant for a call.
   */
  failNextWithHttp(count: number, status = 503, methods: string[] | '*' = '*'): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ methods, failure: { kind: 'http', status } });
  }

  takeFailure(method: string, isApiMethod: boolean): Failure | undefined {
    const index = this.failures.findIndex((entry) =>
      entry.methods === '*' ? isApiMethod : entry.methods.includes(method),
    );
    if (index < 0) return undefined;
    const [entry] = this.failures.splice(index, 1);
    return entry?.failure;
  }
}

/** A person on VK who administers communities and can sign in to authorise our app. */
export class FakeVkUser extends TokenHolder {
  /** The communities this person administers (groups.get?filter=admin lists them). */
  readonly communities: FakeVkCommunity[] = [];

  constructor(
    readonly id: number,
    readonly firstName: string,
    readonly lastName: string,
    host: Host,
  ) {
    super(host);
    this.issueToken();
  }

  /** A user token lives a day unless the consent asked for `offline`. */
  override issueToken(lifetimeMs = USER_TOKEN_MS): string {
    return super.issueToken(lifetimeMs);
  }

  /** Makes this person an administrator of `community` (level 3, the owner's). */
  administers(community: FakeVkCommunity): this {
    if (!this.communities.includes(community)) this.communities.push(community);
    return this;
  }
}

/** A person who writes to a community; only one who allowed messages can be written to. */
export class VkCustomer {
  /** Whether the community may write to them: writing allows it, denying takes it back. */
  allowed = false;

  constructor(
    readonly id: number,
    readonly firstName: string,
    readonly lastName: string,
    private readonly community: FakeVkCommunity,
  ) {}

  /** The customer forbids the community's messages (`message_deny`); sends then answer 901. */
  async denyMessages(): Promise<VkEvent> {
    this.allowed = false;
    const event = this.community.compose('message_deny', { user_id: this.id });
    await this.community.publish(event);
    return event;
  }

  /** The customer allows the community's messages (`message_allow`, with the widget's key). */
  async allowMessages(key = ''): Promise<VkEvent> {
    this.allowed = true;
    const event = this.community.compose('message_allow', { user_id: this.id, key });
    await this.community.publish(event);
    return event;
  }
}

/** One VK community with a bot: its token, callback servers, Long Poll, and what it sent. */
export class FakeVkCommunity extends TokenHolder {
  /** What groups.getCallbackConfirmationCode answers and a new server must echo. */
  confirmationCode = confirmationCode();
  readonly callbackServers: VkCallbackServer[] = [];
  /** Every POST to a callback server (confirmations too) and what it answered. */
  readonly callbackAnswers: VkCallbackAnswer[] = [];
  /** Messages our side sent, in the order they were accepted (a deduplicated repeat not again). */
  readonly sent: SentVk[] = [];
  readonly customers = new Map<number, VkCustomer>();
  /** Photos and docs saved for messages, by `photo<owner>_<id>` / `doc<owner>_<id>`. */
  readonly saved = new Map<string, Saved>();
  /** Tries per callback server when a customer writes (VK retries an answer other than `ok`). */
  deliveryAttempts = 1;
  readonly longPoll: VkLongPoll;
  private nextMessageId = randomInt(100, 10_000);
  private nextServerId = 1;
  private readonly conversations = new Map<number, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private pictureUrl = '';

  constructor(
    readonly groupId: number,
    readonly name: string,
    readonly screenName: string,
    host: Host,
  ) {
    super(host);
    this.issueToken();
    const ts = randomInt(1, 1000);
    this.longPoll = {
      enabled: false,
      apiVersion: API_VERSION,
      events: new Set(),
      key: longPollKey(),
      lostKeys: new Set(),
      firstTs: ts,
      nextTs: ts,
      updates: [],
      waiters: new Set(),
    };
  }

  /** The community's picture at the CDN (photo_50/100/200 alike). */
  get picture(): string {
    if (!this.pictureUrl) this.pictureUrl = this.host.publish(PICTURE, 'image/png');
    return this.pictureUrl;
  }

  /** VK "changes it from time to time": servers added from now on must echo the new one. */
  rotateConfirmationCode(): string {
    this.confirmationCode = confirmationCode();
    return this.confirmationCode;
  }

  /** A person with a fresh user id, who has not written yet (so cannot be written to). */
  newCustomer(firstName: string, lastName: string): VkCustomer {
    const customer = new VkCustomer(this.host.personId(), firstName, lastName, this);
    this.host.people.set(customer.id, { firstName, lastName });
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** An event of this community with a fresh event_id, not yet delivered anywhere. */
  compose(type: VkEventType, object: Record<string, unknown>): VkEvent {
    return { group_id: this.groupId, type, event_id: eventId(), v: API_VERSION, object };
  }

  /**
   * A customer's message as a `message_new` event, not yet delivered. The message exists at VK
   * already: it has its ids, and the customer, having written, may be written to.
   */
  composeMessageNew(customer: VkCustomer, text: string, opts: VkWriteOptions = {}): VkEvent {
    this.customers.set(customer.id, customer);
    customer.allowed = true;
    const date = this.nowSeconds();
    const attachments: VkAttachment[] = [];
    const publish = this.host.publish;
    if (opts.photo) {
      const { bytes, type } = opts.photo;
      const id = this.host.photoId();
      // Album -3 is where VK keeps photos sent in messages by a person.
      const photo = photoObject({
        id,
        ownerId: customer.id,
        albumId: -3,
        date,
        bytes,
        type,
        publish,
      });
      attachments.push({ type: 'photo', photo });
    }
    if (opts.doc) {
      const { bytes, name, type } = opts.doc;
      const id = this.host.docId();
      const doc = docObject({
        id,
        ownerId: customer.id,
        date,
        title: name,
        name,
        bytes,
        type,
        publish,
      });
      attachments.push({ type: 'doc', doc });
    }
    const message: VkMessage = {
      id: this.nextMessageId++,
      date,
      peer_id: customer.id,
      from_id: customer.id,
      text,
      out: 0,
      conversation_message_id: this.nextConversationId(customer.id),
      attachments,
      fwd_messages: [],
      important: false,
      is_hidden: false,
      random_id: 0,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    };
    return this.compose('message_new', { message, client_info: CLIENT_INFO });
  }

  /** A customer writes; the event goes wherever the community's settings send it. */
  async customerWrites(
    customer: VkCustomer,
    text: string,
    opts: VkWriteOptions = {},
  ): Promise<VkMessage> {
    const event = this.composeMessageNew(customer, text, opts);
    await this.publish(event, opts.attempts);
    return (event.object as { message: VkMessage }).message;
  }

  /** The customer read our messages up to `messageId` (`message_read`). */
  async reportRead(customer: VkCustomer, messageId: number): Promise<VkEvent> {
    const read = this.sent.find((message) => message.id === messageId);
    const event = this.compose('message_read', {
      from_id: customer.id,
      peer_id: customer.id,
      read_message_id: messageId,
      ...(read ? { conversation_message_id: read.conversationMessageId } : {}),
    });
    await this.publish(event);
    return event;
  }

  /**
   * Sends an event everywhere the settings ask for its type, as VK does: into the Long Poll
   * queue when it is enabled for the type, and to every confirmed callback server enabling it.
   */
  async publish(
    event: VkEvent,
    attempts = this.deliveryAttempts,
  ): Promise<{ queued: boolean; answers: VkCallbackAnswer[] }> {
    const queued = this.enqueue(event);
    const answers = await this.deliver(event, { attempts });
    return { queued, answers };
  }

  /** Puts an event into the Long Poll queue, if it is enabled for the type; wakes held polls. */
  enqueue(event: VkEvent): boolean {
    const poll = this.longPoll;
    if (!poll.enabled || !poll.events.has(event.type)) return false;
    poll.updates.push({ ts: poll.nextTs++, event: { ...event, v: poll.apiVersion } });
    for (const waiter of [...poll.waiters]) waiter.wake();
    return true;
  }

  /**
   * Posts an event to every confirmed callback server that enables its type, with the server's
   * secret and API version, and answers each server's last answer. VK retries a delivery not
   * answered `ok` (with HTTP 200): `attempts` above 1 does so at once, the retries carrying
   * X-Retry-Counter 1, 2, …
   */
  async deliver(
    event: VkEvent,
    { attempts = 1 }: { attempts?: number } = {},
  ): Promise<VkCallbackAnswer[]> {
    const servers = this.callbackServers.filter(
      (server) => server.status === 'ok' && server.events.has(event.type),
    );
    return Promise.all(
      servers.map(async (server) => {
        const body: VkCallbackBody = {
          ...event,
          v: server.apiVersion,
          ...(server.secretKey ? { secret: server.secretKey } : {}),
        };
        let last = await this.post(server, body, 0);
        for (let retry = 1; retry < attempts && !accepted(last); retry++)
          last = await this.post(server, body, retry);
        return last;
      }),
    );
  }

  /** Waits for the confirmations and echoes still on their way. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** The Long Poll key expires: polls with it are answered `failed: 2` (a held one at once). */
  expireLongPollKey(): void {
    const poll = this.longPoll;
    poll.key = longPollKey();
    for (const waiter of [...poll.waiters]) waiter.end({ failed: 2 });
  }

  /** The Long Poll's kept events are gone: a ts before now is answered `failed: 1` with a new ts. */
  dropLongPollHistory(): void {
    const poll = this.longPoll;
    poll.updates = [];
    poll.firstTs = poll.nextTs;
  }

  /** VK lost the key and the history: polls with the old key are answered `failed: 3`. */
  loseLongPoll(): void {
    const poll = this.longPoll;
    poll.lostKeys.add(poll.key);
    poll.key = longPollKey();
    this.dropLongPollHistory();
    for (const waiter of [...poll.waiters]) waiter.end({ failed: 3 });
  }

  // ---- what the server's handlers use ----

  /** One `act=a_check`: events since `ts`, held up to `wait` seconds when there are none. */
  poll(
    key: string,
    tsParam: string,
    wait: number,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> | Record<string, unknown> {
    const poll = this.longPoll;
    if (poll.lostKeys.has(key)) return { failed: 3 };
    if (key !== poll.key) return { failed: 2 };
    const ts = /^\d+$/.test(tsParam) ? Number(tsParam) : NaN;
    if (!(ts >= poll.firstTs && ts <= poll.nextTs)) return { failed: 1, ts: poll.nextTs };
    const ready = () => poll.updates.filter((update) => update.ts >= ts).map((u) => u.event);
    const now = ready();
    if (now.length > 0 || wait === 0) return { ts: String(poll.nextTs), updates: now };
    return new Promise((resolve) => {
      const waiter = {
        wake: () => {
          const updates = ready();
          if (updates.length > 0) waiter.end({ ts: String(poll.nextTs), updates });
        },
        end: (body: Record<string, unknown>) => {
          clearTimeout(timer);
          poll.waiters.delete(waiter);
          resolve(body);
        },
      };
      const timer = setTimeout(() => {
        waiter.end({ ts: String(poll.nextTs), updates: [] });
      }, wait * 1000);
      signal.addEventListener('abort', () => {
        waiter.end({});
      });
      poll.waiters.add(waiter);
    });
  }

  /** Ends every held poll with no events (the server is closing). */
  endPolls(): void {
    for (const waiter of [...this.longPoll.waiters])
      waiter.end({ ts: String(this.longPoll.nextTs), updates: [] });
  }

  addCallbackServer(
    fields: { url: string; title: string; secretKey: string },
    creatorId: number,
    apiVersion: string,
  ): VkCallbackServer {
    if (this.callbackServers.length >= MAX_CALLBACK_SERVERS) throw vkError(2000);
    const server: VkCallbackServer = {
      id: this.nextServerId++,
      ...fields,
      creatorId,
      status: 'unconfigured',
      apiVersion,
      events: new Set(),
    };
    this.callbackServers.push(server);
    return server;
  }

  /**
   * The confirmation request to a new (or moved) server: it must answer the current code as its
   * whole body. The secret goes along when the server has one, as the Callback API's SDKs read
   * it before the type (vk-io answers 403 to a body without the secret it expects).
   */
  confirm(server: VkCallbackServer): void {
    server.status = 'wait';
    const body: VkCallbackBody = {
      type: 'confirmation',
      group_id: this.groupId,
      ...(server.secretKey ? { secret: server.secretKey } : {}),
    };
    this.track(
      this.post(server, body, 0).then((reply) => {
        server.status =
          reply.status === 200 && reply.body === this.confirmationCode ? 'ok' : 'failed';
      }),
    );
  }

  /** Checks one send to one peer and records it, or finds the message a random_id repeats. */
  accept(
    peerId: number,
    message: Omit<SentVk, 'id' | 'peerId' | 'conversationMessageId' | 'date'>,
  ): { sent: SentVk; fresh: boolean } {
    if (peerId >= 2_000_000_000) throw vkError(917);
    const customer = this.customers.get(peerId);
    if (!customer?.allowed) throw vkError(901);
    if (message.randomId !== 0) {
      // Our reading: 0 opts out of the check, as libraries that send 0 for every message rely on.
      const since = this.host.now() - RANDOM_ID_WINDOW_MS;
      const repeated = this.sent
        .filter((sent) => sent.peerId === peerId)
        .slice(-RANDOM_ID_DEPTH)
        .find((sent) => sent.randomId === message.randomId && sent.date * 1000 >= since);
      if (repeated) return { sent: repeated, fresh: false };
    }
    const sent: SentVk = {
      ...message,
      id: this.nextMessageId++,
      peerId,
      conversationMessageId: this.nextConversationId(peerId),
      date: this.nowSeconds(),
    };
    this.sent.push(sent);
    return { sent, fresh: true };
  }

  /** The `message_reply` VK sends for our own message, after it answered the send. */
  echo(sent: SentVk, keyboard: unknown): void {
    const message: VkMessage = {
      id: sent.id,
      date: sent.date,
      peer_id: sent.peerId,
      from_id: -this.groupId,
      text: sent.text,
      out: 1,
      conversation_message_id: sent.conversationMessageId,
      attachments: sent.attachments
        .map((attachment) => this.saved.get(attachment.ref)?.object)
        .filter((object) => object !== undefined),
      fwd_messages: [],
      important: false,
      is_hidden: false,
      random_id: sent.randomId,
      ...(keyboard !== undefined ? { keyboard } : {}),
    };
    this.track(this.publish(this.compose('message_reply', message)));
  }

  /** Saves an upload for messages, once: saving it again answers the same photo or doc. */
  save(upload: Upload, title?: string): Saved {
    if (upload.saved) return upload.saved;
    const common = {
      ownerId: -this.groupId,
      date: this.nowSeconds(),
      bytes: upload.bytes,
      type: upload.type,
      publish: this.host.publish,
    };
    const file = { bytes: upload.bytes, name: upload.name, type: upload.type };
    let saved: Saved;
    if (upload.kind === 'photo') {
      // A service album, negative as VK's are; nothing reads it back.
      const photo = photoObject({ ...common, id: this.host.photoId(), albumId: -64 });
      const object: VkAttachment = { type: 'photo', photo };
      saved = { ...file, kind: 'photo', id: photo.id, accessKey: photo.access_key, object };
    } else {
      const name = title ?? upload.name;
      const doc = docObject({ ...common, id: this.host.docId(), title: name, name: upload.name });
      const object: VkAttachment = { type: 'doc', doc };
      saved = { ...file, name, kind: 'doc', id: doc.id, accessKey: doc.access_key, object };
    }
    this.saved.set(`${saved.kind}${-this.groupId}_${saved.id}`, saved);
    upload.saved = saved;
    return saved;
  }

  /** Resolves `attachment` of messages.send: only photos and docs this community saved. */
  attachments(refs: string[]): SentVkAttachment[] {
    if (refs.length > MAX_ATTACHMENTS) throw vkError(100, 'attachment: too many attachments');
    return refs.map((ref) => {
      const match = /^(photo|doc)(-?\d+)_(\d+)(?:_([0-9a-zA-Z]+))?$/.exec(ref);
      const key = match ? `${match[1] ?? ''}${match[2] ?? ''}_${match[3] ?? ''}` : '';
      const saved = this.saved.get(key);
      if (!saved || (match?.[4] !== undefined && match[4] !== saved.accessKey))
        throw vkError(100, `attachment ${ref} is invalid`);
      return { kind: saved.kind, ref: key, bytes: saved.bytes, name: saved.name, type: saved.type };
    });
  }

  private async post(
    server: VkCallbackServer,
    body: VkCallbackBody,
    retry: number,
  ): Promise<VkCallbackAnswer> {
    const reply = await postCallback(server, body, retry);
    this.callbackAnswers.push(reply);
    return reply;
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private nextConversationId(peerId: number): number {
    const next = (this.conversations.get(peerId) ?? 0) + 1;
    this.conversations.set(peerId, next);
    return next;
  }

  private nowSeconds(): number {
    return Math.floor(this.host.now() / 1000);
  }
}
