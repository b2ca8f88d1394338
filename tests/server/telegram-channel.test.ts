import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { storeInboundEvents, runDueInboundEvents } from '../../server/channels/pipeline/inbound';
import { runDueDeliveries } from '../../server/channels/pipeline/outbound';
import type { PipelineDeps } from '../../server/channels/pipeline/pipeline-deps';
import { adapterOf } from '../../server/channels/registry';
import { webhookSecret } from '../../server/channels/telegram/webhook-secret';
import { command, login, sendCommands, serverForSuite } from './harness';
import {
  startBotApiServer,
  type BotApiServer,
  type FakeBot,
} from '../providers/telegram/bot-api-server';
import type { TgUpdate } from '../providers/telegram/bot-api-shapes';

/**
 * A Telegram channel through the whole server: connected by an administrator's command (the
 * token checked against the local Bot API server), a customer's updates stored and turned into a
 * chat in the Pending list, and an operator's reply delivered to the Bot API server exactly once.
 * The server's adapters are the installation's own (the registry), pointed at the local server
 * with TELEGRAM_API_ROOT as a company would point them at theirs.
 */
let api: BotApiServer;
beforeAll(async () => {
  api = await startBotApiServer();
  process.env.TELEGRAM_API_ROOT = api.url;
});
afterAll(async () => {
  delete process.env.TELEGRAM_API_ROOT;
  await api.close();
});

const suite = serverForSuite();
const anna = { id: 501, firstName: 'Anna', lastName: 'Petrova' };

const deps = (): PipelineDeps => ({
  database: suite.server.database,
  clock: suite.server.clock,
  wake: (orgId) => {
    suite.server.context.hub.wake(orgId);
  },
  adapters: suite.server.context.adapters,
});

async function connect(token: string, name: string) {
  const admin = await login(suite.server, 'admin@demo.test');
  const channelId = newId();
  const [result] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId,
      type: 'telegram',
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: {},
      secrets: { token },
    }),
  ]);
  return { admin, channelId, result };
}

/** The webhook call Telegram makes, as the adapter checks it, then stored by the pipeline. */
async function webhookCall(
  channelId: string,
  bot: FakeBot,
  update: TgUpdate,
  secret = webhookSecret(bot.token, channelId),
) {
  const adapter = adapterOf(suite.server.context.adapters, 'telegram');
  const [channel] = await suite.server.database.db
    .select()
    .from(t.channels)
    .where(eq(t.channels.id, channelId));
  if (!adapter?.webhook || !channel) throw new Error('no telegram adapter or channel');
  const verdict = adapter.webhook(
    { ...channel, type: 'telegram', secrets: { token: bot.token } },
    {
      headers: { 'x-telegram-bot-api-secret-token': secret },
      body: Buffer.from(JSON.stringify(update)),
    },
  );
  if (!verdict.ok) return verdict;
  await storeInboundEvents(deps(), channel, verdict.events);
  return verdict;
}

async function messagesOf(channelId: string, externalId: string) {
  return suite.server.database.db
    .select({ chat: t.chats, message: t.messages })
    .from(t.messages)
    .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
    .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
    .where(
      and(
        eq(t.chats.channelId, channelId),
        eq(t.clientContacts.channelId, channelId),
        eq(t.clientContacts.value, externalId),
      ),
    )
    .orderBy(t.messages.createdAt);
}

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

  it('refuses a webhook call with a wrong secret, storing nothing', async () => {
    const bot = api.addBot('acme_hook_bot');
    const { channelId } = await connect(bot.token, 'Telegram hook');
    const verdict = await webhookCall(channelId, bot, bot.composeText(anna, 'forged'), 'guess');
    expect(verdict).toMatchObject({ ok: false, status: 401 });
    const stored = await suite.server.database.db
      .select()
      .from(t.channelInboundEvents)
      .where(eq(t.channelInboundEvents.channelId, channelId));
    expect(stored).toEqual([]);
  });

  it('turns a customer’s messages into one Pending chat, each message once, duplicates and reordering included', async () => {
    const bot = api.addBot('acme_inbox_bot');
    const { channelId } = await connect(bot.token, 'Telegram inbox');
    const first = bot.composeText(anna, 'Hello, my parcel is late');
    const second = bot.composeText(anna, 'Order 1234');
    // Telegram delivers the second before the first, then the first again.
    for (const update of [second, first, first]) await webhookCall(channelId, bot, update);
    await runDueInboundEvents(deps());
    const rows = await messagesOf(channelId, String(anna.id));
    expect(rows.map((row) => row.message.text).sort()).toEqual(
      ['Hello, my parcel is late', 'Order 1234'].sort(),
    );
    expect(new Set(rows.map((row) => row.chat.id)).size).toBe(1);
    expect(rows[0]?.chat.status).toBe('pending');
  });

  it('delivers an operator’s reply exactly once after the Bot API answered 503, then 429', async () => {
    const bot = api.addBot('acme_reply_bot');
    const { channelId, admin } = await connect(bot.token, 'Telegram reply');
    await webhookCall(channelId, bot, await bot.customerWrites(anna, 'Is anyone there?'));
    await runDueInboundEvents(deps());
    const [row] = await messagesOf(channelId, String(anna.id));
    if (!row) throw new Error('the customer’s message did not arrive');

    bot.failNextWith503(1, ['sendMessage']);
    bot.failNextWith429(1, 7, ['sendMessage']);
    const [sent] = await sendCommands(suite.server, admin, [
      command('message.send', { chatId: row.chat.id, text: 'Yes, how can I help?' }),
    ]);
    expect(sent).toMatchObject({ ok: true });
    for (let round = 0; round < 4; round++) {
      await runDueDeliveries(deps());
      // The pipeline's backoff, then Telegram's retry_after of 7 s, pass.
      suite.server.clock.advance(60_000);
    }
    expect(bot.sent).toEqual([
      expect.objectContaining({
        method: 'sendMessage',
        chatId: anna.id,
        text: 'Yes, how can I help?',
      }),
    ]);
    expect(bot.calls.filter((name) => name === 'sendMessage')).toHaveLength(3);
    const replies = await messagesOf(channelId, String(anna.id));
    expect(replies.map((reply) => [reply.message.text, reply.message.status])).toContainEqual([
      'Yes, how can I help?',
      'sent',
    ]);
  });
});
