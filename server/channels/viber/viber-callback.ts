import * as v from 'valibot';
import type { RawInboundEvent, StatusReport } from '../adapter';

const TokenSchema = v.union([v.string(), v.number()]);

/** A customer's message callback (Viber "Receive message from user"); loose, read where used. */
const MessageCallbackSchema = v.looseObject({
  event: v.literal('message'),
  message_token: TokenSchema,
  sender: v.looseObject({ id: v.string(), name: v.optional(v.string()) }),
  message: v.looseObject({
    type: v.string(),
    text: v.optional(v.string()),
    media: v.optional(v.string()),
    file_name: v.optional(v.string()),
    size: v.optional(v.number()),
    contact: v.optional(
      v.looseObject({ name: v.optional(v.string()), phone_number: v.optional(v.string()) }),
    ),
    location: v.optional(v.looseObject({ lat: v.number(), lon: v.number() })),
  }),
});
export type ViberMessageCallback = v.InferOutput<typeof MessageCallbackSchema>;

const StatusCallbackSchema = v.looseObject({
  event: v.picklist(['delivered', 'seen', 'failed']),
  message_token: TokenSchema,
  desc: v.optional(v.string()),
});

const AnyCallbackSchema = v.looseObject({ event: v.string() });

export type ViberCallbackRead =
  | { kind: 'events'; events: RawInboundEvent[]; statuses: StatusReport[]; skipped: string[] }
  | { kind: 'unreadable' };

/**
 * One callback as the pipeline takes it: a customer's message stored under its message token (a
 * callback delivered twice stores one message), delivered / seen / failed as statuses of our
 * messages, Viber's check of the address (`webhook`) and the rest (subscribed, unsubscribed,
 * conversation_started) acknowledged with nothing to store.
 */
export function readViberCallback(body: unknown): ViberCallbackRead {
  const any = v.safeParse(AnyCallbackSchema, body);
  if (!any.success) return { kind: 'unreadable' };
  const message = v.safeParse(MessageCallbackSchema, body);
  if (message.success)
    return {
      kind: 'events',
      events: [{ providerId: String(message.output.message_token), payload: message.output }],
      statuses: [],
      skipped: [],
    };
  const status = v.safeParse(StatusCallbackSchema, body);
  if (status.success) {
    const providerMessageId = String(status.output.message_token);
    const report: StatusReport =
      status.output.event === 'failed'
        ? {
            providerMessageId,
            status: 'failed',
            reason: status.output.desc ?? 'Viber could not deliver the message',
          }
        : { providerMessageId, status: status.output.event === 'seen' ? 'read' : 'delivered' };
    return { kind: 'events', events: [], statuses: [report], skipped: [] };
  }
  const quiet = ['webhook', 'subscribed', 'unsubscribed', 'conversation_started'];
  return {
    kind: 'events',
    events: [],
    statuses: [],
    skipped: quiet.includes(any.output.event)
      ? []
      : [`a callback not followed: ${any.output.event}`],
  };
}

/** What a stored message callback says, before its file is fetched. */
export type ViberInbound =
  | {
      kind: 'message';
      userId: string;
      name: string | null;
      text: string;
      file: { url: string; name: string | null } | null;
    }
  | { kind: 'ignored'; reason: string };

/**
 * A stored callback as a customer's message: text; a picture, video or file to fetch now (the
 * link is Viber's and expires); a sticker, contact or location said in the text; a keyboard tap is
 * the button's text, which Viber sends as the customer's own.
 */
export function callbackToInbound(payload: unknown): ViberInbound {
  const parsed = v.safeParse(MessageCallbackSchema, payload);
  if (!parsed.success) return { kind: 'ignored', reason: 'not a Viber message' };
  const { sender, message } = parsed.output;
  const base = { userId: sender.id, name: sender.name?.trim() || null };
  const text = message.text ?? '';
  switch (message.type) {
    case 'text':
      return { kind: 'message', ...base, text, file: null };
    case 'picture':
    case 'video':
    case 'file':
      return {
        kind: 'message',
        ...base,
        text,
        file:
          message.media && /^https?:\/\//.test(message.media)
            ? { url: message.media, name: message.file_name ?? null }
            : null,
      };
    case 'contact':
      return {
        kind: 'message',
        ...base,
        text: [message.contact?.name, message.contact?.phone_number].filter(Boolean).join(' '),
        file: null,
      };
    case 'location':
      return message.location
        ? {
            kind: 'message',
            ...base,
            text: `https://maps.google.com/?q=${String(message.location.lat)},${String(message.location.lon)}`,
            file: null,
          }
        : { kind: 'ignored', reason: 'a location without its place' };
    case 'sticker':
      return { kind: 'message', ...base, text: '[sticker]', file: null };
    case 'url':
      return { kind: 'message', ...base, text: message.media ?? text, file: null };
    default:
      return { kind: 'ignored', reason: `a message of type ${message.type}` };
  }
}
