import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../../../src/protocol';
import type {
  AdapterChannel,
  ChannelAdapter,
  InboundFile,
  InboundMessage,
  OutboundMessage,
  SendResult,
  WebhookRequest,
  WebhookResult,
} from '../adapter';
/** The environment the registry makes adapters from (its AdapterEnvironment; not imported, as the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { BotApiClient, BotApiError } from './bot-api-client';
import { checkBotToken } from './bot-check';
import { replyParts, type ReplyPart } from './reply-parts';
import { updateToInbound } from './update-to-inbound';
import { answerPresses, pollUpdates, pressIdsOf } from './update-poller';
import { SECRET_HEADER, webhookSecret } from './webhook-secret';
import { secretMatches } from '../shared/derived-secret';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { withFileNotKept } from '../shared/file-not-kept';

const tokenOf = (channel: { secrets: Readonly<Record<string, string>> }): string =>
  channel.secrets.token ?? '';

/**
 * The Telegram channel (issue 19, docs/channels.md "Telegram"): a bot token; a webhook with a
 * secret header when the installation has a public address, getUpdates long-polling when it has
 * none; text, photos and documents both ways, files uploaded as bytes and fetched on receipt.
 * Bots get no delivery or read receipts, so a reply is only ever sent or undelivered.
 */
export function telegramAdapter(env: AdapterEnvironment): ChannelAdapter {
  const apiRoot = parseHttpUrl(
    'TELEGRAM_API_ROOT',
    env.TELEGRAM_API_ROOT || 'https://api.telegram.org',
  );
  /**
   * A reply of one call (the usual: a text, or files with a short caption) needs no progress; a
   * long text cut into several messages, or several files, resumes after the last part Telegram
   * accepted when the pipeline retries (shared/reply-parts-sent.ts).
   */
  const replies = new RepliesInParts();

  return {
    type: 'telegram',

    check: (credentials, signal) => checkBotToken(apiRoot, credentials.secrets.token, signal),

    async start(context) {
      const token = tokenOf(context.channel);
      const client = new BotApiClient(apiRoot, token);
      if (context.webhookUrl !== null) {
        await client.setWebhook(context.webhookUrl, webhookSecret(token, context.channel.id));
        context.health({ connected: true });
        return { stop: () => Promise.resolve() };
      }
      const polling = pollUpdates(apiRoot, token, context);
      return { stop: () => polling };
    },

    webhook(channel: AdapterChannel, request: WebhookRequest): WebhookResult {
      // The secret first, before a byte of the body is read.
      const expected = webhookSecret(tokenOf(channel), channel.id);
      if (!secretMatches(request.headers[SECRET_HEADER], expected))
        return { ok: false, status: 401, reason: 'wrong secret token' };
      let update: unknown;
      try {
        update = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const id =
        update && typeof update === 'object' && 'update_id' in update
          ? update.update_id
          : undefined;
      if (typeof id !== 'number' || !Number.isSafeInteger(id))
        return { ok: false, status: 400, reason: 'no update_id' };
      // A press is answered at once so its spinner stops; the press itself is the stored event.
      const presses = pressIdsOf([update]);
      if (presses.length > 0)
        void answerPresses(new BotApiClient(apiRoot, tokenOf(channel)), presses);
      return { ok: true, events: [{ providerId: String(id), payload: update }] };
    },

    async toMessage(channel, event, signal): Promise<InboundMessage> {
      const inbound = updateToInbound(event.payload);
      if (inbound.kind === 'ignored') return { kind: 'ignore', reason: inbound.reason };
      const files: InboundFile[] = [];
      let text = inbound.text;
      if (inbound.file) {
        const { file } = inbound;
        // A file the inbox cannot keep still leaves its trace in the message, never a lost message.
        const problem = attachmentProblem({ type: file.type, size: file.size ?? 1 });
        if (problem) text = withFileNotKept(text, file.name, problem);
        else {
          const bytes = await new BotApiClient(apiRoot, tokenOf(channel)).downloadFile(
            file.fileId,
            ATTACHMENT_MAX_BYTES,
            signal,
          );
          files.push({ name: file.name, type: file.type, bytes });
        }
      }
      return {
        kind: 'message',
        client: { externalId: inbound.sender.externalId, name: inbound.sender.name },
        text,
        files,
      };
    },

    send(channel, message: OutboundMessage): Promise<SendResult> {
      const client = new BotApiClient(apiRoot, tokenOf(channel));
      return replies.send(
        message.messageId,
        replyParts(message.text, message.files, message.buttons ?? []),
        async (part: ReplyPart) => {
          const sent = await sendPart(client, message.recipient, part);
          return `${sent.chat.id}:${sent.message_id}`;
        },
        (error) => {
          if (!(error instanceof BotApiError)) return undefined;
          // 401 Unauthorized: the token was revoked (@BotFather's /revoke): held, not lost.
          if (error.code === 401) return { kind: 'reauthorize', reason: error.description };
          if (error.retryable)
            return {
              kind: 'retry',
              reason: error.message,
              ...(error.retryAfter !== undefined ? { retryAfterSeconds: error.retryAfter } : {}),
            };
          return { kind: 'failed', reason: error.description };
        },
      );
    },
  };
}

function sendPart(client: BotApiClient, chatId: string, part: ReplyPart) {
  if (part.kind === 'text') return client.sendMessage(chatId, part.text, part.keyboard);
  return client.sendFile(
    part.kind,
    chatId,
    { name: part.file.name, type: part.file.type, data: part.file.bytes },
    part.caption,
  );
}
