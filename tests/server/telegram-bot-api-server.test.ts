import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotApiClient, BotApiError } from '../../server/channels/telegram/bot-api-client';
import { startBotApiServer, type BotApiServer } from '../providers/telegram/bot-api-server';

/**
 * The local Bot API server answers as Telegram's documentation shows, read through our client:
 * so the adapter's tests stand on a server that behaves like the real one.
 */
let api: BotApiServer;
beforeAll(async () => {
  api = await startBotApiServer();
});
afterAll(() => api.close());

const anna = { id: 501, firstName: 'Anna', lastName: 'Petrova' };

describe('the local Bot API server', () => {
  it('answers getMe for its token and 401 Unauthorized for another', async () => {
    const bot = api.addBot('acme_support_bot');
    expect(await new BotApiClient(api.url, bot.token).getMe()).toMatchObject({
      is_bot: true,
      username: 'acme_support_bot',
    });
    const wrong = new BotApiClient(api.url, `${bot.token}x`).getMe();
    await expect(wrong).rejects.toMatchObject({ code: 401, description: 'Unauthorized' });
  });

  it('long-polls getUpdates, forgets what an offset confirms, and refuses polling while a webhook is set', async () => {
    const bot = api.addBot('poll_bot');
    const client = new BotApiClient(api.url, bot.token);
    const waiting = client.getUpdates(0, 5);
    const update = await bot.customerWrites(anna, 'Hello');
    expect(await waiting).toEqual([update]);
    expect(await client.getUpdates(update.update_id + 1, 0)).toEqual([]);
    expect(bot.pendingUpdates()).toEqual([]);

    await client.setWebhook('http://127.0.0.1:9/hook', 'secret_1');
    await expect(client.getUpdates(0, 0)).rejects.toMatchObject({ code: 409 });
    await client.deleteWebhook();
    expect(await client.getUpdates(0, 0)).toEqual([]);
  });

  it('takes photos and documents as uploaded bytes and serves received files for download', async () => {
    const bot = api.addBot('files_bot');
    const client = new BotApiClient(api.url, bot.token);
    await bot.customerWrites(anna, 'hi');
    const bytes = Buffer.from('%PDF-1.4 a small pdf');
    await client.sendFile(
      'document',
      String(anna.id),
      { name: 'offer.pdf', type: 'application/pdf', data: bytes },
      'Our offer',
    );
    expect(bot.sent).toEqual([
      expect.objectContaining({
        method: 'sendDocument',
        chatId: anna.id,
        caption: 'Our offer',
        file: { name: 'offer.pdf', type: 'application/pdf', data: bytes },
      }),
    ]);
    const photo = Buffer.alloc(4096, 7);
    const update = await bot.customerSendsPhoto(anna, photo);
    const largest = update.message?.photo?.at(-1);
    expect(await client.downloadFile(largest?.file_id ?? '', 10_000)).toEqual(photo);
  });

  it('answers an unknown chat with 400 chat not found, and scripted 503 and 429 with retry_after', async () => {
    const bot = api.addBot('errors_bot');
    const client = new BotApiClient(api.url, bot.token);
    await expect(client.sendMessage('42', 'hi')).rejects.toMatchObject({
      code: 400,
      description: 'Bad Request: chat not found',
      retryable: false,
    });
    await bot.customerWrites(anna, 'hi');
    bot.failNextWith503(1, ['sendMessage']);
    bot.failNextWith429(1, 3, ['sendMessage']);
    const first = await client.sendMessage(String(anna.id), 'one').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(BotApiError);
    expect(first).toMatchObject({ code: 503, retryable: true });
    await expect(client.sendMessage(String(anna.id), 'one')).rejects.toMatchObject({
      code: 429,
      retryAfter: 3,
      retryable: true,
    });
    await client.sendMessage(String(anna.id), 'one');
    expect(bot.sent.map((message) => message.text)).toEqual(['one']);
  });

  it('posts updates to the webhook with the secret token header, retrying when refused', async () => {
    const bot = api.addBot('hook_bot');
    const received: { secret: string; body: unknown }[] = [];
    let refuse = 1;
    const { createServer } = await import('node:http');
    const hook = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          secret: String(request.headers['x-telegram-bot-api-secret-token']),
          body: JSON.parse(Buffer.concat(chunks).toString()),
        });
        response.statusCode = refuse-- > 0 ? 500 : 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const port = (hook.address() as { port: number }).port;
    await new BotApiClient(api.url, bot.token).setWebhook(
      `http://127.0.0.1:${port}/hook`,
      'The-Secret_1',
    );
    const update = await bot.customerWrites(anna, 'via webhook');
    expect(received).toEqual([
      { secret: 'The-Secret_1', body: update },
      { secret: 'The-Secret_1', body: update },
    ]);
    expect(bot.webhookAnswers.map((answer) => answer.status)).toEqual([500, 200]);
    hook.close();
  });
});
