import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The pieces of the local Viber server that hold no state: the statuses and shapes of Viber's
 * REST Bot API (developers.viber.com/docs/api/rest-bot-api), its int64 message tokens, the look
 * of its ids, and the checks of a message sent that need no bot (a keyboard, a file name, media
 * fetched from its url).
 *
 * Every answer is HTTP 200 with `{"status","status_message"}`: 0 and "ok", or a failure whose
 * `status_message` is the failure's name in the docs' error table ("failure reason": badData,
 * missingData, ...). Message tokens are 64-bit integers written as bare JSON numbers, beyond what a
 * JavaScript number keeps exactly; they are strings here and written as numbers on the wire.
 */

/** The docs' error codes and their names. */
export const VIBER_STATUS = {
  0: 'ok',
  1: 'invalidUrl',
  2: 'invalidAuthToken',
  3: 'badData',
  4: 'missingData',
  5: 'receiverNotRegistered',
  6: 'receiverNotSubscribed',
  7: 'publicAccountBlocked',
  8: 'publicAccountNotFound',
  9: 'publicAccountSuspended',
  10: 'webhookNotSet',
  11: 'receiverNoSuitableDevice',
  12: 'tooManyRequests',
  13: 'apiVersionNotSupported',
  14: 'incompatibleWithVersion',
  15: 'publicAccountNotAuthorized',
  16: 'inchatReplyMessageNotAllowed',
  17: 'publicAccountIsNotInline',
  18: 'noPublicChat',
  19: 'cannotSendBroadcast',
  20: 'broadcastNotAllowed',
} as const;

export type ViberStatus = keyof typeof VIBER_STATUS;

/** A refusal: its status, and why (kept for tests in `refusals`; Viber's answer names the status). */
export class ViberRefusal extends Error {
  constructor(
    readonly status: ViberStatus,
    readonly reason: string,
    /** The docs' name, unless Viber is known to word this failure otherwise. */
    readonly statusMessage: string = VIBER_STATUS[status],
  ) {
    super(`${VIBER_STATUS[status]}: ${reason}`);
  }
}

export const refuse = (status: ViberStatus, reason: string): ViberRefusal =>
  new ViberRefusal(status, reason);

/** A person on Viber as callbacks and get_user_details describe them. */
export type ViberUserJson = {
  id: string;
  name?: string;
  avatar?: string;
  language: string;
  country: string;
  api_version: number;
};

/** A callback body as Viber posts it; `message_token` is an int64 kept as its digits. */
export type ViberCallback = {
  event:
    | 'webhook'
    | 'message'
    | 'subscribed'
    | 'unsubscribed'
    | 'conversation_started'
    | 'delivered'
    | 'seen'
    | 'failed';
  timestamp: number;
  chat_hostname: string;
  message_token: string;
  sender?: ViberUserJson;
  user?: ViberUserJson;
  user_id?: string;
  message?: Record<string, unknown>;
  silent?: boolean;
  type?: string;
  context?: string;
  subscribed?: boolean;
  desc?: string;
};

/** A message our side sent, as the server received it (media fetched to its bytes). */
export type SentViber = {
  token: string;
  receiver: string;
  /** The message type; `keyboard` for a keyboard sent on its own. */
  type: string;
  text?: string;
  media?: { url: string; bytes: Buffer; contentType: string };
  fileName?: string;
  /** The size the request declared (file and video messages). */
  size?: number;
  trackingData?: string;
  /** The keyboard's buttons by their Text, in order. */
  keyboard?: string[];
  sender: { name: string; avatar?: string; avatarBytes?: Buffer };
  /** Sent as the answer to a conversation_started callback (the one welcome message). */
  welcome?: true;
  body: Record<string, unknown>;
};

/** The events set_webhook can filter; `message` always comes (our reading of the docs' list). */
export const FILTERABLE_EVENTS = [
  'delivered',
  'seen',
  'failed',
  'subscribed',
  'unsubscribed',
  'conversation_started',
];
/** Events that are sent whatever the filter says (the docs call them mandatory). */
export const MANDATORY_EVENTS = ['message', 'subscribed', 'unsubscribed', 'webhook'];

const digits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

/** A message token: 19 digits, above 2^53 as Viber's are (e.g. 5741311803571721087). */
export const messageToken = (): string => `5${digits(18)}`;

/** A user's id: base64 of 16 bytes, as `3SQNc4FPUQmysaM/AQEhXg==`. */
export const viberUserId = (): string => randomBytes(16).toString('base64');

/** A bot's auth token, in the look of Viber's app keys: three dash-separated hex groups. */
export const viberAuthToken = (): string =>
  [8, 8, 8].map((bytes) => randomBytes(bytes).toString('hex')).join('-');

/** The internal host name every answer and callback carries. */
export const chatHostname = (): string => `SN-CHAT-${String(randomInt(1, 30)).padStart(2, '0')}_`;

/**
 * JSON with every `message_token` written as a bare number, as Viber writes it: the digits
 * exactly, which JSON.stringify of a number could not keep.
 */
export function viberJson(value: unknown): string {
  return JSON.stringify(value, (key, field: unknown) =>
    key === 'message_token' && typeof field === 'string' && /^\d+$/.test(field)
      ? `\u0000int64:${field}`
      : field,
  ).replace(/"\\u0000int64:(\d+)"/g, '$1');
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function answer(response: ServerResponse, status: number, body: unknown): void {
  const json = viberJson(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

/** A JSON value as text: a string as it is, anything else empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What the first bytes say an image is: JPEG, PNG or GIF (the formats Viber shows). */
export function imageType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  return undefined;
}

/** The extension of a url's last path segment, lower case, without the dot. */
export function extensionOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** The file types Viber will not carry (its "forbidden file formats" list). */
export const FORBIDDEN_EXTENSIONS = new Set(
  (
    'action apk app bat bin cmd com command cpl csh dll exe gadget inf1 ins inx ipa isu job jse ' +
    'ksh lnk msc msi msp mst osx out paf pif prg ps1 reg rgs run scr sct shb shs u3 vb vbe vbs ' +
    'vbscript workflow ws wsf'
  ).split(' '),
);

/**
 * Viber fetches the media a message names. One it cannot get, or larger than `maxBytes`, is
 * refused as badData (our reading: the docs give the limits, not the refusal's status).
 */
export async function fetchMedia(
  url: string,
  maxBytes: number,
  what: string,
): Promise<{ url: string; bytes: Buffer; contentType: string }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw refuse(3, `${what} could not be fetched from ${url}`);
  }
  if (!response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    throw refuse(3, `${what} answered ${response.status} at ${url}`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxBytes)
    throw refuse(3, `${what} is ${bytes.length} bytes, over the ${maxBytes} allowed`);
  return {
    url,
    bytes,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
  };
}

/**
 * Our limit of a keyboard's buttons: the docs name none for keyboards (a rich media message may
 * have 6 × columns × rows), so we take 24, which fits the product's own button limits.
 */
export const MAX_KEYBOARD_BUTTONS = 24;
const ACTION_TYPES = ['reply', 'open-url', 'location-picker', 'share-phone', 'none'];

/**
 * A keyboard as the docs' keyboard and button tables allow it: `Buttons` required, each with an
 * `ActionBody`, Columns 1–6, Rows 1–2, `Text` of at most 250 characters (refused past that: the
 * docs' "Max 250 characters"; only a shorter text that does not fit is cut on screen), and at
 * least one of Text, BgMedia, Image or BgColor. Answers the buttons' texts in order.
 */
export function checkKeyboard(keyboard: unknown): string[] {
  if (!keyboard || typeof keyboard !== 'object' || Array.isArray(keyboard))
    throw refuse(3, 'keyboard must be an object');
  const { Type, Buttons, DefaultHeight } = keyboard as Record<string, unknown>;
  if (Type !== undefined && Type !== 'keyboard') throw refuse(3, 'keyboard.Type must be keyboard');
  if (DefaultHeight !== undefined && typeof DefaultHeight !== 'boolean')
    throw refuse(3, 'keyboard.DefaultHeight must be true or false');
  if (!Array.isArray(Buttons) || Buttons.length === 0)
    throw refuse(3, 'keyboard.Buttons must hold at least one button');
  if (Buttons.length > MAX_KEYBOARD_BUTTONS)
    throw refuse(3, `keyboard.Buttons holds ${Buttons.length}, over ${MAX_KEYBOARD_BUTTONS}`);
  return Buttons.map((button: unknown, index) => {
    const fields = (button ?? {}) as Record<string, unknown>;
    const where = `keyboard.Buttons[${index}]`;
    if (typeof fields.ActionBody !== 'string') throw refuse(3, `${where}.ActionBody is required`);
    const actionType = fields.ActionType ?? 'reply';
    if (typeof actionType !== 'string' || !ACTION_TYPES.includes(actionType))
      throw refuse(3, `${where}.ActionType must be one of ${ACTION_TYPES.join(', ')}`);
    for (const [name, max] of [
      ['Columns', 6],
      ['Rows', 2],
    ] as const) {
      const value = fields[name];
      if (
        value !== undefined &&
        (!Number.isInteger(value) || (value as number) < 1 || (value as number) > max)
      )
        throw refuse(3, `${where}.${name} must be from 1 to ${max}`);
    }
    if (fields.Text !== undefined && typeof fields.Text !== 'string')
      throw refuse(3, `${where}.Text must be a string`);
    const label = text(fields.Text);
    if (label.length > 250) throw refuse(3, `${where}.Text is over 250 characters`);
    if (label === '' && !fields.BgMedia && !fields.Image && !fields.BgColor)
      throw refuse(3, `${where} needs one of Text, BgMedia, Image or BgColor`);
    return label;
  });
}

/** A small JPEG (the first bytes of one are all a test needs): every customer's photo here. */
export const STUB_AVATAR = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF avatar'),
]);

/** The docs' size limits of what a message names (a picture: 1 MB on iOS, the lower). */
const MAX_PICTURE_BYTES = 1024 * 1024;
const MAX_VIDEO_BYTES = 26 * 1024 * 1024;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const MAX_AVATAR_BYTES = 100 * 1024;

/** The checks of a message's content and sender, fetching what it names; no receiver checks. */
export async function checkContent(
  payload: Record<string, unknown>,
  receiver: string,
): Promise<SentViber> {
  const sender = (payload.sender ?? {}) as Record<string, unknown>;
  const senderName = text(sender.name);
  if (senderName === '') throw refuse(4, 'sender.name is required');
  if (senderName.length > 28) throw refuse(3, 'sender.name is over 28 characters');
  const record: SentViber = {
    token: messageToken(),
    receiver,
    type: 'keyboard',
    sender: { name: senderName },
    body: payload,
  };
  if (payload.tracking_data !== undefined) {
    if (typeof payload.tracking_data !== 'string')
      throw refuse(3, 'tracking_data must be a string');
    if (payload.tracking_data.length > 4096)
      throw refuse(3, 'tracking_data is over 4096 characters');
    record.trackingData = payload.tracking_data;
  }
  if (payload.keyboard !== undefined) record.keyboard = checkKeyboard(payload.keyboard);

  const type = payload.type;
  if (type === undefined && record.keyboard === undefined) throw refuse(4, 'type is required');
  if (type !== undefined) {
    if (typeof type !== 'string') throw refuse(3, 'type must be a string');
    record.type = type;
    await checkType(type, payload, record);
  }

  if (sender.avatar !== undefined) {
    const avatar = text(sender.avatar);
    if (!/^https?:\/\//.test(avatar)) throw refuse(3, 'sender.avatar must be a URL');
    const fetched = await fetchMedia(avatar, MAX_AVATAR_BYTES, 'sender.avatar');
    const kind = imageType(fetched.bytes);
    if (kind !== 'image/jpeg' && kind !== 'image/png')
      throw refuse(3, 'sender.avatar is not a JPEG or PNG image');
    record.sender = { name: senderName, avatar, avatarBytes: fetched.bytes };
  }
  return record;
}

/** What each message type needs, as the docs' "Message types" tables give it. */
async function checkType(type: string, payload: Record<string, unknown>, record: SentViber) {
  const media = text(payload.media);
  const needsMedia = () => {
    if (media === '') throw refuse(4, `media is required for a ${type} message`);
    if (!/^https?:\/\//.test(media) || !URL.canParse(media)) throw refuse(3, 'media must be a URL');
  };
  const declaredSize = () => {
    if (payload.size === undefined) throw refuse(4, `size is required for a ${type} message`);
    if (!Number.isInteger(payload.size)) throw refuse(3, 'size must be an integer');
    record.size = payload.size as number;
  };
  switch (type) {
    case 'text': {
      const body = text(payload.text);
      if (body === '') throw refuse(4, 'text is required');
      // UTF-16 units, the strictest count: a text within it is within any other.
      if (body.length > 7000) throw refuse(3, 'text is over 7000 characters');
      record.text = body;
      return;
    }
    case 'picture': {
      if (typeof payload.text !== 'string') throw refuse(4, 'text is required (it may be empty)');
      if (payload.text.length > 768) throw refuse(3, 'text is over 768 characters');
      needsMedia();
      if (!['jpeg', 'jpg', 'png', 'gif'].includes(extensionOf(media)))
        throw refuse(3, 'media must end in .jpeg, .png or .gif');
      const fetched = await fetchMedia(media, MAX_PICTURE_BYTES, 'media');
      if (!imageType(fetched.bytes)) throw refuse(3, 'media is not a JPEG, PNG or GIF image');
      if (payload.text !== '') record.text = payload.text;
      record.media = fetched;
      return;
    }
    case 'video': {
      needsMedia();
      declaredSize();
      if (extensionOf(media) !== 'mp4') throw refuse(3, 'media must end in .mp4');
      record.media = await fetchMedia(media, MAX_VIDEO_BYTES, 'media');
      return;
    }
    case 'file': {
      needsMedia();
      declaredSize();
      const fileName = text(payload.file_name);
      if (fileName === '') throw refuse(4, 'file_name is required');
      if (fileName.length > 256) throw refuse(3, 'file_name is over 256 characters');
      const extension = fileName.includes('.')
        ? (fileName.split('.').pop() ?? '').toLowerCase()
        : '';
      if (extension === '') throw refuse(3, 'file_name must carry its extension');
      if (FORBIDDEN_EXTENSIONS.has(extension) || FORBIDDEN_EXTENSIONS.has(extensionOf(media)))
        throw refuse(3, `.${extension} files are forbidden`);
      record.fileName = fileName;
      record.media = await fetchMedia(media, MAX_FILE_BYTES, 'media');
      return;
    }
    case 'url':
      needsMedia();
      if (media.length > 2000) throw refuse(3, 'media is over 2000 characters');
      record.text = media;
      return;
    case 'location': {
      const { lat, lon } = (payload.location ?? {}) as Record<string, unknown>;
      if (lat === undefined || lon === undefined) throw refuse(4, 'location is required');
      if (Math.abs(Number(lat)) > 90 || Math.abs(Number(lon)) > 180 || Number.isNaN(Number(lat)))
        throw refuse(3, 'location is out of range');
      return;
    }
    case 'contact': {
      const { name, phone_number: phone } = (payload.contact ?? {}) as Record<string, unknown>;
      if (text(name) === '' || text(phone) === '')
        throw refuse(4, 'contact needs a name and a phone_number');
      if (text(name).length > 28 || text(phone).length > 18) throw refuse(3, 'contact is too long');
      return;
    }
    case 'sticker':
      if (!Number.isInteger(payload.sticker_id)) throw refuse(4, 'sticker_id is required');
      return;
    case 'rich_media':
      if (!payload.rich_media || typeof payload.rich_media !== 'object')
        throw refuse(4, 'rich_media is required');
      return;
    default:
      throw refuse(3, `unknown message type ${type}`);
  }
}
