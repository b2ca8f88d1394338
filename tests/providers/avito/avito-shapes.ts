import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The pieces of the local Avito server that hold no state: the shapes Avito's OpenAPI documents
 * ("Мессенджер", "Авторизация" and "Информация о пользователе" at api.avito.ru): how a chat, a
 * message and a notification look, the refusals, the look of Avito's ids, and the checks that need
 * no account (a text sent, an image uploaded, a page of a list, a webhook's url).
 *
 * Avito's refusals are `{"error":{"code","message"}}` with the HTTP status as the code (schemas
 * authError 401, forbiddenError 403, notFoundError 404, badRequestError and validatingError 400
 * with `fields`, serviceError 500, serviceUnavailableError 503, tooManyRequestsError 429, whose
 * only documented field is the code). `/token` documents no refusal at all; it answers here as
 * OAuth 2.0 does (RFC 6749 §5.2): `{"error":"invalid_client","error_description"}`.
 */

/** A person on Avito who writes to the account about one of its listings. */
export type AvitoCustomer = { id: number; name: string };

/** A listing of the account: what a u2i chat is about. */
export type AvitoItem = { id: number; title: string; price: number; url: string };

/** The `content` of a message, as MessageContent has it for the kinds kept here. */
export type AvitoContent = { text?: string; image?: { sizes: Record<string, string> } };

/** A message of a chat as the server keeps it; `read` is when its recipient read it (seconds). */
export type AvitoStoredMessage = {
  id: string;
  authorId: number;
  created: number;
  type: 'text' | 'image' | 'deleted';
  content: AvitoContent;
  read: number | null;
};

/** A stored message with the millisecond it was made and its place in the chat's order. */
export type AvitoChatMessage = AvitoStoredMessage & { createdMs: number; seq: number };

/** A chat of the account with one customer about one listing. */
export type AvitoChat = {
  id: string;
  customer: AvitoCustomer;
  item: AvitoItem;
  created: number;
  messages: AvitoChatMessage[];
};

/** A customer's message besides its text: an image (a message of its own kind), a listing. */
export type AvitoWriteOptions = {
  image?: { bytes: Buffer; type: string };
  item?: AvitoItem;
};

/** How our server answered one notification: Avito counts only a 200 within the budget. */
export type AvitoWebhookAnswer = {
  notification: string;
  messageId: string;
  url: string;
  status: number;
  ms: number;
  ok: boolean;
};

/** An image the account uploaded, sendable by its id. */
export type AvitoUpload = {
  bytes: Buffer;
  contentType: string;
  fileName?: string;
  sizes: Record<string, string>;
};

/** A message our side sent, as the server received it (an image with the bytes uploaded). */
export type SentAvito = {
  id: string;
  chatId: string;
  type: 'text' | 'image';
  text?: string;
  image?: { id: string; bytes: Buffer; contentType: string; fileName?: string };
};

/** The `value` of a `message` notification (WebhookMessage). */
export type AvitoWebhookMessage = {
  id: string;
  chat_id: string;
  user_id: number;
  author_id: number;
  created: number;
  type: string;
  chat_type: 'u2i' | 'u2u' | 'a2u';
  content: AvitoContent;
  item_id: number | null;
  published_at: string;
};

/** One notification as Avito posts it to a subscribed url. */
export type AvitoWebhookBody = {
  id: string;
  version: string;
  timestamp: number;
  payload: { type: 'message'; value: AvitoWebhookMessage };
};

/** A refusal: the HTTP status, the body, and headers (Retry-After on a 429). */
export class AvitoError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(JSON.stringify(body));
  }
}

/** `{"error":{"code","message"}}`, the shape of every documented refusal but the token's. */
export const apiError = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): AvitoError => new AvitoError(status, { error: { code: status, message, ...extra } });

/** 401 authError: no bearer token at all. */
export const unauthorized = (): AvitoError => apiError(401, 'Unauthorized');

/**
 * 403 forbiddenError, "Неверный Token/Oauth Scope": a token Avito does not know, one past its
 * 24 hours (the authorization guide: "все запросы к API с его использованием будут возвращать код
 * ошибки 403"), or an account in the path that is not the token's.
 */
export const forbidden = (): AvitoError => apiError(403, 'Forbidden');

export const notFound = (): AvitoError => apiError(404, 'Not found');

/** 400 validatingError: `fields` names what failed, key by key. */
export const validation = (fields: Record<string, string>): AvitoError =>
  apiError(400, 'Validation error', { fields });

export const badRequest = (): AvitoError => apiError(400, 'Bad Request');

/** The token endpoint's refusal, as OAuth 2.0 shapes it. */
export const oauthError = (status: number, error: string, description: string): AvitoError =>
  new AvitoError(status, { error, error_description: description });

/** 429 with the documented body (the code alone) and the rate headers Avito documents. */
export const tooManyRequests = (retryAfterSeconds: number): AvitoError =>
  new AvitoError(
    429,
    { error: { code: 429 } },
    {
      'retry-after': String(retryAfterSeconds),
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
    },
  );

/** serviceError (500) or serviceUnavailableError (503), with the spec's example messages. */
export const serverFault = (status: number): AvitoError =>
  apiError(
    status,
    status === 503
      ? 'Service temporarily unavailable. Please, contact support'
      : 'Error while processing request. Please, contact support',
  );

const digits = (length: number) =>
  Array.from({ length }, (_, index) => randomInt(index === 0 ? 1 : 0, 10)).join('');

/** A user's id: Avito's are integers of eight or nine digits. */
export const avitoUserId = (): number => Number(digits(9));

/** A listing's id: ten digits, as in Avito's links. */
export const avitoItemId = (): number => Number(digits(10));

/** A chat's id: `u2i-` and 22 url-safe characters, as Avito's item chats look. */
export const avitoChatId = (): string =>
  `u2i-${randomBytes(17).toString('base64url').slice(0, 22)}`;

/** A message's id: 32 hex digits, as the spec's examples have them. */
export const avitoMessageId = (): string => randomBytes(16).toString('hex');

/** An uploaded image's id, as the upload's example shows it: `12345.12345abcdefghijklm`. */
export const avitoImageId = (): string =>
  `${digits(10)}.${digits(10)}${randomBytes(7).toString('hex')}`;

/** A notification's id: Avito's look like UUIDs. */
export const webhookId = (): string => randomUUID();

/** An access token: opaque, url-safe, as the spec's example `kChqt9ewQNAcwgbHp4yFd5`. */
export const avitoToken = (): string => randomBytes(24).toString('base64url');

/** RFC 3339 in UTC without fractions, as `published_at` is documented: `1973-03-04T13:33:09Z`. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sizes every image is offered in, keyed `WxH` as MessageContent documents them. */
export const IMAGE_SIZES = ['1280x960', '640x480', '140x105', '32x32'];

/** The image formats uploadImages takes: JPEG, HEIC, GIF, BMP or PNG, told by their first bytes. */
export function imageFormat(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'image/bmp';
  const brand = bytes.subarray(4, 12).toString('latin1');
  if (/^ftyp(heic|heix|mif1|msf1)$/.test(brand)) return 'image/heic';
  return undefined;
}

/** The largest image uploadImages takes: 24 MB. */
export const MAX_UPLOAD_BYTES = 24 * 1024 * 1024;

/** A 1×1 PNG: every avatar and listing picture here. */
export const STUB_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  response.end(json);
}

/** A JSON body as an object; anything else (no body, an array, bad JSON) is Avito's 400. */
export function jsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest();
  return parsed as Record<string, unknown>;
}

/** A form body, urlencoded or multipart, read by the platform's own parser (undici's Request). */
export async function formOf(request: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  })
    .formData()
    .catch(() => new FormData());
}

/** A listing as a chat's `context` and the users' profiles show it. */
export const itemContext = (item: AvitoItem, ownerId: number, picture: string) => ({
  type: 'item',
  value: {
    id: item.id,
    title: item.title,
    price_string: `${item.price.toLocaleString('ru-RU')} ₽`,
    status_id: 10,
    url: item.url,
    user_id: ownerId,
    images: { count: 1, main: { '140x105': picture } },
  },
});

/** A user of a chat with the profile the spec shows: avatars in its nine sizes, a profile link. */
export function chatUser(id: number, name: string, avatar: string, itemId: number) {
  const sizes = [
    '24x24',
    '36x36',
    '48x48',
    '64x64',
    '72x72',
    '96x96',
    '128x128',
    '192x192',
    '256x256',
  ];
  return {
    id,
    name,
    public_user_profile: {
      user_id: id,
      item_id: itemId,
      // Avito's profile links carry a hash of the user, the same on every read.
      url: `https://avito.ru/user/${createHash('md5').update(String(id)).digest('hex')}/profile`,
      avatar: {
        default: avatar,
        images: Object.fromEntries(sizes.map((size) => [size, avatar])),
      },
    },
  };
}

/** A stored message as a notification (`chat_type` u2i: every chat here is about a listing). */
export function notificationOf(
  chat: AvitoChat,
  message: AvitoChatMessage,
  accountId: number,
  now: number,
): AvitoWebhookBody {
  return {
    id: webhookId(),
    version: 'v3.0.0',
    timestamp: Math.floor(now / 1000),
    payload: {
      type: 'message',
      value: {
        id: message.id,
        chat_id: chat.id,
        user_id: accountId,
        author_id: message.authorId,
        created: message.created,
        type: message.type,
        chat_type: 'u2i',
        content: message.content,
        item_id: chat.item.id,
        published_at: rfc3339(message.createdMs),
      },
    },
  };
}

/** The `url` of a webhook subscription: an absolute http(s) url. */
export function webhookUrl(body: Record<string, unknown>): string {
  const target = typeof body.url === 'string' ? body.url : '';
  if (!/^https?:\/\//.test(target) || !URL.canParse(target))
    throw validation({ url: 'must be an absolute http(s) url' });
  return target;
}

/** A message as the v3 messages list shows it to the account `accountId`. */
export function messageJson(accountId: number, message: AvitoChatMessage) {
  return {
    id: message.id,
    author_id: message.authorId,
    created: message.created,
    content: message.content,
    type: message.type,
    direction: message.authorId === accountId ? 'out' : 'in',
    // Our reading of the two fields: `read` is when the message's recipient read it (the
    // customer for ours, our side for theirs), and `is_read` says whether that has happened.
    is_read: message.read !== null,
    read: message.read,
  };
}

/** A chat as `getChatByIdV2` answers it: its listing, both users, the last message. */
export function chatJson(account: { id: number; name: string }, chat: AvitoChat, avatar: string) {
  const last = chat.messages.at(-1);
  return {
    id: chat.id,
    context: itemContext(chat.item, account.id, avatar),
    created: chat.created,
    updated: last?.created ?? chat.created,
    users: [
      chatUser(account.id, account.name, avatar, chat.item.id),
      chatUser(chat.customer.id, chat.customer.name, avatar, chat.item.id),
    ],
    ...(last
      ? {
          last_message: {
            id: last.id,
            author_id: last.authorId,
            content: last.content,
            created: last.created,
            direction: last.authorId === account.id ? 'out' : 'in',
            type: last.type,
          },
        }
      : {}),
  };
}

/** `limit` 1..100 (100 by default) and `offset` 0..1000, as the parameters document them. */
export function page(params: URLSearchParams): { limit: number; offset: number } {
  const limit = Number(params.get('limit') ?? 100);
  const offset = Number(params.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw validation({ limit: 'must be an integer from 1 to 100' });
  if (!Number.isInteger(offset) || offset < 0 || offset > 1000)
    throw validation({ offset: 'must be an integer from 0 to 1000' });
  return { limit, offset };
}

/**
 * The image of an `uploadImages` form: one JPEG, HEIC, GIF, BMP or PNG of at most 24 MB per
 * request, in the field `uploadfile[]`.
 */
export async function uploadedImage(
  form: FormData,
): Promise<{ bytes: Buffer; contentType: string; fileName?: string }> {
  const files = form.getAll('uploadfile[]').filter((entry): entry is File => entry instanceof File);
  if (files.length === 0) throw validation({ 'uploadfile[]': 'is required' });
  if (files.length > 1)
    throw validation({ 'uploadfile[]': 'one image per request; upload the others one by one' });
  const file = files[0] as File;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw validation({ 'uploadfile[]': 'the image is larger than 24 MB' });
  const contentType = imageFormat(bytes);
  if (!contentType)
    throw validation({ 'uploadfile[]': 'only JPEG, HEIC, GIF, BMP and PNG images are taken' });
  return { bytes, contentType, ...(file.name ? { fileName: file.name } : {}) };
}

/** The text of `POST .../messages`: `{"message":{"text"},"type":"text"}`, at most 1000 long. */
export function checkedText(body: Record<string, unknown>): string {
  if (body.type !== 'text') throw validation({ type: 'must be text' });
  const text = (body.message as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string' || text.trim() === '')
    throw validation({ 'message.text': 'is required' });
  // UTF-16 units, the strictest count: a text within it is within any other.
  if (text.length > 1000)
    throw validation({ 'message.text': 'must be at most 1000 characters long' });
  return text;
}
