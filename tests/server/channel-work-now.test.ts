import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelAdapter } from '../../server/channels/adapter';
import { channelAdapters } from '../../server/channels/registry';
import { command, login, sendCommands, serverForSuite } from './harness';
import { startBotApiServer, type BotApiServer } from '../providers/telegram/bot-api-server';

/**
 * The pipeline's workers act when a command gives them work, not at their next round: a bot
 * connected by an administrator is read at once, and an operator's reply goes out at once. The
 * workers here have rounds an hour apart, so only the commands' own wake-ups can move anything.
 */
let api: BotApiServer;
const adapters: { telegram?: ChannelAdapter } = {};
beforeAll(async () => {
  api = await startBotApiServer();
  Object.assign(adapters, channelAdapters({ TELEGRAM_API_ROOT: api.url }));
});
afterAll(() => api.close());

const HOUR = 3_600_000;
const suite = serverForSuite({
  channelAdapters: adapters,
  channelWorkers: { publicUrl: null, everyMs: HOUR, superviseMs: HOUR },
});

/** Waits for the workers' background work; the test's own timeout bounds it. */
async function until<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('reads a newly connected bot and delivers a reply as soon as their commands commit', async () => {
  const bot = api.addBot('acme_instant_bot');
  const admin = await login(suite.server, 'admin@demo.test');
  const channelId = newId();
  const [connected] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId,
      type: 'telegram',
      name: 'Telegram instant',
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: {},
      secrets: { token: bot.token },
    }),
  ]);
  expect(connected).toMatchObject({ ok: true });

  // Without a public address the bot is long-polled; the poller starts with the channel.
  await bot.customerWrites({ id: 42, firstName: 'Nina' }, 'Are you open today?');
  const chat = await until(async () => {
    const [row] = await suite.server.database.db
      .select({ id: t.chats.id })
      .from(t.chats)
      .where(and(eq(t.chats.channelId, channelId), eq(t.chats.status, 'pending')));
    return row;
  });

  const [sent] = await sendCommands(suite.server, admin, [
    command('message.send', { chatId: chat.id, text: 'Yes, until eight.' }),
  ]);
  expect(sent).toMatchObject({ ok: true });
  await until(() => bot.sent.find((message) => message.text === 'Yes, until eight.'));
  expect(bot.sent).toEqual([
    expect.objectContaining({ method: 'sendMessage', chatId: 42, text: 'Yes, until eight.' }),
  ]);
}, 20_000);
