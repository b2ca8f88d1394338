import * as v from 'valibot';

/**
 * The parts of the WhatsApp Cloud API's webhook objects the adapter reads
 * (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components). Loose objects: Meta adds
 * fields and message types often, and an unknown field must never lose a customer's message.
 */

/** A media object of an inbound message: fetched by its id at once (the download link expires). */
const WaMediaSchema = v.looseObject({
  id: v.string(),
  mime_type: v.optional(v.string()),
  sha256: v.optional(v.string()),
  caption: v.optional(v.string()),
  filename: v.optional(v.string()),
});
export type WaMedia = v.InferOutput<typeof WaMediaSchema>;

export const WaMessageSchema = v.looseObject({
  /** The customer's WhatsApp id (their phone number in digits, with the country code). */
  from: v.string(),
  /** The message id (`wamid.…`): unique, so a redelivered webhook stores nothing twice. */
  id: v.string(),
  timestamp: v.optional(v.string()),
  type: v.string(),
  text: v.optional(v.looseObject({ body: v.string() })),
  image: v.optional(WaMediaSchema),
  document: v.optional(WaMediaSchema),
  audio: v.optional(WaMediaSchema),
  video: v.optional(WaMediaSchema),
  sticker: v.optional(WaMediaSchema),
  /** A quick-reply button of a template the customer pressed. */
  button: v.optional(
    v.looseObject({ text: v.optional(v.string()), payload: v.optional(v.string()) }),
  ),
  /** A reply button or a list row of an interactive message the customer chose. */
  interactive: v.optional(
    v.looseObject({
      type: v.string(),
      button_reply: v.optional(v.looseObject({ id: v.string(), title: v.string() })),
      list_reply: v.optional(v.looseObject({ id: v.string(), title: v.string() })),
    }),
  ),
  location: v.optional(
    v.looseObject({
      latitude: v.number(),
      longitude: v.number(),
      name: v.optional(v.string()),
      address: v.optional(v.string()),
    }),
  ),
});
export type WaMessage = v.InferOutput<typeof WaMessageSchema>;

export const WaContactSchema = v.looseObject({
  wa_id: v.string(),
  profile: v.optional(v.looseObject({ name: v.optional(v.string()) })),
});
export type WaContact = v.InferOutput<typeof WaContactSchema>;

export const WaStatusSchema = v.looseObject({
  /** The id of our sent message this status is about. */
  id: v.string(),
  status: v.string(),
  timestamp: v.optional(v.string()),
  recipient_id: v.optional(v.string()),
  errors: v.optional(
    v.array(
      v.looseObject({
        code: v.optional(v.number()),
        title: v.optional(v.string()),
        message: v.optional(v.string()),
        error_data: v.optional(v.looseObject({ details: v.optional(v.string()) })),
      }),
    ),
  ),
});
export type WaStatus = v.InferOutput<typeof WaStatusSchema>;

/** The `value` of a `messages` change: one phone number's messages and statuses. */
export const WaMessagesValueSchema = v.looseObject({
  messaging_product: v.optional(v.string()),
  metadata: v.looseObject({
    phone_number_id: v.string(),
    display_phone_number: v.optional(v.string()),
  }),
  contacts: v.optional(v.array(v.unknown())),
  messages: v.optional(v.array(v.unknown())),
  statuses: v.optional(v.array(v.unknown())),
});

/** The `value` of a `message_template_status_update` change. */
export const WaTemplateStatusSchema = v.looseObject({
  event: v.string(),
  message_template_id: v.union([v.number(), v.string()]),
  message_template_name: v.string(),
  message_template_language: v.string(),
  reason: v.optional(v.nullable(v.string())),
});

export const WaWebhookSchema = v.looseObject({
  object: v.string(),
  entry: v.array(
    v.looseObject({
      /** The WhatsApp Business Account's id. */
      id: v.string(),
      changes: v.array(v.looseObject({ field: v.string(), value: v.unknown() })),
    }),
  ),
});

/** What a stored inbound event holds: the message, its sender's contact card and the number it came to. */
export const WaInboundPayloadSchema = v.looseObject({
  message: WaMessageSchema,
  contact: v.optional(WaContactSchema),
  phoneNumberId: v.string(),
});
export type WaInboundPayload = v.InferOutput<typeof WaInboundPayloadSchema>;
