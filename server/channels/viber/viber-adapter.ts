import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../../../src/protocol';
import type { AdapterChannel, ChannelAdapter, InboundMessage, SendResult } from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { fileLinkValid, signedFileUrl } from '../shared/file-link';
import { withFileNotKept } from '../shared/file-not-kept';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { publicAddressOf } from '../shared/public-address';
import { callbackToInbound, readViberCallback } from './viber-callback';
import { ViberApiError, ViberClient } from './viber-client';
import { parseViberJson } from './viber-json';
import { partMessage, viberParts } from './reply-parts';

/** The header Viber signs every callback with: hex HMAC-SHA256 of the raw body, keyed by the token. */
export const VIBER_SIGNATURE_HEADER = 'x-viber-content-signature';

/** The name Viber shows above the bot's messages: 28 characters at most. */
const SENDER_NAME_MAX = 28;
/** The bot's photo is fetched by Viber whenever it shows it: its link does not expire. */
const AVATAR_LINK_UNTIL = Date.UTC(2100, 0, 1);

const tokenOf = (channel: AdapterChannel): string => channel.secrets.token ?? '';
const textSetting = (channel: AdapterChannel, name: string): string => {
  const value = channel.settings[name];
  return typeof value === 'string' ? value : '';
};

/** Whether the callback's signature is the token's over these exact bytes; constant time. */
export function viberSignatureMatches(
  header: string | string[] | undefined,
  token: string,
  body: Buffer,
): boolean {
  if (typeof header !== 'string' || token === '' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const wanted = createHmac('sha256', token).update(body).digest();
  return timingSafeEqual(Buffer.from(header, 'hex'), wanted);
}

/**
 * A Viber bot through the REST Bot API (issue 23, docs/channels.md "Viber"): the token is checked
 * with get_account_info (the bot's id is the channel's identity); callbacks come only to a public
 * address (set_webhook; Viber has no polling), signed with the token; messages are stored under
 * their 64-bit message tokens, read as text; replies as text of up to 7000 characters, pictures
 * and files by a signed link, buttons as a reply keyboard; delivered, seen and failed only move
 * forward. Every message names the bot with its required JPEG photo (spec §3).
 */
export function viberBotAdapter(env: AdapterEnvironment): ChannelAdapter {
  const apiRoot = parseHttpUrl(
    'VIBER_API_ROOT',
    env.VIBER_API_ROOT || 'https://chatapi.viber.com/pa',
  );
  const publicUrl = env.PUBLIC_URL ? parseHttpUrl('PUBLIC_URL', env.PUBLIC_URL) : null;
  const replies = new RepliesInParts();
  const clientOf = (token: string) => new ViberClient(apiRoot, token);
  const avatarUrl = (channel: AdapterChannel): string | null => {
    const fileId = textSetting(channel, 'avatarFileId');
    if (publicUrl === null || fileId === '') return null;
    return signedFileUrl(publicUrl, tokenOf(channel), channel.id, fileId, 0, AVATAR_LINK_UNTIL);
  };

  return {
    type: 'viber_bot',

    async check(credentials, signal) {
      const token = credentials.secrets.token;
      if (!token) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
      try {
        const account = await clientOf(token).accountInfo(signal);
        return {
          ok: true,
          identity: account.id,
          settings: { botName: account.name, botUri: account.uri },
        };
      } catch (error) {
        if (!(error instanceof ViberApiError) || error.status === 0) throw error;
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
      }
    },

    async start(context) {
      const address = publicAddressOf(context, 'Viber');
      if (address.idle) return address.idle;
      await clientOf(tokenOf(context.channel)).setWebhook(address.url, context.signal);
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    webhook(channel, request) {
      // The signature first, over the bytes as they came, before any of them is parsed.
      if (
        !viberSignatureMatches(
          request.headers[VIBER_SIGNATURE_HEADER],
          tokenOf(channel),
          request.body,
        )
      )
        return { ok: false, status: 401, reason: 'wrong signature' };
      let body: unknown;
      try {
        body = parseViberJson(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const read = readViberCallback(body);
      if (read.kind === 'unreadable')
        return { ok: false, status: 400, reason: 'not a Viber callback' };
      return { ok: true, events: read.events, statuses: read.statuses, skipped: read.skipped };
    },

    fileLink: {
      valid: (channel, fileId, query) =>
        fileLinkValid(tokenOf(channel), channel.id, fileId, query, Date.now()),
    },

    async toMessage(_channel, event, signal): Promise<InboundMessage> {
      const inbound = callbackToInbound(event.payload);
      if (inbound.kind === 'ignored') return { kind: 'ignore', reason: inbound.reason };
      let text = inbound.text;
      const files = [];
      if (inbound.file) {
        const response = await fetch(inbound.file.url, { signal });
        if (!response.ok) {
          await response.body?.cancel();
          throw new Error(`the file could not be fetched (${String(response.status)})`);
        }
        const type =
          response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
        const declared = Number(response.headers.get('content-length') ?? '0');
        const name = inbound.file.name ?? `viber-file.${type.split('/')[1] ?? 'bin'}`;
        const problem = attachmentProblem({ type, size: Math.max(declared, 1) });
        if (problem || declared > ATTACHMENT_MAX_BYTES) {
          await response.body?.cancel();
          text = withFileNotKept(text, name, problem ?? 'FILE_TOO_LARGE');
        } else {
          const bytes = Buffer.from(await response.arrayBuffer());
          files.push({ name, type, bytes });
        }
      }
      return {
        kind: 'message',
        client: { externalId: inbound.userId, ...(inbound.name ? { name: inbound.name } : {}) },
        text,
        files,
      };
    },

    send(channel, message, signal): Promise<SendResult> {
      if (publicUrl === null)
        return Promise.resolve({
          kind: 'failed',
          reason: 'Viber takes replies only from a bot with a public address: set PUBLIC_URL',
        });
      const client = clientOf(tokenOf(channel));
      const avatar = avatarUrl(channel);
      const sender = {
        name: (textSetting(channel, 'botName') || channel.name).slice(0, SENDER_NAME_MAX),
        ...(avatar ? { avatar } : {}),
      };
      const fileUrl = (file: { id: string }) =>
        signedFileUrl(publicUrl, tokenOf(channel), channel.id, file.id, Date.now());
      const parts = viberParts(
        message.text,
        message.files.map((file) => ({
          id: file.id,
          name: file.name,
          type: file.type,
          size: file.bytes.length,
        })),
      );
      const buttons = message.buttons ?? [];
      return replies.send(
        message.messageId,
        parts,
        (part) =>
          client.send(
            {
              receiver: message.recipient,
              min_api_version: 7,
              sender,
              // Viber refuses null here: an empty string is "nothing to track".
              tracking_data: '',
              ...partMessage(part, fileUrl, part === parts[parts.length - 1] ? buttons : []),
            },
            signal,
          ),
        (error) => {
          if (!(error instanceof ViberApiError)) return undefined;
          if (error.tokenLapsed) return { kind: 'reauthorize', reason: error.description };
          if (error.retryable) return { kind: 'retry', reason: error.message };
          return { kind: 'failed', reason: error.description };
        },
      );
    },
  };
}
