import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { text } from '../instagram/instagram-shapes';

// Reading a request and answering JSON are the same for every local provider: shared, not copied.
export { answer, readBody, text } from '../instagram/instagram-shapes';

/**
 * The pieces of the local Sinch server that hold no state: the Conversation API's error shape
 * (`{error:{code,message,status,details}}`, as developers.sinch.com documents it for every 4xx and
 * 5xx), the OAuth2 token endpoint's refusal, ULIDs (every Conversation API id, and the nonce of a
 * signed callback, is one), the callback signature, the checks of `messages:send` and of a webhook
 * that need no app, and the callback bodies (MESSAGE_INBOUND, MESSAGE_DELIVERY) in the field
 * order of Sinch's SDK fixtures.
 */

// ---- errors ----

/** The status names the Conversation API pairs with each HTTP status (google.rpc codes). */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** A refusal: its HTTP status, JSON body and extra headers (a 401's challenge). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** The Conversation API's error: `{error:{code,message,status,details:[]}}`. */
export const sinchError = (
  status: number,
  message: string,
  headers: Record<string, string> = {},
): HttpError =>
  new HttpError(
    status,
    { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN', details: [] } },
    headers,
  );

export const invalidArgument = (message: string): HttpError => sinchError(400, message);

/**
 * A call without working credentials. The SDKs refresh their token only when the challenge says
 * `expired` (sinch-sdk-node's api-fetch-client), so an expired token's 401 says so.
 */
export const unauthenticated = (expired = false): HttpError =>
  sinchError(401, 'Request had invalid credentials.', {
    'www-authenticate': expired
      ? 'Bearer realm="sinch", error="invalid_token", error_description="expired"'
      : 'Bearer realm="sinch", error="invalid_token"',
  });

/** The token endpoint's refusal of a key it does not know (RFC 6749 §5.2, our reading). */
export const invalidClient = (): HttpError =>
  new HttpError(
    401,
    { error: 'invalid_client', error_description: 'Client authentication failed' },
    { 'www-authenticate': 'Basic realm="Realm"' },
  );

/** The wording of a failure a test asked for, by status. */
export function failureMessage(status: number): string {
  if (status === 429) return 'Too many requests';
  if (status === 503) return 'The service is currently unavailable';
  return 'Internal error';
}

// ---- ids, keys and tokens ----

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 10 characters of milliseconds and 16 random ones, Crockford base32 (01H…, 26 long). */
export function ulid(ms: number): string {
  let time = '';
  let rest = Math.floor(ms);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(rest % 32) + time;
    rest = Math.floor(rest / 32);
  }
  const random = Array.from(randomBytes(16), (byte) => CROCKFORD.charAt(byte % 32)).join('');
  return time + random;
}

/** A project's id and an access key's id are UUIDs in the dashboard. */
export const uuid = (): string => randomUUID();
/** An access key's secret, shown once at creation. */
export const keySecret = (): string => randomBytes(18).toString('base64url');

/**
 * An access token: a JWT (the SDKs decode its `exp` to refresh ahead of time), signed with the
 * server's own key; the server checks tokens by their text, so the signature only needs to look
 * right.
 */
export function accessToken(claims: Record<string, unknown>, signingKey: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createHmac('sha256', signingKey).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** HTTP Basic credentials, or undefined when the header is not Basic. */
export function basicCredentials(
  header: string | undefined,
): { id: string; secret: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/** Timestamps as the Conversation API writes them: RFC 3339 in UTC. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString();

// ---- callback signatures ----

/**
 * The callback signature: Base64(HMAC-SHA256(secret, rawBody + '.' + nonce + '.' + timestamp)),
 * every input UTF-8 — the docs' formula and sinch-sdk-node's validateWebhookSignature
 * (computeSignedData, calculateWebhookSignature).
 */
export const webhookSignature = (
  raw: string,
  nonce: string,
  timestamp: string,
  secret: string,
): string => createHmac('sha256', secret).update(`${raw}.${nonce}.${timestamp}`).digest('base64');

/** The four signature headers of a callback, for a webhook with a secret. */
export function signatureHeaders(
  raw: string,
  secret: string,
  nowMs: number,
): Record<string, string> {
  const nonce = ulid(nowMs);
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'x-sinch-webhook-signature-timestamp': timestamp,
    'x-sinch-webhook-signature-nonce': nonce,
    'x-sinch-webhook-signature-algorithm': 'HmacSHA256',
    'x-sinch-webhook-signature': webhookSignature(raw, nonce, timestamp, secret),
  };
}

// ---- webhooks ----

/** The triggers a webhook can subscribe to (sinch-sdk-node's WebhookTrigger, less UNSPECIFIED). */
export const WEBHOOK_TRIGGERS = [
  'MESSAGE_DELIVERY',
  'MESSAGE_SUBMIT',
  'MESSAGE_INBOUND',
  'EVENT_DELIVERY',
  'EVENT_INBOUND',
  'SMART_CONVERSATIONS',
  'MESSAGE_INBOUND_SMART_CONVERSATION_REDACTION',
  'CONVERSATION_START',
  'CONVERSATION_STOP',
  'CONVERSATION_DELETE',
  'CONTACT_CREATE',
  'CONTACT_DELETE',
  'CONTACT_MERGE',
  'CONTACT_UPDATE',
  'CONTACT_IDENTITIES_DUPLICATION',
  'UNSUPPORTED',
  'OPT_IN',
  'OPT_OUT',
  'CHANNEL_EVENT',
  'CAPABILITY',
  'RECORD_NOTIFICATION',
];

/** "Up to 5 webhooks per Conversation API app" (developers.sinch.com, Conversation callbacks). */
export const MAX_WEBHOOKS_PER_APP = 5;
/** "Maximum URL length is 742" (the Webhook model's `target`). */
const MAX_TARGET_LENGTH = 742;

/** A webhook as the API shows it. */
export type SinchWebhook = {
  id: string;
  app_id: string;
  target: string;
  target_type: 'HTTP' | 'DISMISS';
  secret: string;
  triggers: string[];
  client_credentials?: Record<string, unknown>;
};

/** The fields of a create or update request, each checked when present. */
export type WebhookFields = Partial<Omit<SinchWebhook, 'id'>>;

export function webhookFields(body: Record<string, unknown>): WebhookFields {
  const fields: WebhookFields = {};
  if (body.app_id !== undefined) fields.app_id = text(body.app_id);
  if (body.target !== undefined) fields.target = checkTarget(body.target);
  if (body.target_type !== undefined) {
    if (body.target_type !== 'HTTP' && body.target_type !== 'DISMISS')
      throw invalidArgument('target_type must be HTTP or DISMISS');
    fields.target_type = body.target_type;
  }
  if (body.secret !== undefined) fields.secret = text(body.secret);
  if (body.triggers !== undefined) fields.triggers = checkTriggers(body.triggers);
  if (body.client_credentials !== undefined && typeof body.client_credentials === 'object')
    fields.client_credentials = body.client_credentials as Record<string, unknown>;
  return fields;
}

function checkTarget(value: unknown): string {
  const target = text(value);
  if (target === '' || !URL.canParse(target) || !/^https?:$/.test(new URL(target).protocol))
    throw invalidArgument('target must be an http(s) URL');
  if (target.length > MAX_TARGET_LENGTH)
    throw invalidArgument(`target is longer than ${MAX_TARGET_LENGTH} characters`);
  // The Webhook model: "The conversation-api.*.sinch.com subdomains are forbidden."
  if (/(^|\.)conversation-api\.[^.]+\.sinch\.com$/.test(new URL(target).hostname))
    throw invalidArgument('target must not be a conversation-api.*.sinch.com host');
  return target;
}

function checkTriggers(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidArgument('triggers must be a list');
  return value.map((trigger: unknown) => {
    // The docs: UNSPECIFIED_TRIGGER "will cause errors".
    if (typeof trigger !== 'string' || !WEBHOOK_TRIGGERS.includes(trigger))
      throw invalidArgument(`invalid trigger ${JSON.stringify(trigger)}`);
    return trigger;
  });
}

/**
 * The fields an update touches: those named by `update_mask` (a comma list, or repeated
 * `update_mask.paths`, as Google-style REST field masks are written), else those in the body.
 * A field the mask names and the body leaves out is reset, as a field mask means.
 */
export function maskedFields(query: URLSearchParams, fields: WebhookFields): WebhookFields {
  const named = [
    ...query.getAll('update_mask').flatMap((mask) => mask.split(',')),
    ...query.getAll('update_mask.paths'),
  ]
    .map((path) => path.trim())
    .filter(Boolean);
  if (named.length === 0) return fields;
  const picked: WebhookFields = {};
  for (const path of named) {
    if (path === 'app_id' || path === 'target') {
      const value = fields[path];
      if (value === undefined) throw invalidArgument(`${path} is named in update_mask but missing`);
      picked[path] = value;
    } else if (path === 'secret') picked.secret = fields.secret ?? '';
    else if (path === 'triggers') picked.triggers = fields.triggers ?? [];
    else if (path === 'target_type') picked.target_type = fields.target_type ?? 'HTTP';
    else if (path === 'client_credentials') picked.client_credentials = fields.client_credentials;
    else throw invalidArgument(`unknown field ${path} in update_mask`);
  }
  return picked;
}

// ---- messages:send ----

/** VIBERBM's text limit: "1000 characters. Longer content will be truncated." */
export const VIBER_TEXT_LIMIT = 1000;
/** "The number of choices is limited to 10" (the choice message schema). */
const MAX_CHOICES = 10;
/** "Documents and media sent using media messages must be less than 200MB in size." */
export const MAX_MEDIA_BYTES = 200 * 1024 * 1024;
/** The send request's documented lengths. */
const MAX_CORRELATION_ID = 128;
const MAX_MESSAGE_METADATA = 1024;

/** Whom a send names: a phone number on VIBERBM, or a contact. */
export type SendRecipient = { identity: string } | { contactId: string };

/** A send as asked, checked as the API checks it before accepting. */
export type SendRequest = {
  appId: string;
  recipient: SendRecipient;
  text?: string;
  media?: { url: string; filenameOverride?: string };
  /** A choice message: its text and the label of each choice. */
  choices?: string[];
  /** Viber shows one URL, call or location choice as a button; anything else becomes text. */
  transcoded?: true;
  correlationId?: string;
  metadata?: string;
};

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

export function checkSend(body: Record<string, unknown>): SendRequest {
  const appId = text(body.app_id);
  if (appId === '') throw invalidArgument('app_id is required');
  const recipient = recipientOf(body.recipient);
  const request: SendRequest = { appId, recipient, ...contentOf(body.message) };
  const order: unknown = body.channel_priority_order;
  // The docs: every channel of channel_priority_order "must be configured in the corresponding
  // Conversation API app, or the request will be rejected"; these apps have VIBERBM only.
  if (order !== undefined && (!Array.isArray(order) || order.some((one) => one !== 'VIBERBM')))
    throw invalidArgument('channel_priority_order names a channel the app has no credentials for');
  const correlationId = text(body.correlation_id);
  if (correlationId.length > MAX_CORRELATION_ID)
    throw invalidArgument(`correlation_id is longer than ${MAX_CORRELATION_ID} characters`);
  if (correlationId !== '') request.correlationId = correlationId;
  const metadata = text(body.message_metadata);
  if (metadata.length > MAX_MESSAGE_METADATA)
    throw invalidArgument(`message_metadata is longer than ${MAX_MESSAGE_METADATA} characters`);
  if (metadata !== '') request.metadata = metadata;
  return request;
}

function recipientOf(value: unknown): SendRecipient {
  const recipient = objectOf(value);
  if (!recipient) throw invalidArgument('recipient is required');
  const contactId = text(recipient.contact_id);
  const identities = objectOf(recipient.identified_by)?.channel_identities;
  if (contactId !== '' && identities !== undefined)
    throw invalidArgument('recipient must have either contact_id or identified_by, not both');
  if (contactId !== '') return { contactId };
  if (!Array.isArray(identities) || identities.length === 0)
    throw invalidArgument('recipient must have contact_id or identified_by.channel_identities');
  const viber = identities.map(objectOf).find((identity) => identity?.channel === 'VIBERBM');
  if (!viber)
    throw invalidArgument('recipient names no channel identity the app has credentials for');
  const identity = text(viber.identity);
  if (identity === '') throw invalidArgument('channel identity is required');
  return { identity };
}

function contentOf(value: unknown): Omit<SendRequest, 'appId' | 'recipient'> {
  const message = objectOf(value);
  if (!message) throw invalidArgument('message is required');
  const kinds = Object.keys(message).filter((key) => key.endsWith('_message'));
  if (kinds.length !== 1) throw invalidArgument('message must have exactly one message type');
  const textMessage = objectOf(message.text_message);
  if (textMessage) return { text: requiredText(textMessage, 'message.text_message.text') };
  const media = objectOf(message.media_message);
  if (media) {
    const url = text(media.url);
    if (!/^https?:\/\//.test(url)) throw invalidArgument('message.media_message.url is required');
    const filenameOverride = text(media.filename_override);
    return { media: { url, ...(filenameOverride !== '' ? { filenameOverride } : {}) } };
  }
  const choice = objectOf(message.choice_message);
  if (choice) return choiceOf(choice);
  // Our reading: the other kinds (card, carousel, list, location...) exist, but the product sends
  // none on Viber, so this server does not model their transcoding.
  throw invalidArgument(`${kinds[0] ?? 'message'} is not modelled by the local Sinch server`);
}

function requiredText(holder: Record<string, unknown>, name: string): string {
  const value = text(holder.text);
  if (value === '') throw invalidArgument(`${name} is required`);
  return value;
}

/** The label of one choice: a text choice's text, or the title of a URL, call or location one. */
function choiceLabel(choice: unknown, index: number): { label: string; button: boolean } {
  const entry = objectOf(choice) ?? {};
  const textChoice = objectOf(entry.text_message);
  if (textChoice)
    return { label: requiredText(textChoice, `choices[${index}].text`), button: false };
  for (const kind of ['url_message', 'call_message', 'location_message']) {
    const titled = objectOf(entry[kind]);
    if (titled) return { label: text(titled.title), button: true };
  }
  for (const kind of ['calendar_message', 'share_location_message']) {
    const titled = objectOf(entry[kind]);
    if (titled) return { label: text(titled.title), button: false };
  }
  throw invalidArgument(`choices[${index}] has no choice type`);
}

/**
 * A choice message on VIBERBM: one URL, call or location choice is a native button; text choices
 * or several choices are transcoded to text ("There is no native support for suggested replies or
 * multiple choices in VIBERBM").
 */
function choiceOf(choice: Record<string, unknown>): Omit<SendRequest, 'appId' | 'recipient'> {
  const choices: unknown = choice.choices;
  if (!Array.isArray(choices) || choices.length === 0)
    throw invalidArgument('message.choice_message.choices is required');
  if (choices.length > MAX_CHOICES)
    throw invalidArgument(`message.choice_message.choices has more than ${MAX_CHOICES} choices`);
  const labels = choices.map(choiceLabel);
  const prompt = text(objectOf(choice.text_message)?.text);
  const native = labels.length === 1 && labels[0]?.button === true;
  return {
    ...(prompt !== '' ? { text: prompt } : {}),
    choices: labels.map((entry) => entry.label),
    ...(native ? {} : { transcoded: true as const }),
  };
}

/** What Viber shows of a text: its first 1000 characters (code points, not UTF-16 units). */
export function viberText(value: string): { text: string; truncated: boolean } {
  const characters = Array.from(value);
  if (characters.length <= VIBER_TEXT_LIMIT) return { text: value, truncated: false };
  return { text: characters.slice(0, VIBER_TEXT_LIMIT).join(''), truncated: true };
}

/** A MSISDN as VIBERBM takes it: digits with the country code, a leading `+` allowed. */
export const msisdn = (identity: string): string | undefined =>
  /^\+?[1-9]\d{6,14}$/.test(identity) ? identity.replace(/^\+/, '') : undefined;

// ---- callbacks ----

export type ReasonCode =
  | 'RECIPIENT_NOT_REACHABLE'
  | 'RECIPIENT_INVALID_CHANNEL_IDENTITY'
  | 'OUTSIDE_ALLOWED_SENDING_WINDOW'
  | 'MEDIA_NOT_REACHABLE'
  | 'MEDIA_TOO_LARGE'
  | 'CONTACT_NOT_FOUND'
  | 'CHANNEL_FAILURE'
  | 'UNKNOWN'
  | (string & {});

export type SinchReason = { code: ReasonCode; description: string; sub_code: string };

/** The descriptions of the reason codes this server reports (sinch-sdk-java's ReasonCode). */
const REASON_TEXT: Record<string, string> = {
  RECIPIENT_NOT_REACHABLE:
    'It was not possible to reach the contact, or channel recipient identity, on the channel.',
  RECIPIENT_INVALID_CHANNEL_IDENTITY: 'The channel recipient identity was malformed.',
  OUTSIDE_ALLOWED_SENDING_WINDOW: 'The allowed sending window has expired.',
  MEDIA_NOT_REACHABLE:
    'The provided media link was not accessible from the Conversation API or from the underlying channels.',
  MEDIA_TOO_LARGE: 'The referenced media file is too large.',
  CONTACT_NOT_FOUND: 'The contact does not exist.',
};

export const reason = (code: ReasonCode, description?: string): SinchReason => ({
  code,
  description: description ?? REASON_TEXT[code] ?? `The underlying channel reported: ${code}`,
  sub_code: 'UNSPECIFIED_SUB_CODE',
});

export type DeliveryStatus =
  'QUEUED_ON_CHANNEL' | 'DELIVERED' | 'READ' | 'FAILED' | 'SWITCHING_CHANNEL';

/** A callback body; which trigger it is follows from its one event field. */
export type SinchCallback = {
  app_id: string;
  accepted_time: string;
  event_time: string;
  project_id: string;
  message?: Record<string, unknown>;
  message_delivery_report?: Record<string, unknown>;
  message_metadata: string;
  correlation_id: string;
};

export const triggerOf = (body: SinchCallback): string =>
  body.message_delivery_report ? 'MESSAGE_DELIVERY' : 'MESSAGE_INBOUND';

/** A contact as a callback names them: VIBERBM identities are phone numbers, not app-scoped. */
export const viberIdentity = (phone: string) => ({
  channel: 'VIBERBM',
  identity: phone,
  app_id: '',
});
