import type {
  AdapterChannel,
  ChannelAdapter,
  ChannelCredentials,
  CheckResult,
  InboundMessage,
  OutboundMessage,
  RawInboundEvent,
  ReceiveContext,
  Receiver,
  SendResult,
} from '../adapter';
import { emailCredentials, receiveServer, sendServer } from './email-settings';
import { checkImapLogin, ImapReceiver } from './imap-receiver';
import { checkPop3Login, pollPop3Mailbox } from './pop3-receiver';
import { checkSmtpLogin, sendReply, smtpTransport } from './smtp-sender';
import { cursorIn, type FetchedMail } from './mailbox-cursor';
import { MailCheckError } from './mail-errors';
import { parseMail, type InboundMail } from './parse-mail';
import { normalizeMessageId, outgoingMessageId } from './mail-ids';
import { replyEnvelope, type ThreadTip } from './reply-headers';

/** The stored event of one mail: its bytes as read from the mailbox (base64 in the JSON store). */
export interface MailEventPayload {
  source: string;
}

const asEvent = (mail: FetchedMail): RawInboundEvent => ({
  providerId: mail.providerId,
  payload: { source: mail.raw.toString('base64') } satisfies MailEventPayload,
});

function sourceOf(payload: unknown): Buffer {
  const source = (payload as Partial<MailEventPayload> | null)?.source;
  if (typeof source !== 'string') throw new Error('MAIL_EVENT_MALFORMED: no source');
  return Buffer.from(source, 'base64');
}

/** POP3 has no push: the mailbox is read this often. */
const POP3_POLL_MS = 60_000;

/**
 * The e-mail channel (docs/channels.md "E-mail"): receives by IMAP (IDLE) or POP3 (polling), sends
 * by SMTP with one login, and keeps a conversation one thread in the customer's mail client.
 */
export function emailAdapter(options: { pop3PollMs?: number } = {}): ChannelAdapter {
  const pop3PollMs = options.pop3PollMs ?? POP3_POLL_MS;
  return {
    type: 'email',

    async check(credentials: ChannelCredentials): Promise<CheckResult> {
      const { settings, password } = emailCredentials(credentials);
      const receive = receiveServer(settings);
      try {
        if (settings.receiveProtocol === 'imap') await checkImapLogin(receive, password);
        else await checkPop3Login(receive, password);
        await checkSmtpLogin(sendServer(settings), password);
      } catch (error) {
        if (error instanceof MailCheckError) return error.refusal;
        throw error;
      }
      // One mailbox feeds one channel.
      return {
        ok: true,
        identity: `${receive.login.toLowerCase()}@${receive.host.toLowerCase()}`,
        settings: {},
      };
    },

    async start(context: ReceiveContext): Promise<Receiver> {
      const { settings, password } = emailCredentials(context.channel);
      const server = receiveServer(settings);
      const store = async (mail: FetchedMail) => {
        await context.deliver([asEvent(mail)]);
      };
      const onError = (error: unknown) => {
        context.health({ connected: false, error: errorWords(error) });
      };
      if (settings.receiveProtocol === 'imap') {
        const receiver = new ImapReceiver({
          server,
          password,
          cursor: cursorIn(context.cursor, 'imap:INBOX'),
          store,
          onError,
        });
        await receiver.start();
        context.health({ connected: true });
        context.signal.addEventListener('abort', () => void receiver.stop(), { once: true });
        return { stop: () => receiver.stop() };
      }
      const cursor = cursorIn(context.cursor, 'pop3');
      let running: Promise<unknown> = Promise.resolve();
      const poll = () => {
        running = pollPop3Mailbox({ server, password, cursor, store }).then(() => {
          context.health({ connected: true });
        }, onError);
        return running;
      };
      await poll();
      const timer = setInterval(() => {
        void running.then(poll);
      }, pop3PollMs);
      const stop = async () => {
        clearInterval(timer);
        await running;
      };
      context.signal.addEventListener('abort', () => void stop(), { once: true });
      return { stop };
    },

    async toMessage(_channel: AdapterChannel, event: RawInboundEvent): Promise<InboundMessage> {
      const mail = await parseMail(sourceOf(event.payload));
      // A mail that cannot become a message fails processing with its reason: the pipeline sets
      // the event aside with it (kept, shown on the channel's health), never drops it.
      if (mail.kind === 'unreadable') throw new Error(`${mail.reason}: ${mail.detail}`);
      return {
        kind: 'message',
        client: {
          externalId: mail.from.address,
          name: mail.from.name || undefined,
          email: mail.from.address,
        },
        text: withSetAsideNote(mail),
        files: mail.files,
      };
    },

    async send(channel: AdapterChannel, message: OutboundMessage): Promise<SendResult> {
      const { settings, password } = emailCredentials(channel);
      const tip = await threadTip(message.lastInbound);
      const envelope = replyEnvelope({
        tip,
        threadIds: message.thread
          .map((id) => (id.startsWith('<') ? normalizeMessageId(id) : null))
          .filter((id): id is string => id !== null),
        recipient: message.recipient,
        channelAddress: settings.address,
        addresses: settings.addresses,
        ourMessageId: outgoingMessageId(message.messageId, settings.address),
      });
      const transport = smtpTransport(sendServer(settings), password);
      try {
        const outcome = await sendReply(transport, envelope, message.text, message.files);
        return outcome.kind === 'sent'
          ? { kind: 'sent', providerMessageId: outcome.providerId }
          : outcome;
      } finally {
        transport.close();
      }
    },
  };
}

async function threadTip(lastInbound: unknown): Promise<ThreadTip | null> {
  if (!lastInbound) return null;
  const mail = await parseMail(sourceOf(lastInbound));
  if (mail.kind !== 'mail') return null;
  return { ...mail, fromAddress: mail.from.address };
}

/** Parts not kept are named under the customer's words, so the operator knows to ask again. */
function withSetAsideNote(mail: InboundMail): string {
  if (mail.setAside.length === 0) return mail.text;
  const names = mail.setAside.map((part) => `${part.name} (${part.reason})`).join(', ');
  return `${mail.text}\n\n[${names}]`.trim();
}

function errorWords(error: unknown): string {
  if (error instanceof MailCheckError) return error.refusal.error;
  // A server's own words can echo the login: only its error code is kept.
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'mail server error';
}
