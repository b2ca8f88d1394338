import { afterAll, beforeAll, expect, test } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { emailAdapter } from '../../server/channels/email/email-adapter';
import type { PipelineDeps } from '../../server/channels/pipeline/pipeline-deps';
import { ReceiverSupervisor } from '../../server/channels/pipeline/receivers';
import { runDueInboundEvents } from '../../server/channels/pipeline/inbound';
import { runDueDeliveries } from '../../server/channels/pipeline/outbound';
import { startDovecot, type Dovecot } from '../providers/mail/dovecot';
import { startSmtpSink, type SmtpSink } from '../providers/mail/smtp-sink';
import { command, demoIds, login, sendCommands, startTestServer, type TestServer } from './harness';

/**
 * The e-mail story through the channel pipeline: a customer's mail in a real mailbox (Dovecot)
 * becomes a chat waiting in the channel's team; the operator's answer reaches the SMTP server
 * once with the headers that thread it; the customer's reply joins the same chat.
 */
let dovecot: Dovecot;
let sink: SmtpSink;
let server: TestServer;
const mailbox = { login: 'support', password: 'mail-secret' };

beforeAll(async () => {
  dovecot = await startDovecot([mailbox]);
  sink = await startSmtpSink(mailbox.login, mailbox.password);
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await dovecot.stop();
  await sink.stop();
});

const mail = (id: string, text: string, extra: string[] = []) =>
  [
    'From: "Ann Customer" <ann@example.com>',
    'To: support@shop.test',
    'Subject: Broken kettle',
    `Message-ID: <${id}@example.com>`,
    ...extra,
    '',
    text,
    '',
  ].join('\r\n');

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}

test('mail in, answer out once with threading headers, the customer reply in the same chat', async () => {
  const ids = await demoIds(server.database);
  const { db } = server.database;
  const channelId = newId();
  await db.insert(t.channels).values({
    id: channelId,
    orgId: ids.org.id,
    name: 'Support mail',
    type: 'email',
    teamId: ids.support.id,
    settings: {
      receiveProtocol: 'imap',
      receiveHost: '127.0.0.1',
      receivePort: dovecot.imapPort,
      receiveSecurity: 'none',
      sendHost: sink.host,
      sendPort: sink.port,
      sendSecurity: 'none',
      login: mailbox.login,
      address: 'support@shop.test',
      addresses: [],
    },
    secrets: { password: mailbox.password },
  });
  const deps: PipelineDeps = {
    database: server.database,
    clock: server.clock,
    wake: () => undefined,
    adapters: { email: emailAdapter() },
  };
  await dovecot.deliver(mailbox, mail('k1', 'My kettle does not boil.'));
  const supervisor = new ReceiverSupervisor(deps, 'test-instance', null, () => undefined);
  try {
    await supervisor.supervise();
    await runDueInboundEvents(deps);
    const chats = () =>
      db
        .select({ chat: t.chats })
        .from(t.chats)
        .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
        .where(
          and(
            eq(t.clientContacts.channelId, channelId),
            eq(t.clientContacts.value, 'ann@example.com'),
          ),
        );
    const [opened] = await chats();
    if (!opened) throw new Error('no chat for the mail');
    expect(opened.chat).toMatchObject({ status: 'pending', teamId: ids.support.id });
    const messagesOf = (chatId: string) =>
      db
        .select({ text: t.messages.text, authorKind: t.messages.authorKind })
        .from(t.messages)
        .where(eq(t.messages.chatId, chatId))
        .orderBy(asc(t.messages.createdAt));
    expect(await messagesOf(opened.chat.id)).toContainEqual({
      text: 'Broken kettle\n\nMy kettle does not boil.',
      authorKind: 'client',
    });

    // The operator takes it and answers.
    const operator = await login(server, 'operator@demo.test');
    const replyId = newId();
    const results = await sendCommands(server, operator, [
      command('chat.take', { chatId: opened.chat.id }),
      command('message.send', {
        chatId: opened.chat.id,
        messageId: replyId,
        text: 'Please descale it.',
      }),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    await runDueDeliveries(deps);
    await runDueDeliveries(deps);
    expect(sink.received).toHaveLength(1);
    const [sent] = sink.received;
    const ourId = `<${replyId}@shop.test>`;
    expect(sent?.envelope).toEqual({ from: 'support@shop.test', to: ['ann@example.com'] });
    expect(sent?.parsed.messageId).toBe(ourId);
    expect(sent?.parsed.inReplyTo).toBe('<k1@example.com>');
    expect(sent?.parsed.references).toBe('<k1@example.com>');
    expect(sent?.parsed.subject).toBe('Re: Broken kettle');
    expect(sent?.parsed.text?.trim()).toBe('Please descale it.');

    // Their reply arrives while the receiver idles, and joins the same chat.
    await dovecot.deliver(
      mailbox,
      mail('k2', 'Thanks, it works!\r\n\r\nOn Mon, Support wrote:\r\n> Please descale it.', [
        `In-Reply-To: ${ourId}`,
        `References: <k1@example.com> ${ourId}`,
      ]),
    );
    await until(async () => {
      const rows = await db
        .select()
        .from(t.channelInboundEvents)
        .where(eq(t.channelInboundEvents.channelId, channelId));
      return rows.length === 2 ? rows : undefined;
    });
    await runDueInboundEvents(deps);
    expect(await chats()).toHaveLength(1);
    expect((await messagesOf(opened.chat.id)).map((m) => m.text)).toEqual([
      'Broken kettle\n\nMy kettle does not boil.',
      'Please descale it.',
      'Thanks, it works!',
    ]);
  } finally {
    await supervisor.stopAll();
  }

  // A restart (another instance, the same database) reads from the stored cursor: nothing twice.
  const [cursor] = await db
    .select({ value: t.channelCursors.value })
    .from(t.channelCursors)
    .where(and(eq(t.channelCursors.channelId, channelId), eq(t.channelCursors.key, 'imap:INBOX')));
  expect(JSON.parse(cursor?.value ?? '{}')).toMatchObject({ lastUid: 2 });
  await dovecot.deliver(mailbox, mail('k3', 'One more thing.'));
  // The first instance's lease must lapse before another instance may follow the mailbox.
  server.clock.advance(10 * 60_000);
  const restarted = new ReceiverSupervisor(deps, 'second-instance', null, () => undefined);
  try {
    await restarted.supervise();
  } finally {
    await restarted.stopAll();
  }
  const events = await db
    .select({ providerId: t.channelInboundEvents.providerId })
    .from(t.channelInboundEvents)
    .where(eq(t.channelInboundEvents.channelId, channelId));
  expect(events.map((e) => e.providerId).sort()).toEqual([
    '<k1@example.com>',
    '<k2@example.com>',
    '<k3@example.com>',
  ]);
});
