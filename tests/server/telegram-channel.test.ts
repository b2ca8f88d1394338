import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import type { ChannelAdapter } from '../../server/channels/adapter';
import { channelAdapters } from '../../server/channels/registry';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import {
  channelWorkers,
  connectChannel,
  customerMessages,
  greetWithButtons,
  until,
} from './provider-channel-helpers';
import { call, command, sendCommands, serverForSuite } from './harness';
import { startBotApiServer, type BotApiServer } from '../providers/telegram/bot-api-server';

/**
 * A Telegram channel through the whole server: connected by an administrator's command (the
 * token checked against the local Bot API server), a customer's updates stored and turned into a
 * chat in the Pending list, and an operator's reply delivered to the Bot API server exactly once.
 * The server's adapters are the installation's own (the registry), pointed at the local server
 * by TELEGRAM_API_ROOT as a company would point them at theirs.
 */
let api: BotApiServer;
/** Filled before the server starts (hooks run in order), once the local server has its port. */
const adapters: { telegram?: ChannelAdapter } = {};
beforeAll(async () => {
  api = await startBotApiServer();
  Object.assign(adapters, channelAdapters({ TELEGRAM_API_ROOT: api.url }));
});
afterAll(() => api.close());

const suite = serverForSuite({ channelAdapters: adapters });
const anna = { id: 501, firstName: 'Anna', lastName: 'Petrova' };

const connect = (token: string, name: string) =>
  connectChannel(suite, 'telegram', name, {}, { token });

const workersWith = (publicUrl: string | null): ChannelWorkers => channelWorkers(suite, publicUrl);

const messagesOf = (channelId: string, externalId: string) =>
  customerMessages(suite, channelId, externalId);

describe('a Telegram channel', () => {
  it('is connected only with a token the Bot API knows, of a bot whose name ends in “bot”', async () => {
    const bot = api.addBot('acme_connect_bot');
    const { result, channelId } = await connect(bot.token, 'Telegram connect');
    expect(result).toMatchObject({ ok: true });
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channelId));
    expect(row?.settings).toMatchObject({ botUsername: 'acme_connect_bot' });

    const stranger = api.addBot('stranger_bot');
    const wrong = await connect(
      `${stranger.token.split(':')[0]}:AAnotTheRightSecretAtAllxx`,
      'Telegram wrong',
    );
    expect(wrong.result).toMatchObject({
      ok: false,
      error: { name: 'SERVICE_ACCOUNT_INVALID_TOKEN' },
    });
    const notBot = await connect(api.addBot('acme_support').token, 'Telegram not a bot');
    expect(notBot.result).toMatchObject({
      ok: false,
      error: { name: 'SERVICE_ACCOUNT_INVALID_FIELDS' },
    });
    const names = await suite.server.database.db
      .select({ name: t.channels.name })
      .from(t.channels)
      .where(eq(t.channels.type, 'telegram'));
    expect(names.map((channel) => channel.name)).toEqual(['Telegram connect']);
  });

  describe('with a public address (webhook)', () => {
    let workers: ChannelWorkers;
    beforeAll(() => {
      workers = workersWith(suite.server.baseUrl);
    });
    afterAll(() => workers.stop());

    it('refuses a webhook call with a wrong secret, storing nothing', async () => {
      const bot = api.addBot('acme_hook_bot');
      const { channelId } = await connect(bot.token, 'Telegram hook');
      await until(() => bot.webhook !== undefined);
      expect(bot.webhook?.url).toBe(`${suite.server.baseUrl}/api/channels/${channelId}/webhook`);
      const forged = await call(suite.server, 'POST', `/api/channels/${channelId}/webhook`, {
        raw: JSON.stringify(bot.composeText(anna, 'forged')),
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': 'guess',
        },
      });
      expect(forged.body).toMatchObject({ code: 'error', error: { name: 'ACCESS_DENIED' } });
      const stored = await suite.server.database.db
        .select()
        .from(t.channelInboundEvents)
        .where(eq(t.channelInboundEvents.channelId, channelId));
      expect(stored).toEqual([]);
    });

    it('turns a customer’s messages into one Pending chat, each message once, duplicates and reordering included', async () => {
      const bot = api.addBot('acme_inbox_bot');
      const { channelId } = await connect(bot.token, 'Telegram inbox');
      await until(() => bot.webhook !== undefined);
      const first = bot.composeText(anna, 'Hello, my parcel is late');
      const second = bot.composeText(anna, 'Order 1234');
      // Telegram delivers the second before the first, then the first again.
      await bot.redeliver(second, first, first);
      await until(async () => (await messagesOf(channelId, String(anna.id))).length >= 2);
      const rows = await messagesOf(channelId, String(anna.id));
      expect(rows.map((row) => row.message.text).sort()).toEqual(
        ['Hello, my parcel is late', 'Order 1234'].sort(),
      );
      expect(new Set(rows.map((row) => row.chat.id)).size).toBe(1);
      expect(rows[0]?.chat.status).toBe('pending');
      expect(bot.webhookAnswers.every((answer) => answer.status === 200)).toBe(true);
    });

    it('keeps a customer’s photo, its largest size, in the product’s file storage', async () => {
      const bot = api.addBot('acme_photo_bot');
      const { channelId } = await connect(bot.token, 'Telegram photo');
      await until(() => bot.webhook !== undefined);
      const photo = Buffer.alloc(3000, 5);
      await bot.customerSendsPhoto(anna, photo, 'The box arrived broken');
      await until(async () => (await messagesOf(channelId, String(anna.id))).length === 1);
      const [row] = await messagesOf(channelId, String(anna.id));
      expect(row?.message.text).toBe('The box arrived broken');
      const [attachment] = row?.message.attachments ?? [];
      expect(attachment).toMatchObject({ type: 'image/jpeg', size: photo.length });
      const [stored] = await suite.server.database.db
        .select({ data: t.files.data })
        .from(t.files)
        .where(eq(t.files.id, attachment?.id ?? ''));
      expect(stored?.data).toEqual(photo);
    });

    it('offers an auto-reply’s buttons as an inline keyboard, whose press comes back as the customer’s words', async () => {
      const bot = api.addBot('acme_keys_bot');
      const { channelId, admin } = await connect(bot.token, 'Telegram keys');
      await until(() => bot.webhook !== undefined);
      // Telegram sends button presses only to a bot that asked for them.
      expect(bot.webhook?.allowedUpdates).toContain('callback_query');
      await greetWithButtons(suite, admin, channelId, 'Hello! What is it about?', [
        'Prices',
        'Delivery',
      ]);
      await bot.customerWrites(anna, 'Hi');
      await until(() => bot.sent.some((sent) => sent.inlineKeyboard !== undefined));
      const greeting = bot.sent.find((sent) => sent.inlineKeyboard !== undefined);
      expect(greeting).toMatchObject({
        text: 'Hello! What is it about?',
        inlineKeyboard: [[{ text: 'Prices' }], [{ text: 'Delivery' }]],
      });
      // A press arrives as a callback_query; its label becomes the customer's message, and the
      // press is answered so the button stops spinning.
      if (!greeting) throw new Error('no greeting with buttons');
      const press = await bot.customerPresses(anna, greeting, 'Delivery');
      await until(async () =>
        (await messagesOf(channelId, String(anna.id))).some(
          ({ message }) => message.text === 'Delivery',
        ),
      );
      await until(() => bot.answeredPresses.has(press?.callback_query?.id ?? ''));
      // A press delivered twice is still one message.
      if (press) await bot.redeliver(press);
      await until(
        () => bot.webhookAnswers.filter((a) => a.updateId === press?.update_id).length === 2,
      );
      const deliveries = (await messagesOf(channelId, String(anna.id))).filter(
        ({ message }) => message.text === 'Delivery',
      );
      expect(deliveries).toHaveLength(1);
    });

    it('delivers an operator’s reply exactly once after the Bot API answered 503, then 429', async () => {
      const bot = api.addBot('acme_reply_bot');
      const { channelId, admin } = await connect(bot.token, 'Telegram reply');
      await until(() => bot.webhook !== undefined);
      await bot.customerWrites(anna, 'Is anyone there?');
      await until(async () => (await messagesOf(channelId, String(anna.id))).length === 1);
      const [row] = await messagesOf(channelId, String(anna.id));
      if (!row) throw new Error('the customer’s message did not arrive');

      bot.failNextWith503(1, ['sendMessage']);
      bot.failNextWith429(1, 7, ['sendMessage']);
      const [sent] = await sendCommands(suite.server, admin, [
        command('message.send', { chatId: row.chat.id, text: 'Yes, how can I help?' }),
      ]);
      expect(sent).toMatchObject({ ok: true });
      // The pipeline's backoff, then Telegram's retry_after of 7 s, pass on the server's clock.
      const job = async () => {
        const [found] = await suite.server.database.db
          .select()
          .from(t.channelDeliveries)
          .where(eq(t.channelDeliveries.chatId, row.chat.id));
        return found;
      };
      await until(
        async () => (await job())?.state === 'sent',
        () => {
          suite.server.clock.advance(10_000);
        },
      );
      expect(await job()).toMatchObject({ attempts: 3, lastError: null });
      expect(bot.sent).toEqual([
        expect.objectContaining({
          method: 'sendMessage',
          chatId: anna.id,
          text: 'Yes, how can I help?',
        }),
      ]);
      expect(bot.calls.filter((name) => name === 'sendMessage')).toHaveLength(3);
    });
  });

  describe('without a public address (long polling)', () => {
    it('receives by getUpdates and, restarted, neither reads a message twice nor skips one', async () => {
      const bot = api.addBot('acme_poll_bot');
      const { channelId } = await connect(bot.token, 'Telegram poll');
      const arrived = async (count: number) =>
        (await messagesOf(channelId, String(anna.id))).length >= count;
      let workers = workersWith(null);
      await bot.customerWrites(anna, 'one');
      await bot.customerWrites(anna, 'two');
      await until(() => arrived(2));
      await workers.stop();

      // While the product is down, the customer writes again; the stopped instance's hold on
      // the bot lapses, and the restarted one (a new instance) takes it.
      await bot.customerWrites(anna, 'three');
      suite.server.clock.advance(10 * 60_000);
      workers = workersWith(null);
      await until(() => arrived(3));
      await workers.stop();
      const rows = await messagesOf(channelId, String(anna.id));
      expect(rows.map((row) => row.message.text)).toEqual(['one', 'two', 'three']);
      expect(bot.webhook).toBeUndefined();
    });
  });
});
