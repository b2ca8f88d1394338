import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDovecot, freePort, type Dovecot } from '../providers/mail/dovecot';
import { startSmtpSink, type SmtpSink } from '../providers/mail/smtp-sink';
import { ImapReceiver } from '../../server/channels/email/imap-receiver';
import { pollPop3Mailbox } from '../../server/channels/email/pop3-receiver';
import { emailAdapter } from '../../server/channels/email/email-adapter';
import type { MailServer } from '../../server/channels/email/email-settings';
import type { AdapterChannel } from '../../server/channels/adapter';
import { parseMail } from '../../server/channels/email/parse-mail';
import { messageIdList } from '../../server/channels/email/mail-ids';
import {
  EMPTY_CURSOR,
  type FetchedMail,
  type MailboxCursor,
  type MailboxCursorStore,
} from '../../server/channels/email/mailbox-cursor';

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
    expect(inbound.arrivals).toEqual(['<a1@example.com>', '<a2@example.com>']);
    // New mail while connected arrives through IDLE, without another read being asked for.
    await dovecot.deliver(imapUser, customerMail('a3', 'third'));
    await inbound.waitFor(3);
    await first.stop();

    await dovecot.deliver(imapUser, customerMail('a4', 'while we were down'));
    const second = new ImapReceiver(options);
    await second.start();
    await second.stop();
    expect(inbound.arrivals).toEqual([
      '<a1@example.com>',
      '<a2@example.com>',
      '<a3@example.com>',
      '<a4@example.com>',
    ]);
    const parsed = await parseMail(inbound.events.get('<a4@example.com>') ?? Buffer.alloc(0));
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
    expect(inbound.arrivals).toEqual(['<r1@example.com>', '<r1@example.com>', '<b1@example.com>']);
    expect(inbound.events.size).toBe(2);
    expect([...inbound.events.keys()]).toContain('<b1@example.com>');
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
    const raw = inbound.events.get('<broken@example.com>');
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
  expect(inbound.arrivals).toEqual(['<p1@example.com>', '<p2@example.com>', '<p3@example.com>']);
  const parsed = await parseMail(inbound.events.get('<p3@example.com>') ?? Buffer.alloc(0));
  expect(parsed).toMatchObject({ kind: 'mail', from: { address: 'ann@example.com' } });
});

/** An e-mail channel as the pipeline hands it to the adapter. */
function channel(over: Record<string, unknown> = {}, password = imapUser.password): AdapterChannel {
  return {
    id: '01900000-0000-7000-8000-0000000000c1',
    orgId: '01900000-0000-7000-8000-0000000000a1',
    type: 'email',
    name: 'Support mail',
    settings: {
      receiveProtocol: 'imap',
      receiveHost: '127.0.0.1',
      receivePort: dovecot.imapPort,
      receiveSecurity: 'none',
      sendHost: sink.host,
      sendPort: sink.port,
      sendSecurity: 'none',
      login: imapUser.login,
      address: 'support@shop.test',
      addresses: [{ address: 'archive@shop.test', kind: 'copy' }],
      ...over,
    },
    secrets: { password },
  };
}

test('our reply reaches the SMTP server once with threading headers, and the customer reply names it', async () => {
  // The sink takes the same login as the mailbox: one login for the channel (spec §3).
  sink.login = imapUser.login;
  sink.password = imapUser.password;
  const adapter = emailAdapter();
  const first = customerMail('c1', 'Where is it?', ['Cc: boss@example.com']);
  const inbound = await adapter.toMessage(
    channel(),
    { providerId: '<c1@example.com>', payload: { source: Buffer.from(first).toString('base64') } },
    new AbortController().signal,
  );
  expect(inbound).toMatchObject({
    kind: 'message',
    client: { externalId: 'ann@example.com', name: 'Ann Customer', email: 'ann@example.com' },
    text: 'Order c1\n\nWhere is it?',
    files: [],
  });
  const reply = {
    messageId: '01900000-0000-7000-8000-000000000001',
    recipient: 'ann@example.com',
    text: 'It ships today.',
    files: [
      {
        id: '01900000-0000-7000-8000-0000000000f1',
        name: 'label.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4'),
      },
    ],
    thread: ['<c1@example.com>'],
    lastInbound: { source: Buffer.from(first).toString('base64') },
  };
  const before = sink.received.length;
  // A busy server first: the send is to be tried again, and nothing was kept.
  sink.failNext(1);
  const signal = new AbortController().signal;
  expect(await adapter.send(channel(), reply, signal)).toEqual({
    kind: 'retry',
    reason: 'SMTP 451',
  });
  expect(sink.received.length).toBe(before);
  const ourId = '<01900000-0000-7000-8000-000000000001@shop.test>';
  expect(await adapter.send(channel(), reply, signal)).toEqual({
    kind: 'sent',
    providerMessageId: ourId,
  });
  const received = sink.received.slice(before);
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.envelope).toEqual({
    from: 'support@shop.test',
    to: ['ann@example.com', 'boss@example.com', 'archive@shop.test'],
  });
  expect(mail?.parsed.messageId).toBe(ourId);
  expect(mail?.parsed.inReplyTo).toBe('<c1@example.com>');
  expect(mail?.parsed.references).toBe('<c1@example.com>');
  expect(mail?.parsed.subject).toBe('Re: Order c1');
  expect(mail?.parsed.text?.trim()).toBe('It ships today.');
  expect(mail?.parsed.attachments.map((a) => a.filename)).toEqual(['label.pdf']);

  // The customer's client answers it: their mail names our Message-ID first, and its text is
  // their words without the quoted history.
  const answer = customerMail('c2', 'Thanks', [
    `In-Reply-To: ${ourId}`,
    `References: ${messageIdList(mail?.parsed.references)
      .map((id) => `<${id}>`)
      .join(' ')} ${ourId}`,
  ]);
  const threaded = await parseMail(Buffer.from(answer));
  expect(threaded).toMatchObject({
    kind: 'mail',
    text: 'Thanks',
    threadIds: ['01900000-0000-7000-8000-000000000001@shop.test', 'c1@example.com'],
  });
});

test('a broken mail fails processing with its reason, for the pipeline to set aside', async () => {
  const broken =
    'From: ann@example.com\r\nMessage-ID: <b2@example.com>\r\nContent-Type: multipart/mixed\r\n\r\nx\r\n';
  await expect(
    emailAdapter().toMessage(
      channel(),
      {
        providerId: '<b2@example.com>',
        payload: { source: Buffer.from(broken).toString('base64') },
      },
      new AbortController().signal,
    ),
  ).rejects.toThrow(/^MAIL_NO_READABLE_PART/);
});

describe('credentials check', () => {
  const check = (over: Record<string, unknown>, password: string) =>
    emailAdapter().check(channel(over, password), new AbortController().signal);
  const pop3 = () => ({
    receiveProtocol: 'pop3',
    receivePort: dovecot.pop3Port,
    login: popUser.login,
  });

  test('right passwords pass for IMAP and POP3, and name the mailbox', async () => {
    sink.login = imapUser.login;
    sink.password = imapUser.password;
    expect(await check({}, imapUser.password)).toEqual({
      ok: true,
      identity: 'support@127.0.0.1',
      settings: {},
    });
    sink.login = popUser.login;
    sink.password = popUser.password;
    expect(await check(pop3(), popUser.password)).toMatchObject({
      ok: true,
      identity: 'sales@127.0.0.1',
    });
  });

  test('a wrong password and an unreachable server are named refusals', async () => {
    sink.login = imapUser.login;
    sink.password = imapUser.password;
    const wrongPassword = { ok: false, error: 'INVALID_CREDENTIALS', field: 'password' };
    expect(await check({}, 'wrong')).toEqual(wrongPassword);
    expect(await check(pop3(), 'wrong')).toEqual(wrongPassword);
    // The mailbox takes it, the SMTP server does not.
    sink.password = 'other';
    expect(await check({}, imapUser.password)).toEqual(wrongPassword);
    sink.password = imapUser.password;
    const closed = await freePort();
    expect(await check({ receivePort: closed }, imapUser.password)).toEqual({
      ok: false,
      error: 'SERVICE_ACCOUNT_INVALID_FIELDS',
      field: 'receiveHost',
    });
    expect(await check({ sendPort: closed }, imapUser.password)).toEqual({
      ok: false,
      error: 'SERVICE_ACCOUNT_INVALID_FIELDS',
      field: 'sendHost',
    });
  });
});
