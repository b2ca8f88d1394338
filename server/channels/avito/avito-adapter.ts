import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../../../src/protocol';
import type { AdapterChannel, ChannelAdapter, InboundMessage, SendResult } from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { withFileNotKept } from '../shared/file-not-kept';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { publicAddressOf } from '../shared/public-address';
import { splitText } from '../shared/split-text';
import { AvitoApiError, AvitoClient, type AvitoCredentials } from './avito-client';
import { noticeOf, readAvitoNotification } from './avito-webhook';
import { pollReads } from './read-poller';

/** Avito's limit on a text message (1000 characters): a longer reply is sent in parts. */
export const AVITO_TEXT_MAX = 1000;
/** What Avito's messenger takes as a picture; it takes no other file. */
const AVITO_IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/heic',
]);
const AVITO_IMAGE_MAX_BYTES = 24 * 1024 * 1024;

const credentialsOf = (channel: {
  settings: Readonly<Record<string, unknown>>;
  secrets: Readonly<Record<string, string>>;
}): AvitoCredentials => ({
  clientId: typeof channel.settings.clientId === 'string' ? channel.settings.clientId : '',
  clientSecret: channel.secrets.clientSecret ?? '',
});
const accountOf = (channel: AdapterChannel): number => Number(channel.settings.accountId ?? NaN);

/** The largest picture of an image message's sizes (`{"1280x960": url, …}`). */
function largestImage(content: Record<string, unknown> | undefined): string | null {
  const image = content?.image as { sizes?: Record<string, unknown> } | undefined;
  const sizes = Object.entries(image?.sizes ?? {}).flatMap(([size, url]) => {
    const [width = 0, height = 0] = size.split('x').map(Number);
    return typeof url === 'string' && /^https?:\/\//.test(url)
      ? [{ area: width * height, url }]
      : [];
  });
  sizes.sort((a, b) => b.area - a.area);
  return sizes[0]?.url ?? null;
}

/**
 * Avito's messenger (issue 23, docs/channels.md "Avito"): an account's client id and secret
 * (client_credentials), its id learned from `/core/v1/accounts/self` as the channel's identity;
 * notifications through webhook v3, answered at once and trusted only once the message they name
 * is fetched back from Avito (Avito signs nothing); replies as text of up to 1000 characters a
 * message and pictures, refused with a clear reason for a file Avito cannot carry.
 */
export function avitoAdapter(env: AdapterEnvironment): ChannelAdapter {
  const client = new AvitoClient(
    parseHttpUrl('AVITO_API_ROOT', env.AVITO_API_ROOT || 'https://api.avito.ru'),
  );
  const replies = new RepliesInParts();
  /** How often customers' reads are looked for (AVITO_READ_POLL_SECONDS, 30 by default). */
  const readPollMs = Math.max(1, Number(env.AVITO_READ_POLL_SECONDS) || 30) * 1000;

  return {
    type: 'avito',

    async check(credentials, signal) {
      const account = credentialsOf(credentials);
      if (account.clientId === '' || account.clientSecret === '')
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'clientId' };
      try {
        const self = await client.self(account, signal);
        return {
          ok: true,
          identity: String(self.id),
          settings: { accountId: self.id, accountName: self.name },
        };
      } catch (error) {
        if (!(error instanceof AvitoApiError) || error.status === 0 || error.status >= 500)
          throw error;
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'clientSecret' };
      }
    },

    async start(context) {
      const credentials = credentialsOf(context.channel);
      const address = publicAddressOf(context, 'Avito');
      if (!address.idle) {
        await client.subscribe(credentials, address.url, context.signal);
        context.health({ connected: true });
      }
      // Reads are polled either way: Avito notifies none.
      const account = accountOf(context.channel);
      const reads = pollReads(client, credentials, account, context, readPollMs, !address.idle);
      return { stop: () => reads };
    },

    webhook(_channel, request) {
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const read = readAvitoNotification(body);
      if (read.kind === 'unreadable')
        return { ok: false, status: 400, reason: 'not an Avito notification' };
      return { ok: true, events: read.events, skipped: read.skipped };
    },

    async toMessage(channel, event, signal): Promise<InboundMessage> {
      const notice = noticeOf(event.payload);
      if (!notice) return { kind: 'ignore', reason: 'names no message' };
      if (notice.userId !== accountOf(channel))
        return { kind: 'ignore', reason: 'another account' };
      const credentials = credentialsOf(channel);
      // Trust comes from Avito's API, not from the call: the message must be in the chat there.
      const messages = await client.messages(credentials, notice.userId, notice.chatId, signal);
      const message = messages.find((entry) => entry.id === notice.messageId);
      if (!message) throw new Error('the notified message is not in the chat at Avito');
      if (message.author_id === notice.userId) return { kind: 'ignore', reason: 'our own message' };
      const content = message.content ?? {};
      let text = typeof content.text === 'string' ? content.text : '';
      const files = [];
      if (message.type === 'image') {
        const url = largestImage(content);
        if (url) {
          const response = await fetch(url, { signal });
          if (!response.ok)
            throw new Error(`the image could not be fetched (${String(response.status)})`);
          const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'image/jpeg';
          const bytes = Buffer.from(await response.arrayBuffer());
          const name = `avito-image.${type.split('/')[1] ?? 'jpg'}`;
          const problem = attachmentProblem({ type, size: bytes.length });
          if (problem || bytes.length > ATTACHMENT_MAX_BYTES)
            text = withFileNotKept(text, name, problem ?? 'FILE_TOO_LARGE');
          else files.push({ name, type, bytes });
        }
      } else if (message.type !== 'text') {
        // A listing, a call, a location: said in the text rather than lost.
        text = text || `[${message.type}]`;
      }
      const name = await client
        .userName(credentials, notice.userId, notice.chatId, message.author_id, signal)
        .catch(() => null);
      return {
        kind: 'message',
        client: { externalId: String(message.author_id), ...(name ? { name } : {}) },
        text,
        files,
      };
    },

    send(channel, message, signal): Promise<SendResult> {
      // The chat to answer in is the one the customer last wrote from (one per listing).
      const chatId = noticeOf(message.lastInbound)?.chatId;
      if (!chatId)
        return Promise.resolve({
          kind: 'failed',
          reason: 'The customer has no Avito chat to answer in',
        });
      const unsendable = message.files.find(
        (file) => !AVITO_IMAGE_TYPES.has(file.type) || file.bytes.length > AVITO_IMAGE_MAX_BYTES,
      );
      if (unsendable)
        return Promise.resolve({
          kind: 'failed',
          reason: `Avito takes only text and pictures of up to 24 MB: ${unsendable.name} cannot be sent there`,
        });
      const credentials = credentialsOf(channel);
      const userId = accountOf(channel);
      const parts = [
        ...splitText(message.text.trim(), AVITO_TEXT_MAX).map((text) => ({
          kind: 'text' as const,
          text,
        })),
        ...message.files.map((file) => ({ kind: 'image' as const, file })),
      ];
      return replies.send(
        message.messageId,
        parts,
        (part) =>
          part.kind === 'text'
            ? client.sendText(credentials, userId, chatId, part.text, signal)
            : client.sendImage(credentials, userId, chatId, part.file, signal),
        (error) => {
          if (!(error instanceof AvitoApiError)) return undefined;
          if (error.retryable)
            return {
              kind: 'retry',
              reason: error.message,
              ...(error.retryAfterSeconds !== undefined
                ? { retryAfterSeconds: error.retryAfterSeconds }
                : {}),
            };
          // A token renewed once and still refused: the client id or secret no longer works.
          if (error.tokenRefused || (error.status === 400 && /client/i.test(error.description)))
            return { kind: 'reauthorize', reason: error.description };
          return { kind: 'failed', reason: error.description };
        },
        // A customer's read marks the newest message read: a reply is known by its last part.
        'last',
      );
    },
  };
}
