import Pop3Command from 'node-pop3';
import type { MailServer } from './email-settings';
import type { MailboxCursorStore, StoreMail } from './mailbox-cursor';
import { mailProviderId } from './mailbox-cursor';
import { normalizeMessageId } from './mail-ids';
import { mailCheckError } from './mail-errors';

function pop3Client(server: MailServer, password: string): Pop3Command {
  return new Pop3Command({
    host: server.host,
    port: server.port,
    tls: server.security === 'tls',
    user: server.login,
    password,
    timeout: 30_000,
  });
}

/**
 * A mail's bytes as the server sent them. node-pop3's RETR decodes them as UTF-8, which would
 * garble an 8-bit mail in another charset; its raw command stream keeps them.
 */
async function retrieveBytes(pop3: Pop3Command, number: number): Promise<Buffer> {
  const [, stream] = await pop3.command('RETR', number);
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** The Message-ID of a mail's header block, for its provider id. */
function headerMessageId(raw: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = /^message-id:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(head);
  return match?.[1] ? normalizeMessageId(match[1].replace(/\r?\n[ \t]+/g, ' ')) : null;
}

/**
 * Reads new mail of a POP3 mailbox once (POP3 has no push: the caller polls). Mail stays on the
 * server; a mail is new when its UIDL is not among those remembered. The remembered list keeps
 * only UIDLs still on the server, so it does not grow for ever, and it is saved after each mail
 * is stored.
 */
export async function pollPop3Mailbox(options: {
  server: MailServer;
  password: string;
  cursor: MailboxCursorStore;
  store: StoreMail;
}): Promise<number> {
  const pop3 = pop3Client(options.server, options.password);
  let listing: string[][];
  try {
    listing = (await pop3.UIDL()) as string[][];
  } catch (error) {
    throw mailCheckError(error, 'receiveHost');
  }
  try {
    const cursor = await options.cursor.load();
    const onServer = new Set(listing.map(([, uidl]) => uidl ?? ''));
    const seen = new Set(cursor.pop3Uidls.filter((uidl) => onServer.has(uidl)));
    let taken = 0;
    for (const [number, uidl] of listing) {
      if (!uidl || seen.has(uidl)) continue;
      const raw = await retrieveBytes(pop3, Number(number));
      await options.store({
        providerId: mailProviderId(headerMessageId(raw.toString('latin1')), `pop3:${uidl}`),
        raw,
      });
      seen.add(uidl);
      taken++;
      await options.cursor.save({ ...cursor, pop3Uidls: [...seen] });
    }
    if (taken === 0 && seen.size !== cursor.pop3Uidls.length) {
      await options.cursor.save({ ...cursor, pop3Uidls: [...seen] });
    }
    return taken;
  } finally {
    await pop3.QUIT().catch(() => undefined);
  }
}

/** Logs in and lists the mailbox once: the credentials check for a POP3 channel. */
export async function checkPop3Login(server: MailServer, password: string): Promise<void> {
  const pop3 = pop3Client(server, password);
  try {
    await pop3.STAT();
  } catch (error) {
    throw mailCheckError(error, 'receiveHost');
  } finally {
    await pop3.QUIT().catch(() => undefined);
  }
}
