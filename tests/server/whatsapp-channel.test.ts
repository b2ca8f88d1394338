import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  channelWorkers,
  customerMessages,
  greetWithButtons,
  messageStatus,
  until,
} from './provider-channel-helpers';
import { connectWhatsApp, whatsappSuite } from './whatsapp-channel-helpers';
import { call, command, sendCommands, upload } from './harness';
import { type FakeWhatsAppAccount } from '../providers/whatsapp/cloud-api-server';

/**
 * A WhatsApp channel through the whole server, against a local Cloud API that answers as Meta
 * documents it: connected by an administrator's command (the account, number and token checked),
 * its webhook subscribed through Meta's GET handshake, customers' batches read whole and stored
 * once however often they come, media fetched on receipt, and an operator's reply with a file
 * delivered exactly once across 429 and 503, its statuses only moving forward.
 */
const { suite, api: cloudApi } = whatsappSuite();
const anna = { waId: '79161234567', name: 'Anna Petrova' };
const boris = { waId: '4915112345678', name: 'Boris' };

const connect = (
  account: FakeWhatsAppAccount,
  name: string,
  overrides: { phone?: string; login?: string; password?: string } = {},
) => connectWhatsApp(suite, account, name, overrides);

const workersWith = (publicUrl: string | null): ChannelWorkers => channelWorkers(suite, publicUrl);

const messagesOf = (channelId: string, externalId: string) =>
  customerMessages(suite, channelId, externalId);

/**
 * A channel connected to a new account with its webhook subscribed, and a customer's first
 * message in it: the chat every reply test starts from.
 */
async function customerChat(
  [phone, verifiedName, name]: [string, string, string],
  customer: { waId: string; name: string },
  text: string,
) {
  const account = cloudApi().addAccount(phone, verifiedName);
  const { channelId, admin } = await connect(account, name);
  await until(() => account.callback !== undefined);
  await account.customerWrites(customer, text);
  await until(async () => (await messagesOf(channelId, customer.waId)).length === 1);
  const [row] = await messagesOf(channelId, customer.waId);
  if (!row) throw new Error('the customer’s message did not arrive');
  return { account, channelId, admin, row };
}

describe('a WhatsApp channel', () => {
  it('is connected only with an account, number and token Meta knows, each refusal at its field', async () => {
    const account = cloudApi().addAccount('79990001122', 'Acme Support');
    const refusals = [
      [{ password: 'EAAGnotTheToken' }, 'SERVICE_ACCOUNT_INVALID_TOKEN', 'password'],
      [{ login: '123456789' }, 'SERVICE_ACCOUNT_INVALID_FIELDS', 'login'],
      [{ phone: '79990009999' }, 'SERVICE_ACCOUNT_INVALID_FIELDS', 'phone'],
    ] as const;
    for (const [overrides, name, field] of refusals) {
      const { result } = await connect(account, `WhatsApp ${field}`, overrides);
      expect(result).toMatchObject({ ok: false, error: { name, params: { field } } });
    }
    // Spec §5: digits only, with the country code; refused before Meta is asked.
    const calls = account.calls.length;
    const plus = await connect(account, 'WhatsApp plus', { phone: '+7 999 000-11-22' });
    expect(plus.result).toMatchObject({ ok: false, error: { name: 'INVALID_PHONE' } });
    expect(account.calls).toHaveLength(calls);

    const { result, channelId } = await connect(account, 'WhatsApp connect');
    expect(result).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.settings).toMatchObject({
      phone: account.phone,
      phoneNumberId: account.phoneNumberId,
      displayName: 'Acme Support',
    });
    const names = await suite.server.database.db
      .select({ name: t.channels.name })
      .from(t.channels)
      .where(eq(t.channels.type, 'whatsapp'));
    expect(names.map((channel) => channel.name)).toEqual(['WhatsApp connect']);
  });

  describe('with a public address', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = workersWith(suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('subscribes its webhook through the handshake, and refuses a call not signed with the app secret', async () => {
      const account = cloudApi().addAccount('79990002233', 'Acme Hook');
      const { channelId } = await connect(account, 'WhatsApp hook');
      await until(() => account.callback !== undefined);
      expect(account.callback?.url).toBe(
        `${suite.server.baseUrl}/api/channels/${channelId}/webhook`,
      );
      // A handshake with another verify token is refused; nothing of it echoes back.
      const wrong = await fetch(
        `${suite.server.baseUrl}/api/channels/${channelId}/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=123`,
      );
      expect(wrong.status).toBe(403);

      const body = account.composeText(anna, 'forged');
      const forged = await account.deliver(body, 'not-the-app-secret');
      expect(forged).toBe(403);
      const unsigned = await call(suite.server, 'POST', `/api/channels/${channelId}/webhook`, {
        raw: JSON.stringify(body),
      });
      expect(unsigned.body).toMatchObject({ code: 'error', error: { name: 'ACCESS_DENIED' } });
      const stored = await suite.server.database.db
        .select()
        .from(t.channelInboundEvents)
        .where(eq(t.channelInboundEvents.channelId, channelId));
      expect(stored).toEqual([]);
    });

    it('reads every message of a batch of two entries, each once, whatever is delivered twice', async () => {
      const account = cloudApi().addAccount('79990003344', 'Acme Batch');
      const { channelId } = await connect(account, 'WhatsApp batch');
      await until(() => account.callback !== undefined);
      const batch = account.composeBatch([
        { customer: anna, texts: ['Hello', 'My order is 1234'] },
        { customer: boris, texts: ['Guten Tag'] },
      ]);
      expect(batch.entry).toHaveLength(2);
      await account.redeliver(batch, batch);
      await until(async () => (await messagesOf(channelId, boris.waId)).length >= 1);
      await until(async () => (await messagesOf(channelId, anna.waId)).length >= 2);
      const annas = await messagesOf(channelId, anna.waId);
      expect(annas.map((row) => row.message.text).sort()).toEqual(['Hello', 'My order is 1234']);
      expect(new Set(annas.map((row) => row.chat.id)).size).toBe(1);
      expect(annas[0]?.chat.status).toBe('pending');
      expect((await messagesOf(channelId, boris.waId)).map((row) => row.message.text)).toEqual([
        'Guten Tag',
      ]);
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, annas[0]?.chat.clientId ?? newId()));
      expect(client?.name).toBe('Anna Petrova');
      expect(account.webhookAnswers.every((status) => status === 200)).toBe(true);
    });

    it('keeps a customer’s image, fetched by its id at once', async () => {
      const account = cloudApi().addAccount('79990004455', 'Acme Media');
      const { channelId } = await connect(account, 'WhatsApp media');
      await until(() => account.callback !== undefined);
      const image = Buffer.alloc(2048, 7);
      await account.customerSendsMedia(anna, { type: 'image/jpeg', bytes: image }, 'Broken box');
      await until(async () => (await messagesOf(channelId, anna.waId)).length === 1);
      const [row] = await messagesOf(channelId, anna.waId);
      expect(row?.message.text).toBe('Broken box');
      const [attachment] = row?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: image.length });
      const [stored] = await suite.server.database.db
        .select({ data: t.files.data })
        .from(t.files)
        .where(eq(t.files.id, attachment?.id ?? newId()));
      expect(stored?.data).toEqual(image);
    });

    it('delivers a reply with a file exactly once after 429 and 503; a late “delivered” does not undo “read”', async () => {
      const { account, admin, row } = await customerChat(
        ['79990005566', 'Acme Reply', 'WhatsApp reply'],
        anna,
        'Can I get the invoice?',
      );

      const fileId = newId();
      const pdf = Buffer.from('%PDF-1.4 invoice');
      const uploaded = await upload(suite.server, { token: admin }, fileId, {
        bytes: pdf,
        type: 'application/pdf',
        name: 'invoice.pdf',
      });
      expect(uploaded.body.code).toBe('ok');
      account.failNextWith429(1, 130429, ['messages']);
      account.failNextWith503(1, ['messages']);
      const messageId = newId();
      const [sent] = await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: row.chat.id,
          messageId,
          text: 'Here it is',
          attachments: [
            { id: fileId, name: 'invoice.pdf', type: 'application/pdf', size: pdf.length },
          ],
        }),
      ]);
      expect(sent).toMatchObject({ ok: true });
      const job = async () => {
        const [found] = await suite.server.database.db
          .select()
          .from(t.channelDeliveries)
          .where(eq(t.channelDeliveries.messageId, messageId));
        return found;
      };
      await until(
        async () => (await job())?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      expect(await job()).toMatchObject({ attempts: 3, lastError: null });
      expect(account.sent).toEqual([
        expect.objectContaining({
          to: anna.waId,
          type: 'document',
          caption: 'Here it is',
          media: { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
        }),
      ]);
      expect(account.calls.filter((name) => name === 'POST messages')).toHaveLength(3);

      const providerId = account.sent[0]?.id ?? '';
      expect((await job())?.providerMessageId).toBe(providerId);
      await account.reportStatuses(
        { id: providerId, status: 'read' },
        { id: providerId, status: 'delivered' },
      );
      const status = () => messageStatus(suite, messageId);
      await until(async () => (await status()) === 'read');
      expect(await status()).toBe('read');
    });

    it('keeps a status Meta posts before its answer to the send, and applies it once the answer is written', async () => {
      const { account, channelId, admin, row } = await customerChat(
        ['79990005577', 'Acme Early', 'WhatsApp early'],
        anna,
        'Is it shipped?',
      );
      // "delivered" and then "read" reach our webhook while Meta has not yet answered the send.
      account.earlyStatuses = ['delivered', 'read'];
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: row.chat.id,
          messageId,
          text: 'Yes, today',
          attachments: [],
        }),
      ]);
      const status = () => messageStatus(suite, messageId);
      await until(async () => (await status()) === 'read');
      expect(account.webhookAnswers.slice(-2)).toEqual([200, 200]);
      const kept = await suite.server.database.db
        .select()
        .from(t.channelStatusBacklog)
        .where(eq(t.channelStatusBacklog.channelId, channelId));
      expect(kept).toEqual([]);
    });

    it('sends an auto-reply’s buttons as WhatsApp’s reply buttons, and takes the customer’s tap as their answer', async () => {
      const account = cloudApi().addAccount('79990005588', 'Acme Buttons');
      const { channelId, admin } = await connect(account, 'WhatsApp buttons');
      await until(() => account.callback !== undefined);
      await greetWithButtons(suite, admin, channelId, 'Hello! What is it about?', [
        'Prices',
        'Delivery',
      ]);
      await account.customerWrites(anna, 'Hi');
      await until(() => account.sent.some((sent) => sent.type === 'interactive'));
      expect(account.sent.filter((sent) => sent.type === 'interactive')).toMatchObject([
        {
          to: anna.waId,
          interactive: {
            kind: 'button',
            body: 'Hello! What is it about?',
            answers: ['Prices', 'Delivery'],
          },
        },
      ]);
      // The tap comes back as a message of its own, with the answer's title.
      await account.customerTaps(anna, { id: 'answer-2', title: 'Delivery' });
      await until(async () =>
        (await messagesOf(channelId, anna.waId)).some(({ message }) => message.text === 'Delivery'),
      );
    });

    it('shows a reply Meta accepted and then reported failed as undelivered, with the reason in the product’s words; nothing revives it', async () => {
      const { account, admin, row } = await customerChat(
        ['79990007788', 'Acme Failed', 'WhatsApp failed'],
        boris,
        'Hallo',
      );
      const replies: string[] = [];
      for (const text of ['First answer', 'Second answer']) {
        const messageId = newId();
        replies.push(messageId);
        const [sent] = await sendCommands(suite.server, admin, [
          command('message.send', { chatId: row.chat.id, messageId, text, attachments: [] }),
        ]);
        expect(sent).toMatchObject({ ok: true });
      }
      await until(() => account.sent.length === 2);
      const [first, second] = account.sent.map((message) => message.id);
      // The first was read before Meta's late "failed"; the second fails (the window had closed).
      await account.reportStatuses(
        { id: first ?? '', status: 'read' },
        { id: first ?? '', status: 'failed', code: 131026 },
        { id: second ?? '', status: 'failed', code: 131047 },
        { id: second ?? '', status: 'delivered' },
      );
      const stored = async (messageId: string) => {
        const [message] = await suite.server.database.db
          .select({ status: t.messages.status, failureReason: t.messages.failureReason })
          .from(t.messages)
          .where(eq(t.messages.id, messageId));
        return message;
      };
      await until(async () => (await stored(replies[1] ?? ''))?.status === 'undelivered');
      expect(await stored(replies[0] ?? '')).toEqual({ status: 'read', failureReason: null });
      expect(await stored(replies[1] ?? '')).toEqual({
        status: 'undelivered',
        failureReason:
          'The customer’s 24-hour session has ended: only a registered template can be sent until they write again from their phone',
      });
    });

    it('holds replies while its token has lapsed, says so on the channel, and sends each once after the token is renewed', async () => {
      const { account, channelId, admin, row } = await customerChat(
        ['79990009911', 'Acme Lapsed', 'WhatsApp lapsed'],
        anna,
        'Is my order on its way?',
      );
      const { db } = suite.server.database;
      const renewed = account.renewToken();
      const job = async (messageId: string) => {
        const [found] = await db
          .select()
          .from(t.channelDeliveries)
          .where(eq(t.channelDeliveries.messageId, messageId));
        return found;
      };
      const held = async (messageId: string) => {
        const [found] = await db
          .select({ heldFor: t.messages.heldFor, status: t.messages.status })
          .from(t.messages)
          .where(eq(t.messages.id, messageId));
        return found;
      };
      const health = async () => {
        const [found] = await db
          .select()
          .from(t.channelHealth)
          .where(eq(t.channelHealth.id, channelId));
        return found;
      };
      const reply = async (text: string) => {
        const messageId = newId();
        const [sent] = await sendCommands(suite.server, admin, [
          command('message.send', { chatId: row.chat.id, messageId, text, attachments: [] }),
        ]);
        expect(sent).toMatchObject({ ok: true });
        await until(async () => (await job(messageId))?.state === 'held');
        return messageId;
      };
      const refusals = () => account.calls.filter((call) => call.endsWith('token lapsed')).length;

      // Meta refuses the lapsed token once: the reply waits, visibly, and is not given up.
      const first = await reply('It left the warehouse today');
      expect(refusals()).toBe(1);
      expect(await held(first)).toEqual({ heldFor: 'reauthorization', status: 'sent' });
      expect(await job(first)).toMatchObject({ attempts: 0, dueAt: null });
      expect(await health()).toMatchObject({
        reauthorizationRequired: true,
        connected: false,
        lastError: expect.stringContaining('Session has expired') as string,
      });
      // Written meanwhile: held at once, without asking Meta to refuse the token again.
      const second = await reply('Tracking number: 12345');
      expect(refusals()).toBe(1);
      for (let i = 0; i < 5; i++) suite.server.clock.advance(3_600_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(account.sent).toEqual([]);
      expect((await job(first))?.state).toBe('held');

      // The administrator pastes the new token: Meta takes it, and both replies go, in order, once.
      const [saved] = await db.select().from(t.channels).where(eq(t.channels.id, channelId));
      if (!saved) throw new Error('no channel');
      const [update] = await sendCommands(suite.server, admin, [
        command('channel.update', {
          channelId,
          name: saved.name,
          teamId: saved.teamId,
          notificationEmail: saved.notificationEmail,
          teamVisibility: saved.teamVisibility,
          active: true,
          ratingText: saved.ratingText,
          ratingBeforeEnd: saved.ratingBeforeEnd,
          settings: { phone: account.phone, login: account.accountId },
          secrets: { password: renewed },
        }),
      ]);
      expect(update).toMatchObject({ ok: true });
      await until(async () => (await job(second))?.state === 'sent');
      await until(async () => (await job(first))?.state === 'sent');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(account.sent.map((message) => message.text)).toEqual([
        'It left the warehouse today',
        'Tracking number: 12345',
      ]);
      expect(await held(first)).toEqual({ heldFor: null, status: 'sent' });
      expect(await held(second)).toEqual({ heldFor: null, status: 'sent' });
      expect(await health()).toMatchObject({ reauthorizationRequired: false });
    });

    it('refuses a reply once 24 hours have passed since the customer wrote, one or many at once, and takes it again when they write', async () => {
      const { account, admin, row } = await customerChat(
        ['79990008899', 'Acme Window', 'WhatsApp window'],
        anna,
        'Are you open tomorrow?',
      );
      const reply = (text: string) =>
        command('message.send', { chatId: row.chat.id, text, attachments: [] });
      expect((await sendCommands(suite.server, admin, [reply('Yes, from 9')]))[0]).toMatchObject({
        ok: true,
      });

      suite.server.clock.advance(24 * 60 * 60_000 + 60_000);
      // One reply alone, and two in one request (the offline flush's set-by-set path).
      const late = await sendCommands(suite.server, admin, [
        reply('Sorry, we missed this'),
        reply('Still there?'),
      ]);
      expect(await sendCommands(suite.server, admin, [reply('Hello again')])).toMatchObject([
        { ok: false, error: { name: 'MESSENGER_SESSION_EXPIRED' } },
      ]);
      expect(late).toMatchObject([
        { ok: false, error: { name: 'MESSENGER_SESSION_EXPIRED' } },
        { ok: false, error: { name: 'MESSENGER_SESSION_EXPIRED' } },
      ]);
      const texts = async () =>
        (
          await suite.server.database.db
            .select({ text: t.messages.text })
            .from(t.messages)
            .where(eq(t.messages.chatId, row.chat.id))
            .orderBy(t.messages.createdAt)
        ).map((message) => message.text);
      expect(await texts()).toEqual(['Are you open tomorrow?', 'Yes, from 9']);

      // The customer writes again from their phone: a new 24-hour session.
      await account.customerWrites(anna, 'Hello?');
      await until(async () => (await texts()).includes('Hello?'));
      expect((await sendCommands(suite.server, admin, [reply('Here we are')]))[0]).toMatchObject({
        ok: true,
      });
    });
  });

  it('without a public address says so in its health, since WhatsApp cannot be polled', async () => {
    const account = cloudApi().addAccount('79990006677', 'Acme Offline');
    const { channelId } = await connect(account, 'WhatsApp offline');
    const workers = workersWith(null);
    const health = async () => {
      const [found] = await suite.server.database.db
        .select()
        .from(t.channelHealth)
        .where(eq(t.channelHealth.id, channelId));
      return found;
    };
    await until(async () => (await health())?.lastError != null);
    await workers.stop();
    expect(await health()).toMatchObject({
      connected: false,
      lastError: 'WhatsApp delivers messages only to a public address: set PUBLIC_URL',
    });
    expect(account.callback).toBeUndefined();
  });
});
