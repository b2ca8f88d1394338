import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDovecot, freePort, type Dovecot } from '../providers/mail/dovecot';
import { startSmtpSink, type SmtpSink } from '../providers/mail/smtp-sink';
import { ImapReceiver } from '../../server/channels/email/imap-receiver';
import { pollPop3Mailbox } from '../../server/channels/email/pop3-receiver';
import { sendReply, smtpTransport } from '../../server/channels/email/smtp-sender';
import { checkEmailCredentials } from '../../server/channels/email/check-credentials';
import { parseMail } from '../../server/channels/email/parse-mail';
import { replyEnvelope } from '../../server/channels/email/reply-headers';
import { outgoingMessageId, messageIdList } from '../../server/channels/email/mail-ids';
import {
  EMPTY_CURSOR,
  type FetchedMail,
  type MailboxCursor,
  type MailboxCursorStore,
} from '../../server/channels/email/mailbox-cursor';
import type { EmailChannelSettings, MailServer } from '../../src/protocol';
import { DomainError } from '../../server/domain/core/domain-error';

/**
 * The e-mail channel against real servers: Debian's Dovecot for IMAP and POP3 (a private instance
 * on free ports) and smtp-server receiving what we send.
 */
let dovecot: Dovecot;
let sink: SmtpSink;
const imapUser = { login: 'support', password: 'imap-secret' };
const popUser = { login: 'sales', password: 'pop-secret' };

beforeAll(async () => {
  dovecot = await startDovecot([imapUser, popUser]);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await dovecot.stop();
  await sink.stop();
});

const server = (user: { login: string }, port: number): MailServer => ({
  host: '127.0.0.1',
  port,
  login: user.login,
  security: 'none',
});

/** A cursor kept outside any receiver, as the database keeps it across restarts. */
function memoryCursor(): MailboxCursorStore & { value: MailboxCursor } {
  const store = {
    value: EMPTY_CURSOR,
    load: () => Promise.resolve(store.value),
    save: (cursor: MailboxCursor) => {
      store.value = cursor;
      return Promise.resolve();
    },
  };
  return store;
}

/** The inbound event store's rule: one event per provider id, a duplicate ignored. */
function eventStore() {
  const events = new Map<string, Buffer>();
  const arrivals: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    events,
    arrivals,
    store: (mail: FetchedMail) => {
      arrivals.push(mail.providerId);
      if (!events.has(mail.providerId)) events.set(mail.providerId, mail.raw);
      for (const w of [...waiters]) if (events.size >= w.count) w.resolve();
      return Promise.resolve();
    },
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        if (events.size >= count) resolve();
        else waiters.push({ count, resolve });
      }),
  };
}

const customerMail = (id: string, text: string, extra: string[] = []) =>
  [
    'From: "Ann Customer" <ann@example.com>',
    'To: support@shop.test',
    `Subject: Order ${id}`,
    `Message-ID: <${id}@example.com>`,
    ...extra,
    '',
    text,
    '',
  ].join('\r\n');

describe('IMAP', () => {
  test('reads each mail once, follows new mail by IDLE, and reads nothing twice after a restart', async () => {
    const cursor = memoryCursor();
    const inbound = eventStore();
    await dovecot.deliver(imapUser, customerMail('a1', 'first'));
    await dovecot.deliver(imapUser, customerMail('a2', 'second'));
    const options = {
      server: server(imapUser, dovecot.imapPort),
      password: imapUser.password,
      cursor,
      store: inbound.store,
    };
    const first = new ImapReceiver(options);
    await first.start();
    expect(inbound.arrivals).toEqual(['mid:a1@example.com', 'mid:a2@example.com']);
    // New mail while connected arrives through IDLE, without another read being asked for.
    await dovecot.deliver(imapUser, customerMail('a3', 'third'));
    await inbound.waitFor(3);
    await first.stop();

    await dovecot.deliver(imapUser, customerMail('a4', 'while we were down'));
    const second = new ImapReceiver(options);
    await second.start();
    await second.stop();
    expect(inbound.arrivals).toEqual([
      'mid:a1@example.com',
      'mid:a2@example.com',
      'mid:a3@example.com',
      'mid:a4@example.com',
    ]);
    const parsed = await parseMail(inbound.events.get('mid:a4@example.com') ?? Buffer.alloc(0));
    expect(parsed).toMatchObject({ kind: 'mail', text: 'Order a4\n\nwhile we were down' });
  });

  test('a new UIDVALIDITY reads the mailbox again, and mail already stored stays one event', async () => {
    const cursor = memoryCursor();
    const inbound = eventStore();
    const mailbox = 'Rebuilt';
    await dovecot.recreateMailbox(imapUser, mailbox);
    await dovecot.deliver(imapUser, customerMail('r1', 'first'), mailbox);
    const options = {
      server: server(imapUser, dovecot.imapPort),
      password: imapUser.password,
      cursor,
      store: inbound.store,
      mailbox,
    };
    const before = new ImapReceiver(options);
    await before.start();
    await before.stop();
    const oldValidity = cursor.value.uidValidity;
    const seen = inbound.events.size;

    // The server rebuilt its mailbox: the same mail under new UIDs, plus a new one.
    await dovecot.recreateMailbox(imapUser, mailbox);
    await dovecot.deliver(imapUser, customerMail('r1', 'first'), mailbox);
    await dovecot.deliver(imapUser, customerMail('b1', 'after the rebuild'), mailbox);
    const after = new ImapReceiver(options);
    await after.start();
    await after.stop();
    expect(cursor.value.uidValidity).not.toBe(oldValidity);
    expect(seen).toBe(1);
    expect(inbound.arrivals).toEqual([
      'mid:r1@example.com',
      'mid:r1@example.com',
      'mid:b1@example.com',
    ]);
    expect(inbound.events.size).toBe(2);
    expect([...inbound.events.keys()]).toContain('mid:b1@example.com');
  });

  test('a broken MIME mail is read, and set aside with its reason instead of becoming a message', async () => {
    const inbound = eventStore();
    const cursor = memoryCursor();
    await dovecot.deliver(
      imapUser,
      'From: ann@example.com\r\nMessage-ID: <broken@example.com>\r\nContent-Type: multipart/mixed\r\n\r\nno boundary\r\n',
      'Broken',
    );
    const receiver = new ImapReceiver({
      server: server(imapUser, dovecot.imapPort),
      password: imapUser.password,
      cursor,
      store: inbound.store,
      mailbox: 'Broken',
    });
    await receiver.start();
    await receiver.stop();
    const raw = inbound.events.get('mid:broken@example.com');
    expect(raw).toBeDefined();
    expect(await parseMail(raw ?? Buffer.alloc(0))).toMatchObject({
      kind: 'unreadable',
      reason: 'MAIL_NO_READABLE_PART',
    });
  });
});

test('POP3 takes new mail once by its UIDL, across polls and restarts', async () => {
  const cursor = memoryCursor();
  const inbound = eventStore();
  const options = {
    server: server(popUser, dovecot.pop3Port),
    password: popUser.password,
    cursor,
    store: inbound.store,
  };
  await dovecot.deliver(popUser, customerMail('p1', 'one'));
  await dovecot.deliver(popUser, customerMail('p2', 'two'));
  expect(await pollPop3Mailbox(options)).toBe(2);
  expect(await pollPop3Mailbox(options)).toBe(0);
  await dovecot.deliver(popUser, customerMail('p3', 'three'));
  expect(await pollPop3Mailbox(options)).toBe(1);
  expect(inbound.arrivals).toEqual([
    'mid:p1@example.com',
    'mid:p2@example.com',
    'mid:p3@example.com',
  ]);
  const parsed = await parseMail(inbound.events.get('mid:p3@example.com') ?? Buffer.alloc(0));
  expect(parsed).toMatchObject({ kind: 'mail', from: { address: 'ann@example.com' } });
});

test('our reply reaches the SMTP server once with threading headers, and the customer reply names it', async () => {
  const customer = await parseMail(
    Buffer.from(customerMail('c1', 'Where is it?', ['Cc: boss@example.com'])),
  );
  if (customer.kind !== 'mail') throw new Error(customer.reason);
  const addresses = [{ address: 'support@shop.test', to: true, copy: true }];
  const ourId = outgoingMessageId('01900000-0000-7000-8000-000000000001', 'support@shop.test');
  const envelope = replyEnvelope(
    { ...customer, fromAddress: customer.from.address },
    addresses,
    ourId,
  );
  const transport = smtpTransport(
    { host: sink.host, port: sink.port, login: sink.login, security: 'none' },
    sink.password,
  );
  const before = sink.received.length;
  // A busy server first: the send is to be tried again, and nothing was kept.
  sink.failNext(1);
  expect(await sendReply(transport, envelope, 'It ships today.', [])).toEqual({
    kind: 'retry',
    reason: 'SMTP 451',
  });
  expect(sink.received.length).toBe(before);
  const outcome = await sendReply(transport, envelope, 'It ships today.', [
    { name: 'label.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
  ]);
  expect(outcome).toEqual({ kind: 'sent', providerId: `<${ourId}>` });
  transport.close();
  const received = sink.received.slice(before);
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.envelope).toEqual({
    from: 'support@shop.test',
    to: ['ann@example.com', 'boss@example.com'],
  });
  expect(mail?.parsed.messageId).toBe(`<${ourId}>`);
  expect(mail?.parsed.inReplyTo).toBe('<c1@example.com>');
  expect(mail?.parsed.references).toBe('<c1@example.com>');
  expect(mail?.parsed.subject).toBe('Re: Order c1');
  expect(mail?.parsed.text?.trim()).toBe('It ships today.');
  expect(mail?.parsed.attachments.map((a) => a.filename)).toEqual(['label.pdf']);

  // The customer's client answers it: their mail names our Message-ID first.
  const reply = await parseMail(
    Buffer.from(
      customerMail('c2', 'Thanks', [
        `In-Reply-To: ${String(mail?.parsed.messageId)}`,
        `References: ${messageIdList(mail?.parsed.references)
          .map((id) => `<${id}>`)
          .join(' ')} ${String(mail?.parsed.messageId)}`,
      ]),
    ),
  );
  if (reply.kind !== 'mail') throw new Error(reply.reason);
  expect(reply.threadIds[0]).toBe(ourId);
  expect(reply.threadIds).toContain('c1@example.com');
});

describe('credentials check', () => {
  const settings = (over: Partial<EmailChannelSettings> = {}): EmailChannelSettings => ({
    protocol: 'imap',
    receive: server(imapUser, dovecot.imapPort),
    send: { host: sink.host, port: sink.port, login: sink.login, security: 'none' },
    addresses: [{ address: 'support@shop.test', to: true, copy: true }],
    ...over,
  });
  const nameOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (error) {
      return error instanceof DomainError ? [error.errorName, error.params] : String(error);
    }
  };

  test('right passwords pass for IMAP and POP3', async () => {
    expect(
      await nameOf(
        checkEmailCredentials(settings(), {
          receivePassword: imapUser.password,
          sendPassword: sink.password,
        }),
      ),
    ).toBe('ok');
    expect(
      await nameOf(
        checkEmailCredentials(
          settings({ protocol: 'pop3', receive: server(popUser, dovecot.pop3Port) }),
          { receivePassword: popUser.password, sendPassword: sink.password },
        ),
      ),
    ).toBe('ok');
  });

  test('a wrong password and an unreachable server are named errors', async () => {
    expect(
      await nameOf(
        checkEmailCredentials(settings(), {
          receivePassword: 'wrong',
          sendPassword: sink.password,
        }),
      ),
    ).toEqual(['MAIL_LOGIN_FAILED', { host: '127.0.0.1' }]);
    expect(
      await nameOf(
        checkEmailCredentials(
          settings({ protocol: 'pop3', receive: server(popUser, dovecot.pop3Port) }),
          {
            receivePassword: 'wrong',
            sendPassword: sink.password,
          },
        ),
      ),
    ).toEqual(['MAIL_LOGIN_FAILED', { host: '127.0.0.1' }]);
    expect(
      await nameOf(
        checkEmailCredentials(settings(), {
          receivePassword: imapUser.password,
          sendPassword: 'wrong',
        }),
      ),
    ).toEqual(['MAIL_LOGIN_FAILED', { host: '127.0.0.1' }]);
    const closed = await freePort();
    expect(
      await nameOf(
        checkEmailCredentials(settings({ receive: server(imapUser, closed) }), {
          receivePassword: imapUser.password,
          sendPassword: sink.password,
        }),
      ),
    ).toEqual(['MAIL_SERVER_UNREACHABLE', { host: '127.0.0.1' }]);
  });
});
