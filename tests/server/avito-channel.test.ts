import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import { startAvitoApiServer, type FakeAvitoAccount } from '../providers/avito/avito-api-server';
import { command, login, sendCommands, upload } from './harness';
import {
  channelWorkers,
  customerMessages,
  deliveryJob,
  messageStatus,
  providerSuite,
  until,
} from './provider-channel-helpers';

/**
 * An Avito account through the whole server, against a local Avito that answers as its Messenger
 * API documents: connected with a client id and secret, notifications answered at once and
 * believed only once the message is fetched back (Avito signs nothing), a long reply sent in
 * parts of 1000 characters once through a 429 and a restart, a picture uploaded, a file Avito
 * cannot carry refused with a clear reason, and customers' reads found in the chats' messages.
 */
const { suite, provider: local } = providerSuite(startAvitoApiServer, (avito) => ({
  AVITO_API_ROOT: avito.url,
  // Reads are polled: each second here, so a test waits little.
  AVITO_READ_POLL_SECONDS: '1',
}));

const create = (admin: string, name: string, clientId: string, clientSecret: string) =>
  sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId: newId(),
      type: 'avito',
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: { clientId },
      secrets: { clientSecret },
    }),
  ]);

async function connected(account: FakeAvitoAccount, name: string) {
  const admin = await login(suite.server, 'admin@demo.test');
  const [result] = await create(admin, name, account.clientId, account.clientSecret);
  expect(result).toMatchObject({ ok: true });
  const [row] = await suite.server.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.name, name));
  if (!row) throw new Error('no channel');
  return { admin, channelId: row.id };
}

const jobOf = (messageId: string) => deliveryJob(suite, messageId);

describe('an Avito account', () => {
  it('is connected only with a client id and secret Avito takes', async () => {
    const account = local().addAccount('Bike Shop');
    const admin = await login(suite.server, 'admin@demo.test');
    const [refused] = await create(admin, 'Avito wrong', account.clientId, 'not-the-secret');
    expect(refused).toMatchObject({
      ok: false,
      error: { name: 'SERVICE_ACCOUNT_INVALID_TOKEN', params: { field: 'clientSecret' } },
    });
    const { channelId } = await connected(account, 'Avito bikes');
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.providerIdentity).toBe(String(account.id));
    expect(row?.settings).toMatchObject({ accountId: account.id, accountName: 'Bike Shop' });
  });

  describe('with its workers running', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('believes a notification only once Avito shows its message; one delivered twice stores one', async () => {
      const account = local().addAccount('Ski Shop');
      const { channelId } = await connected(account, 'Avito skis');
      await until(() => account.subscriptions.length > 0);
      const customer = account.newCustomer('Oleg T');
      const photo = Buffer.from('\xff\xd8\xff\xe0 skis', 'latin1');
      const body = account.composeMessage(customer, 'Are the skis still for sale?');
      expect(await account.deliver(body)).toBe(200);
      expect(await account.deliver(body)).toBe(200);
      // Avito signs nothing: a notification naming a message Avito does not have is not believed.
      const forged = account.forgedMessage(customer, 'Send the money to this card');
      expect(await account.deliver(forged)).toBe(200);
      await account.customerWrites(customer, '', { image: { bytes: photo, type: 'image/jpeg' } });
      const theirs = async () =>
        (await customerMessages(suite, channelId, String(customer.id))).filter(
          (entry) => entry.message.authorKind === 'client',
        );
      await until(async () => (await theirs()).length === 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const messages = await theirs();
      expect(messages.map((entry) => entry.message.text)).toEqual([
        'Are the skis still for sale?',
        '',
      ]);
      expect(messages[1]?.message.attachments[0]).toMatchObject({ type: 'image/jpeg' });
      expect(JSON.stringify(await theirs())).not.toContain('Send the money');
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, messages[0]?.chat.clientId ?? ''));
      expect(client?.name).toBe('Oleg T');
      // Every notification was answered within Avito's two seconds.
      expect(account.webhookAnswers.every((answer) => answer.ok)).toBe(true);
    });

    it('sends a long reply in parts of 1000 and a picture once through a 429 and a restart; refuses a file Avito cannot carry', async () => {
      const account = local().addAccount('Tent Shop');
      const { admin, channelId } = await connected(account, 'Avito tents');
      await until(() => account.subscriptions.length > 0);
      const customer = account.newCustomer('Vera N');
      const { chatId } = await account.customerWrites(customer, 'Tell me about the tent');
      await until(
        async () => (await customerMessages(suite, channelId, String(customer.id))).length > 0,
      );
      const [row] = await customerMessages(suite, channelId, String(customer.id));
      const chat = row?.chat;
      if (!chat) throw new Error('no chat');

      const fileId = newId();
      // A PNG's signature: Avito looks at what a picture is, not at its name.
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('tent'),
      ]);
      await upload(suite.server, { token: admin }, fileId, {
        bytes: png,
        type: 'image/png',
        name: 'tent.png',
      });
      account.failNextWith429(1, 1, ['postSendMessage']);
      const long = `${'Light and warm. '.repeat(70)}Yours.`;
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId,
          text: long,
          attachments: [{ id: fileId, name: 'tent.png', type: 'image/png', size: png.length }],
        }),
      ]);
      await until(async () => (await jobOf(messageId))?.lastError != null);
      await workers.stop();
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await jobOf(messageId))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(account.sent.map((sent) => sent.type)).toEqual(['text', 'text', 'image']);
      expect(account.sent.every((sent) => sent.chatId === chatId)).toBe(true);
      expect(
        account.sent
          .slice(0, 2)
          .map((sent) => sent.text ?? '')
          .join(' '),
      ).toBe(long.trim());
      expect(account.sent.every((sent) => (sent.text ?? '').length <= 1000)).toBe(true);
      expect(account.sent[2]?.image?.bytes.equals(png)).toBe(true);

      // A PDF: Avito carries only text and pictures, and the operator is told so.
      const pdfId = newId();
      await upload(suite.server, { token: admin }, pdfId, {
        bytes: Buffer.from('%PDF-1.4'),
        type: 'application/pdf',
        name: 'manual.pdf',
      });
      const refusedId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId: refusedId,
          text: 'The manual',
          attachments: [{ id: pdfId, name: 'manual.pdf', type: 'application/pdf', size: 8 }],
        }),
      ]);
      await until(async () => (await jobOf(refusedId))?.state === 'failed');
      const [undelivered] = await suite.server.database.db
        .select({ status: t.messages.status, failureReason: t.messages.failureReason })
        .from(t.messages)
        .where(eq(t.messages.id, refusedId));
      expect(undelivered).toEqual({
        status: 'undelivered',
        failureReason:
          'Avito takes only text and pictures of up to 24 MB: manual.pdf cannot be sent there',
      });
      expect(account.sent).toHaveLength(3);
    });
    it('finds a customer’s read in the chat: the replies before it are read, a later one is not', async () => {
      const account = local().addAccount('Lamp Shop');
      const { admin, channelId } = await connected(account, 'Avito lamps');
      await until(() => account.subscriptions.length > 0);
      const customer = account.newCustomer('Gleb T');
      const { chatId } = await account.customerWrites(customer, 'Is the green lamp available?');
      await until(
        async () => (await customerMessages(suite, channelId, String(customer.id))).length > 0,
      );
      const [row] = await customerMessages(suite, channelId, String(customer.id));
      const chat = row?.chat;
      if (!chat) throw new Error('no chat');
      const reply = async (text: string) => {
        const messageId = newId();
        await sendCommands(suite.server, admin, [
          command('message.send', { chatId: chat.id, messageId, text, attachments: [] }),
        ]);
        await until(async () => (await jobOf(messageId))?.state === 'sent');
        return messageId;
      };
      const first = await reply('Yes, it is');
      const second = await reply('It ships tomorrow');
      expect(account.customerReads(chatId)).toBe(2);
      await until(async () => (await messageStatus(suite, first)) === 'read');
      expect(await messageStatus(suite, second)).toBe('read');
      // A round Avito fails is said on the channel's health, and the next good one clears it.
      const health = async () => {
        const [row] = await suite.server.database.db
          .select()
          .from(t.channelHealth)
          .where(eq(t.channelHealth.id, channelId));
        return row;
      };
      account.failNextWith5xx(1, 503, ['getChatsV2']);
      await until(async () => /reads could not be checked/.test((await health())?.lastError ?? ''));
      expect(await health()).toMatchObject({ connected: true });
      await until(async () => (await health())?.lastError === null);
      const third = await reply('Shall I reserve it?');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await messageStatus(suite, third)).toBe('sent');
      expect(await messageStatus(suite, first)).toBe('read');
    });
  });
});
