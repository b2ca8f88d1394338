import * as v from 'valibot';
import { WaInboundPayloadSchema, type WaMedia, type WaMessage } from './cloud-api-types';

/** A file the customer sent, still at Meta: its link is asked for by id and fetched at once. */
export type WaMediaRef = {
  mediaId: string;
  name: string;
  type: string;
  sha256: string | undefined;
};

/** What one stored WhatsApp message means to the inbox: a customer's message, or a reason to skip it. */
export type InboundWhatsApp =
  | {
      kind: 'message';
      /** The customer's wa_id: replies go there, and it is their phone number in digits. */
      waId: string;
      name: string | undefined;
      text: string;
      media: WaMediaRef | undefined;
    }
  | { kind: 'ignored'; reason: string };

const MEDIA_KINDS = ['image', 'document', 'audio', 'video', 'sticker'] as const;

/** A name for a file WhatsApp gives none (photos, voice notes): its kind, the message and its type's extension. */
function mediaName(kind: string, media: WaMedia, messageId: string): string {
  const given = media.filename?.trim();
  if (given) return given;
  const subtype = (media.mime_type ?? '').split(';')[0]?.split('/')[1]?.trim();
  const extension = subtype
    ? `.${subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/gi, '')}`
    : '';
  return `${kind}-${messageId.slice(-12).replace(/[^A-Za-z0-9]/g, '')}${extension}`;
}

function textOf(message: WaMessage): string {
  if (message.text) return message.text.body;
  if (message.button) return message.button.text ?? message.button.payload ?? '';
  const chosen = message.interactive?.button_reply ?? message.interactive?.list_reply;
  if (chosen) return chosen.title;
  if (message.location) {
    const { latitude, longitude, name, address } = message.location;
    const place = [name, address].filter(Boolean).join(', ');
    // The operator can open it; nothing of the place is lost.
    const link = `https://maps.google.com/?q=${String(latitude)},${String(longitude)}`;
    return place === '' ? link : `${place}\n${link}`;
  }
  return '';
}

/**
 * Turns a stored message (the payload readWebhookBatch stored) into an inbound message. Pure: the
 * media is named here and fetched by the adapter. Kinds the inbox cannot carry (reactions,
 * system notices, unsupported) are skipped with the reason, which the pipeline records.
 */
export function messageToInbound(raw: unknown): InboundWhatsApp {
  const parsed = v.safeParse(WaInboundPayloadSchema, raw);
  if (!parsed.success) return { kind: 'ignored', reason: 'malformed message' };
  const { message, contact } = parsed.output;
  const kind = MEDIA_KINDS.find((name) => message.type === name && message[name]);
  const media = kind ? message[kind] : undefined;
  const text = textOf(message) || (media?.caption ?? '');
  if (text === '' && !media)
    return { kind: 'ignored', reason: `not handled: a ${message.type} message` };
  const name = contact?.profile?.name?.trim();
  return {
    kind: 'message',
    waId: message.from,
    name: name === '' ? undefined : name,
    text,
    media:
      kind && media
        ? {
            mediaId: media.id,
            name: mediaName(kind, media, message.id),
            type:
              (media.mime_type ?? 'application/octet-stream').split(';')[0]?.trim().toLowerCase() ??
              'application/octet-stream',
            sha256: media.sha256,
          }
        : undefined,
  };
}
