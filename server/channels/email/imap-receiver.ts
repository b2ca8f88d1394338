import { ImapFlow } from 'imapflow';
import type { MailServer } from './email-settings';
import type { MailboxCursorStore, StoreMail } from './mailbox-cursor';
import { mailProviderId } from './mailbox-cursor';
import { normalizeMessageId } from './mail-ids';
import { mailCheckError } from './mail-errors';

export interface ImapReceiverOptions {
  server: MailServer;
  password: string;
  cursor: MailboxCursorStore;
  store: StoreMail;
  mailbox?: string;
  /** Errors while following the mailbox (health); never thrown into the caller's loop. */
  onError?: (error: unknown) => void;
}

function imapClient(server: MailServer, password: string): ImapFlow {
  return new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    doSTARTTLS:
      server.security === 'starttls' ? true : server.security === 'none' ? false : undefined,
    auth: { user: server.login, pass: password },
    logger: false,
    // The server's words never reach our logs: they can echo the login.
    emitLogs: false,
    // imapflow waits 15 s after a command before it idles, and mail arriving meanwhile is told
    // only then; a second keeps a new mail's delay to about that.
    autoIdleDelay: 1000,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
  });
}

/**
 * Reads new mail of one IMAP mailbox. Every mail with a UID above the remembered one is stored
 * (its Message-ID as the provider id), in UID order, and the cursor moves past each only after
 * it is stored: a crash between the two reads that mail again, and the store ignores it. A
 * changed UIDVALIDITY means the UIDs mean other mail now: the mailbox is read from its start,
 * and mail already stored is recognised by its Message-ID.
 */
export async function syncImapMailbox(
  client: ImapFlow,
  options: ImapReceiverOptions,
): Promise<number> {
  const mailbox = options.mailbox ?? 'INBOX';
  const lock = await client.getMailboxLock(mailbox);
  try {
    const opened = client.mailbox;
    if (!opened) return 0;
    const uidValidity = Number(opened.uidValidity);
    const cursor = await options.cursor.load();
    let lastUid = cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
    if (opened.exists === 0) {
      if (cursor.uidValidity !== uidValidity)
        await options.cursor.save({ ...cursor, uidValidity, lastUid });
      return 0;
    }
    // Headers first: only mail past the cursor is downloaded whole.
    const fresh: { uid: number; messageId: string | null }[] = [];
    for await (const message of client.fetch(
      `${lastUid + 1}:*`,
      { uid: true, envelope: true },
      { uid: true },
    )) {
      // `n:*` always names the newest mail, even below n.
      if (message.uid > lastUid) {
        fresh.push({
          uid: message.uid,
          messageId: normalizeMessageId(message.envelope?.messageId ?? ''),
        });
      }
    }
    fresh.sort((a, b) => a.uid - b.uid);
    for (const { uid, messageId } of fresh) {
      const whole = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!whole || !whole.source) continue;
      await options.store({
        providerId: mailProviderId(messageId, `imap:${mailbox}:${uidValidity}:${uid}`),
        raw: whole.source,
      });
      lastUid = uid;
      await options.cursor.save({ ...cursor, uidValidity, lastUid });
    }
    if (fresh.length === 0 && cursor.uidValidity !== uidValidity) {
      await options.cursor.save({ ...cursor, uidValidity, lastUid });
    }
    return fresh.length;
  } finally {
    lock.release();
  }
}

/**
 * Follows a mailbox: reads what is new, then waits in IDLE (imapflow idles whenever no command
 * runs) and reads again when the server announces mail. `stop` logs out; a lost connection is
 * reported and followed again after a pause.
 */
export class ImapReceiver {
  private client: ImapFlow | null = null;
  private stopped = false;
  private syncing: Promise<unknown> = Promise.resolve();
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: ImapReceiverOptions,
    private readonly reconnectMs = 30_000,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const client = imapClient(this.options.server, this.options.password);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      throw mailCheckError(error, 'receiveHost');
    }
    client.on('exists', () => {
      void this.sync();
    });
    client.on('close', () => {
      if (this.stopped || this.client !== client) return;
      this.options.onError?.(new Error('IMAP connection closed'));
      this.retry = setTimeout(() => {
        this.start().catch((error: unknown) => this.options.onError?.(error));
      }, this.reconnectMs);
    });
    client.on('error', (error: unknown) => this.options.onError?.(error));
    await client.mailboxOpen(this.options.mailbox ?? 'INBOX');
    void this.sync();
    await this.syncing;
  }

  /** Reads new mail now; calls are queued so two reads never overlap. */
  sync(): Promise<unknown> {
    const client = this.client;
    if (!client) return this.syncing;
    this.syncing = this.syncing
      .then(() => syncImapMailbox(client, this.options))
      .catch((error: unknown) => this.options.onError?.(error));
    return this.syncing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await this.syncing;
    if (client) await client.logout().catch(() => undefined);
  }
}

/** Logs in and opens the mailbox once: the credentials check of the channel's wizard. */
export async function checkImapLogin(server: MailServer, password: string): Promise<void> {
  const client = imapClient(server, password);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    throw mailCheckError(error, 'receiveHost');
  } finally {
    await client.logout().catch(() => undefined);
  }
}
