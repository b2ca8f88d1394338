import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  startSinchApiServer,
  type FakeViberService,
  type SinchCustomer,
} from '../providers/sinch/sinch-api-server';
import { command, login, sendCommands, upload } from './harness';
import {
  channelWorkers,
  chatOfCustomer,
  customerMessages,
  deliveryJob,
  greetWithButtons,
  messageStatus,
  providerSuite,
  until,
} from './provider-channel-helpers';

/**
 * A Viber business channel (spec §3 viber: "service ID") through the whole server, against a local
 * Sinch that answers as its Conversation API documents the VIBERBM channel: connected by the
 * company's service ID alone (the installation's partner account carries it), Sinch's signed
 * callbacks with a customer's message and picture stored once however often they come, a reply
 * with a file sent once across a 429 and a restart, and delivery reports that only move forward.
 */
const { suite, provider: local } = providerSuite(startSinchApiServer, (sinch, baseUrl) => ({
  SINCH_AUTH_ROOT: sinch.url,
  SINCH_API_ROOT: sinch.url,
  SINCH_PROJECT_ID: sinch.projectId,
  SINCH_KEY_ID: sinch.keyId,
  SINCH_KEY_SECRET: sinch.keySecret,
  PUBLIC_URL: baseUrl,
}));

const create = (admin: string, name: string, serviceId: string) =>
  sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId: newId(),
      type: 'viber',
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: { serviceId },
      secrets: {},
    }),
  ]);

async function connected(service: FakeViberService, name: string) {
  const admin = await login(suite.server, 'admin@demo.test');
  const [result] = await create(admin, name, service.serviceId);
  expect(result).toMatchObject({ ok: true });
  const [row] = await suite.server.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.name, name));
  if (!row) throw new Error('no channel');
  await until(() => service.webhooks.length > 0);
  return { admin, channelId: row.id };
}

const chatOf = (channelId: string, customer: SinchCustomer) =>
  chatOfCustomer(suite, channelId, customer.phone.replace(/^\+/, ''));

describe('a Viber business channel', () => {
  it('is connected by the service ID the installation’s partner carries, and by no other', async () => {
    const service = local().addViberService('minsk-tea-house', 'Minsk Tea House');
    const admin = await login(suite.server, 'admin@demo.test');
    const [unknown] = await create(admin, 'Viber unknown', 'nobody-has-this');
    expect(unknown).toMatchObject({
      ok: false,
      error: { name: 'SERVICE_ACCOUNT_INVALID_FIELDS', params: { field: 'serviceId' } },
    });
    const [empty] = await create(admin, 'Viber empty', '  ');
    expect(empty).toMatchObject({ ok: false });
    const [ok] = await create(admin, 'Viber tea', 'minsk-tea-house');
    expect(ok).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.name, 'Viber tea'));
    expect(row?.providerIdentity).toBe('minsk-tea-house');
    expect(row?.settings).toMatchObject({
      serviceId: 'minsk-tea-house',
      sinchAppId: service.appId,
    });
    expect(row?.secrets).toEqual({});
    // One service, one channel.
    const [twice] = await create(admin, 'Viber tea again', 'minsk-tea-house');
    expect(twice).toMatchObject({ ok: false, error: { name: 'SERVICE_ACCOUNT_EXISTS' } });
  });

  describe('with its workers running', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = channelWorkers(suite, suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('stores a customer’s message and picture once, whatever Sinch delivers twice; a forged callback stores nothing', async () => {
      const service = local().addViberService('gomel-books', 'Gomel Books');
      const { channelId } = await connected(service, 'Viber books');
      expect(service.webhooks[0]).toMatchObject({
        target: `${suite.server.baseUrl}/api/channels/${channelId}/webhook`,
      });
      const customer = service.newCustomer('375291234567', 'Alena');
      const picture = Buffer.from('\xff\xd8\xff\xe0 a book cover', 'latin1');
      const text = service.composeInbound(customer, 'Do you have this one?');
      expect(await service.deliver(text)).toBe(200);
      expect(await service.deliver(text)).toBe(200);
      expect(await service.deliver(text, 'not-the-secret')).toBe(403);
      const photo = service.composeInbound(customer, '', {
        image: { bytes: picture, type: 'image/jpeg' },
      });
      expect(await service.deliver(photo)).toBe(200);
      await chatOf(channelId, customer);
      await until(
        async () => (await customerMessages(suite, channelId, '375291234567')).length === 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const messages = await customerMessages(suite, channelId, '375291234567');
      expect(messages.map((entry) => entry.message.text)).toEqual(['Do you have this one?', '']);
      const [attachment] = messages[1]?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: picture.length });
    });

    it('sends a reply with a file once across a 429 and a restart; a late delivery does not undo a read', async () => {
      const service = local().addViberService('brest-bikes', 'Brest Bikes');
      const { admin, channelId } = await connected(service, 'Viber bikes');
      const customer = service.newCustomer('375447654321', 'Pavel');
      await service.customerWrites(customer, 'Is the blue bike sold?');
      const chat = await chatOf(channelId, customer);

      const fileId = newId();
      const png = Buffer.from('\x89PNG the blue bike', 'latin1');
      await upload(suite.server, { token: admin }, fileId, {
        bytes: png,
        type: 'image/png',
        name: 'bike.png',
      });
      local().failNextWith(1, 429, ['messages:send']);
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', {
          chatId: chat.id,
          messageId,
          text: 'Not yet, here it is',
          attachments: [{ id: fileId, name: 'bike.png', type: 'image/png', size: png.length }],
        }),
      ]);
      await until(async () => (await deliveryJob(suite, messageId))?.lastError != null);
      await workers.stop();
      expect(service.sent).toEqual([]);
      workers = channelWorkers(suite, suite.server.baseUrl);
      await until(
        async () => (await deliveryJob(suite, messageId))?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(service.sent.map((sent) => sent.text ?? sent.media?.contentType)).toEqual([
        'Not yet, here it is',
        'image/png',
      ]);
      expect(service.sent[1]?.media?.bytes.equals(png)).toBe(true);

      const first = service.sent[0]?.id ?? '';
      expect(await service.reportDelivery(first, 'READ')).toBe(200);
      await until(async () => (await messageStatus(suite, messageId)) === 'read');
      expect(await service.reportDelivery(first, 'DELIVERED')).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await messageStatus(suite, messageId)).toBe('read');
    });

    it('offers an auto-reply’s answers as a choice, and a reply Viber cannot take is undelivered with Sinch’s reason', async () => {
      const service = local().addViberService('grodno-cafe', 'Grodno Cafe');
      const { admin, channelId } = await connected(service, 'Viber cafe');
      await greetWithButtons(suite, admin, channelId, 'Hello! What would you like?', [
        'Menu',
        'Book a table',
      ]);
      const customer = service.newCustomer('375331112233', 'Olga');
      await service.customerWrites(customer, 'Hi');
      await until(() => service.sent.length > 0);
      expect(service.sent[0]).toMatchObject({
        text: 'Hello! What would you like?',
        choices: ['Menu', 'Book a table'],
      });

      const chat = await chatOf(channelId, customer);
      const messageId = newId();
      await sendCommands(suite.server, admin, [
        command('message.send', { chatId: chat.id, messageId, text: 'See you', attachments: [] }),
      ]);
      await until(async () => (await deliveryJob(suite, messageId))?.state === 'sent');
      const sent = service.sent.at(-1)?.id ?? '';
      expect(await service.reportDelivery(sent, 'FAILED', 'RECIPIENT_NOT_REACHABLE')).toBe(200);
      await until(async () => (await messageStatus(suite, messageId)) === 'undelivered');
      const [failed] = await suite.server.database.db
        .select({ reason: t.messages.failureReason })
        .from(t.messages)
        .where(eq(t.messages.id, messageId));
      expect(failed?.reason).toBe(
        'It was not possible to reach the contact, or channel recipient identity, on the channel.',
      );
    });
  });
});
