import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdapterChannel,
  RawInboundEvent,
  ReceiveContext,
} from '../../server/channels/adapter';
import { telegramAdapter } from '../../server/channels/telegram/telegram-adapter';
import {
  startBotApiServer,
  type BotApiServer,
  type FakeBot,
} from '../providers/telegram/bot-api-server';

/**
 * The Telegram adapter against the local Bot API server: what it tells the pipeline it received,
 * what Telegram receives from it, and what it refuses. The pipeline's own side (events stored
 * once, delivery jobs) is tested in telegram-channel.test.ts through the whole server.
 */
let api: BotApiServer;
beforeAll(async () => {
  api = await startBotApiServer();
});
afterAll(() => api.close());

const anna = { id: 501, firstName: 'Anna', lastName: 'Petrova' };
const adapter = () => telegramAdapter({ TELEGRAM_API_ROOT: api.url });
const channelOf = (bot: FakeBot): AdapterChannel => ({
  id: '01900000-0000-7000-8000-000000000001',
  orgId: '01900000-0000-7000-8000-000000000002',
  type: 'telegram',
  name: 'Support bot',
  settings: {},
  secrets: { token: bot.token },
});

/** What the pipeline gives a receiver: a cursor kept in memory, and deliveries it records. */
function receiving(bot: FakeBot, cursor = new Map<string, string>()) {
  const delivered: RawInboundEvent[] = [];
  const health: { connected: boolean; error?: string }[] = [];
  const abort = new AbortController();
  let refuse = 0;
  let wake: () => void = () => undefined;
  const context: ReceiveContext = {
    channel: channelOf(bot),
    cursor: {
      get: (key) => Promise.resolve(cursor.get(key) ?? null),
      set: (key, value) => {
        cursor.set(key, value);
        return Promise.resolve();
      },
    },
    deliver: (events) => {
      if (refuse > 0) {
        refuse--;
        return Promise.reject(new Error('the database is down'));
      }
      delivered.push(...events);
      wake();
      return Promise.resolve();
    },
    statuses: () => Promise.resolve(),
    health: (report) => health.push(report),
    webhookUrl: null,
    signal: abort.signal,
  };
  return {
    context,
    cursor,
    delivered,
    health,
    abort,
    refuseNext: (count: number) => {
      refuse = count;
    },
    /** Resolves once `count` events were delivered in all. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (delivered.length >= count) resolve();
        };
        wake = check;
        check();
      }),
  };
}

const textsOf = (events: RawInboundEvent[]) =>
  events.map((event) => (event.payload as { message: { text: string } }).message.text);

describe('checking a bot token', () => {
  const signal = () => AbortSignal.timeout(5000);

  it('names the bot by its Telegram id and keeps its username', async () => {
    const bot = api.addBot('acme_support_bot');
    expect(
      await adapter().check({ settings: {}, secrets: { token: bot.token } }, signal()),
    ).toEqual({
      ok: true,
      identity: String(bot.user.id),
      settings: { botUsername: 'acme_support_bot', botName: 'acme_support_bot' },
    });
  });

  it.each([
    [
      'a token Telegram does not know',
      (bot: FakeBot) => `${bot.token.split(':')[0]}:AAunknownunknownunknownunknown`,
    ],
    ['text that is not a token', () => 'hello'],
    ['a token that would reshape the address', (bot: FakeBot) => `${bot.token}/../getMe`],
  ])('refuses %s as an incorrect token', async (_case, token) => {
    const bot = api.addBot('other_bot');
    expect(
      await adapter().check({ settings: {}, secrets: { token: token(bot) } }, signal()),
    ).toEqual({
      ok: false,
      error: 'SERVICE_ACCOUNT_INVALID_TOKEN',
      field: 'token',
    });
  });

  it('refuses a token when the Bot API does not answer', async () => {
    const unreachable = telegramAdapter({ TELEGRAM_API_ROOT: 'http://127.0.0.1:9' });
    const bot = api.addBot('lonely_bot');
    expect(
      await unreachable.check({ settings: {}, secrets: { token: bot.token } }, signal()),
    ).toMatchObject({
      ok: false,
      error: 'SERVICE_ACCOUNT_INVALID_TOKEN',
    });
  });

  it('refuses a bot whose username does not end in "bot" (spec §5)', async () => {
    const bot = api.addBot('acme_support');
    expect(
      await adapter().check({ settings: {}, secrets: { token: bot.token } }, signal()),
    ).toEqual({
      ok: false,
      error: 'SERVICE_ACCOUNT_INVALID_FIELDS',
      field: 'token',
    });
  });
});

describe('receiving by webhook', () => {
  it('registers the webhook with a secret token and accepts only calls that carry it', async () => {
    const bot = api.addBot('hook_bot');
    const { context } = receiving(bot);
    const receiver = await adapter().start({
      ...context,
      webhookUrl: 'http://127.0.0.1:9/api/channels/x/webhook',
    });
    expect(bot.webhook?.url).toBe('http://127.0.0.1:9/api/channels/x/webhook');
    const secret = bot.webhook?.secretToken ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(bot.webhook?.url).not.toContain(secret);
    expect(bot.webhook?.url).not.toContain(bot.token);

    const update = bot.composeText(anna, 'Hello');
    const body = Buffer.from(JSON.stringify(update));
    const channel = channelOf(bot);
    expect(
      adapter().webhook?.(channel, {
        headers: { 'x-telegram-bot-api-secret-token': secret },
        body,
      }),
    ).toEqual({
      ok: true,
      events: [{ providerId: String(update.update_id), payload: update }],
    });
    for (const headers of [
      {},
      { 'x-telegram-bot-api-secret-token': `${secret}x` },
      { 'x-telegram-bot-api-secret-token': [secret, secret] },
    ])
      expect(adapter().webhook?.(channel, { headers, body })).toMatchObject({
        ok: false,
        status: 401,
      });
    // A call with the right secret and a body that is no update is refused, not stored.
    expect(
      adapter().webhook?.(channel, {
        headers: { 'x-telegram-bot-api-secret-token': secret },
        body: Buffer.from('{'),
      }),
    ).toMatchObject({ ok: false, status: 400 });
    await receiver.stop();
  });
});

describe('receiving by long polling', () => {
  it('delivers each update once and resumes after a restart where it stopped', async () => {
    const bot = api.addBot('poll_bot');
    const first = receiving(bot);
    const receiver = await adapter().start(first.context);
    await bot.customerWrites(anna, 'one');
    await bot.customerWrites(anna, 'two');
    await first.until(2);
    first.abort.abort();
    await receiver.stop();
    expect(textsOf(first.delivered)).toEqual(['one', 'two']);

    // While the product is down, the customer writes again.
    await bot.customerWrites(anna, 'three');
    const second = receiving(bot, first.cursor);
    const restarted = await adapter().start(second.context);
    await second.until(1);
    second.abort.abort();
    await restarted.stop();
    expect(textsOf(second.delivered)).toEqual(['three']);
  });

  it('does not confirm updates the pipeline could not store: they come again', async () => {
    const bot = api.addBot('retry_poll_bot');
    const run = receiving(bot);
    run.refuseNext(1);
    await bot.customerWrites(anna, 'kept');
    const receiver = await adapter().start(run.context);
    await run.until(1);
    run.abort.abort();
    await receiver.stop();
    expect(textsOf(run.delivered)).toEqual(['kept']);
    expect(run.health).toContainEqual({ connected: false, error: 'receiving failed' });
  });

  it('removes a webhook left from before, which would make getUpdates answer 409', async () => {
    const bot = api.addBot('former_hook_bot');
    bot.webhook = { url: 'http://127.0.0.1:9/old' };
    const run = receiving(bot);
    const receiver = await adapter().start(run.context);
    await bot.customerWrites(anna, 'after the webhook');
    await run.until(1);
    run.abort.abort();
    await receiver.stop();
    expect(bot.webhook).toBeUndefined();
    expect(textsOf(run.delivered)).toEqual(['after the webhook']);
  });
});

describe('an inbound message', () => {
  it('is the customer’s text with their Telegram id and name', async () => {
    const bot = api.addBot('text_bot');
    const update = await bot.customerWrites(anna, 'Where is my order?');
    const event = { providerId: String(update.update_id), payload: update };
    expect(await adapter().toMessage(channelOf(bot), event, AbortSignal.timeout(5000))).toEqual({
      kind: 'message',
      client: { externalId: '501', name: 'Anna Petrova' },
      text: 'Where is my order?',
      files: [],
    });
  });

  it('carries a photo’s largest size and a document, fetched from Telegram at once', async () => {
    const bot = api.addBot('files_in_bot');
    const photo = Buffer.alloc(2048, 9);
    const photoUpdate = await bot.customerSendsPhoto(anna, photo, 'Broken box');
    const pdf = Buffer.from('%PDF-1.4 invoice');
    const documentUpdate = await bot.customerSendsDocument(anna, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      data: pdf,
    });
    const toMessage = (payload: unknown) =>
      adapter().toMessage(channelOf(bot), { providerId: '1', payload }, AbortSignal.timeout(5000));
    expect(await toMessage(photoUpdate)).toMatchObject({
      text: 'Broken box',
      files: [{ name: expect.stringMatching(/\.jpg$/), type: 'image/jpeg', bytes: photo }],
    });
    expect(await toMessage(documentUpdate)).toMatchObject({
      text: '',
      files: [{ name: 'invoice.pdf', type: 'application/pdf', bytes: pdf }],
    });
  });

  it('keeps a message whose file the inbox may not store, saying so in its text', async () => {
    const bot = api.addBot('exe_bot');
    const update = await bot.customerSendsDocument(
      anna,
      { name: 'setup.exe', type: 'application/x-msdownload', data: Buffer.from('MZ') },
      'see attached',
    );
    expect(
      await adapter().toMessage(
        channelOf(bot),
        { providerId: '1', payload: update },
        AbortSignal.timeout(5000),
      ),
    ).toMatchObject({
      kind: 'message',
      text: 'see attached\n[setup.exe: not kept, its type is not allowed]',
      files: [],
    });
  });

  it('is ignored with a reason for kinds the inbox does not carry', async () => {
    const bot = api.addBot('sticker_bot');
    const update = await bot.customerSendsSticker(anna);
    expect(
      await adapter().toMessage(
        channelOf(bot),
        { providerId: '1', payload: update },
        AbortSignal.timeout(5000),
      ),
    ).toEqual({
      kind: 'ignore',
      reason: 'not handled: a message with sticker',
    });
  });
});

describe('sending a reply', () => {
  const reply = (text: string, files: { name: string; type: string; bytes: Buffer }[] = []) => ({
    messageId: '01900000-0000-7000-8000-0000000000aa',
    recipient: String(anna.id),
    text,
    files: files.map((file, index) => ({
      id: `01900000-0000-7000-8000-0000000000f${String(index)}`,
      ...file,
    })),
    thread: [],
    lastInbound: null,
  });

  it('after a 503 and a 429 arrives exactly once, honouring retry_after', async () => {
    const bot = api.addBot('send_bot');
    await bot.customerWrites(anna, 'hi');
    bot.failNextWith503(1, ['sendMessage']);
    bot.failNextWith429(1, 2, ['sendMessage']);
    const telegram = adapter();
    const channel = channelOf(bot);
    const signal = AbortSignal.timeout(5000);
    expect(await telegram.send(channel, reply('Your order ships today'), signal)).toMatchObject({
      kind: 'retry',
    });
    expect(await telegram.send(channel, reply('Your order ships today'), signal)).toMatchObject({
      kind: 'retry',
      retryAfterSeconds: 2,
    });
    expect(await telegram.send(channel, reply('Your order ships today'), signal)).toEqual({
      kind: 'sent',
      providerMessageId: expect.stringMatching(/^501:\d+$/),
    });
    expect(bot.sent).toEqual([
      expect.objectContaining({
        method: 'sendMessage',
        chatId: 501,
        text: 'Your order ships today',
      }),
    ]);
  });

  it('sends a photo and a document as uploaded bytes, the text as the first one’s caption', async () => {
    const bot = api.addBot('send_files_bot');
    await bot.customerWrites(anna, 'hi');
    const photo = { name: 'label.png', type: 'image/png', bytes: Buffer.from('png bytes') };
    const pdf = { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF') };
    expect(
      await adapter().send(
        channelOf(bot),
        reply('Here you are', [photo, pdf]),
        AbortSignal.timeout(5000),
      ),
    ).toMatchObject({ kind: 'sent' });
    expect(bot.sent).toEqual([
      expect.objectContaining({
        method: 'sendPhoto',
        caption: 'Here you are',
        file: { name: 'label.png', type: 'image/png', data: photo.bytes },
      }),
      expect.objectContaining({
        method: 'sendDocument',
        file: { name: 'invoice.pdf', type: 'application/pdf', data: pdf.bytes },
      }),
    ]);
  });

  it('resumes a reply of several calls after the last part Telegram accepted', async () => {
    const bot = api.addBot('resume_bot');
    await bot.customerWrites(anna, 'hi');
    const pdf = { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF') };
    const long = 'x'.repeat(2000);
    bot.failNextWith503(1, ['sendDocument']);
    const telegram = adapter();
    const signal = AbortSignal.timeout(5000);
    expect(await telegram.send(channelOf(bot), reply(long, [pdf]), signal)).toMatchObject({
      kind: 'retry',
    });
    expect(await telegram.send(channelOf(bot), reply(long, [pdf]), signal)).toMatchObject({
      kind: 'sent',
    });
    expect(bot.sent.map((sent) => sent.method)).toEqual(['sendMessage', 'sendDocument']);
  });

  it('is undelivered, with Telegram’s reason, when the customer blocked the bot', async () => {
    const bot = api.addBot('blocked_bot');
    await bot.customerWrites(anna, 'hi');
    bot.customerBlocksBot(anna);
    expect(await adapter().send(channelOf(bot), reply('hello'), AbortSignal.timeout(5000))).toEqual(
      {
        kind: 'failed',
        reason: 'Forbidden: bot was blocked by the user',
      },
    );
    expect(bot.sent).toEqual([]);
  });

  it('is undelivered, with Telegram’s reason, when the chat does not exist', async () => {
    const bot = api.addBot('nochat_bot');
    expect(await adapter().send(channelOf(bot), reply('hello'), AbortSignal.timeout(5000))).toEqual(
      {
        kind: 'failed',
        reason: 'Bad Request: chat not found',
      },
    );
  });
});
