import * as v from 'valibot';
import { graphCall, graphDownload, GraphApiError, type GraphAccess } from '../meta/graph-client';

/**
 * The WhatsApp Cloud API calls the adapter makes (developers.facebook.com/docs/whatsapp/cloud-api),
 * at a configurable root (WHATSAPP_API_ROOT): Meta's graph.facebook.com, or the tests' local one.
 */

const PhoneNumbersSchema = v.looseObject({
  data: v.array(
    v.looseObject({
      id: v.string(),
      display_phone_number: v.string(),
      verified_name: v.optional(v.string()),
      quality_rating: v.optional(v.string()),
    }),
  ),
});
export type WaPhoneNumber = v.InferOutput<typeof PhoneNumbersSchema>['data'][number];

const SentSchema = v.looseObject({
  messages: v.pipe(v.array(v.looseObject({ id: v.string() })), v.minLength(1)),
});

const MediaUrlSchema = v.looseObject({
  url: v.string(),
  mime_type: v.optional(v.string()),
  sha256: v.optional(v.string()),
  file_size: v.optional(v.union([v.number(), v.string()])),
});

const IdSchema = v.looseObject({ id: v.string() });

/** Meta's answer to a template submitted: its id and where the review stands. */
const TemplateCreatedSchema = v.looseObject({
  id: v.string(),
  status: v.optional(v.string()),
  category: v.optional(v.string()),
});
export type WaTemplateCreated = v.InferOutput<typeof TemplateCreatedSchema>;

function parsed<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success)
    throw new GraphApiError(502, undefined, 'the answer was not the documented one');
  return result.output;
}

export class CloudApiClient {
  private readonly access: GraphAccess;

  constructor(apiRoot: string, token: string) {
    this.access = { apiRoot, token };
  }

  /** The phone numbers of a WhatsApp Business Account: a wrong account id or token is refused here. */
  async phoneNumbers(accountId: string, signal?: AbortSignal): Promise<WaPhoneNumber[]> {
    const answer = await graphCall(
      this.access,
      `${encodeURIComponent(accountId)}/phone_numbers`,
      { query: { fields: 'id,display_phone_number,verified_name,quality_rating' } },
      signal,
    );
    return parsed(PhoneNumbersSchema, answer).data;
  }

  /**
   * Subscribes our app to the account's webhooks, with this channel's callback address and verify
   * token (Meta checks the address with a GET handshake before it answers).
   */
  async subscribe(accountId: string, callbackUrl: string, verifyToken: string): Promise<void> {
    await graphCall(this.access, `${encodeURIComponent(accountId)}/subscribed_apps`, {
      method: 'POST',
      json: { override_callback_uri: callbackUrl, verify_token: verifyToken },
    });
  }

  /** Sends one message object (text, media, interactive, template); Meta's id for it back. */
  async send(
    phoneNumberId: string,
    message: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<string> {
    const answer = await graphCall(
      this.access,
      `${encodeURIComponent(phoneNumberId)}/messages`,
      {
        method: 'POST',
        json: { messaging_product: 'whatsapp', recipient_type: 'individual', ...message },
      },
      signal,
    );
    return parsed(SentSchema, answer).messages[0]?.id ?? '';
  }

  /**
   * Submits a message template for review (POST /{WABA}/message_templates): Meta checks its shape
   * at once (a refusal is a GraphApiError with its words) and reviews the rest later, reporting the
   * outcome through the `message_template_status_update` webhook.
   */
  async createTemplate(
    accountId: string,
    template: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<WaTemplateCreated> {
    const answer = await graphCall(
      this.access,
      `${encodeURIComponent(accountId)}/message_templates`,
      { method: 'POST', json: template },
      signal,
    );
    return parsed(TemplateCreatedSchema, answer);
  }

  /**
   * Edits a template Meta holds (POST /{template id}): its category and components, which sends it
   * to review again. Meta's name and language stay; a rejected template is fixed this way.
   */
  async editTemplate(
    templateId: string,
    template: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<void> {
    await graphCall(
      this.access,
      encodeURIComponent(templateId),
      { method: 'POST', json: { category: template.category, components: template.components } },
      signal,
    );
  }

  /** Deletes one language of a template by its name and id (DELETE /{WABA}/message_templates). */
  async deleteTemplate(
    accountId: string,
    name: string,
    templateId: string,
    signal?: AbortSignal,
  ): Promise<void> {
    await graphCall(
      this.access,
      `${encodeURIComponent(accountId)}/message_templates`,
      { method: 'DELETE', query: { name, hsm_id: templateId } },
      signal,
    );
  }

  /** Uploads a file as bytes (multipart), for a message to name by id: never a link to us. */
  async uploadMedia(
    phoneNumberId: string,
    file: { name: string; type: string; bytes: Buffer },
    signal?: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.type);
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const answer = await graphCall(
      this.access,
      `${encodeURIComponent(phoneNumberId)}/media`,
      { method: 'POST', form },
      signal,
    );
    return parsed(IdSchema, answer).id;
  }

  /**
   * A received file's bytes: its short-lived link asked for by id, then fetched with the token.
   * The link lives about five minutes, so this runs when the message is processed, never later.
   */
  async downloadMedia(
    mediaId: string,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<{ bytes: Buffer; type: string | undefined; sha256: string | undefined }> {
    const link = parsed(
      MediaUrlSchema,
      await graphCall(this.access, encodeURIComponent(mediaId), {}, signal),
    );
    if (Number(link.file_size ?? 0) > maxBytes)
      throw new GraphApiError(413, undefined, 'the media is too large');
    const { bytes } = await graphDownload(this.access, link.url, maxBytes, signal);
    return { bytes, type: link.mime_type, sha256: link.sha256 };
  }
}
