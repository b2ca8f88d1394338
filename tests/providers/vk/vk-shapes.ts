import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The pieces of the local VK server that hold no state: the shapes VK's API answers and posts
 * (dev.vk.com: API methods at v5.199, the Callback API, the Bots Long Poll API, OAuth), its three
 * kinds of refusal (an API error inside a 200, a flat OAuth error, an HTML page of the consent
 * window), VK's look of ids, tokens and codes, the consent page, the keyboard check of
 * messages.send, and a multipart/form-data reader for the upload servers.
 */

/** The API version whose shapes this server answers with. */
export const API_VERSION = '5.199';

/** A photo size as VK lists them: a letter for the size, its link and nominal dimensions. */
export type VkPhotoSize = { type: string; url: string; width: number; height: number };

export type VkPhoto = {
  id: number;
  album_id: number;
  owner_id: number;
  date: number;
  access_key: string;
  sizes: VkPhotoSize[];
  text: string;
  has_tags: boolean;
};

export type VkDoc = {
  id: number;
  owner_id: number;
  title: string;
  size: number;
  ext: string;
  date: number;
  /** VK's document kind: 1 text, 2 archive, 3 gif, 4 image, 5 audio, 6 video, 7 e-book, 8 other. */
  type: number;
  url: string;
  access_key: string;
};

export type VkAttachment = { type: 'photo'; photo: VkPhoto } | { type: 'doc'; doc: VkDoc };

/** A message object as `message_new`, `message_reply` and messages.getById carry it (v5.199). */
export type VkMessage = {
  id: number;
  date: number;
  peer_id: number;
  from_id: number;
  text: string;
  out: 0 | 1;
  conversation_message_id: number;
  attachments: VkAttachment[];
  fwd_messages: never[];
  important: boolean;
  is_hidden: boolean;
  random_id: number;
  /** A keyboard button's payload, when the customer pressed one. */
  payload?: string;
  /** The keyboard our side sent with the message (`message_reply`), as given. */
  keyboard?: unknown;
};

/** What the customer's app can show, sent along with `message_new` since v5.103. */
export type VkClientInfo = {
  button_actions: string[];
  keyboard: boolean;
  inline_keyboard: boolean;
  carousel: boolean;
  lang_id: number;
};

/** The events this server produces; the Callback API and Long Poll settings name the same. */
export const EVENT_TYPES = [
  'message_new',
  'message_reply',
  'message_edit',
  'message_allow',
  'message_deny',
  'message_read',
  'message_typing_state',
  'message_event',
] as const;
export type VkEventType = (typeof EVENT_TYPES)[number];

/** One event: a Long Poll update as it is, a Callback API body once `secret` is added. */
export type VkEvent = {
  group_id: number;
  type: VkEventType;
  event_id: string;
  v: string;
  object: Record<string, unknown>;
};

/** What the Callback API posts: an event, or the confirmation request of a new server. */
export type VkCallbackBody =
  (VkEvent & { secret?: string }) | { type: 'confirmation'; group_id: number; secret?: string };

/** A file our side attached to a message, as the server holds it since its upload. */
export type SentVkAttachment = {
  kind: 'photo' | 'doc';
  /** The attachment as messages.send named it, e.g. `photo-123_45`. */
  ref: string;
  bytes: Buffer;
  /** The file name of the upload's part (a doc's title when docs.save gave one). */
  name: string;
  /** The Content-Type of the upload's part. */
  type: string;
};

/** A message our side sent, as the server accepted it. */
export type SentVk = {
  id: number;
  peerId: number;
  randomId: number;
  conversationMessageId: number;
  date: number;
  text: string;
  attachments: SentVkAttachment[];
  /** The keyboard's button labels, row by row flattened, when the message carried one. */
  keyboard?: string[];
  /** Every parameter of the call except the token, for assertions on the rest. */
  params: Record<string, string>;
};

/** A callback server of a community, as groups.getCallbackServers lists it. */
export type VkCallbackServer = {
  id: number;
  title: string;
  url: string;
  secretKey: string;
  creatorId: number;
  /** `wait` until the confirmation request is answered, then `ok` or `failed`. */
  status: 'unconfigured' | 'wait' | 'ok' | 'failed';
  apiVersion: string;
  events: Set<VkEventType>;
};

/** One POST the Callback API made and what the receiver answered (status 0: unreachable). */
export type VkCallbackAnswer = {
  serverId: number;
  type: VkCallbackBody['type'];
  eventId?: string;
  /** 0 for the first try; a retry carries it in X-Retry-Counter. */
  retry: number;
  status: number;
  body: string;
  /** The receiver's Retry-After, which VK honours with 410, 429 and 503. */
  retryAfter?: string;
};

// ---- refusals ----

/** Base message and the usual detail of each error code this server gives. */
const ERRORS: Record<number, [base: string, detail?: string]> = {
  1: ['Unknown error occurred'],
  3: ['Unknown method passed'],
  5: ['User authorization failed', 'invalid access_token (4).'],
  6: ['Too many requests per second'],
  8: ['Invalid request'],
  9: ['Flood control'],
  10: ['Internal server error'],
  15: ['Access denied'],
  27: ['Group authorization failed', 'method is unavailable with group auth.'],
  29: ['Rate limit reached'],
  100: ['One of the parameters specified was missing or invalid'],
  113: ['Invalid user id'],
  901: ["Can't send messages for users without permission"],
  911: ['Keyboard format is invalid'],
  914: ['Message is too long'],
  917: ["You don't have access to this chat"],
  2000: ['Servers number limit is reached'],
};

/** An API refusal: VK answers it with HTTP 200 and `{error:{error_code,error_msg,request_params}}`. */
export class VkApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** VK's message for `code`; a detail follows a colon, as VK appends what was wrong. */
export function vkError(code: number, detail?: string): VkApiError {
  const [base, usual] = ERRORS[code] ?? [`Error ${code}`];
  const tail = detail ?? usual;
  return new VkApiError(code, tail === undefined ? base : `${base}: ${tail}`);
}

/** An OAuth refusal: flat `{error, error_description}` with a 4xx status, as oauth.vk.ru has it. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
  get body() {
    return { error: this.error, error_description: this.description };
  }
}

/** The status a failure knob makes the next call answer, outside VK's JSON (a proxy's 5xx). */
export class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

// ---- ids, tokens, codes ----

/** A token as VK issues them now: `vk1.a.` and a long base64url tail. */
export const vkToken = (): string => `vk1.a.${randomBytes(120).toString('base64url')}`;

/** An OAuth code: opaque hex, good once. */
export const oauthCode = (): string => randomBytes(9).toString('hex');

/** The Callback API's confirmation string: 8 hex characters, as VK's look. */
export const confirmationCode = (): string => randomBytes(4).toString('hex');

/** An event id: 40 hex characters. */
export const eventId = (): string => randomBytes(20).toString('hex');

/** A Long Poll key: opaque hex. */
export const longPollKey = (): string => randomBytes(20).toString('hex');

/** An access key of a photo or doc: hex, checked when an attachment names one. */
export const accessKey = (): string => randomBytes(9).toString('hex');

/** Unique ints in a range, for ids of people, communities, photos. */
export function idAllocator(min: number, max: number): () => number {
  const taken = new Set<number>();
  return () => {
    for (;;) {
      const id = randomInt(min, max);
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
}

/** VK's document kind from the extension (docs.get's `type`). */
export function docKind(ext: string): number {
  const lower = ext.toLowerCase();
  if (['txt', 'pdf', 'doc', 'docx', 'rtf', 'odt', 'xls', 'xlsx', 'csv'].includes(lower)) return 1;
  if (['zip', 'rar', '7z', 'tar', 'gz'].includes(lower)) return 2;
  if (lower === 'gif') return 3;
  if (['jpg', 'jpeg', 'png', 'bmp', 'webp', 'tif', 'tiff'].includes(lower)) return 4;
  if (['mp3', 'ogg', 'wav', 'm4a'].includes(lower)) return 5;
  if (['mp4', 'avi', 'mov', 'mkv', 'webm'].includes(lower)) return 6;
  if (['epub', 'fb2', 'djvu', 'mobi'].includes(lower)) return 7;
  return 8;
}

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The sizes a photo is listed with: VK's s, m and x, nominal 4:3 boxes. */
export const PHOTO_SIZES = [
  { type: 's', width: 75, height: 56 },
  { type: 'm', width: 130, height: 97 },
  { type: 'x', width: 604, height: 453 },
] as const;

/** What every customer's app here can show (`client_info` of message_new). */
export const CLIENT_INFO: VkClientInfo = {
  button_actions: [
    'text',
    'vkpay',
    'open_app',
    'location',
    'open_link',
    'callback',
    'intent_subscribe',
    'intent_unsubscribe',
  ],
  keyboard: true,
  inline_keyboard: true,
  carousel: true,
  lang_id: 0,
};

/** A 1×1 PNG: every profile and community picture here. */
export const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// ---- parameters ----

/** A call's parameters: the query, then a form body, the body's value winning. */
export type Params = Map<string, string>;

/** An integer parameter; anything else is VK's `<name> not integer`. */
export function intParam(params: Params, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw vkError(100, `${name} not integer`);
  return Number(raw.trim());
}

export function requiredInt(params: Params, name: string): number {
  const value = intParam(params, name);
  if (value === undefined) throw vkError(100, `${name} is undefined`);
  return value;
}

/** A 0/1 flag of the settings methods. */
export function flagParam(params: Params, name: string): 0 | 1 | undefined {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return undefined;
  if (raw !== '0' && raw !== '1') throw vkError(100, `${name} should be 0 or 1`);
  return raw === '1' ? 1 : 0;
}

/** A comma-separated list parameter, blanks dropped. */
export const listParam = (params: Params, name: string): string[] =>
  (params.get(name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The parameters VK echoes in an error, the token left out as VK leaves it out. */
export function requestParams(method: string, params: Params): { key: string; value: string }[] {
  const echoed = [
    { key: 'method', value: method },
    { key: 'oauth', value: '1' },
  ];
  for (const [key, value] of params)
    if (key !== 'access_token' && key !== 'method') echoed.push({ key, value });
  return echoed;
}

// ---- the keyboard of messages.send ----

const BUTTON_TYPES = ['text', 'open_link', 'location', 'vkpay', 'open_app', 'callback'];
const COLORS = ['primary', 'secondary', 'negative', 'positive'];
/** Button types that carry a label (location, vkpay and open_app are drawn by VK). */
const LABELLED = ['text', 'open_link', 'callback', 'open_app'];

/**
 * Checks a keyboard as VK documents its limits (dev.vk.com, "Bot keyboards"): a label of at most
 * 40 characters, a payload of at most 255, at most 5 buttons a row, 10 rows (6 inline) and 40
 * buttons (10 inline). Anything else is error 911. Answers the labels, row by row flattened.
 */
export function keyboardLabels(json: string): string[] {
  const invalid = (why: string) => vkError(911, why);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid('keyboard is not a valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('keyboard must be an object');
  const { one_time: oneTime, inline, buttons } = parsed as Record<string, unknown>;
  if (oneTime !== undefined && typeof oneTime !== 'boolean')
    throw invalid('one_time must be a boolean');
  if (inline !== undefined && typeof inline !== 'boolean')
    throw invalid('inline must be a boolean');
  if (!Array.isArray(buttons)) throw invalid('buttons is required');
  const isInline = inline === true;
  const maxRows = isInline ? 6 : 10;
  if (buttons.length > maxRows) throw invalid(`max rows is ${maxRows}`);
  const labels: string[] = [];
  let count = 0;
  for (const row of buttons as unknown[]) {
    if (!Array.isArray(row) || row.length === 0) throw invalid('each row must hold buttons');
    if (row.length > 5) throw invalid('max buttons in a row is 5');
    for (const button of row as unknown[]) {
      count++;
      const { action, color } = (button ?? {}) as Record<string, unknown>;
      const { type, label, payload, link } = (action ?? {}) as Record<string, unknown>;
      if (typeof type !== 'string' || !BUTTON_TYPES.includes(type))
        throw invalid('action.type is invalid');
      if (color !== undefined && (typeof color !== 'string' || !COLORS.includes(color)))
        throw invalid('color is invalid');
      if (payload !== undefined && (typeof payload !== 'string' || payload.length > 255))
        throw invalid('payload must be a string of at most 255 characters');
      if (type === 'open_link' && (typeof link !== 'string' || !/^https?:\/\//.test(link)))
        throw invalid('action.link is required');
      if (LABELLED.includes(type)) {
        if (typeof label !== 'string' || label === '') throw invalid('action.label is required');
        if (Array.from(label).length > 40) throw invalid('max label length is 40');
        labels.push(label);
      }
    }
  }
  const maxButtons = isInline ? 10 : 40;
  if (count > maxButtons) throw invalid(`max buttons count is ${maxButtons}`);
  return labels;
}

// ---- HTTP ----

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function answer(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

export function answerPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'content-length': 0 });
  response.end();
}

/** What a proxy in front of VK answers when it is down: an nginx page, not VK's JSON. */
export function answerHttpFailure(response: ServerResponse, status: number): void {
  const html = `<html><head><title>${status} Service Temporarily Unavailable</title></head><body><center><h1>${status} Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>`;
  answerPage(response, status, html);
}

// ---- multipart/form-data ----

export type FormPart = { name: string; filename?: string; type: string; data: Buffer };

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;

/**
 * Reads a multipart/form-data body (RFC 7578) by its boundary. Tolerant where clients differ:
 * a quoted boundary, a preamble, LF-only line ends, transport padding after a delimiter, a body
 * without its closing delimiter (the last part then runs to the end), and `filename*` (RFC 5987)
 * before `filename`. A part without a name is skipped, as no field can be looked up by it.
 */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return [];
  const dashBoundary = Buffer.from(`--${boundary}`);
  const lineDelimiter = Buffer.concat([Buffer.from([LF]), dashBoundary]);

  /** The next delimiter at or after `from`: where it starts (its CR, if any) and ends. */
  const delimiterFrom = (from: number): { start: number; end: number } | undefined => {
    if (from === 0 && body.subarray(0, dashBoundary.length).equals(dashBoundary))
      return { start: 0, end: dashBoundary.length };
    const at = body.indexOf(lineDelimiter, Math.max(0, from - 1));
    if (at < 0) return undefined;
    return { start: at > 0 && body[at - 1] === CR ? at - 1 : at, end: at + lineDelimiter.length };
  };

  const parts: FormPart[] = [];
  let delimiter = delimiterFrom(0);
  while (delimiter) {
    let cursor = delimiter.end;
    if (body[cursor] === DASH && body[cursor + 1] === DASH) break;
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++;
    if (body[cursor] === CR) cursor++;
    if (body[cursor] === LF) cursor++;
    const next = delimiterFrom(cursor);
    const part = body.subarray(cursor, next ? next.start : body.length);
    const parsed = readPart(part);
    if (parsed) parts.push(parsed);
    delimiter = next;
  }
  return parts;
}

function readPart(part: Buffer): FormPart | undefined {
  let headerEnd: number;
  let bodyStart: number;
  if (part[0] === CR && part[1] === LF) [headerEnd, bodyStart] = [0, 2];
  else if (part[0] === LF) [headerEnd, bodyStart] = [0, 1];
  else {
    const crlf = part.indexOf('\r\n\r\n');
    const lf = part.indexOf('\n\n');
    if (crlf >= 0 && (lf < 0 || crlf < lf)) [headerEnd, bodyStart] = [crlf, crlf + 4];
    else if (lf >= 0) [headerEnd, bodyStart] = [lf, lf + 2];
    else return undefined;
  }
  const headers = new Map<string, string>();
  for (const line of part.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1));
  }
  const disposition = dispositionParams(headers.get('content-disposition') ?? '');
  const name = disposition.get('name');
  if (name === undefined) return undefined;
  const filename = disposition.get('filename*') ?? disposition.get('filename');
  return {
    name,
    ...(filename !== undefined ? { filename } : {}),
    type: (headers.get('content-type') ?? 'application/octet-stream').trim(),
    data: Buffer.from(part.subarray(bodyStart)),
  };
}

/** The parameters of a Content-Disposition, quoted strings unescaped, `filename*` decoded. */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const found of value.matchAll(pattern)) {
    const key = (found[1] ?? '').toLowerCase();
    const quoted = found[2];
    let text = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (found[3] ?? '').trim();
    if (key.endsWith('*')) {
      const extended = /^[^']*'[^']*'(.*)$/.exec(text);
      try {
        text = decodeURIComponent(extended?.[1] ?? text);
      } catch {
        // A malformed escape: the plain parameter (if any) stands, as RFC 6266 falls back.
        continue;
      }
    }
    params.set(key, text);
  }
  return params;
}

// ---- the consent window ----

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

/** The window with no one signed in: VK asks to log in first, and offers no choice. */
export const signInPage = (): string =>
  page('VK ID', '<h1>Sign in to VK</h1><p>Sign in with VK ID to allow the application access.</p>');

/** The parameters of /authorize that the decision needs back. */
const CARRIED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'v',
  'group_ids',
  'display',
];

/**
 * The consent page: who is signed in, for whom access is asked (the person, or the communities
 * of `group_ids`), the scopes, and the two buttons, each a form carrying the request's parameters
 * to the decision as a GET, so a test browser just clicks.
 */
export function consentPage(
  user: { firstName: string; lastName: string },
  params: URLSearchParams,
  communities: { name: string; screenName: string }[] | undefined,
): string {
  const hidden = CARRIED.filter((name) => params.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? '')}">`)
    .join('');
  const form = (decision: 'allow' | 'deny', button: string) =>
    `<form method="get" action="/oauth/decide">${hidden}<input type="hidden" name="decision" value="${decision}">${button}</form>`;
  const who = `<p data-testid="vk-user">Signed in as <strong>${escape(`${user.firstName} ${user.lastName}`)}</strong></p>`;
  const whom = communities
    ? `<p>The application asks for access to the communit${communities.length === 1 ? 'y' : 'ies'}:</p><ul>${communities
        .map(
          (community) =>
            `<li data-testid="vk-community">${escape(community.name)} (@${escape(community.screenName)})</li>`,
        )
        .join('')}</ul>`
    : '<p>The application asks for access to your account.</p>';
  const scopes = (params.get('scope') ?? '').split(/[,\s]+/).filter(Boolean);
  return page(
    'VK',
    `<h1>Allow access?</h1>${who}${whom}<ul>${scopes.map((scope) => `<li>${escape(scope)}</li>`).join('')}</ul>` +
      form('allow', '<button data-testid="vk-allow">Allow</button>') +
      form('deny', '<button data-testid="vk-deny">Cancel</button>'),
  );
}

// ---- photos and docs ----

type Publish = (bytes: Buffer, type: string, name?: string) => string;

/**
 * A photo object with its sizes at the CDN: the largest (x) is the bytes as given; the smaller
 * ones are cut-down copies, so a test can tell which size our side fetched.
 */
export function photoObject(photo: {
  id: number;
  ownerId: number;
  albumId: number;
  date: number;
  bytes: Buffer;
  type: string;
  publish: Publish;
}): VkPhoto {
  const last = PHOTO_SIZES.length - 1;
  return {
    id: photo.id,
    album_id: photo.albumId,
    owner_id: photo.ownerId,
    date: photo.date,
    access_key: accessKey(),
    sizes: PHOTO_SIZES.map((size, index) => {
      const cut = Math.max(1, photo.bytes.length >> (last - index));
      const bytes = index === last ? photo.bytes : photo.bytes.subarray(0, cut);
      return { ...size, url: photo.publish(bytes, photo.type) };
    }),
    text: '',
    has_tags: false,
  };
}

/** A doc object, its file at the CDN under its name. */
export function docObject(doc: {
  id: number;
  ownerId: number;
  date: number;
  title: string;
  /** The file's own name: its extension gives `ext` and `type`. */
  name: string;
  bytes: Buffer;
  type: string;
  publish: Publish;
}): VkDoc {
  const ext = extensionOf(doc.name);
  return {
    id: doc.id,
    owner_id: doc.ownerId,
    title: doc.title,
    size: doc.bytes.length,
    ext,
    date: doc.date,
    type: docKind(ext),
    url: doc.publish(doc.bytes, doc.type, doc.name),
    access_key: accessKey(),
  };
}

// ---- the Callback API's side ----

/** VK takes a delivery as done only when the receiver answers HTTP 200 with the text `ok`. */
export const accepted = (reply: VkCallbackAnswer): boolean =>
  reply.status === 200 && reply.body === 'ok';

/**
 * One POST of the Callback API to a server and what it answered (status 0: unreachable, or no
 * answer in 10 seconds). A retry carries its number in X-Retry-Counter; the first try has none.
 */
export async function postCallback(
  server: VkCallbackServer,
  body: VkCallbackBody,
  retry: number,
): Promise<VkCallbackAnswer> {
  let status = 0;
  let text = '';
  let retryAfter: string | null = null;
  try {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(retry > 0 ? { 'x-retry-counter': String(retry) } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    text = await response.text();
    retryAfter = response.headers.get('retry-after');
  } catch {
    // Unreachable or timed out: recorded as status 0, as VK counts it a failed delivery.
  }
  return {
    serverId: server.id,
    type: body.type,
    ...('event_id' in body ? { eventId: body.event_id } : {}),
    retry,
    status,
    body: text,
    ...(retryAfter !== null ? { retryAfter } : {}),
  };
}

// ---- method answers and settings ----

/** A community as groups.get (extended) and groups.getById list it. */
export function groupObject(
  community: { groupId: number; name: string; screenName: string; picture: string },
  admin: boolean,
) {
  return {
    id: community.groupId,
    name: community.name,
    screen_name: community.screenName,
    is_closed: 0,
    type: 'group',
    ...(admin
      ? { is_admin: 1, admin_level: 3, is_member: 1, is_advertiser: 1 }
      : { is_admin: 0, is_member: 0, is_advertiser: 0 }),
    photo_50: community.picture,
    photo_100: community.picture,
    photo_200: community.picture,
  };
}

/**
 * A person as users.get answers them, with the `fields` asked for that this server knows
 * (pictures, screen_name). An id nobody holds reads as a deleted page, as VK shows one.
 */
export function userObject(
  id: number,
  person: { firstName: string; lastName: string } | undefined,
  fields: string[],
  picture: () => string,
) {
  if (!person) return { id, first_name: 'DELETED', last_name: '', deactivated: 'deleted' };
  const extra: Record<string, unknown> = {};
  for (const field of fields) {
    if (['photo_50', 'photo_100', 'photo_200', 'photo_max'].includes(field))
      extra[field] = picture();
    if (field === 'screen_name') extra[field] = `id${id}`;
  }
  return {
    id,
    first_name: person.firstName,
    last_name: person.lastName,
    can_access_closed: true,
    is_closed: false,
    ...extra,
  };
}

/** The event flags of getCallbackSettings / getLongPollSettings, every type as 0 or 1. */
export const eventFlags = (events: Set<VkEventType>): Record<string, number> =>
  Object.fromEntries(EVENT_TYPES.map((type) => [type, events.has(type) ? 1 : 0]));

/** Applies the event flags a settings call gave (`message_new=1` …); others stay as they are. */
export function setEvents(events: Set<VkEventType>, params: Params): void {
  for (const type of EVENT_TYPES) {
    const flag = flagParam(params, type);
    if (flag === 1) events.add(type);
    else if (flag === 0) events.delete(type);
  }
}

/** `api_version` of the settings methods: a version like `5.199`, or left as it is. */
export function apiVersionParam(params: Params): string | undefined {
  const version = params.get('api_version');
  if (version === undefined || version === '') return undefined;
  if (!/^\d+\.\d+$/.test(version)) throw vkError(100, 'api_version is invalid');
  return version;
}

/**
 * `url`, `title` and `secret_key` of a callback server being added or edited. VK documents the
 * title as at most 14 characters and the secret as at most 50.
 */
export function callbackServerFields(
  params: Params,
  current: { url: string; title: string; secretKey: string } | undefined,
): { url: string; title: string; secretKey: string } {
  const url = params.get('url') ?? current?.url ?? '';
  const title = params.get('title') ?? current?.title ?? '';
  const secretKey = params.get('secret_key') ?? current?.secretKey ?? '';
  if (url === '') throw vkError(100, 'url is undefined');
  if (!URL.canParse(url) || !/^https?:\/\//.test(url)) throw vkError(100, 'url is invalid');
  if (title === '') throw vkError(100, 'title is undefined');
  if (Array.from(title).length > 14) throw vkError(100, 'title is too long');
  if (secretKey.length > 50) throw vkError(100, 'secret_key is too long');
  return { url, title, secretKey };
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const MAX_TEXT = 4096;

/**
 * The checks of messages.send that need no community: `random_id` (required since v5.90; taken
 * here as an int32, the range our adapter derives it into, so a value outside it shows a bug),
 * the text (at most 4096 characters, error 914; a text or an attachment is needed) and the
 * keyboard (error 911). Answers what the send records.
 */
export function sendParams(params: Params, attachmentCount: number) {
  const randomId = intParam(params, 'random_id');
  if (randomId === undefined) throw vkError(100, 'random_id is a required parameter');
  if (randomId < INT32_MIN || randomId > INT32_MAX) throw vkError(100, 'random_id is invalid');
  const text = params.get('message') ?? '';
  if (text.trim() === '' && attachmentCount === 0)
    throw vkError(100, 'message is empty or invalid');
  if (Array.from(text).length > MAX_TEXT) throw vkError(914);
  const raw = params.get('keyboard');
  const labels = raw !== undefined && raw !== '' ? keyboardLabels(raw) : undefined;
  return {
    randomId,
    text,
    labels,
    keyboard: labels !== undefined && raw !== undefined ? (JSON.parse(raw) as unknown) : undefined,
    params: Object.fromEntries([...params].filter(([key]) => key !== 'access_token')),
  };
}

/** The upload id inside the opaque `photo` string of a photo upload's answer ('' if none). */
export function uploadIdOfPhoto(photo: string): string {
  try {
    const parsed = JSON.parse(photo) as unknown;
    const first: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
    const id = (first as { photo?: unknown } | undefined)?.photo;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}
