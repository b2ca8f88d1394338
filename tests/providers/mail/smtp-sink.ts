import { SMTPServer, type SMTPServerAuthentication } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/**
 * A local SMTP server (nodemailer's smtp-server) that receives what the product sends: it asks
 * for a login, keeps each accepted message whole (raw bytes, envelope, parsed), and can answer a
 * temporary failure (451) for the next N messages, as a busy or greylisting server does.
 */
export interface SinkMessage {
  raw: Buffer;
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export interface SmtpSink {
  host: string;
  port: number;
  /** The login it takes; a test may change it (a channel's one login for IMAP and SMTP). */
  login: string;
  password: string;
  received: SinkMessage[];
  /** How many messages were answered 451 so far (a test waits for a refusal to have happened). */
  refused: number;
  /** The next `count` messages are answered 451 after their data is read, and not kept. */
  failNext(count: number): void;
  /** Resolves once `count` messages have been kept. */
  waitFor(count: number): Promise<SinkMessage[]>;
  stop(): Promise<void>;
}

export async function startSmtpSink(login = 'sender', password = 'sink-secret'): Promise<SmtpSink> {
  const received: SinkMessage[] = [];
  let failing = 0;
  const waiters: { count: number; resolve: (m: SinkMessage[]) => void }[] = [];
  const sink: SmtpSink = {
    host: '127.0.0.1',
    port: 0,
    login,
    password,
    received,
    refused: 0,
    failNext(count) {
      failing = count;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session, callback) {
      if (auth.username === sink.login && auth.password === sink.password) {
        callback(null, { user: sink.login });
      } else {
        callback(new Error('535 5.7.8 Authentication credentials invalid'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing > 0) {
          failing--;
          sink.refused++;
          const err = Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            received.push({ raw, envelope, parsed });
            for (const w of [...waiters]) {
              if (received.length >= w.count) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(received.slice());
              }
            }
            callback();
          },
          (err: unknown) => {
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve();
    }),
  );
  const { port } = server.server.address() as AddressInfo;
  sink.port = port;
  return sink;
}
