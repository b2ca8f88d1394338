import * as v from 'valibot';
import {
  WaContactSchema,
  WaMessageSchema,
  WaMessagesValueSchema,
  WaStatusSchema,
  WaTemplateStatusSchema,
  WaWebhookSchema,
  type WaContact,
  type WaInboundPayload,
} from './cloud-api-types';

/** A status Meta reported for one of our sent messages, as the Cloud API names it. */
export type WaStatusReport = {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** For `failed`: Meta's error code (131047: the 24-hour window had closed) and its title. */
  error?: { code: number | undefined; title: string };
};

/** A registered template's review outcome (APPROVED, REJECTED with a reason, PAUSED, …). */
export type WaTemplateReport = {
  providerTemplateId: string;
  name: string;
  language: string;
  event: string;
  reason: string | null;
};

export type WaWebhookBatch = {
  /** Each customer's message, under its wamid, with the contact card it came with. */
  messages: { providerId: string; payload: WaInboundPayload }[];
  statuses: WaStatusReport[];
  templates: WaTemplateReport[];
  /** What was read but not taken, with why: logged, never an error for Meta to retry. */
  skipped: string[];
};

const STATUS_KINDS = new Set(['sent', 'delivered', 'read', 'failed']);

/**
 * Reads a whole webhook call: Meta batches, so one call may hold several entries, each with
 * several changes, each with several messages and statuses, of several phone numbers of the
 * account. Every one of them is read; those of another phone number than this channel's are
 * skipped (an account's numbers may be different channels). A malformed part is skipped with its
 * reason and the rest still taken: one odd message never costs the others. Pure: the signature
 * was checked on the raw bytes before this runs.
 */
export function readWebhookBatch(body: unknown, phoneNumberId: string): WaWebhookBatch | null {
  const parsed = v.safeParse(WaWebhookSchema, body);
  if (!parsed.success || parsed.output.object !== 'whatsapp_business_account') return null;
  const batch: WaWebhookBatch = { messages: [], statuses: [], templates: [], skipped: [] };
  for (const entry of parsed.output.entry)
    for (const change of entry.changes) {
      if (change.field === 'messages') readMessages(change.value, phoneNumberId, batch);
      else if (change.field === 'message_template_status_update') {
        const template = v.safeParse(WaTemplateStatusSchema, change.value);
        if (!template.success) batch.skipped.push('malformed template status');
        else
          batch.templates.push({
            providerTemplateId: String(template.output.message_template_id),
            name: template.output.message_template_name,
            language: template.output.message_template_language,
            event: template.output.event,
            reason: template.output.reason ?? null,
          });
      } else batch.skipped.push(`field not handled: ${change.field}`);
    }
  return batch;
}

function readMessages(value: unknown, phoneNumberId: string, batch: WaWebhookBatch): void {
  const parsed = v.safeParse(WaMessagesValueSchema, value);
  if (!parsed.success) {
    batch.skipped.push('malformed messages change');
    return;
  }
  const change = parsed.output;
  if (change.metadata.phone_number_id !== phoneNumberId) {
    batch.skipped.push(`another phone number: ${change.metadata.phone_number_id}`);
    return;
  }
  const contacts = new Map<string, WaContact>();
  for (const raw of change.contacts ?? []) {
    const contact = v.safeParse(WaContactSchema, raw);
    if (contact.success) contacts.set(contact.output.wa_id, contact.output);
  }
  for (const raw of change.messages ?? []) {
    const message = v.safeParse(WaMessageSchema, raw);
    if (!message.success) {
      batch.skipped.push('malformed message');
      continue;
    }
    const contact = contacts.get(message.output.from);
    batch.messages.push({
      providerId: message.output.id,
      payload: {
        message: message.output,
        ...(contact ? { contact } : {}),
        phoneNumberId,
      },
    });
  }
  for (const raw of change.statuses ?? []) {
    const status = v.safeParse(WaStatusSchema, raw);
    if (!status.success || !STATUS_KINDS.has(status.output.status)) {
      batch.skipped.push(
        status.success ? `status not handled: ${status.output.status}` : 'malformed status',
      );
      continue;
    }
    const report: WaStatusReport = {
      providerMessageId: status.output.id,
      status: status.output.status as WaStatusReport['status'],
    };
    const error = status.output.errors?.[0];
    if (report.status === 'failed')
      report.error = {
        code: error?.code,
        title: error?.error_data?.details ?? error?.title ?? error?.message ?? 'failed',
      };
    batch.statuses.push(report);
  }
}
