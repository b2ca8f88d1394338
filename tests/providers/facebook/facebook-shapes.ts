import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileNameOf, GraphError, graphError, PageError, text } from '../instagram/instagram-shapes';

// Meta answers both Graph hosts the same way for Instagram and Messenger: the error shape, the
// JSON and HTML answers, a node's fields. Those helpers are shared rather than copied.
export {
  answer,
  answerPage,
  GraphError,
  graphError,
  PageError,
  pickFields,
  PROFILE_PICTURE,
  readBody,
  redirect,
  text,
  unsupported,
} from '../instagram/instagram-shapes';

/**
 * The pieces of the local Facebook server that hold no state: the shapes Meta's Messenger
 * Platform answers and posts (developers.facebook.com/docs/messenger-platform), the look of its
 * ids and tokens, the Login dialog's pages, the parameters of a Graph call (query, form, multipart
 * or JSON), the Send API's checks that need no Page, and the signatures of webhooks and of
 * `appsecret_proof`.
 */

/** A person who writes to a Page in Messenger, by the Page-scoped id (PSID) Meta gave them. */
export type FbCustomer = { psid: string; firstName: string; lastName: string };

/** A file the Page holds at Meta: one uploaded, or one sent by url with `is_reusable`. */
export type FbUpload = {
  id: string;
  type: AttachmentType;
  bytes: Buffer;
  contentType: string;
  name?: string;
};

/** A message our side sent, as the server received it (an attachment resolved to its bytes). */
export type SentMessenger = {
  id: string;
  recipient: string;
  text?: string;
  attachment?: {
    type: AttachmentType;
    bytes: Buffer;
    contentType: string;
    /** The url Meta fetched it from, when sent by url. */
    url?: string;
    /** The upload it names, when sent by `attachment_id`. */
    attachmentId?: string;
  };
  /** The titles of the text quick replies, in order. */
  quickReplies?: string[];
  messagingType: MessagingType;
  tag?: string;
};

export type FbAttachment = { type: string; payload: { url: string } };

/** One item of an entry's `messaging`: a message (an echo too), a delivery, a read, a postback. */
export type FbMessaging = {
  sender: { id: string };
  recipient: { id: string };
  /** Every item has it but a delivery, as Meta's reference shows them. */
  timestamp?: number;
  message?: {
    mid: string;
    text?: string;
    attachments?: FbAttachment[];
    quick_reply?: { payload: string };
    is_echo?: true;
    app_id?: number;
  };
  delivery?: { mids: string[]; watermark: number };
  read?: { watermark: number };
  postback?: { mid: string; title: string; payload: string };
};

export type FbWebhookEntry = { id: string; time: number; messaging: FbMessaging[] };
export type FbWebhookBody = { object: 'page'; entry: FbWebhookEntry[] };

export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG'] as const;
export type MessagingType = (typeof MESSAGING_TYPES)[number];
/** The message tags Meta still takes; HUMAN_AGENT is the only one this product uses. */
export const MESSAGE_TAGS = [
  'CONFIRMED_EVENT_UPDATE',
  'POST_PURCHASE_UPDATE',
  'ACCOUNT_UPDATE',
  'HUMAN_AGENT',
];

/** The webhook fields a Page can subscribe an app to for Messenger (`subscribed_apps`). */
export const WEBHOOK_FIELDS = [
  'messages',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'messaging_postbacks',
  'messaging_optins',
  'messaging_referrals',
  'message_reactions',
  'messaging_handovers',
  'standby',
];

/** The webhook field an item belongs to: Meta posts it only to Pages subscribed to that field. */
export function fieldOf(item: FbMessaging): string {
  if (item.delivery) return 'message_deliveries';
  if (item.read) return 'message_reads';
  if (item.postback) return 'messaging_postbacks';
  return item.message?.is_echo ? 'message_echoes' : 'messages';
}

/** Permissions the Login dialog knows; anything else is the developer's mistake it shows. */
export const KNOWN_SCOPES = [
  'public_profile',
  'email',
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'pages_read_user_content',
  'pages_manage_posts',
  'business_management',
];

// ---- ids and tokens ----

const digits = (length: number) =>
  Array.from({ length }, (_, index) => randomInt(index === 0 ? 1 : 0, 10)).join('');

/** A Page's id: 15 or 16 digits, as Meta's are. */
export const pageId = (): string => digits(15 + randomInt(0, 2));
/** A Page-scoped id of a person: 16 or 17 digits. */
export const psid = (): string => digits(16 + randomInt(0, 2));
/** A person's app-scoped id. */
export const userId = (): string => digits(15 + randomInt(0, 3));
/** An app id: 16 digits below 2^53, since the echo's `app_id` is a JSON number. */
export const appId = (): string => String(randomInt(1_000_000_000, 8_999_999_999)) + digits(6);
/** A message id as Messenger's look today: `m_` and base64url. */
export const mid = (): string => `m_${randomBytes(60).toString('base64url')}`;
/** An attachment id of the Attachment Upload API: a bare number. */
export const attachmentId = (): string => digits(16);
/** A user or Page access token: Meta's start with EAA and hold letters and digits only. */
export const fbToken = (): string =>
  `EAA${randomBytes(150)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 180);
/** A Login dialog code. */
export const oauthCode = (): string => `AQ${randomBytes(150).toString('base64url')}`;

// ---- signatures ----

/** `appsecret_proof`: the token's HMAC-SHA256 keyed by the app secret, in hex. */
export const appsecretProof = (token: string, secret: string): string =>
  createHmac('sha256', secret).update(token).digest('hex');

/** A webhook's signature headers: Meta still sends the SHA-1 one beside the SHA-256 one. */
export function webhookSignatures(raw: string, secret: string): Record<string, string> {
  const hmac = (algorithm: string) => createHmac(algorithm, secret).update(raw).digest('hex');
  return {
    'x-hub-signature-256': `sha256=${hmac('sha256')}`,
    'x-hub-signature': `sha1=${hmac('sha1')}`,
  };
}

// ---- Graph refusals ----

export const invalidToken = () =>
  graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');

export const lapsedToken = () =>
  graphError(
    400,
    190,
    'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    { error_subcode: 460 },
  );

export const expiredToken = (expires: number, now: number) =>
  graphError(
    400,
    190,
    `Error validating access token: Session has expired on ${new Date(expires).toUTCString()}. The current time is ${new Date(now).toUTCString()}.`,
    { error_subcode: 463 },
  );

/** Calls of a Page's own (subscriptions, sends, uploads) refuse a person's token. */
export const pageTokenRequired = () =>
  graphError(400, 210, '(#210) A page access token is required to request this resource.');

/** The text Graph gives with a code of the knobs; Meta words each code its own way. */
export function failureMessage(code: number): string {
  const words: Record<number, string> = {
    1: 'An unknown error has occurred.',
    2: 'Service temporarily unavailable',
    4: '(#4) Application request limit reached',
    17: '(#17) User request limit reached',
    32: '(#32) Page request limit reached',
    613: '(#613) Calls to this api have exceeded the rate limit.',
  };
  return words[code] ?? `(#${code}) An unexpected error has occurred.`;
}

// ---- parameters ----

/** A file part of a multipart body, its content type kept. */
export type FilePart = { bytes: Buffer; type: string; name: string };
/** A call's parameters: strings of the query and forms, values of a JSON body, files. */
export type Params = Map<string, unknown>;

/**
 * Graph takes a call's parameters from the query, an urlencoded or multipart form, or a JSON
 * body alike; later sources win. Multipart is parsed by the platform's own form parser.
 */
export async function graphParams(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<Params> {
  const params: Params = new Map(url.searchParams);
  const type = request.headers['content-type'] ?? '';
  if (body.length === 0) return params;
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw graphError(400, 100, '(#100) The request body is not valid JSON');
    }
    if (parsed && typeof parsed === 'object')
      for (const [key, value] of Object.entries(parsed)) params.set(key, value);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params.set(key, value);
  } else if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => {
        throw graphError(400, 100, '(#100) The multipart body could not be read');
      });
    for (const [key, value] of form)
      params.set(key, typeof value === 'string' ? value : await filePart(value));
  }
  return params;
}

async function filePart(file: File): Promise<FilePart> {
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    type: file.type || 'application/octet-stream',
    name: file.name,
  };
}

export const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as FilePart).bytes);

/**
 * An object parameter: a JSON body's value as it is, a form's value parsed (Meta's own curl
 * examples post `recipient` and `message` as JSON strings in form fields).
 */
export function objectParam(params: Params, name: string): Record<string, unknown> | undefined {
  let value = params.get(name);
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw graphError(400, 100, `(#100) Param ${name} must be a JSON object`);
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export const stringParam = (params: Params, name: string): string => text(params.get(name));

// ---- the Send API's checks ----

export const noMatchingUser = () =>
  graphError(400, 100, '(#100) No matching user found', { error_subcode: 2018001 });

export const outsideWindow = () =>
  graphError(
    400,
    10,
    '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
    { error_subcode: 2018278 },
  );

export const invalidProof = () =>
  new GraphError(400, {
    error: {
      message: 'Invalid appsecret_proof provided in the API argument',
      type: 'GraphMethodException',
      code: 100,
      fbtrace_id: `A${randomBytes(8).toString('base64url')}`,
    },
  });

/** Whether `proof` is the token's `appsecret_proof` (compared in constant time). */
export function proofMatches(proof: string, token: string, secret: string): boolean {
  const expected = Buffer.from(appsecretProof(token, secret));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A send as asked, checked as Meta checks a request before it looks at the recipient. */
export type SendRequest = {
  recipient: string;
  messagingType: MessagingType;
  tag?: string;
  text?: string;
  quickReplies?: string[];
  /** The `message.attachment` as sent, resolved against the Page later. */
  attachment?: unknown;
};

/** The recipient's PSID: `recipient` is an object in JSON, a JSON string in a form. */
export function recipientOf(params: Params): string {
  const recipient = text(objectParam(params, 'recipient')?.id);
  if (recipient === '') throw graphError(400, 100, '(#100) The parameter recipient is required');
  return recipient;
}

export function checkSend(params: Params): SendRequest {
  const recipient = recipientOf(params);
  const messagingType = MESSAGING_TYPES.find((type) => type === params.get('messaging_type'));
  if (!messagingType)
    throw graphError(
      400,
      100,
      '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}',
    );
  const request: SendRequest = { recipient, messagingType };
  if (messagingType === 'MESSAGE_TAG') {
    request.tag = stringParam(params, 'tag');
    if (!MESSAGE_TAGS.includes(request.tag))
      throw graphError(400, 100, `(#100) Param tag must be one of {${MESSAGE_TAGS.join(', ')}}`);
  }
  const message = objectParam(params, 'message');
  if (!message) throw graphError(400, 100, '(#100) Must send either message or sender action');
  const messageText = text(message.text);
  const hasAttachment = message.attachment !== undefined;
  if (messageText === '' && !hasAttachment)
    throw graphError(
      400,
      100,
      '(#100) Message cannot be empty, must provide valid attachment or text',
    );
  // The reference calls text and attachment mutually exclusive.
  if (messageText !== '' && hasAttachment)
    throw graphError(
      400,
      100,
      '(#100) Param message must have either text or attachment, not both',
    );
  if (messageText !== '') {
    checkText(messageText);
    request.text = messageText;
  }
  if (message.quick_replies !== undefined)
    request.quickReplies = quickReplyTitles(message.quick_replies);
  if (hasAttachment) request.attachment = message.attachment;
  return request;
}

const HOUR_MS = 3_600_000;

/** How long after the customer last wrote a send may go: 24 hours, 7 days with HUMAN_AGENT. */
export function windowMs(request: SendRequest): number {
  if (request.messagingType !== 'MESSAGE_TAG') return 24 * HOUR_MS;
  // Our reading: the other tags are for updates outside the window, so they have no limit here.
  return request.tag === 'HUMAN_AGENT' ? 7 * 24 * HOUR_MS : Infinity;
}

export function checkSenderAction(action: string): void {
  if (!['typing_on', 'typing_off', 'mark_seen'].includes(action))
    throw graphError(
      400,
      100,
      '(#100) Param sender_action must be one of {mark_seen, typing_on, typing_off}',
    );
}

/** Messenger takes up to 2,000 characters of text (counted as characters, not UTF-16 units). */
export function checkText(value: string): void {
  if (Array.from(value).length > 2000)
    throw graphError(
      400,
      100,
      '(#100) Length of param message[text] must be less than or equal to 2000',
    );
}

/**
 * Up to 13 quick replies; a text one needs a title of at most 20 characters and a payload. Answers
 * the text replies' titles. Too many is Graph's code 105, as Messenger answers it.
 */
export function quickReplyTitles(replies: unknown): string[] {
  if (!Array.isArray(replies) || replies.length === 0)
    throw graphError(400, 100, '(#100) Param message[quick_replies] must be a non-empty array');
  if (replies.length > 13)
    throw graphError(400, 105, '(#105) param message[quick_replies] has too many elements');
  const titles: string[] = [];
  replies.forEach((reply: unknown, index) => {
    const { content_type: type, title, payload } = (reply ?? {}) as Record<string, unknown>;
    const at = `message[quick_replies][${index}]`;
    if (type === 'user_phone_number' || type === 'user_email') return;
    if (type !== 'text')
      throw graphError(
        400,
        100,
        `(#100) Param ${at}[content_type] must be one of {text, user_phone_number, user_email}`,
      );
    if (text(title) === '' || text(payload) === '')
      throw graphError(400, 100, `(#100) Param ${at} must have a title and a payload`);
    if (Array.from(text(title)).length > 20)
      throw graphError(
        400,
        100,
        `(#100) Length of param ${at}[title] must be less than or equal to 20`,
      );
    if (text(payload).length > 1000)
      throw graphError(
        400,
        100,
        `(#100) Length of param ${at}[payload] must be less than or equal to 1000`,
      );
    titles.push(text(title));
  });
  return titles;
}

export function attachmentType(value: unknown): AttachmentType {
  const found = ATTACHMENT_TYPES.find((type) => type === value);
  if (!found)
    throw graphError(
      400,
      100,
      '(#100) Param message[attachment][type] must be one of {image, video, audio, file}',
    );
  return found;
}

/** A message's attachment as asked: its type and payload (`url`, `attachment_id`, reuse). */
export function attachmentRequest(value: unknown) {
  const { type, payload } = (value ?? {}) as { type?: unknown; payload?: unknown };
  const fields = (payload ?? {}) as Record<string, unknown>;
  return {
    type: attachmentType(type),
    url: text(fields.url),
    id:
      typeof fields.attachment_id === 'string' || typeof fields.attachment_id === 'number'
        ? String(fields.attachment_id)
        : undefined,
    reusable: fields.is_reusable === true,
  };
}

export const unknownAttachment = () =>
  // Our reading: Meta documents the id, not its refusal; an id of no upload of the Page is 100.
  graphError(
    400,
    100,
    '(#100) Param message[attachment][payload][attachment_id] is not a valid attachment id',
  );

/** The Attachment Upload API's request: a `message` naming the type, and one file (or a url). */
export function uploadRequest(params: Params) {
  const attachment = objectParam(params, 'message')?.attachment;
  if (attachment === undefined)
    throw graphError(400, 100, '(#100) The parameter message is required');
  const { type, url } = attachmentRequest(attachment);
  const file = params.get('filedata');
  if (!isFilePart(file) && url === '')
    throw graphError(
      400,
      100,
      '(#100) Incorrect number of files uploaded. Must upload exactly one file.',
    );
  return { type, url, file: isFilePart(file) ? file : undefined };
}

/** `subscribed_fields`: a comma list (query or form) or a JSON array, each a known field. */
export function subscribedFieldsParam(params: Params): string[] {
  const raw = params.get('subscribed_fields');
  const asked = Array.isArray(raw) ? raw.map(text) : text(raw).split(',');
  const wanted = asked.map((field) => field.trim()).filter(Boolean);
  if (wanted.length === 0)
    throw graphError(400, 100, '(#100) The parameter subscribed_fields is required');
  wanted.forEach((field, index) => {
    if (!WEBHOOK_FIELDS.includes(field))
      throw graphError(
        400,
        100,
        `(#100) Param subscribed_fields[${index}] must be one of {${WEBHOOK_FIELDS.join(', ')}} - got "${field}".`,
      );
  });
  return wanted;
}

/** Meta fetches an attachment's url while the send is answered; one it cannot get is 2018047. */
export async function fetchUrl(
  url: string,
): Promise<{ bytes: Buffer; contentType: string; name?: string }> {
  if (!/^https?:\/\//.test(url))
    throw graphError(400, 100, '(#100) Param message[attachment][payload][url] must be a URL');
  const failure = graphError(400, 100, '(#100) Upload attachment failure.', {
    error_subcode: 2018047,
  });
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => {
    throw failure;
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw failure;
  const name = fileNameOf(response.headers.get('content-disposition'));
  return {
    bytes,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    ...(name !== undefined ? { name } : {}),
  };
}

// ---- Pages ----

/** What the Graph shows of a Page. */
type PageLike = { id: string; name: string; category: string; categoryId: string };

/** Meta's category ids for the few categories tests use; any other gets a made-up one. */
const CATEGORY_IDS: Record<string, string> = {
  'Shopping & retail': '200600219953504',
  'Local business': '2500',
};
export const categoryId = (category: string): string =>
  CATEGORY_IDS[category] ?? String(randomInt(100_000, 999_999));

/** An admin's tasks on a Page they fully manage. */
const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

export const pageNode = (page: PageLike): Record<string, unknown> => ({
  id: page.id,
  name: page.name,
  category: page.category,
  link: `https://www.facebook.com/${page.id}`,
});

/** One entry of `/me/accounts`. */
export const accountEntry = (page: PageLike, accessToken: string): Record<string, unknown> => ({
  access_token: accessToken,
  category: page.category,
  category_list: [{ id: page.categoryId, name: page.category }],
  name: page.name,
  id: page.id,
  tasks: PAGE_TASKS,
});

/** A Graph list with its cursors (base64 of the first and last ids); an empty one has none. */
export function withCursors(data: Record<string, unknown>[]) {
  if (data.length === 0) return { data };
  const cursor = (entry: Record<string, unknown> | undefined) =>
    Buffer.from(text(entry?.id)).toString('base64');
  return { data, paging: { cursors: { before: cursor(data[0]), after: cursor(data.at(-1)) } } };
}

// ---- the Login dialog ----

/** The dialog's checks of its query; a refusal is the page Facebook shows. Answers the scopes. */
export function checkDialog(params: URLSearchParams, clientId: string): string[] {
  if (params.get('client_id') !== clientId)
    throw new PageError(
      400,
      'Invalid App ID: The provided app ID does not look like a valid app ID.',
    );
  const type = params.get('response_type') ?? 'code';
  if (type !== 'code')
    throw new PageError(400, `Unsupported response_type "${type}": this app uses code`);
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!URL.canParse(redirectUri) || !/^https?:\/\//.test(redirectUri))
    throw new PageError(
      400,
      "URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
    );
  const scopes = (params.get('scope') ?? '').split(/[,\s]+/).filter(Boolean);
  const unknown = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
  if (unknown.length > 0)
    throw new PageError(
      400,
      `Invalid Scopes: ${unknown.join(', ')}. This message is only shown to developers.`,
    );
  // public_profile is granted with every login, asked for or not.
  return ['public_profile', ...scopes.filter((scope) => scope !== 'public_profile')];
}

/** What Facebook adds to redirect_uri on Cancel, in its order. */
export const DENIED = {
  error: 'access_denied',
  error_code: '200',
  error_description: 'Permissions error',
  error_reason: 'user_denied',
};

/** The dialog's redirect: redirect_uri with `outcome` and `state`, and Facebook's `#_=_`. */
export function dialogRedirect(params: URLSearchParams, outcome: Record<string, string>): string {
  const back = new URL(params.get('redirect_uri') ?? '');
  for (const [key, value] of Object.entries(outcome)) back.searchParams.set(key, value);
  const state = params.get('state');
  if (state !== null) back.searchParams.set('state', state);
  return `${back.toString()}#_=_`;
}

// ---- the Login dialog's pages ----

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title></head><body>${body}</body></html>`;

/** The dialog's refusal (a wrong app id, a redirect_uri out of shape, unknown scopes). */
export const refusalPage = (message: string): string =>
  htmlPage(
    'Error',
    `<h1>Sorry, something went wrong.</h1><p data-testid="facebook-error">${html(message)}</p>`,
  );

/** The dialog with no one signed in: Facebook asks to log in first and offers no choice. */
export const signInPage = (): string =>
  htmlPage('Log in to Facebook', '<h1>Log in to Facebook</h1><p>You must log in to continue.</p>');

/**
 * The consent page: who is signed in, the Pages they manage, what the app asks for, and the two
 * buttons, each a form carrying the request to `action` (a GET, so a test browser just clicks).
 */
export function consentPage(
  person: { name: string },
  pages: { name: string }[],
  params: URLSearchParams,
  scopes: string[],
  action: string,
): string {
  const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
    .filter((name) => params.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${html(params.get(name) ?? '')}">`)
    .join('');
  const form = (decision: 'allow' | 'deny', button: string) =>
    `<form method="get" action="${html(action)}">${hidden}<input type="hidden" name="decision" value="${decision}">${button}</form>`;
  return htmlPage(
    'Facebook',
    `<h1>Continue as <span data-testid="facebook-user">${html(person.name)}</span>?</h1>` +
      `<p>The app will receive: ${scopes.map(html).join(', ')}</p>` +
      `<h2>Choose the Pages the app can access</h2>` +
      `<ul>${pages.map((page) => `<li data-testid="facebook-page">${html(page.name)}</li>`).join('')}</ul>` +
      form('allow', '<button data-testid="facebook-allow">Continue</button>') +
      form('deny', '<button data-testid="facebook-deny">Cancel</button>'),
  );
}
