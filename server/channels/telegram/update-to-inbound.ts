import * as v from 'valibot';
import {
  TgUpdateSchema,
  type TgCallbackQuery,
  type TgMessage,
  type TgPhotoSize,
} from './bot-api-types';

/** A file the customer sent, still at Telegram: fetched with getFile at once on receipt. */
export type InboundFileRef = {
  fileId: string;
  name: string;
  type: string;
  size: number | undefined;
};

/** What one Telegram update means to the inbox: a customer's message, or a reason to skip it. */
export type InboundTelegram =
  | {
      kind: 'message';
      updateId: number;
      /** Telegram's id of the message: unique per chat, so the chat makes it unique per bot. */
      messageKey: string;
      /** The private chat's id, which is the customer's user id; replies go there. */
      chatId: string;
      sender: { externalId: string; name: string };
      text: string;
      file: InboundFileRef | undefined;
      /** A button press's query, which the bot answers to stop the button's spinner. */
      callbackQueryId?: string;
    }
  | { kind: 'ignored'; updateId: number | undefined; reason: string };

/**
 * Turns a raw update (parsed JSON, unchecked) into an inbound message. Pure: no I/O, so every
 * kind of update is tested on its own. A press of a button under our reply is the customer's
 * answer: its label, as if typed. Kinds the inbox does not carry (edits, stickers, groups) are
 * skipped with the reason, which the caller logs; a malformed update is skipped the same way,
 * never a crash.
 */
export function updateToInbound(raw: unknown): InboundTelegram {
  const parsed = v.safeParse(TgUpdateSchema, raw);
  if (!parsed.success) {
    const updateId = updateIdOf(raw);
    return { kind: 'ignored', updateId, reason: 'malformed update' };
  }
  const update = parsed.output;
  if (update.callback_query) return pressToInbound(update.update_id, update.callback_query);
  const message = update.message;
  if (!message) {
    const kinds = Object.keys(update).filter((key) => key !== 'update_id');
    return {
      kind: 'ignored',
      updateId: update.update_id,
      reason: `not handled: ${kinds.join(', ') || 'empty update'}`,
    };
  }
  // A support inbox talks with one customer at a time: a group's messages have no one customer.
  if (message.chat.type !== 'private')
    return {
      kind: 'ignored',
      updateId: update.update_id,
      reason: `not a private chat (${message.chat.type})`,
    };
  if (!message.from || message.from.is_bot)
    return { kind: 'ignored', updateId: update.update_id, reason: 'not from a person' };
  const file = fileOf(message);
  const text = message.text ?? message.caption ?? '';
  if (text === '' && !file)
    return {
      kind: 'ignored',
      updateId: update.update_id,
      reason: `not handled: a message with ${messageKinds(message)}`,
    };
  return {
    kind: 'message',
    updateId: update.update_id,
    messageKey: `${message.chat.id}:${message.message_id}`,
    chatId: String(message.chat.id),
    sender: { externalId: String(message.from.id), name: senderName(message.from) },
    text,
    file,
  };
}

/**
 * A press of an inline button under one of our replies: the label pressed, read back from that
 * message's keyboard by the button's callback data. A press whose message is gone from the update
 * (older than 48 hours) or whose data names no button cannot say what was answered: skipped.
 */
function pressToInbound(updateId: number, press: TgCallbackQuery): InboundTelegram {
  const message = press.message;
  if (!message) return { kind: 'ignored', updateId, reason: 'a button press without its message' };
  if (message.chat.type !== 'private')
    return { kind: 'ignored', updateId, reason: `not a private chat (${message.chat.type})` };
  if (press.from.is_bot) return { kind: 'ignored', updateId, reason: 'not from a person' };
  const label = (message.reply_markup?.inline_keyboard ?? [])
    .flat()
    .find(
      (button) => button.callback_data !== undefined && button.callback_data === press.data,
    )?.text;
  if (label === undefined || label.trim() === '')
    return { kind: 'ignored', updateId, reason: 'a button press naming no button' };
  return {
    kind: 'message',
    updateId,
    // A press is its own event: one query id per press, never reused by Telegram.
    messageKey: `press:${press.id}`,
    chatId: String(message.chat.id),
    sender: { externalId: String(press.from.id), name: senderName(press.from) },
    text: label,
    file: undefined,
    callbackQueryId: press.id,
  };
}

/** "First Last", else "@username", else the user id: Telegram always gives a first name, but may give an empty one. */
export function senderName(user: {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}): string {
  const full = [user.first_name, user.last_name ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  if (full !== '') return full;
  return user.username ? `@${user.username}` : `Telegram user ${user.id}`;
}

/** The largest of the sizes Telegram keeps of a photo (by pixels; the order is not promised). */
export function largestPhoto(sizes: readonly TgPhotoSize[]): TgPhotoSize | undefined {
  let best: TgPhotoSize | undefined;
  for (const size of sizes)
    if (!best || size.width * size.height > best.width * best.height) best = size;
  return best;
}

function fileOf(message: TgMessage): InboundFileRef | undefined {
  const photo = message.photo ? largestPhoto(message.photo) : undefined;
  if (photo)
    // Telegram re-encodes every photo as JPEG and gives it no name.
    return {
      fileId: photo.file_id,
      name: `photo-${message.message_id}.jpg`,
      type: 'image/jpeg',
      size: photo.file_size,
    };
  const document = message.document;
  if (document)
    return {
      fileId: document.file_id,
      name: document.file_name?.trim() || `document-${message.message_id}`,
      type: (document.mime_type ?? 'application/octet-stream').toLowerCase(),
      size: document.file_size,
    };
  return undefined;
}

function messageKinds(message: TgMessage): string {
  const known = new Set([
    'message_id',
    'from',
    'chat',
    'date',
    'text',
    'caption',
    'photo',
    'document',
  ]);
  const others = Object.keys(message).filter((key) => !known.has(key));
  return others.length > 0 ? others.join(', ') : 'no content';
}

function updateIdOf(raw: unknown): number | undefined {
  if (raw && typeof raw === 'object' && 'update_id' in raw && typeof raw.update_id === 'number')
    return raw.update_id;
  return undefined;
}
