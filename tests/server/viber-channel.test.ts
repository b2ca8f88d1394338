import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import { startViberApiServer, type FakeViberBot } from '../providers/viber/viber-api-server';
import { command, login, sendCommands, upload } from './harness';
import {
  channelWorkers,
  customerMessages,
  deliveryJob,
  greetWithButtons,
  messageStatus,
  providerSuite,
  until,
} from './provider-channel-helpers';

/**
 * A Viber bot through the whole server, against a local Viber that answers as its REST Bot API
 * documents: connected with a token and the required JPEG photo, its webhook set with a public
 * address, callbacks signed with the token, a customer's message and picture stored once however
 * often they come, a reply with a file delivered once through "too many requests" and a restart,
 * its 64-bit message tokens kept whole, and statuses that only move forward.
 */
const { suite, provider: local } = providerSuite(startViberApiServer, (viber, baseUrl) => ({
  VIBER_API_ROOT: viber.url,
  PUBLIC_URL: baseUrl,
}));

/** A JPEG's first bytes and padding up to `size`: what Viber and the product look at. */
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 7)]);

async function uploadPhoto(admin: string, bytes: Buffer, type = 'image/jpeg') {
  const id = newId();
  const answer = await upload(suite.server, { token: admin }, id, {
    bytes,
    type,
    name: type === 'image/jpeg' ? 'bot.jpg' : 'bot.png',
  });
  expect(answer.body).toMatchObject({ code: 'ok' });
  return id;
}

const create = (admin: string, name: string, token: string, avatarFileId: string) =>
  sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId: newId(),
      type: 'viber_bot',
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: { avatarFileId },
      secrets: { token },
    }),
  ]);

async function connected(bot: FakeViberBot, name: string) {
  const admin = await login(suite.server, 'admin@demo.test');
  const photo = jpeg(2048);
  const avatarFileId = await uploadPhoto(admin, photo);
  const [result] = await create(admin, name, bot.token, avatarFileId);
  expect(result).toMatchObject({ ok: true });
  const [row] = await suite.server.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.name, name));
  if (!row) throw new Error('no channel');
  return { admin, channelId: row.id, photo };
}

const jobOf = (messageId: string) => deliveryJob(suite, messageId);

describe('a Viber bot', () => {
  it('is connected only with a token Viber knows and a JPEG photo of up to 100 KB', async () => {
    const bot = local().addBot('Minsk Flowers');
    const admin = await login(suite.server, 'admin@demo.test');
    const good = await uploadPhoto(admin, jpeg(4096));
    const png = await uploadPhoto(admin, Buffer.from('\x89PNG', 'latin1'), 'image/png');
    const large = await uploadPhoto(admin, jpeg(101 * 1024));

    const [wrongToken] = await create(admin, 'Viber wrong', 'not-the-token', good);
    expect(wrongToken).toMatchObject({
      ok: false,
      error: { name: 'SERVICE_ACCOUNT_INVALID_TOKEN', params: { field: 'token' } },
    });
    for (const photo of [png, large]) {
      const [refused] = await create(admin, 'Viber photo', bot.token, photo);
      expect(refused).toMatchObject({
        ok: false,
        error: { name: 'CHANNEL_PHOTO_INVALID', params: { field: 'avatarFileId' } },
      });
    }
    const [ok] = await create(admin, 'Viber flowers', bot.token, good);
    expect(ok).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.name, 'Viber flowers'));
    expect(row?.providerIdentity).toBe(bot.id);
    expect(row?.settings).toMatchObject({ botName: 'Minsk Flowers', avatarFileId: good });
  });

  describe('with its workers running', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('stores a customer’s message and picture once, whatever is delivered twice; a forged callback stores nothing', async () => {
      const bot = local().addBot('Minsk Shoes');
      const { channelId } = await connected(bot, 'Viber shoes');
      await until(() => bot.webhook !== undefined);
      expect(bot.webhook?.url).toBe(`${suite.server.baseUrl}/api/channels/${channelId}/webhook`);
      const customer = bot.newCustomer('Alesia K');
      const picture = jpeg(3000);
      const callback = bot.composeMessage(customer, 'These, in 38?', {
        picture: { bytes: picture, type: 'image/jpeg', name: 'shoes.jpg' },
      });
      expect(await bot.deliver(callback)).toBe(200);
      expect(await bot.deliver(callback)).toBe(200);
      expect(await bot.deliver(callback, { signature: 'a'.repeat(64) })).toBe(403);
      await until(async () => (await customerMessages(suite, channelId, customer.id)).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const messages = await customerMessages(suite, channelId, customer.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message.text).toBe('These, in 38?');
      const [attachment] = messages[0]?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: picture.length });
      const [client] = await suite.server.database.db
        .select({ name: t.clients.name })
        .from(t.clients)
        .where(eq(t.clients.id, messages[0]?.chat.clientId ?? ''));
      expect(client?.name).toBe('Alesia K');
    });

    it('delivers a reply with a file once through “too many requests” and a restart, naming the bot with its photo; statuses only move forward', async () => {
      const bot = local().addBot('Minsk Bags');
      const { admin, channelId, photo } = await connected(bot, 'Viber bags');
      await until(() => bot.webhook !== undefined);
      const customer = bot.newCustomer('Pavel R');
      await bot.customerWrites(customer, 'Is the grey bag back?');
      await until(async () => (await customerMessages(suite, channelId, customer.id)).length > 0);
      const [row] = await customerMessages(suite, channelId, customer.id);
      const fileId = newId();
      const pdf = Buffer.from('%PDF-1.4 catalogue');
      await upload(suite.server, { token: admin }, fileId, {
        bytes: pdf,
        type: 'application/pdf',
        name: 'catalogue.pdf',
      });
      bot.failNextWithTooManyRequests(1, ['send_message']);
      const messageId = newId();
      const [sent] = await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: row?.chat.id,
          messageId,
          text: 'Yes, see the catalogue',
          attachments: [
            { id: fileId, name: 'catalogue.pdf', type: 'application/pdf', size: pdf.length },
          ],
        }),
      ]);
      expect(sent).toMatchObject({ ok: true });
      await until(async () => (await jobOf(messageId))?.lastError != null);
      await workers.stop();
      expect(bot.sent).toEqual([]);
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await jobOf(messageId))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bot.sent.map((message) => message.type)).toEqual(['text', 'file']);
      expect(bot.sent[0]).toMatchObject({ receiver: customer.id, text: 'Yes, see the catalogue' });
      expect(bot.sent[1]).toMatchObject({ fileName: 'catalogue.pdf', size: pdf.length });
      expect(bot.sent[1]?.media?.bytes.equals(pdf)).toBe(true);
      expect(bot.sent[0]?.sender.name).toBe('Minsk Bags');
      expect(bot.sent[0]?.sender.avatarBytes?.equals(photo)).toBe(true);

      // The 64-bit token finds the reply; "seen" before "delivered" stays seen.
      const token = bot.sent[0]?.token ?? '';
      expect(token).toMatch(/^\d{16,}$/);
      expect((await jobOf(messageId))?.providerMessageId).toBe(token);
      expect(await bot.reportStatus(token, 'seen')).toBe(200);
      expect(await bot.reportStatus(token, 'delivered')).toBe(200);
      await until(async () => (await messageStatus(suite, messageId)) === 'read');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await messageStatus(suite, messageId)).toBe('read');
    });

    it('offers an auto-reply’s buttons as a reply keyboard, whose tap comes back as the customer’s words', async () => {
      const bot = local().addBot('Minsk Hats');
      const { admin, channelId } = await connected(bot, 'Viber hats');
      await until(() => bot.webhook !== undefined);
      await greetWithButtons(suite, admin, channelId, 'Hello! What do you need?', [
        'Delivery',
        'Returns',
      ]);
      const customer = bot.newCustomer('Inna V');
      await bot.customerWrites(customer, 'Hi');
      await until(() => bot.sent.length > 0);
      expect(bot.sent[0]).toMatchObject({
        text: 'Hello! What do you need?',
        keyboard: ['Delivery', 'Returns'],
      });
      await bot.customerPresses(customer, 'Returns');
      // The greeting is in the chat too: the customer's own messages are the tap's test.
      const theirs = async () =>
        (await customerMessages(suite, channelId, customer.id))
          .filter((entry) => entry.message.authorKind === 'client')
          .map((entry) => entry.message.text);
      await until(async () => (await theirs()).length === 2);
      expect(await theirs()).toEqual(['Hi', 'Returns']);
    });
  });
});
