import * as v from 'valibot';
import type { RawInboundEvent } from '../adapter';

/** A notification's message as Avito's webhook v3 sends it; read only to know what to fetch. */
const NotificationSchema = v.looseObject({
  id: v.optional(v.string()),
  payload: v.looseObject({
    type: v.string(),
    value: v.optional(
      v.looseObject({
        id: v.string(),
        chat_id: v.string(),
        user_id: v.number(),
        author_id: v.number(),
      }),
    ),
  }),
});

/** What a stored notification names: the message to fetch back from Avito before trusting it. */
export type AvitoNotice = { messageId: string; chatId: string; userId: number; authorId: number };

export type AvitoNotificationRead =
  { kind: 'events'; events: RawInboundEvent[]; skipped: string[] } | { kind: 'unreadable' };

/**
 * One notification as the pipeline takes it. Avito signs nothing, so nothing in it is believed:
 * it only names a message (by its id, so a notification sent twice stores one), which is fetched
 * back from Avito's API with our token before it becomes the customer's (avito-adapter.ts). Our
 * own messages come back too, as the account's: not the customer's.
 */
export function readAvitoNotification(body: unknown): AvitoNotificationRead {
  const parsed = v.safeParse(NotificationSchema, body);
  if (!parsed.success) return { kind: 'unreadable' };
  const { type, value } = parsed.output.payload;
  if (type !== 'message' || !value)
    return { kind: 'events', events: [], skipped: [`a notification not followed: ${type}`] };
  if (value.author_id === value.user_id) return { kind: 'events', events: [], skipped: [] };
  return { kind: 'events', events: [{ providerId: value.id, payload: body }], skipped: [] };
}

/** The message a stored notification names, or null for one that names none. */
export function noticeOf(payload: unknown): AvitoNotice | null {
  const parsed = v.safeParse(NotificationSchema, payload);
  const value = parsed.success ? parsed.output.payload.value : undefined;
  if (!value) return null;
  return {
    messageId: value.id,
    chatId: value.chat_id,
    userId: value.user_id,
    authorId: value.author_id,
  };
}
