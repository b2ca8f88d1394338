import { createHash } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, attachmentProblem, errorText } from '../../../src/protocol';
import type {
  AdapterChannel,
  ChannelAdapter,
  InboundFile,
  InboundMessage,
  OutboundMessage,
  SendResult,
  StatusReport,
  TemplateReport,
  WebhookRequest,
  WebhookResult,
} from '../adapter';
/** The environment the registry makes adapters from (its AdapterEnvironment; not imported, as the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { GraphApiError } from '../meta/graph-client';
import { HUB_SIGNATURE_HEADER, hubSignatureMatches } from '../meta/hub-signature';
import { checkWhatsAppAccount } from './account-check';
import { CloudApiClient } from './cloud-api-client';
import { messageToInbound } from './message-to-inbound';
import { partMessage, replyParts, type ReplyPart } from './reply-parts';
import { readWebhookBatch } from './webhook-batch';
import { templateMessage, templateStatusOf, templateSubmission } from './template-components';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { publicAddressOf } from '../shared/public-address';
import { derivedSecret, secretMatches } from '../shared/derived-secret';
import { withFileNotKept } from '../shared/file-not-kept';

const secretOf = (channel: AdapterChannel, name: 'password' | 'appSecret'): string =>
  channel.secrets[name] ?? '';
const settingOf = (channel: AdapterChannel, name: 'login' | 'phoneNumberId'): string => {
  const value = channel.settings[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The token Meta sends back in the GET handshake of a callback address: derived from the app
 * secret and the channel id, so it is the same on every instance and after a restart with nothing
 * stored, unguessable without the secret, and new when the secret is replaced.
 */
export const verifyTokenOf = (appSecret: string, channelId: string): string =>
  derivedSecret(appSecret, 'whatsapp-verify', channelId);

/** Meta's media sha256: hex in the documentation's examples, base64 in some answers; either is taken. */
function hashMatches(bytes: Buffer, expected: string | undefined): boolean {
  if (expected === undefined || expected === '') return true;
  const digest = createHash('sha256').update(bytes).digest();
  return (
    expected.toLowerCase() === digest.toString('hex') || expected === digest.toString('base64')
  );
}

/**
 * The WhatsApp channel through Meta's Cloud API (issue 23, docs/channels.md "WhatsApp"): a WhatsApp
 * Business Account's id, one of its phone numbers and a system user's token; webhooks signed with
 * the app's secret (X-Hub-Signature-256, checked on the raw bytes), every entry, change, message
 * and status of a batch read; media fetched on receipt, since Meta's links expire in minutes;
 * replies as text, media uploaded as bytes, and delivered and read receipts that only move forward.
 * WhatsApp has no polling API: without a public address the channel says so in its health.
 */
export function whatsappAdapter(env: AdapterEnvironment): ChannelAdapter {
  const apiRoot = parseHttpUrl(
    'WHATSAPP_API_ROOT',
    env.WHATSAPP_API_ROOT || 'https://graph.facebook.com',
  );
  /** A reply of several parts resumes after the last part Meta accepted (shared/reply-parts-sent.ts). */
  const replies = new RepliesInParts();
  const clientOf = (channel: AdapterChannel) =>
    new CloudApiClient(apiRoot, secretOf(channel, 'password'));

  return {
    type: 'whatsapp',

    check: (credentials, signal) =>
      checkWhatsAppAccount(apiRoot, credentials.settings, credentials.secrets.password, signal),

    async start(context) {
      const { channel } = context;
      const address = publicAddressOf(context, 'WhatsApp');
      if (address.idle) return address.idle;
      await clientOf(channel).subscribe(
        settingOf(channel, 'login'),
        address.url,
        verifyTokenOf(secretOf(channel, 'appSecret'), channel.id),
      );
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    handshake(channel, query) {
      const token = verifyTokenOf(secretOf(channel, 'appSecret'), channel.id);
      if (query['hub.mode'] !== 'subscribe' || !secretMatches(query['hub.verify_token'], token))
        return null;
      const challenge = query['hub.challenge'];
      // Meta's challenge is a number; nothing else is echoed back from our address.
      return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge)
        ? challenge
        : null;
    },

    webhook(channel: AdapterChannel, request: WebhookRequest): WebhookResult {
      // The signature first, over the bytes as they came, before any of them is parsed.
      if (
        !hubSignatureMatches(
          request.headers[HUB_SIGNATURE_HEADER],
          secretOf(channel, 'appSecret'),
          request.body,
        )
      )
        return { ok: false, status: 401, reason: 'wrong signature' };
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const batch = readWebhookBatch(body, settingOf(channel, 'phoneNumberId'));
      if (!batch)
        return { ok: false, status: 400, reason: 'not a WhatsApp Business Account webhook' };
      const statuses: StatusReport[] = [];
      for (const report of batch.statuses)
        if (report.status === 'delivered' || report.status === 'read')
          statuses.push({ providerMessageId: report.providerMessageId, status: report.status });
        else if (report.status === 'failed')
          statuses.push({
            providerMessageId: report.providerMessageId,
            status: 'failed',
            reason: failureReason(report.error),
          });
      const templates: TemplateReport[] = [];
      for (const report of batch.templates) {
        const status = templateStatusOf(report.event);
        if (status === null) batch.skipped.push(`template event not followed: ${report.event}`);
        else
          templates.push({
            providerTemplateId: report.providerTemplateId,
            status,
            reason: report.reason === null || report.reason === 'NONE' ? null : report.reason,
          });
      }
      return { ok: true, events: batch.messages, statuses, templates, skipped: batch.skipped };
    },

    async toMessage(channel, event, signal): Promise<InboundMessage> {
      const inbound = messageToInbound(event.payload);
      if (inbound.kind === 'ignored') return { kind: 'ignore', reason: inbound.reason };
      const files: InboundFile[] = [];
      let text = inbound.text;
      if (inbound.media) {
        const { media } = inbound;
        // A file the inbox cannot keep still leaves its trace in the message, never a lost message.
        const problem = attachmentProblem({ type: media.type, size: 1 });
        if (problem) text = withFileNotKept(text, media.name, problem);
        else {
          const downloaded = await clientOf(channel).downloadMedia(
            media.mediaId,
            ATTACHMENT_MAX_BYTES,
            signal,
          );
          // A damaged download is an error to retry (a new link is asked for), never a stored file.
          if (!hashMatches(downloaded.bytes, downloaded.sha256 ?? media.sha256))
            throw new Error('the media did not match its sha256');
          files.push({ name: media.name, type: media.type, bytes: downloaded.bytes });
        }
      }
      return {
        kind: 'message',
        client: {
          externalId: inbound.waId,
          phone: `+${inbound.waId}`,
          ...(inbound.name ? { name: inbound.name } : {}),
        },
        text,
        files,
      };
    },

    templates: {
      async submit(channel, template, signal) {
        try {
          const submission = templateSubmission(template);
          if (template.providerId !== null) {
            await clientOf(channel).editTemplate(template.providerId, submission, signal);
            return {
              kind: 'submitted',
              providerId: template.providerId,
              status: 'pending',
              reason: null,
            };
          }
          const created = await clientOf(channel).createTemplate(
            settingOf(channel, 'login'),
            submission,
            signal,
          );
          return {
            kind: 'submitted',
            providerId: created.id,
            status: templateStatusOf(created.status ?? 'PENDING') ?? 'pending',
            reason: null,
          };
        } catch (error) {
          if (!(error instanceof GraphApiError) || error.retryable || error.tokenLapsed)
            return retryOf(error);
          return { kind: 'refused', reason: error.description };
        }
      },
      async remove(channel, template, signal) {
        try {
          await clientOf(channel).deleteTemplate(
            settingOf(channel, 'login'),
            template.name,
            template.providerId,
            signal,
          );
          return { kind: 'removed' };
        } catch (error) {
          // Gone already (deleted in Meta's manager): what was asked for holds.
          if (error instanceof GraphApiError && error.status === 404) return { kind: 'removed' };
          if (error instanceof GraphApiError && !error.retryable && !error.tokenLapsed)
            return { kind: 'removed' };
          return retryOf(error);
        }
      },
    },

    send(channel, message: OutboundMessage, signal): Promise<SendResult> {
      const client = clientOf(channel);
      const phoneNumberId = settingOf(channel, 'phoneNumberId');
      const { template } = message;
      if (template)
        return replies.send(
          message.messageId,
          [{ kind: 'template' as const }],
          () => client.send(phoneNumberId, templateMessage(template, message.recipient), signal),
          (error) => sendFailure(error),
        );
      return replies.send(
        message.messageId,
        replyParts(message.text, message.files, message.buttons ?? []),
        async (part: ReplyPart) => {
          const mediaId =
            part.kind === 'text' || part.kind === 'choice'
              ? undefined
              : await client.uploadMedia(phoneNumberId, part.file, signal);
          return client.send(phoneNumberId, partMessage(part, message.recipient, mediaId), signal);
        },
        (error) => sendFailure(error),
      );
    },
  };
}

/** A provider's answer that means "try again later" (or no answer at all). */
function retryOf(error: unknown): { kind: 'retry'; reason: string; retryAfterSeconds?: number } {
  if (!(error instanceof GraphApiError))
    return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
  return {
    kind: 'retry',
    reason: error.message,
    ...(error.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.retryAfterSeconds }
      : {}),
  };
}

/** A send's refusal as the pipeline takes it: retried when Meta says "not now", failed otherwise. */
function sendFailure(error: unknown): Exclude<SendResult, { kind: 'sent' }> | undefined {
  if (!(error instanceof GraphApiError)) return undefined;
  // The token expired or was revoked: held until the channel is given a new one, not lost.
  if (error.tokenLapsed) return { kind: 'reauthorize', reason: error.description };
  if (error.retryable) return retryOf(error);
  return { kind: 'failed', reason: failureReason({ code: error.code, title: error.description }) };
}

/**
 * What the operator reads on a reply Meta accepted and then reported failed. Code 131047 is the
 * closed 24-hour window, said in the product's words; any other is Meta's own.
 */
function failureReason(error: { code: number | undefined; title: string } | undefined): string {
  if (error?.code === SESSION_CLOSED_CODE) return errorText('MESSENGER_SESSION_EXPIRED', 'en');
  return error?.title ?? 'WhatsApp could not deliver the message';
}

/** Meta's "Re-engagement message": more than 24 hours since the customer last wrote. */
const SESSION_CLOSED_CODE = 131047;
