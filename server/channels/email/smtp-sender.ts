import { createTransport, type Transporter } from 'nodemailer';
import type { MailServer } from './email-settings';
import type { ReplyEnvelope } from './reply-headers';
import { loginRefused, mailCheckError, smtpTemporary } from './mail-errors';

export interface OutgoingFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** How a send ended: the server took it, or refused it for now or for good. */
export type SendOutcome =
  | { kind: 'sent'; providerId: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string }
  /** The server refused the login itself (a changed password): held until it is typed again. */
  | { kind: 'reauthorize'; reason: string };

export function smtpTransport(server: MailServer, password: string): Transporter {
  return createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    auth: { user: server.login, pass: password },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    logger: false,
  });
}

/**
 * Sends our reply once. The Message-ID is derived from our message id, so a retry after an
 * unclear end (the connection dropped after the data was sent) is the same mail to the customer's
 * client, which shows one. A 4xx answer or a dropped connection asks to try again; a 5xx is final.
 */
export async function sendReply(
  transport: Transporter,
  envelope: ReplyEnvelope,
  text: string,
  files: OutgoingFile[],
): Promise<SendOutcome> {
  try {
    await transport.sendMail({
      from: envelope.from,
      to: envelope.to,
      cc: envelope.cc.length ? envelope.cc : undefined,
      subject: envelope.subject,
      text,
      messageId: envelope.messageId,
      inReplyTo: envelope.inReplyTo,
      references: envelope.references,
      attachments: files.map((f) => ({ filename: f.name, contentType: f.type, content: f.bytes })),
    });
    return { kind: 'sent', providerId: envelope.messageId };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string; response?: string };
    const reason = e.responseCode ? `SMTP ${String(e.responseCode)}` : (e.code ?? 'SMTP error');
    if (loginRefused(error))
      return { kind: 'reauthorize', reason: `${reason}: the login was refused` };
    return smtpTemporary(error) ? { kind: 'retry', reason } : { kind: 'failed', reason };
  }
}

/** Logs in to the SMTP server once (EHLO, AUTH): the credentials check for sending. */
export async function checkSmtpLogin(server: MailServer, password: string): Promise<void> {
  const transport = smtpTransport(server, password);
  try {
    await transport.verify();
  } catch (error) {
    throw mailCheckError(error, 'sendHost');
  } finally {
    transport.close();
  }
}
