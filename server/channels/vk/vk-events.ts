import * as v from 'valibot';
import type { RawInboundEvent, StatusReport } from '../adapter';

/**
 * VK's community events as the Callback API posts them and the Bots Long Poll lists them
 * (dev.vk.com, "Callback API" and "Bots Long Poll API", v5.199): `{type, object, group_id,
 * event_id, v}`, plus `secret` on the Callback API. Pure: which events become inbound messages,
 * which are statuses, which are left, and what a stored one says.
 */

/** Person ids are positive; 2,000,000,000 and up are group conversations, which the inbox does not carry. */
const CONVERSATION_PEER_FROM = 2_000_000_000;

const EventSchema = v.looseObject({
  type: v.string(),
  group_id: v.optional(v.number()),
  event_id: v.optional(v.string()),
  object: v.optional(v.unknown()),
});

const MessageSchema = v.looseObject({
  id: v.number(),
  from_id: v.number(),
  peer_id: v.number(),
  text: v.optional(v.string(), ''),
  attachments: v.optional(v.array(v.unknown()), []),
  payload: v.optional(v.string()),
});
const MessageNewSchema = v.looseObject({ message: MessageSchema });
const MessageReadSchema = v.looseObject({
  from_id: v.number(),
  peer_id: v.number(),
  read_message_id: v.number(),
});

/** The events of one delivery (a Callback API post, or one Long Poll answer's updates). */
export type VkEventBatch = {
  events: RawInboundEvent[];
  statuses: StatusReport[];
  skipped: string[];
};

/**
 * What one event is to the inbox. A customer's message is stored under VK's message id (a
 * Callback API retry, the same event from the Long Poll too, is the same message); a read is a
 * watermark over our replies up to the message named; the rest are left, with why.
 */
export function readVkEvent(raw: unknown, groupId: number): VkEventBatch {
  const batch: VkEventBatch = { events: [], statuses: [], skipped: [] };
  const event = v.safeParse(EventSchema, raw);
  if (!event.success) {
    batch.skipped.push('an event without a type');
    return batch;
  }
  const { type, object } = event.output;
  if (event.output.group_id !== undefined && event.output.group_id !== groupId) {
    batch.skipped.push(`${type}: of another community (${String(event.output.group_id)})`);
    return batch;
  }
  if (type === 'message_new') {
    const parsed = v.safeParse(MessageNewSchema, object);
    if (!parsed.success) batch.skipped.push('message_new: no message');
    else if (parsed.output.message.peer_id >= CONVERSATION_PEER_FROM)
      batch.skipped.push('message_new: a group conversation');
    else
      batch.events.push({
        providerId: `message:${String(parsed.output.message.id)}`,
        payload: { type, object },
      });
    return batch;
  }
  if (type === 'message_read') {
    const parsed = v.safeParse(MessageReadSchema, object);
    if (!parsed.success) batch.skipped.push('message_read: unreadable');
    else
      batch.statuses.push({
        providerMessageId: String(parsed.output.read_message_id),
        status: 'read',
        through: true,
      });
    return batch;
  }
  batch.skipped.push(`${type}: not carried`);
  return batch;
}

/** Several events (a Long Poll answer), read one by one. */
export function readVkEvents(raw: readonly unknown[], groupId: number): VkEventBatch {
  const batch: VkEventBatch = { events: [], statuses: [], skipped: [] };
  for (const one of raw) {
    const read = readVkEvent(one, groupId);
    batch.events.push(...read.events);
    batch.statuses.push(...read.statuses);
    batch.skipped.push(...read.skipped);
  }
  return batch;
}

/** A customer's file as VK links it: the link is VK's and is fetched on receipt. */
export type VkFileLink = { kind: 'photo' | 'doc'; url: string; name: string | null };

export type VkInbound =
  | { kind: 'message'; peerId: number; text: string; files: VkFileLink[] }
  | { kind: 'ignored'; reason: string };

const SizeSchema = v.looseObject({
  url: v.string(),
  width: v.optional(v.number(), 0),
  height: v.optional(v.number(), 0),
});
const AttachmentSchema = v.looseObject({
  type: v.string(),
  photo: v.optional(v.looseObject({ sizes: v.optional(v.array(SizeSchema), []) })),
  doc: v.optional(v.looseObject({ url: v.string(), title: v.optional(v.string()) })),
});

/** What the operator reads for an attachment the inbox does not keep as a file. */
const NOT_KEPT: Record<string, string> = {
  sticker: '[sticker]',
  audio_message: '[voice message]',
  video: '[video]',
  audio: '[audio]',
  wall: '[post]',
  link: '[link]',
  market: '[product]',
  gift: '[gift]',
  poll: '[poll]',
};

/**
 * A stored `message_new` as the inbox takes it: its text, its photos (the largest size) and
 * documents to fetch, other attachments said in the text. A button the customer pressed arrives
 * as its label in the text (VK sends it so), which is what the operator reads.
 */
export function vkEventToInbound(payload: unknown): VkInbound {
  const parsed = v.safeParse(
    v.looseObject({ type: v.literal('message_new'), object: MessageNewSchema }),
    payload,
  );
  if (!parsed.success) return { kind: 'ignored', reason: 'not a customer’s message' };
  const message = parsed.output.object.message;
  if (message.from_id <= 0) return { kind: 'ignored', reason: 'written by a community' };
  const files: VkFileLink[] = [];
  const notes: string[] = [];
  for (const raw of message.attachments) {
    const attachment = v.safeParse(AttachmentSchema, raw);
    if (!attachment.success) continue;
    const { type, photo, doc } = attachment.output;
    if (type === 'photo' && photo && photo.sizes.length > 0) {
      const largest = photo.sizes.reduce((best, size) =>
        size.width * size.height >= best.width * best.height ? size : best,
      );
      files.push({ kind: 'photo', url: largest.url, name: null });
    } else if (type === 'doc' && doc)
      files.push({ kind: 'doc', url: doc.url, name: doc.title ?? null });
    else notes.push(NOT_KEPT[type] ?? `[${type}]`);
  }
  const text = [message.text, ...notes].filter((part) => part !== '').join('\n');
  return { kind: 'message', peerId: message.from_id, text, files };
}
