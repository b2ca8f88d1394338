import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type {
  AdapterChannel,
  ChannelAdapter,
  InboundMessage,
  RawInboundEvent,
  SendResult,
  WebhookResult,
} from '../../server/channels/adapter';

/**
 * A tiny messaging provider for the pipeline's tests, before any real channel exists: a local
 * HTTP server that checks tokens, accepts sends (or answers 503, 429 with retry_after, or 403 as
 * scripted) and records every request it received. The test adapter below speaks to it over
 * HTTP, as a real adapter speaks to its provider; nothing of ours is mocked.
 */
export type SentRecord = {
  to: string;
  text: string;
  files: { name: string; type: string; size: number }[];
};
export type Scripted = { status: number; body: Record<string, unknown> };

export class TestProvider {
  readonly sent: SentRecord[] = [];
  readonly checks: string[] = [];
  /** Answers to the next sends, in order; when empty, a send is accepted. */
  readonly script: Scripted[] = [];
  /** Updates waiting for a polling receiver, by token, numbered from 0 (getUpdates' offset). */
  readonly updates = new Map<string, TestUpdate[]>();
  /** Tokens the provider knows, with the bot each belongs to. */
  readonly bots = new Map<string, { id: string; username: string }>();
  private server: Server | null = null;
  private nextId = 1;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(({ status, body, headers }) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => {
        resolve();
      });
    });
  }

  private async answer(
    request: IncomingMessage,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
      string,
      unknown
    >;
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const bot = this.bots.get(token);
    if (!bot) return { status: 401, body: { ok: false, description: 'Unauthorized' } };
    if (request.url === '/me') {
      this.checks.push(bot.id);
      return { status: 200, body: { ok: true, result: bot } };
    }
    if (request.url === '/updates') {
      const offset = Number(body.offset ?? 0);
      const waiting = this.updates.get(token) ?? [];
      return { status: 200, body: { ok: true, result: waiting.slice(offset) } };
    }
    if (request.url === '/send') {
      const next = this.script.shift();
      if (next) {
        const retry = next.body.retry_after;
        return {
          status: next.status,
          body: { ok: false, ...next.body },
          headers: typeof retry === 'number' ? { 'retry-after': String(retry) } : {},
        };
      }
      const files = (body.files as { name: string; type: string; base64: string }[]).map(
        (file) => ({
          name: file.name,
          type: file.type,
          size: Buffer.from(file.base64, 'base64').length,
        }),
      );
      this.sent.push({ to: String(body.to), text: String(body.text), files });
      return { status: 200, body: { ok: true, result: { message_id: `p-${this.nextId++}` } } };
    }
    return { status: 404, body: { ok: false, description: 'Not Found' } };
  }
}

const secretMatches = (given: string | string[] | undefined, expected: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** An inbound event as the test provider's webhook sends it. */
export type TestUpdate = {
  id: string;
  from: string;
  name?: string;
  text: string;
  file?: { name: string; type: string; base64: string };
  /** Makes turning it into a message fail, as a malformed update would. */
  broken?: boolean;
};

/**
 * The test adapter: implements the contract against the test provider at `baseUrl`. It takes the
 * `telegram` type's settings and secret (a token), as the registry maps a type to one adapter.
 */
export function testAdapter(provider: TestProvider): ChannelAdapter {
  const token = (channel: { secrets: Readonly<Record<string, string>> }) =>
    channel.secrets.token ?? '';
  const post = (path: string, secret: string, body: unknown, signal: AbortSignal) =>
    fetch(`${provider.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  return {
    type: 'telegram',
    async check(credentials, signal) {
      const answer = await post('/me', credentials.secrets.token ?? '', {}, signal);
      if (answer.status === 401)
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
      const { result } = (await answer.json()) as { result: { id: string; username: string } };
      if (!result.username.toLowerCase().endsWith('bot'))
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'token' };
      return { ok: true, identity: result.id, settings: { botUsername: result.username } };
    },
    /** Polls `/updates` from the stored offset; the offset moves only after `deliver` resolved. */
    start(context) {
      const stop = new AbortController();
      const live = () => !stop.signal.aborted && !context.signal.aborted;
      const loop = (async () => {
        while (live()) {
          try {
            const offset = Number((await context.cursor.get('offset')) ?? '0');
            const answer = await post(
              '/updates',
              token(context.channel),
              { offset },
              context.signal,
            );
            const { result } = (await answer.json()) as { result: TestUpdate[] };
            await context.deliver(
              result.map((update) => ({ providerId: update.id, payload: update })),
            );
            if (result.length > 0)
              await context.cursor.set('offset', String(offset + result.length));
            context.health({ connected: true });
          } catch {
            if (!live()) break;
            context.health({ connected: false, error: 'poll failed' });
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      return Promise.resolve({
        stop: async () => {
          stop.abort();
          await loop;
        },
      });
    },
    webhook(channel: AdapterChannel, request): WebhookResult {
      if (!secretMatches(request.headers['x-test-secret'], token(channel)))
        return { ok: false, status: 401, reason: 'wrong secret' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const updates = (parsed as { updates?: TestUpdate[] }).updates ?? [];
      const events: RawInboundEvent[] = updates.map((update) => ({
        providerId: update.id,
        payload: update,
      }));
      const statuses = (
        (parsed as { statuses?: { id: string; status: 'delivered' | 'read' }[] }).statuses ?? []
      ).map((report) => ({
        providerMessageId: report.id,
        status: report.status,
      }));
      return { ok: true, events, statuses };
    },
    toMessage(_channel, event): Promise<InboundMessage> {
      const update = event.payload as TestUpdate;
      if (update.broken) return Promise.reject(new Error('malformed update'));
      return Promise.resolve({
        kind: 'message',
        client: { externalId: update.from, ...(update.name ? { name: update.name } : {}) },
        text: update.text,
        files: update.file
          ? [
              {
                name: update.file.name,
                type: update.file.type,
                bytes: Buffer.from(update.file.base64, 'base64'),
              },
            ]
          : [],
      });
    },
    async send(channel, message, signal): Promise<SendResult> {
      const answer = await post(
        '/send',
        token(channel),
        {
          to: message.recipient,
          text: message.text,
          files: message.files.map((file) => ({
            name: file.name,
            type: file.type,
            base64: file.bytes.toString('base64'),
          })),
        },
        signal,
      );
      const body = (await answer.json()) as {
        result?: { message_id: string };
        description?: string;
        retry_after?: number;
      };
      if (answer.ok && body.result)
        return { kind: 'sent', providerMessageId: body.result.message_id };
      const reason = body.description ?? `HTTP ${answer.status}`;
      if (answer.status === 429)
        return { kind: 'retry', reason, retryAfterSeconds: body.retry_after ?? 1 };
      if (answer.status >= 500) return { kind: 'retry', reason };
      return { kind: 'failed', reason };
    },
  };
}
