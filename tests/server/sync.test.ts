import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId, type EventsPage, type SyncEvent } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { LIVE_CLOSE } from '../../src/protocol';
import {
  call,
  command,
  customerWrites,
  LiveClient,
  login,
  sendCommands,
  serverForSuite,
  type TestServer,
} from './harness';

/** Reads a bootstrap NDJSON answer into its lines. */
async function bootstrap(server: TestServer, token: string) {
  const answer = await call(server, 'GET', '/api/sync/bootstrap', { token });
  expect(answer.status).toBe(200);
  const lines = (answer.body as string)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const line of lines.slice(1, -1)) {
    const table = line.table as string;
    rows.set(table, [...(rows.get(table) ?? []), ...(line.rows as Record<string, unknown>[])]);
  }
  return { first: lines[0], last: lines[lines.length - 1], rows };
}

/** Every event after a cursor, paged as a reconnecting client would. */
async function catchUp(
  server: TestServer,
  token: string,
  after: number,
  limit = 3,
): Promise<{ events: SyncEvent[]; cursor: number }> {
  const events: SyncEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = (
      await call(server, 'GET', `/api/sync/events?after=${cursor}&limit=${limit}`, { token })
    ).body as EventsPage;
    expect(page.reset).toBeUndefined();
    events.push(...page.events);
    cursor = page.cursor;
    if (!page.hasMore) return { events, cursor };
  }
}

describe('sync API', () => {
  const suite = serverForSuite();

  it('bootstraps as NDJSON: cursor first, the viewer’s rows in chunks, done last', async () => {
    const { server, ids, operator, supervisor } = suite;
    const { first, last, rows } = await bootstrap(server, operator);
    expect(first).toMatchObject({ cursor: expect.any(Number) });
    expect(last).toMatchObject({ done: true });
    const chats = rows.get('chats') ?? [];
    // The operator is in Support only: no Sales chat reaches them unless it is theirs.
    expect(chats.length).toBeGreaterThan(0);
    for (const chat of chats)
      expect(chat.teamId === ids.support.id || chat.operatorId === ids.operator.id).toBe(true);
    expect(chats[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        status: expect.any(String),
        channelId: ids.channel.id,
        clientId: expect.any(String),
        lastMessageAt: expect.any(String),
      }),
    );
    const messages = rows.get('messages') ?? [];
    expect(messages[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        chatId: expect.any(String),
        text: expect.any(String),
        internal: false,
        status: expect.any(String),
        createdAt: expect.any(String),
      }),
    );
    // Messages of closed chats come on demand, not in the bootstrap.
    const closed = new Set(chats.filter((c) => c.status === 'closed').map((c) => c.id));
    expect(messages.some((m) => closed.has(m.chatId as string))).toBe(false);
    // Secrets never leave the server.
    const users = rows.get('users') ?? [];
    expect(users.length).toBe(3);
    expect(JSON.stringify(users)).not.toMatch(/passwordHash|totpSecret|argon2/);
    expect((rows.get('clients') ?? [0])[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
    );

    // Reply templates and their categories come with the organization's rows.
    expect((rows.get('templates') ?? []).length).toBe(6);
    expect(rows.get('templates')?.[0]).toEqual(
      expect.objectContaining({
        title: expect.any(String),
        text: expect.any(String),
        teamIds: expect.any(Array),
      }),
    );
    expect((rows.get('templateCategories') ?? []).length).toBe(2);

    const all = await bootstrap(server, supervisor);
    expect((all.rows.get('chats') ?? []).length).toBeGreaterThan(chats.length);
  });

  it('serves a closed chat’s thread on demand', async () => {
    const { server, supervisor } = suite;
    const [closed] = await server.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.status, 'closed'))
      .limit(1);
    if (!closed) throw new Error('no closed chat');
    const thread = await call(server, 'GET', `/api/sync/chat/${closed.id}/messages`, {
      token: supervisor,
    });
    expect(thread.body.entity.chat.id).toBe(closed.id);
    expect(thread.body.entity.messages.length).toBeGreaterThan(0);
    // The chat, then each table of its rows under its field, oldest first.
    expect(Object.keys(thread.body.entity)).toEqual(['chat', 'messages', 'history']);
    const { messages, history } = thread.body.entity as {
      messages: Record<string, string>[];
      history: Record<string, string>[];
    };
    expect(messages.every((m) => m.chatId === closed.id)).toBe(true);
    expect(history.every((h) => h.chatId === closed.id)).toBe(true);
    const times = messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('an operator’s live stream carries only their groups’ events, and a delete when a chat leaves them', async () => {
    const { server, ids, operator, supervisor } = suite;
    const { first } = await bootstrap(server, operator);
    const live = LiveClient.open(server, operator, first?.cursor as number);
    const watcher = LiveClient.open(server, supervisor, first?.cursor as number);
    try {
      await live.until((c) => c.ready);
      // A customer writes to Support (the operator's team): the operator sees it.
      await customerWrites(server, ids.org.id, ids.channel.id, 'live-1', 'Where is my parcel?');
      await live.until((c) => c.events.some((e) => e.type === 'message.added'));
      const chatId = live.events.find((e) => e.type === 'chat.created')?.data.chatId as string;
      expect(chatId).toBeDefined();

      // A chat of Sales, which the operator is not in, never reaches them.
      const salesChat = await server.database.db
        .select()
        .from(t.chats)
        .where(eq(t.chats.teamId, ids.sales.id))
        .limit(1);
      const salesId = salesChat[0]?.id ?? '';
      await sendCommands(server, supervisor, [
        command('message.send', { chatId: salesId, text: 'Sales-only note', internal: true }),
      ]);

      // The supervisor moves the Support chat to Sales: the operator is told to delete it.
      await sendCommands(server, supervisor, [
        command('chat.transfer', { chatId, to: { teamId: ids.sales.id } }),
      ]);
      await live.until((c) => c.events.some((e) => e.type === 'chat.transferred'));
      const transfer = live.events.find((e) => e.type === 'chat.transferred');
      expect(transfer?.changes).toContainEqual({ table: 'chats', op: 'delete', key: chatId });
      expect(transfer?.changes.some((c) => c.op === 'put' && c.table === 'chats')).toBe(false);

      // The supervisor (all chats) sees every one of these, and the transfer as a put.
      await watcher.until((c) => c.events.some((e) => e.type === 'chat.transferred'));
      expect(
        watcher.events.some((e) =>
          e.changes.some(
            (c) =>
              c.op === 'put' &&
              c.table === 'messages' &&
              (c.row as { text: string }).text === 'Sales-only note',
          ),
        ),
      ).toBe(true);
      const seen = watcher.events.find((e) => e.type === 'chat.transferred');
      expect(seen?.changes.some((c) => c.op === 'delete')).toBe(false);

      // Later events of the moved chat no longer reach the operator.
      await customerWrites(server, ids.org.id, ids.channel.id, 'live-1', 'Hello again?');
      await watcher.until(
        (c) =>
          c.events.filter((e) => e.type === 'message.added' && e.data.chatId === chatId).length ===
          2,
      );
      const everything = JSON.stringify(live.messages);
      expect(everything).not.toContain('Sales-only note');
      expect(everything).not.toContain('Hello again?');
      // And each batch follows the one before: `after` is the cursor the client holds.
      const batches = live.messages.filter((m) => m.kind === 'events');
      for (let i = 1; i < batches.length; i++)
        expect(batches[i]?.after).toBe(batches[i - 1]?.cursor);

      // Pages read later say exactly what the live stream said, event for event: the stored wire
      // texts of events seen whole (a message) and the filtered share of the others (the move).
      for (const [client, token] of [
        [live, operator],
        [watcher, supervisor],
      ] as const) {
        const upTo = Math.max(...client.events.map((e) => e.seq));
        const paged = await catchUp(server, token, first?.cursor as number, 1000);
        expect(paged.events.filter((e) => e.seq <= upTo)).toEqual(client.events);
      }
    } finally {
      await live.close();
      await watcher.close();
    }
  });

  it('a client that disconnects and catches up gets every event exactly once, in order', async () => {
    const { server, ids, operator } = suite;
    const start = (await bootstrap(server, operator)).first?.cursor as number;
    const chatIds: string[] = [];
    const live = LiveClient.open(server, operator, start);
    await live.until((c) => c.ready);
    for (let i = 0; i < 3; i++) {
      await customerWrites(
        server,
        ids.org.id,
        ids.channel.id,
        `reconnect-${i}`,
        `Before the drop ${i}`,
      );
    }
    await live.until((c) => c.events.filter((e) => e.type === 'message.added').length === 3);
    for (const e of live.events)
      if (e.type === 'chat.created') chatIds.push(e.data.chatId as string);
    const received: SyncEvent[] = [...live.events];
    const lastBatch = live.messages.filter((m) => m.kind === 'events').pop();
    let cursor = lastBatch?.kind === 'events' ? lastBatch.cursor : start;
    await live.close();

    // While offline: replies, a customer message, a take, a close.
    await sendCommands(server, operator, [
      command('message.send', { chatId: chatIds[0], text: 'Reply while you were away' }),
    ]);
    await customerWrites(server, ids.org.id, ids.channel.id, 'reconnect-1', 'Anyone there?');
    await sendCommands(server, operator, [
      command('chat.take', { chatId: chatIds[2] }),
      command('chat.close', { chatId: chatIds[0] }),
    ]);

    const missed = await catchUp(server, operator, cursor);
    received.push(...missed.events);
    cursor = missed.cursor;
    const again = LiveClient.open(server, operator, cursor);
    await again.until((c) => c.ready);
    await customerWrites(server, ids.org.id, ids.channel.id, 'reconnect-2', 'Back online?');
    await again.until((c) => c.events.some((e) => JSON.stringify(e).includes('Back online?')));
    received.push(...again.events);
    await again.close();

    const seqs = received.map((e) => e.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Exactly what a single uninterrupted reader sees, up to the last event received (the last
    // socket's close logs the operator going offline after it).
    const reference = await catchUp(server, operator, start, 1000);
    const last = Math.max(...seqs);
    expect(seqs).toEqual(reference.events.map((e) => e.seq).filter((seq) => seq <= last));
    expect(reference.events.length).toBeGreaterThanOrEqual(10);
  });

  it('answers reset to a cursor the log cannot serve', async () => {
    const { server, ids, operator } = suite;
    const future = await call(server, 'GET', '/api/sync/events?after=999999999', {
      token: operator,
    });
    expect(future.body).toMatchObject({ reset: true, events: [] });
    const live = LiveClient.open(server, operator, 999999999);
    await live.until((c) => c.closeCode !== undefined);
    expect(live.messages).toEqual([{ kind: 'reset', reset: true }]);
    expect(live.closeCode).toBe(LIVE_CLOSE.reset);
    // A pruned log moves the floor: older cursors must bootstrap again.
    await server.database.db
      .update(t.organizations)
      .set({ logFloorSeq: 5 })
      .where(eq(t.organizations.id, ids.org.id));
    const pruned = await call(server, 'GET', '/api/sync/events?after=2', { token: operator });
    expect(pruned.body.reset).toBe(true);
    await server.database.db
      .update(t.organizations)
      .set({ logFloorSeq: 0 })
      .where(eq(t.organizations.id, ids.org.id));
  });

  it('accepts the token as the first message, and refuses a socket without a valid one', async () => {
    const { server, operator } = suite;
    const { first } = await bootstrap(server, operator);
    const viaMessage = new LiveClient(server.wsUrl, `after=${String(first?.cursor)}`);
    await new Promise<void>((resolve) =>
      viaMessage.socket.once('open', () => {
        resolve();
      }),
    );
    viaMessage.socket.send(JSON.stringify({ token: operator }));
    await viaMessage.until((c) => c.ready);
    await viaMessage.close();
    const forged = LiveClient.open(server, 'forged', 0);
    await forged.until((c) => c.closeCode !== undefined);
    expect(forged.closeCode).toBe(LIVE_CLOSE.unauthorized);
  });

  it('closes the live socket of a logged-out token and of a deactivated user at once', async () => {
    const { server, ids } = suite;
    const token = await login(server, 'operator@demo.test');
    const { first } = await bootstrap(server, token);
    const live = LiveClient.open(server, token, first?.cursor as number);
    await live.until((c) => c.ready);
    await call(server, 'POST', '/api/auth/acc/logout', { body: { token } });
    await live.until((c) => c.closeCode !== undefined);
    expect(live.closeCode).toBe(LIVE_CLOSE.unauthorized);

    const second = await login(server, 'operator@demo.test');
    const watched = LiveClient.open(server, second, first?.cursor as number);
    await watched.until((c) => c.ready);
    // Deactivation arrives as a change of the user's own row in the log. Like every unit of an
    // organization's work, it takes the organization's lock before it touches a row: the presence
    // written as the socket opened does, and the other order deadlocks with it on PostgreSQL.
    const { appendEvents, lockOrganizationLog } = await import('../../server/sync/event-log');
    await server.database.db.transaction(async (tx) => {
      await lockOrganizationLog(tx, ids.org.id);
      const [row] = await tx
        .update(t.users)
        .set({ active: false })
        .where(eq(t.users.id, ids.operator.id))
        .returning();
      const { userRow } = await import('../../server/sync/wire-rows');
      if (!row) throw new Error('no user');
      await appendEvents(
        tx,
        {
          orgId: ids.org.id,
          actor: { kind: 'system' },
          commandId: null,
          at: new Date(),
          notify: server.database.kind === 'postgres',
          locked: true,
        },
        [
          {
            type: 'user.updated',
            data: { userId: row.id },
            changes: [
              { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: ['org'] },
            ],
          },
        ],
        newId,
      );
    });
    server.context.hub.wake(ids.org.id);
    await watched.until((c) => c.closeCode !== undefined);
    expect(watched.closeCode).toBe(LIVE_CLOSE.unauthorized);
    await server.database.db
      .update(t.users)
      .set({ active: true })
      .where(eq(t.users.id, ids.operator.id));
  });

  it('a change of the viewer’s teams resets their stream so they bootstrap what they may now see', async () => {
    const { server, ids } = suite;
    const token = await login(server, 'operator@demo.test');
    const { first } = await bootstrap(server, token);
    const live = LiveClient.open(server, token, first?.cursor as number);
    await live.until((c) => c.ready);
    await server.database.db
      .update(t.users)
      .set({ teamIds: [ids.support.id, ids.sales.id] })
      .where(eq(t.users.id, ids.operator.id));
    // Any write of the user's own row through the log triggers the re-check.
    await call(server, 'PATCH', '/api/auth/acc/update', { token, body: { name: 'Oscar O.' } });
    await live.until((c) => c.closeCode !== undefined);
    expect(live.messages[live.messages.length - 1]).toEqual({ kind: 'reset', reset: true });
    expect(live.closeCode).toBe(LIVE_CLOSE.reset);
    await server.database.db
      .update(t.users)
      .set({ teamIds: [ids.support.id] })
      .where(eq(t.users.id, ids.operator.id));
  });
});

describe('live connection count', () => {
  const suite = serverForSuite();

  it('counts the live sockets a user holds', async () => {
    const { server, operator: token } = suite;
    const count = async () =>
      (await call(server, 'GET', '/api/sync/live/connections', { token })).body.entity
        .connections as number;
    expect(await count()).toBe(0);
    const live = LiveClient.open(server, token, 0);
    await live.until((c) => c.ready);
    expect(await count()).toBe(1);
    await live.close();
    for (let i = 0; i < 50 && (await count()) !== 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await count()).toBe(0);
  });
});
