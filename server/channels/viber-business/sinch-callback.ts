import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { RawInboundEvent, StatusReport } from '../adapter';

/**
 * Sinch's Conversation API callbacks for a Viber Business app (developers.sinch.com, "Callbacks"):
 * their signature, and what the inbox takes of them. Pure.
 */

export const SIGNATURE_HEADERS = {
  signature: 'x-sinch-webhook-signature',
  nonce: 'x-sinch-webhook-signature-nonce',
  timestamp: 'x-sinch-webhook-signature-timestamp',
} as const;

const header = (
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | null => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * Whether a callback is signed with the webhook's secret: Base64 of HMAC-SHA256 over the raw body,
 * a dot, the nonce, a dot and the timestamp, compared in constant time.
 */
export function sinchSignatureMatches(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  secret: string,
  body: Buffer,
): boolean {
  const signature = header(headers, SIGNATURE_HEADERS.signature);
  const nonce = header(headers, SIGNATURE_HEADERS.nonce);
  const timestamp = header(headers, SIGNATURE_HEADERS.timestamp);
  if (signature === null || nonce === null || timestamp === null || secret === '') return false;
  const wanted = createHmac('sha256', secret)
    .update(Buffer.concat([body, Buffer.from(`.${nonce}.${timestamp}`)]))
    .digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const IdentitySchema = v.looseObject({ channel: v.string(), identity: v.string() });
const InboundSchema = v.looseObject({
  app_id: v.string(),
  message: v.looseObject({
    id: v.string(),
    direction: v.optional(v.string()),
    channel_identity: IdentitySchema,
    contact_message: v.optional(
      v.looseObject({
        text_message: v.optional(v.looseObject({ text: v.string() })),
        media_message: v.optional(v.looseObject({ url: v.string() })),
        choice_response_message: v.optional(
          v.looseObject({
            message_id: v.optional(v.string()),
            postback_data: v.optional(v.string()),
          }),
        ),
      }),
    ),
  }),
});
const DeliverySchema = v.looseObject({
  app_id: v.string(),
  message_delivery_report: v.looseObject({
    message_id: v.string(),
    status: v.string(),
    reason: v.optional(
      v.looseObject({ code: v.optional(v.string()), description: v.optional(v.string()) }),
    ),
  }),
});

export type SinchCallback =
  | { kind: 'read'; events: RawInboundEvent[]; statuses: StatusReport[]; skipped: string[] }
  | { kind: 'unreadable' };

/**
 * A callback of the app as events and statuses: a Viber user's message (stored under Sinch's
 * message id, so a retried callback stores it once), a delivery report moving a reply forward
 * (DELIVERED, READ) or failing it with Sinch's reason; the rest left, with why.
 */
export function readSinchCallback(body: unknown, appId: string): SinchCallback {
  if (!body || typeof body !== 'object') return { kind: 'unreadable' };
  const read: SinchCallback = { kind: 'read', events: [], statuses: [], skipped: [] };
  const inbound = v.safeParse(InboundSchema, body);
  const delivery = v.safeParse(DeliverySchema, body);
  const app = inbound.success
    ? inbound.output.app_id
    : delivery.success
      ? delivery.output.app_id
      : null;
  if (app !== null && app !== appId) {
    read.skipped.push(`a callback of another app (${app})`);
    return read;
  }
  if (inbound.success) {
    const { message } = inbound.output;
    if (message.direction !== undefined && message.direction !== 'TO_APP')
      read.skipped.push('a message of ours');
    else if (message.channel_identity.channel !== 'VIBERBM')
      read.skipped.push(`a message of channel ${message.channel_identity.channel}`);
    else read.events.push({ providerId: message.id, payload: body });
    return read;
  }
  if (delivery.success) {
    const report = delivery.output.message_delivery_report;
    if (report.status === 'DELIVERED')
      read.statuses.push({ providerMessageId: report.message_id, status: 'delivered' });
    else if (report.status === 'READ')
      read.statuses.push({ providerMessageId: report.message_id, status: 'read' });
    else if (report.status === 'FAILED')
      read.statuses.push({
        providerMessageId: report.message_id,
        status: 'failed',
        reason: report.reason?.description || report.reason?.code || 'Viber did not deliver it',
      });
    else read.skipped.push(`delivery status ${report.status}`);
    return read;
  }
  read.skipped.push('a callback the inbox does not take');
  return read;
}

/** A stored inbound callback as the customer's message: their phone, the text, a file to fetch. */
export function sinchInbound(
  payload: unknown,
): { phone: string; text: string; mediaUrl: string | null } | null {
  const parsed = v.safeParse(InboundSchema, payload);
  if (!parsed.success) return null;
  const { message } = parsed.output;
  const content = message.contact_message;
  return {
    phone: message.channel_identity.identity,
    text: content?.text_message?.text ?? '',
    mediaUrl: content?.media_message?.url ?? null,
  };
}
