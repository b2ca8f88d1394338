import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { buildServer } from '../../server/http/app';
import type { PipelineDeps } from '../../server/channels/pipeline/pipeline-deps';
import { runDueInboundEvents, INBOUND_MAX_ATTEMPTS } from '../../server/channels/pipeline/inbound';
import { runDueDeliveries } from '../../server/channels/pipeline/outbound';
import { call, command, login, sendCommands, serverForSuite } from './harness';
import { TestProvider, testAdapter, type TestUpdate } from './channel-test-provider';

/**
 * The channel pipeline end to end on the server, through a local provider: a webhook's events
 * stored once and turned into messages once, a failing one set aside; a reply delivered exactly
 * once through 503, 429 and a restart; a permanent failure shown on the message; statuses that
 * only move forward.
 */
describe('channel pipeline', () => {
  const provider = new TestProvider();
  const adapters = { telegram: testAdapter(provider) };
  const suite = serverForSuite({ channelAdapters: adapters });
  let admin = '';
  const deps = (): PipelineDeps => ({
    database: suite.server.database,
    clock: suite.server.clock,
    wake: () => {},
    adapters,
  });

  beforeAll(async () => {
    await provider.start();
    admin = await login(suite.server, 'admin@demo.test');
  });
  afterAll(async () => {
    await provider.stop();
  });

  /** A connected bot channel of the demo organization, sending chats to Support. */
  async function botChannel() {
    const token = `token-${newId()}`;
    provider.bots.set(token, { id: newId(), username: 'shop_bot' });
    const channelId = newId();
    const [result] = await sendCommands(suite.server, admin, [
      command('channel.create', {
        channelId,
        type: 'telegram',
        name: `Bot ${channelId}`,
        teamId: suite.ids.support.id,
        notificationEmail: null,
        teamVisibility: false,
        active: true,
        ratingText: '',
        ratingBeforeEnd: false,
        settings: {},
        secrets: { token },
      }),
    ]);
    expect(result?.ok ? 'ok' : result?.error).toBe('ok');
    return { channelId, token };
  }

  const webhook = (
    channel: { channelId: string; token: string },
    body: { updates?: TestUpdate[]; statuses?: { id: string; status: string }[] },
    secret = channel.token,
  ) =>
    call(suite.server, 'POST', `/api/channels/${channel.channelId}/webhook`, {
      raw: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-test-secret': secret },
    });

  async function messagesOf(channelId: string) {
    return suite.server.database.db
      .select({ id: t.messages.id, text: t.messages.text, chatId: t.messages.chatId })
      .from(t.messages)
      .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
      .where(and(eq(t.chats.channelId, channelId), eq(t.messages.authorKind, 'client')));
  }

  async function eventOf(channelId: string, providerId: string) {
    const [event] = await suite.server.database.db
      .select()
      .from(t.channelInboundEvents)
      .where(
        and(
          eq(t.channelInboundEvents.channelId, channelId),
          eq(t.channelInboundEvents.providerId, providerId),
        ),
      );
    return event;
  }

  /** A customer's first message through the webhook, processed: its chat id. */
  async function customerWrites(channel: { channelId: string; token: string }, from: string) {
    const id = newId();
    expect(
      (await webhook(channel, { updates: [{ id, from, name: 'Ann', text: 'Hi' }] })).status,
    ).toBe(200);
    await runDueInboundEvents(deps());
    const event = await eventOf(channel.channelId, id);
    const [message] = await suite.server.database.db
      .select({ chatId: t.messages.chatId })
      .from(t.messages)
      .where(eq(t.messages.id, event?.messageId ?? newId()));
    if (!message) throw new Error('the customer’s message was not stored');
    return message.chatId;
  }

  async function reply(chatId: string, text: string, attachments: unknown[] = []) {
    const messageId = newId();
    const [result] = await sendCommands(suite.server, suite.supervisor, [
      command('message.send', { chatId, messageId, text, attachments }),
    ]);
    expect(result?.ok ? 'ok' : result?.error).toBe('ok');
    return messageId;
  }

  async function deliveryOf(messageId: string) {
    const [job] = await suite.server.database.db
      .select()
      .from(t.channelDeliveries)
      .where(eq(t.channelDeliveries.messageId, messageId));
    return job;
  }

  async function messageRow(messageId: string) {
    const [row] = await suite.server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, messageId));
    return row;
  }

  it('stores a webhook’s event once and makes one message of it, however often it comes', async () => {
    const channel = await botChannel();
    const update = { id: '101', from: 'customer-1', name: 'Ann', text: 'Where is my order?' };
    expect((await webhook(channel, { updates: [update] })).status).toBe(200);
    expect((await webhook(channel, { updates: [update] })).status).toBe(200);
    await runDueInboundEvents(deps());
    expect((await webhook(channel, { updates: [update] })).status).toBe(200);
    await runDueInboundEvents(deps());

    const stored = await messagesOf(channel.channelId);
    expect(stored.map((message) => message.text)).toEqual(['Where is my order?']);
    const event = await eventOf(channel.channelId, '101');
    expect(event).toMatchObject({ attempts: 1, dueAt: null, setAsideAt: null, lastError: null });
    expect(event?.processedAt).not.toBeNull();
  });

  it('refuses a webhook call without the channel’s secret and stores nothing of it', async () => {
    const channel = await botChannel();
    const answer = await webhook(
      channel,
      { updates: [{ id: '1', from: 'x', text: 'forged' }] },
      'wrong-secret',
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error.name).toBe('ACCESS_DENIED');
    expect(await eventOf(channel.channelId, '1')).toBeUndefined();
  });

  it('keeps a customer’s file with their message', async () => {
    const channel = await botChannel();
    const bytes = Buffer.from('%PDF-1.4 invoice');
    await webhook(channel, {
      updates: [
        {
          id: '7',
          from: 'customer-7',
          text: 'The invoice',
          file: { name: 'invoice.pdf', type: 'application/pdf', base64: bytes.toString('base64') },
        },
      ],
    });
    await runDueInboundEvents(deps());
    const event = await eventOf(channel.channelId, '7');
    const message = await messageRow(event?.messageId ?? newId());
    expect(message?.attachments).toEqual([
      expect.objectContaining({ name: 'invoice.pdf', type: 'application/pdf', size: bytes.length }),
    ]);
  });

  it('sets a failing event aside with its error after its attempts, and never drops it', async () => {
    const channel = await botChannel();
    await webhook(channel, { updates: [{ id: '13', from: 'c', text: '', broken: true }] });
    for (let attempt = 0; attempt < INBOUND_MAX_ATTEMPTS; attempt++) {
      await runDueInboundEvents(deps());
      suite.server.clock.advance(3_600_000);
    }
    const event = await eventOf(channel.channelId, '13');
    expect(event).toMatchObject({
      attempts: INBOUND_MAX_ATTEMPTS,
      lastError: 'malformed update',
      dueAt: null,
      processedAt: null,
    });
    expect(event?.setAsideAt).not.toBeNull();
    expect(event?.payload).toMatchObject({ id: '13', broken: true });
    expect(await messagesOf(channel.channelId)).toEqual([]);
  });

  it('takes no messages into an inactive channel (spec §4)', async () => {
    const channel = await botChannel();
    // Stored while active, processed after the channel was turned off: set aside, not lost.
    await webhook(channel, { updates: [{ id: '21', from: 'c-21', text: 'Hello?' }] });
    const [off] = await sendCommands(suite.server, admin, [
      command('channel.setActive', { channelId: channel.channelId, active: false }),
    ]);
    expect(off?.ok).toBe(true);
    await runDueInboundEvents(deps());
    expect(await eventOf(channel.channelId, '21')).toMatchObject({
      lastError: 'SEND_TO_DEACTIVATED_CHANNEL',
    });
    // And the webhook of an inactive channel takes nothing at all.
    const answer = await webhook(channel, { updates: [{ id: '22', from: 'c-21', text: 'Again' }] });
    expect(answer.status).toBe(404);
    expect(await eventOf(channel.channelId, '22')).toBeUndefined();
    expect(await messagesOf(channel.channelId)).toEqual([]);
  });

  it('delivers a reply exactly once, through a 503 and a 429 with retry-after', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-503');
    const messageId = await reply(chatId, 'Your order ships today');
    // The job was written with the reply.
    expect(await deliveryOf(messageId)).toMatchObject({
      state: 'pending',
      channelId: channel.channelId,
    });

    provider.script.push(
      { status: 503, body: { description: 'Service Unavailable' } },
      { status: 429, body: { description: 'Too Many Requests', retry_after: 30 } },
    );
    const before = provider.sent.length;
    await runDueDeliveries(deps());
    expect(await deliveryOf(messageId)).toMatchObject({
      state: 'pending',
      lastError: 'Service Unavailable',
    });
    suite.server.clock.advance(10_000);
    await runDueDeliveries(deps());
    const throttled = await deliveryOf(messageId);
    expect(throttled).toMatchObject({ state: 'pending', lastError: 'Too Many Requests' });
    // The provider's retry-after is honoured: nothing goes before it.
    suite.server.clock.advance(20_000);
    await runDueDeliveries(deps());
    expect(provider.sent.length).toBe(before);
    suite.server.clock.advance(11_000);
    await runDueDeliveries(deps());
    await runDueDeliveries(deps());

    expect(provider.sent.slice(before)).toEqual([
      { to: 'customer-503', text: 'Your order ships today', files: [] },
    ]);
    const sent = await deliveryOf(messageId);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3, dueAt: null });
    expect(sent?.providerMessageId).toMatch(/^p-/);
  });

  it('delivers a reply queued before a restart once, by the restarted server', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-restart');
    const messageId = await reply(chatId, 'Sent across a restart');
    const before = provider.sent.length;

    // A second server on the same database, with its workers running, as after a restart.
    const restarted = await buildServer({
      database: suite.server.database,
      clock: suite.server.clock,
      channelAdapters: adapters,
      channelWorkers: { publicUrl: null },
    });
    // Its workers begin once it listens, as a started server's do.
    await restarted.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 100 && (await deliveryOf(messageId))?.state !== 'sent'; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await restarted.app.close();
    }
    await runDueDeliveries(deps());
    expect(provider.sent.slice(before)).toEqual([
      { to: 'customer-restart', text: 'Sent across a restart', files: [] },
    ]);
    expect(await deliveryOf(messageId)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('polls a channel without a public address, reading each update once across a restart', async () => {
    const channel = await botChannel();
    provider.updates.set(channel.token, [
      { id: 'poll-1', from: 'customer-poll', text: 'Polled hello' },
    ]);
    const running = async (until: () => Promise<boolean>) => {
      const server = await buildServer({
        database: suite.server.database,
        clock: suite.server.clock,
        channelAdapters: adapters,
        channelWorkers: { publicUrl: null },
      });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        for (let i = 0; i < 200 && !(await until()); i++)
          await new Promise((resolve) => setTimeout(resolve, 25));
      } finally {
        await server.app.close();
      }
    };
    const cursor = async () => {
      const [row] = await suite.server.database.db
        .select({ value: t.channelCursors.value })
        .from(t.channelCursors)
        .where(
          and(
            eq(t.channelCursors.channelId, channel.channelId),
            eq(t.channelCursors.key, 'offset'),
          ),
        );
      return row?.value;
    };
    await running(async () => (await messagesOf(channel.channelId)).length === 1);
    expect(await cursor()).toBe('1');

    // A second update arrives while the product is down; the restarted one reads only it.
    provider.updates
      .get(channel.token)
      ?.push({ id: 'poll-2', from: 'customer-poll', text: 'Still there?' });
    await running(async () => (await messagesOf(channel.channelId)).length === 2);
    expect((await messagesOf(channel.channelId)).map((message) => message.text).sort()).toEqual([
      'Polled hello',
      'Still there?',
    ]);
    expect(await cursor()).toBe('2');
  });

  it('marks a reply the provider refuses for good undelivered, with the reason, in sync', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-blocked');
    const messageId = await reply(chatId, 'Are you there?');
    provider.script.push({
      status: 403,
      body: { description: 'Forbidden: bot was blocked by the user' },
    });
    await runDueDeliveries(deps());

    expect(await messageRow(messageId)).toMatchObject({
      status: 'undelivered',
      failureReason: 'Forbidden: bot was blocked by the user',
    });
    expect(await deliveryOf(messageId)).toMatchObject({ state: 'failed' });
    const events = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.type, 'message.statusChanged'));
    const change = events
      .flatMap((event) => event.changes as { key: string; row?: Record<string, unknown> }[])
      .find((candidate) => candidate.key === messageId);
    expect(change?.row).toMatchObject({
      status: 'undelivered',
      failureReason: 'Forbidden: bot was blocked by the user',
    });
  });

  it('moves delivery statuses only forward, whatever order they come in', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-status');
    const messageId = await reply(chatId, 'Tracking number inside');
    await runDueDeliveries(deps());
    const providerId = (await deliveryOf(messageId))?.providerMessageId ?? '';

    await webhook(channel, { statuses: [{ id: providerId, status: 'read' }] });
    await webhook(channel, { statuses: [{ id: providerId, status: 'delivered' }] });
    expect((await messageRow(messageId))?.status).toBe('read');
    expect((await deliveryOf(messageId))?.state).toBe('read');
  });

  it('refuses a reply into a deactivated channel by name, and queues nothing', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-off');
    await sendCommands(suite.server, admin, [
      command('channel.setActive', { channelId: channel.channelId, active: false }),
    ]);
    const messageId = newId();
    const [result] = await sendCommands(suite.server, suite.supervisor, [
      command('message.send', { chatId, messageId, text: 'Hello', attachments: [] }),
    ]);
    expect(result?.ok ? 'ok' : result?.error.name).toBe('SEND_TO_DEACTIVATED_CHANNEL');
    expect(await deliveryOf(messageId)).toBeUndefined();
  });

  it('shows the channel’s health: messages in and out, and the provider’s last error', async () => {
    const channel = await botChannel();
    const chatId = await customerWrites(channel, 'customer-health');
    const health = async () => {
      const [row] = await suite.server.database.db
        .select()
        .from(t.channelHealth)
        .where(eq(t.channelHealth.id, channel.channelId));
      return row;
    };
    expect((await health())?.lastInboundAt).not.toBeNull();

    await reply(chatId, 'First try fails');
    provider.script.push({ status: 503, body: { description: 'Service Unavailable' } });
    await runDueDeliveries(deps());
    expect(await health()).toMatchObject({
      connected: false,
      lastError: 'Service Unavailable',
      pendingDeliveries: 1,
    });
    suite.server.clock.advance(10_000);
    await runDueDeliveries(deps());
    const recovered = await health();
    expect(recovered).toMatchObject({ connected: true, lastError: null, pendingDeliveries: 0 });
    expect(recovered?.lastOutboundAt).not.toBeNull();
    // Browsers hear of it through the log, as a synced channelHealth row.
    const events = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.type, 'channel.healthChanged'));
    expect(
      events.some((event) =>
        (event.changes as { table: string; key: string }[]).some(
          (change) => change.table === 'channelHealth' && change.key === channel.channelId,
        ),
      ),
    ).toBe(true);
  });

  it('queues nothing for a site-chat reply: its customers read our feed', async () => {
    const jobs = await suite.server.database.db
      .select()
      .from(t.channelDeliveries)
      .where(eq(t.channelDeliveries.channelId, suite.ids.channel.id));
    expect(jobs).toEqual([]);
  });
});
