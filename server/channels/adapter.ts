import type { ChannelType, ErrorName, MessengerTemplate, SentTemplate } from '../../src/protocol';

/**
 * The contract every connectable channel type implements (docs/channels.md "The adapter"). An
 * adapter only speaks its provider's API, at a base URL the installation configures; everything
 * that must hold for every channel — storing an inbound event before it is acknowledged, turning
 * it into `message.receive` once, delivery jobs, retries, statuses that only move forward, health —
 * is the pipeline's (server/channels/pipeline/), so no adapter can get it wrong on its own.
 */

/** What an adapter knows of a channel: its public settings and its write-only secrets. */
export type ChannelCredentials = {
  /** Public per-type settings, as CHANNEL_TYPE_SETTINGS of src/protocol/channel-settings.ts parse them. */
  settings: Readonly<Record<string, unknown>>;
  /** Secret values by name (`token`, `password`). Never logged, never put in a URL or an error. */
  secrets: Readonly<Record<string, string>>;
};

/** A stored channel as the pipeline hands it to its adapter. */
export type AdapterChannel = ChannelCredentials & {
  id: string;
  orgId: string;
  type: ChannelType;
  name: string;
};

/**
 * A refusal the administrator can act on, by its spec §8 name, and the form field it belongs to
 * (SERVICE_ACCOUNT_INVALID_TOKEN → "Incorrect token specified" at `token`).
 */
export type CheckRefusal = {
  ok: false;
  error: Extract<
    ErrorName,
    | 'SERVICE_ACCOUNT_INVALID_TOKEN'
    | 'SERVICE_ACCOUNT_INVALID_FIELDS'
    | 'INVALID_CREDENTIALS'
    | 'CHANNEL_SERVICE_NOT_FOUND'
  >;
  field?: string;
};

/**
 * What checking credentials with the provider learned. `identity` names the provider's account
 * (a bot's numeric id, `login@imap-host`): one account feeds one channel across all
 * organizations (SERVICE_ACCOUNT_EXISTS), and a new token must name the same one
 * (TOKEN_NOT_FROM_CURRENT_BOT). `settings` are public facts to store (the bot's username).
 */
export type CheckSuccess = {
  ok: true;
  identity: string;
  settings: Record<string, unknown>;
};
export type CheckResult = CheckSuccess | CheckRefusal;

/** One event as the provider sent it, under the provider's own id for it (a duplicate is ignored). */
export type RawInboundEvent = {
  /** Unique per channel: Telegram's update_id, an IMAP `UIDVALIDITY:UID`, a Message-ID. */
  providerId: string;
  /** The event as received (JSON); stored as is, so processing can be re-run after a fix. */
  payload: unknown;
};

/**
 * Small durable values per channel (Telegram's update offset, IMAP UIDVALIDITY and last UID):
 * kept in the database, so a restart neither reads an event twice nor skips one.
 */
export type CursorStore = {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
};

/**
 * A delivery status the provider reported for one of our sent messages: delivered or read, or
 * failed after the provider had accepted it (WhatsApp's "failed" status: the customer's 24-hour
 * window had closed, the number cannot receive), with the reason the operator is shown.
 */
export type StatusReport =
  | {
      providerMessageId: string;
      status: 'delivered' | 'read';
      /**
       * A watermark (VK's message_read: "read up to this message"): the status holds for every
       * earlier reply of the same chat too, which the provider does not name one by one.
       */
      through?: boolean;
    }
  | { providerMessageId: string; status: 'failed'; reason: string }
  /**
   * A watermark by time (Messenger's read: "everything sent up to this moment was read"): every
   * reply to this customer (their id in the channel) the provider accepted at or before `upTo`.
   */
  | { customer: string; status: 'delivered' | 'read'; upTo: Date };

/** A report that names one reply by the provider's id of it. */
export type NamedStatusReport = Extract<StatusReport, { providerMessageId: string }>;

/** What a receiving adapter is given while its channel is active. */
export type ReceiveContext = {
  channel: AdapterChannel;
  cursor: CursorStore;
  /**
   * Hands events to the pipeline. When the promise resolves every event is stored durably (or
   * was already): only then may the adapter acknowledge them to the provider (advance an offset,
   * flag a mail as seen). A rejection means nothing can be assumed stored: do not acknowledge.
   */
  deliver(events: readonly RawInboundEvent[]): Promise<void>;
  /** Delivery statuses the provider reported (delivered, read, failed); the pipeline moves them forward only. */
  statuses(reports: readonly StatusReport[]): Promise<void>;
  /** Whether the provider answers: shown on the channel's page (its health). */
  health(report: { connected: boolean; error?: string }): void;
  /**
   * Where the provider should call us (`${PUBLIC_URL}/api/channels/<channel id>/webhook`), or null
   * when the installation has no public address: then the adapter polls.
   */
  webhookUrl: string | null;
  /** Aborted when the channel is stopped (deactivated, settings changed, server stopping). */
  signal: AbortSignal;
};

/** A webhook call's raw request, before anything of it is parsed or stored. */
export type WebhookRequest = {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body's bytes, as received: signatures are checked on these. */
  body: Buffer;
};

/** A webhook call's verdict: refused (a wrong secret or signature, nothing stored), or its events. */
export type WebhookResult =
  | {
      ok: true;
      events: RawInboundEvent[];
      statuses?: StatusReport[];
      /** Parts of the call not taken, with why (another number, a malformed message): logged. */
      skipped?: string[];
      /** Registered templates' reviews the provider reported. */
      templates?: TemplateReport[];
      /**
       * The plain-text body the provider expects back, where it reads one (VK: `ok`, or the
       * confirmation code); otherwise the route's own JSON.
       */
      answer?: string;
    }
  | { ok: false; status: 401 | 403 | 400; reason: string };

/** A registered template's review as the provider reported it (approved, rejected with why, …). */
export type TemplateReport = {
  providerTemplateId: string;
  status: 'pending' | 'approved' | 'rejected' | 'paused' | 'disabled';
  reason: string | null;
};

/** A registered template as written, for the provider to register. */
export type ProviderTemplate = Pick<
  MessengerTemplate,
  'name' | 'category' | 'language' | 'header' | 'text' | 'footer' | 'buttons'
>;

/** What submitting a template came to. */
export type TemplateSubmitResult =
  /** The provider took it, under its id, and says where the review stands. */
  | {
      kind: 'submitted';
      providerId: string;
      status: TemplateReport['status'];
      reason: string | null;
    }
  /** The provider refused it as written (a name taken there, a shape it will not review): rejected. */
  | { kind: 'refused'; reason: string }
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number };

/** What removing a template at the provider came to; one it does not know is removed. */
export type TemplateRemoveResult =
  { kind: 'removed' } | { kind: 'retry'; reason: string; retryAfterSeconds?: number };

/** A provider that registers message templates (WhatsApp): submitted and removed by the channel workers. */
export type TemplateRegistry = {
  /**
   * Submits a template for review: a new one, or, with the provider's id of one it holds (a
   * rejected template rewritten), that one edited, since the provider keys it by name and language.
   */
  submit(
    channel: AdapterChannel,
    template: ProviderTemplate & { providerId: string | null },
    signal: AbortSignal,
  ): Promise<TemplateSubmitResult>;
  remove(
    channel: AdapterChannel,
    template: { name: string; providerId: string },
    signal: AbortSignal,
  ): Promise<TemplateRemoveResult>;
};

/** A file of an inbound message, fetched at once (a provider's file links expire). */
export type InboundFile = { name: string; type: string; bytes: Buffer };

/**
 * One stored event as the payload of the existing `message.receive` command (without channelId,
 * messageId and attachments, which the pipeline supplies), or a reason to ignore it (an edit, a
 * service message): an ignored event is marked processed, not retried.
 */
export type InboundMessage =
  | {
      kind: 'message';
      /** The customer as the channel knows them (message.receive's `client`). */
      client: { externalId: string; name?: string; phone?: string; email?: string };
      text: string;
      files: InboundFile[];
    }
  | { kind: 'ignore'; reason: string };

/**
 * A file of a reply, as bytes: uploaded to the provider where it takes uploads. A provider that
 * takes files only by link (Instagram) is given a signed, expiring link to this file (`id`), which
 * only its adapter can make and check (`ChannelAdapter.fileLink`).
 */
export type OutboundFile = { id: string; name: string; type: string; bytes: Buffer };

/** One reply to send. */
export type OutboundMessage = {
  /** Our message id: the delivery job's key, and an idempotency key where the provider takes one. */
  messageId: string;
  /** The customer's id in this channel (a Telegram chat id, an e-mail address). */
  recipient: string;
  text: string;
  files: OutboundFile[];
  /**
   * Provider ids of this chat's earlier messages, oldest first (inbound event ids and our sent
   * messages' provider ids, at most 50): e-mail's In-Reply-To and References come from these.
   */
  thread: string[];
  /** The payload of the customer's latest inbound event in this chat, if any (its subject, …). */
  lastInbound: unknown;
  /** Answers offered as buttons (an auto-reply's), within the channel's limits (channel-capabilities.ts). */
  buttons?: string[];
  /**
   * A reply sent as a registered template: the provider is sent the template and these values,
   * not `text` (which is the template filled in, as the thread shows it).
   */
  template?: SentTemplate;
};

/** What sending once came to. */
export type SendResult =
  /** Accepted by the provider; its id lets delivery statuses find the message. */
  | { kind: 'sent'; providerMessageId: string }
  /**
   * Not now (the provider is down, 5xx, 429, a network failure): tried again later, after
   * `retryAfterSeconds` when the provider said (429 retry_after), else with backoff.
   */
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  /** Never (the customer blocked the bot, the address does not exist): the message is undelivered. */
  | { kind: 'failed'; reason: string }
  /**
   * Not until the channel is authorised again: the provider refused the credentials themselves
   * (a lapsed or revoked token). The reply is held, not failed (pipeline/lapsed-credentials.ts).
   */
  | { kind: 'reauthorize'; reason: string };

/**
 * A provider whose channels are connected by its own sign-in page (OAuth 2.0 authorization code):
 * the administrator is sent to `authorizeUrl`, the provider sends them back to our callback with a
 * code, and `exchange` trades it for the channel's secrets (server/channels/authorization/).
 */
export type ChannelAuthorizer = {
  /** Whether the installation has what the provider needs (its app's id and secret). */
  readonly configured: boolean;
  /**
   * Where the administrator signs in and consents; `state` comes back with the code. With
   * `choice`, the second sign-in of a two-step provider, for what was picked after the first.
   */
  authorizeUrl(input: { state: string; redirectUri: string; choice?: string }): string;
  /**
   * Trades the code for credentials: the secrets to store (a long-lived token) and public facts
   * (its expiry); or, for a two-step provider's first sign-in (VK: the person), what they may
   * connect (their communities), one of which a second sign-in (`choice`) authorises. Throws
   * when the provider refuses the code; the callback says so to the user.
   */
  exchange(
    /** `now`: the server's clock, from which the credentials' expiry is counted. */
    input: { code: string; redirectUri: string; now: Date; choice?: string },
    signal: AbortSignal,
  ): Promise<AuthorizationGrant>;
};

/** One thing a first sign-in may connect (a VK community the person administers). */
export type AuthorizationChoice = { id: string; name: string; username: string | null };

export type AuthorizationGrant =
  | { secrets: Record<string, string>; settings: Record<string, unknown> }
  | { choices: AuthorizationChoice[] };

/** What renewing a channel's credentials before they expire came to. */
export type RenewResult =
  /** New secrets and facts to store (a refreshed token and its expiry). */
  | { kind: 'renewed'; secrets: Record<string, string>; settings: Record<string, unknown> }
  /** The provider refused the credentials themselves: the channel needs authorising again. */
  | { kind: 'reauthorize'; reason: string }
  | { kind: 'retry'; reason: string };

/** Credentials that expire unless renewed in time (Instagram's 60-day tokens). */
export type CredentialRenewal = {
  /** Whether the channel's credentials should be renewed now (close enough to expiring, old enough). */
  due(channel: AdapterChannel, now: Date): boolean;
  renew(channel: AdapterChannel, now: Date, signal: AbortSignal): Promise<RenewResult>;
};

/**
 * A webhook that one provider app receives for all its accounts (Instagram's app-level callback):
 * each part names the account (`identity`, as a channel's providerIdentity) it belongs to.
 */
export type AppWebhookResult =
  | {
      ok: true;
      accounts: { identity: string; events: RawInboundEvent[]; statuses: StatusReport[] }[];
      skipped?: string[];
    }
  | { ok: false; status: 401 | 403 | 400; reason: string };

/** A running receiver; stopped when the channel is deactivated, changed or the server stops. */
export type Receiver = { stop(): Promise<void> };

export type ChannelAdapter = {
  /** The channel type it serves; the registry maps each type to one adapter. */
  readonly type: ChannelType;

  /**
   * Asks the provider whether the credentials work, before a channel is created or its secrets
   * replaced (docs/channels.md "Commands that ask a provider"): nothing is written on a refusal.
   * Runs outside any transaction; must give up within a few seconds (`signal`).
   */
  check(credentials: ChannelCredentials, signal: AbortSignal): Promise<CheckResult>;

  /**
   * Starts receiving for an active channel: registers a webhook at `context.webhookUrl` (with a
   * secret the provider sends back in a header), or polls when it is null. Events go through
   * `context.deliver`; the adapter acknowledges to the provider only after it resolved.
   */
  start(context: ReceiveContext): Promise<Receiver>;

  /**
   * Verifies a webhook call on its raw bytes and headers (a constant-time secret or signature
   * check) and splits it into events; absent for types that only poll.
   */
  webhook?(
    channel: AdapterChannel,
    request: WebhookRequest,
  ): WebhookResult | Promise<WebhookResult>;

  /**
   * Answers a provider's GET check of the callback address before it delivers there (Meta's
   * `hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`): the text to echo back, or null to
   * refuse (a wrong verify token). Absent for providers that make no such check.
   */
  handshake?(channel: AdapterChannel, query: Readonly<Record<string, unknown>>): string | null;

  /**
   * Turns one stored event into a customer's message, fetching its files now. Throwing counts a
   * failed attempt (retried, then set aside with the error); it must not have side effects the
   * provider would see.
   */
  toMessage(
    channel: AdapterChannel,
    event: RawInboundEvent,
    signal: AbortSignal,
  ): Promise<InboundMessage>;

  /** Present for providers that register message templates (WhatsApp). */
  templates?: TemplateRegistry;

  /** Present for providers whose channels are connected through their sign-in page (Instagram). */
  authorization?: ChannelAuthorizer;

  /** Present for providers whose credentials must be renewed before they expire (Instagram). */
  renewal?: CredentialRenewal;

  /**
   * The app-level webhook (`/api/channels/webhooks/<type>`) of a provider that calls one address
   * for every account of the installation's app, verified on the raw bytes, split by account.
   */
  appWebhook?: {
    verify(request: WebhookRequest): AppWebhookResult;
    /** Meta's GET handshake of that address: the challenge to echo, or null to refuse. */
    handshake(query: Readonly<Record<string, unknown>>): string | null;
  };

  /**
   * For a provider that fetches a reply's files by link: whether a request for one of our files
   * carries a valid, unexpired signature this adapter made (`/api/channels/:id/files/:fileId`).
   */
  fileLink?: {
    valid(
      channel: AdapterChannel,
      fileId: string,
      query: Readonly<Record<string, unknown>>,
    ): boolean;
  };

  /** Sends one reply once. Must not throw for a provider's answer: name it as a SendResult. */
  send(channel: AdapterChannel, message: OutboundMessage, signal: AbortSignal): Promise<SendResult>;
};
