import type { AdapterChannel, ChannelAdapter, InboundMessage, SendResult } from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { derivedSecret } from '../shared/derived-secret';
import { extensionOf, fetchCustomerFiles } from '../shared/fetched-file';
import { fileLinkValid, signedFileUrl } from '../shared/file-link';
import { publicAddressOf } from '../shared/public-address';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { splitText } from '../shared/split-text';
import { readSinchCallback, sinchInbound, sinchSignatureMatches } from './sinch-callback';
import { SinchApiError, SinchClient } from './sinch-client';

/** Viber Business session messages carry at most 1000 characters (longer ones are cut). */
export const VIBER_BUSINESS_TEXT_MAX = 1000;

const textSetting = (channel: AdapterChannel, name: string): string => {
  const value = channel.settings[name];
  return typeof value === 'string' ? value : '';
};

type Part =
  | { kind: 'text'; text: string; buttons: readonly string[] }
  | { kind: 'media'; file: { id: string; name: string } };

/** The reply as messages: its text at 1000 characters a message, the answers on the last, then each file. */
function viberBusinessParts(
  text: string,
  files: readonly { id: string; name: string }[],
  buttons: readonly string[],
): Part[] {
  const texts = splitText(text.trim(), VIBER_BUSINESS_TEXT_MAX);
  const parts: Part[] = texts.map((chunk, index) => ({
    kind: 'text',
    text: chunk,
    buttons: index === texts.length - 1 ? buttons : [],
  }));
  for (const file of files) parts.push({ kind: 'media', file });
  return parts;
}

/**
 * Viber Business Messages (spec §3 viber: "service ID"; issue 23, docs/channels.md "Viber
 * business"), reached through the installation's Sinch account: the company's service ID names
 * the Sinch app whose VIBERBM credentials claim it (one service, one channel); Sinch posts that
 * app's inbound messages and delivery reports to our address, signed with a per-channel secret;
 * replies go by the app as text of up to 1000 characters, the answers offered as a choice, files
 * by a signed link Sinch fetches.
 */
export function viberBusinessAdapter(env: AdapterEnvironment): ChannelAdapter {
  const keySecret = env.SINCH_KEY_SECRET ?? '';
  const client = new SinchClient({
    authRoot: parseHttpUrl('SINCH_AUTH_ROOT', env.SINCH_AUTH_ROOT || 'https://auth.sinch.com'),
    apiRoot: parseHttpUrl(
      'SINCH_API_ROOT',
      env.SINCH_API_ROOT || 'https://eu.conversation.api.sinch.com',
    ),
    projectId: env.SINCH_PROJECT_ID ?? '',
    keyId: env.SINCH_KEY_ID ?? '',
    keySecret,
  });
  const publicUrl = env.PUBLIC_URL ? parseHttpUrl('PUBLIC_URL', env.PUBLIC_URL) : null;
  const replies = new RepliesInParts();
  /** The secret Sinch signs this channel's callbacks with: derived, nothing stored. */
  const webhookSecret = (channel: AdapterChannel) =>
    derivedSecret(keySecret, 'sinch-webhook', channel.id);

  return {
    type: 'viber',

    async check(credentials, signal) {
      if (!client.configured) return { ok: false, error: 'CHANNEL_SERVICE_NOT_FOUND' };
      const serviceId = credentials.settings.serviceId;
      if (typeof serviceId !== 'string' || serviceId === '')
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'serviceId' };
      const app = await client.viberService(serviceId, signal);
      if (!app) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'serviceId' };
      return {
        ok: true,
        identity: serviceId,
        settings: { sinchAppId: app.appId, serviceName: app.name },
      };
    },

    async start(context) {
      const address = publicAddressOf(context, 'Viber business (Sinch)');
      if (address.idle) return address.idle;
      await client.ensureWebhook(
        textSetting(context.channel, 'sinchAppId'),
        address.url,
        webhookSecret(context.channel),
        context.signal,
      );
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    webhook(channel, request) {
      // The signature first, over the bytes as they came, before any of them is parsed.
      if (!sinchSignatureMatches(request.headers, webhookSecret(channel), request.body))
        return { ok: false, status: 401, reason: 'wrong signature' };
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const read = readSinchCallback(body, textSetting(channel, 'sinchAppId'));
      if (read.kind === 'unreadable')
        return { ok: false, status: 400, reason: 'not a Sinch callback' };
      return { ok: true, events: read.events, statuses: read.statuses, skipped: read.skipped };
    },

    fileLink: {
      valid: (channel, fileId, query) =>
        fileLinkValid(keySecret, channel.id, fileId, query, Date.now()),
    },

    async toMessage(_channel, event, signal): Promise<InboundMessage> {
      const inbound = sinchInbound(event.payload);
      if (!inbound) return { kind: 'ignore', reason: 'not a Viber user’s message' };
      const { text, files } = await fetchCustomerFiles(
        inbound.mediaUrl
          ? [{ url: inbound.mediaUrl, name: (type) => `viber-file.${extensionOf(type)}` }]
          : [],
        inbound.text,
        signal,
      );
      const phone = inbound.phone.replace(/^\+/, '');
      // Viber business tells no name: the customer is known by their number, as Viber shows it.
      return {
        kind: 'message',
        client: { externalId: phone, phone: `+${phone}`, name: `+${phone}` },
        text,
        files,
      };
    },

    send(channel, message, signal): Promise<SendResult> {
      if (publicUrl === null && message.files.length > 0)
        return Promise.resolve({
          kind: 'failed',
          reason: 'Sinch fetches files only from a public address: set PUBLIC_URL',
        });
      const appId = textSetting(channel, 'sinchAppId');
      const parts = viberBusinessParts(message.text, message.files, message.buttons ?? []);
      return replies.send(
        message.messageId,
        parts,
        (part) =>
          client.send(
            appId,
            message.recipient,
            part.kind === 'media'
              ? {
                  media_message: {
                    url: signedFileUrl(
                      publicUrl ?? '',
                      keySecret,
                      channel.id,
                      part.file.id,
                      Date.now(),
                    ),
                    filename_override: part.file.name,
                  },
                }
              : part.buttons.length > 0
                ? {
                    choice_message: {
                      text_message: { text: part.text },
                      choices: part.buttons.map((label) => ({ text_message: { text: label } })),
                    },
                  }
                : { text_message: { text: part.text } },
            message.messageId,
            signal,
          ),
        (error) => {
          if (!(error instanceof SinchApiError)) return undefined;
          // The installation's key, not the channel's: replies wait while its operator mends it.
          if (error.status === 401)
            return { kind: 'retry', reason: 'Sinch refused the installation’s access key' };
          if (error.retryable)
            return {
              kind: 'retry',
              reason: error.message,
              ...(error.retryAfterSeconds !== undefined
                ? { retryAfterSeconds: error.retryAfterSeconds }
                : {}),
            };
          return { kind: 'failed', reason: error.description };
        },
      );
    },
  };
}
