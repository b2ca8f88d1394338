import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  call,
  command,
  customerOpensChat,
  customerWrites,
  otherOrganization,
  operatorsChat,
  sendCommands,
  serverForSuite,
} from './harness';

describe('commands over HTTP', () => {
  const suite = serverForSuite();

  const tableCounts = async () => {
    const { db } = suite.server.database;
    const n = async (
      table: typeof t.messages | typeof t.events | typeof t.chats | typeof t.chatHistory,
    ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      messages: await n(t.messages),
      events: await n(t.events),
      history: await n(t.chatHistory),
    };
  };
  const chatRow = async (chatId: string) =>
    (await suite.server.database.db.select().from(t.chats).where(eq(t.chats.id, chatId)))[0];

  /** A fresh chat waiting in the Support queue, opened by a customer. */
  const newSupportChat = () => customerOpensChat(suite.server, suite.ids);

  it('a command sent twice produces one message and returns the first result again', async () => {
    const { server, ids, operator } = suite;
    const chat = await newSupportChat();
    const send = command('message.send', { chatId: chat.id, text: 'We are on it!' });
    const [first] = await sendCommands(server, operator, [send]);
    const before = await tableCounts();
    const [second] = await sendCommands(server, operator, [send]);
    expect(first).toMatchObject({ id: send.id, ok: true, seq: expect.any(Number) });
    expect(second).toEqual(first);
    expect(await tableCounts()).toEqual(before);
    const thread = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chat.id));
    expect(thread.filter((m) => m.text === 'We are on it!')).toHaveLength(1);
    // Answering a chat from one's team queue takes it.
    expect(await chatRow(chat.id)).toMatchObject({
      status: 'assigned',
      operatorId: ids.operator.id,
    });
  });

  it('applies a batch in order, each command on its own', async () => {
    const { server, operator } = suite;
    const chat = await newSupportChat();
    const results = await sendCommands(server, operator, [
      command('chat.take', { chatId: chat.id }),
      command('message.send', { chatId: chat.id, text: '   ' }),
      command('message.send', { chatId: chat.id, text: 'Second reply', internal: true }),
      command('chat.close', { chatId: chat.id }),
      command('chat.close', { chatId: chat.id }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'ok',
      'EMPTY_MESSAGE',
      'ok',
      'ok',
      'CHAT_ALREADY_CLOSED',
    ]);
    const seqs = results.flatMap((r) => (r.ok ? [r.seq] : []));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const history = await server.database.db
      .select()
      .from(t.chatHistory)
      .where(eq(t.chatHistory.chatId, chat.id));
    expect(history.map((h) => h.kind).sort()).toEqual(['assigned', 'closed', 'created']);
  });

  it('keeps internal notes apart from customer replies', async () => {
    const { server, ids, operator } = suite;
    const chat = await newSupportChat();
    await sendCommands(server, operator, [
      command('chat.take', { chatId: chat.id }),
      command('message.send', { chatId: chat.id, text: 'VIP customer', internal: true }),
    ]);
    const [note] = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.text, 'VIP customer'));
    expect(note).toMatchObject({
      internal: true,
      authorKind: 'operator',
      authorId: ids.operator.id,
    });
    // A note does not count as answering the customer.
    expect((await chatRow(chat.id))?.lastOperatorMessageAt).toBeNull();
  });

  it('refuses bad input with a named error and changes nothing', async () => {
    const { server, ids, operator } = suite;
    const chat = await newSupportChat();
    const before = await tableCounts();
    const results = await sendCommands(server, operator, [
      command('message.send', { chatId: chat.id, text: '' }),
      command('message.send', { chatId: newId(), text: 'to nowhere' }),
      command('message.send', { chatId: 'not-a-uuid', text: 'x' }),
      command('message.send', { chatId: chat.id, text: 'x'.repeat(10_001) }),
      command('chat.transfer', { chatId: chat.id, to: { operatorId: newId() } }),
      command('chat.transfer', { chatId: chat.id, to: { teamId: newId() } }),
      command('chat.transfer', { chatId: chat.id, to: {} }),
      command('chat.fly', { chatId: chat.id }),
      command('message.receive', {
        channelId: ids.channel.id,
        client: { externalId: 'x' },
        text: 'forged customer message',
      }),
      command('operator.setStatus', { status: 'sleeping' }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'EMPTY_MESSAGE',
      'CHAT_NOT_FOUND',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'OPERATOR_NOT_FOUND',
      'TEAM_NOT_FOUND',
      'VALIDATION_FAILED',
      'UNKNOWN_COMMAND',
      'COMMAND_NOT_ALLOWED',
      'VALIDATION_FAILED',
    ]);
    expect(results[0]).toMatchObject({ ok: false, error: { message: 'The message is empty' } });
    expect(await tableCounts()).toEqual(before);
    expect(await chatRow(chat.id)).toMatchObject({ status: 'pending', operatorId: null });
  });

  it('refuses a message into an inactive channel and leaves the chat as it was', async () => {
    const { server, ids, operator } = suite;
    const chat = await newSupportChat();
    await sendCommands(server, operator, [command('chat.take', { chatId: chat.id })]);
    await server.database.db
      .update(t.channels)
      .set({ active: false })
      .where(eq(t.channels.id, ids.channel.id));
    try {
      const before = await tableCounts();
      const [result] = await sendCommands(server, operator, [
        command('message.send', { chatId: chat.id, text: 'Hello?' }),
      ]);
      expect(result).toMatchObject({ ok: false, error: { name: 'SEND_TO_DEACTIVATED_CHANNEL' } });
      const inbound = await customerWrites(server, ids.org.id, ids.channel.id, 'someone', 'hi');
      expect(inbound).toMatchObject({ ok: false, error: { name: 'SEND_TO_DEACTIVATED_CHANNEL' } });
      expect(await tableCounts()).toEqual(before);
    } finally {
      await server.database.db
        .update(t.channels)
        .set({ active: true })
        .where(eq(t.channels.id, ids.channel.id));
    }
  });

  it('answers another organization’s chat exactly like one that does not exist', async () => {
    const { server, supervisor } = suite;
    const { db } = server.database;
    const { id: otherOrg } = await otherOrganization(server.database);
    const team = newId();
    await db
      .insert(t.teams)
      .values({ id: team, orgId: otherOrg, name: 'Theirs', description: 'Their team' });
    const channel = newId();
    await db.insert(t.channels).values({
      id: channel,
      orgId: otherOrg,
      name: 'Their chat',
      type: 'site_chat',
      teamId: team,
    });
    await db
      .insert(t.routingRules)
      .values(defaultRuleRow({ id: channel, orgId: otherOrg, teamId: team }, newId()));
    await customerWrites(server, otherOrg, channel, 'their-visitor', 'Hi there');
    const [theirs] = await db.select().from(t.chats).where(eq(t.chats.orgId, otherOrg));
    if (!theirs) throw new Error('no chat');
    const results = await sendCommands(server, supervisor, [
      command('message.send', { chatId: theirs.id, text: 'peek' }),
      command('chat.take', { chatId: theirs.id }),
      command('chat.transfer', { chatId: (await newSupportChat()).id, to: { teamId: team } }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'CHAT_NOT_FOUND',
      'CHAT_NOT_FOUND',
      'TEAM_NOT_FOUND',
    ]);
    const thread = await call(server, 'GET', `/api/sync/chat/${theirs.id}/messages`, {
      token: supervisor,
    });
    const missing = await call(server, 'GET', `/api/sync/chat/${newId()}/messages`, {
      token: supervisor,
    });
    expect(thread.status).toBe(404);
    expect(thread.body).toEqual(missing.body);
  });

  it('an operator cannot act on a chat of a team they are not in', async () => {
    const { server, ids, operator, supervisor } = suite;
    const chat = await newSupportChat();
    const [moved] = await sendCommands(server, supervisor, [
      command('chat.transfer', { chatId: chat.id, to: { teamId: ids.sales.id } }),
    ]);
    expect(moved?.ok).toBe(true);
    const results = await sendCommands(server, operator, [
      command('chat.take', { chatId: chat.id }),
      command('message.send', { chatId: chat.id, text: 'mine?' }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'CHAT_NOT_FOUND',
      'CHAT_NOT_FOUND',
    ]);
  });

  it('transfers to an operator and to a team, with history, and refuses a transfer to nobody', async () => {
    const { server, ids, supervisor } = suite;
    const chat = await newSupportChat();
    const results = await sendCommands(server, supervisor, [
      command('chat.transfer', { chatId: chat.id, to: { operatorId: ids.operator.id } }),
      command('chat.transfer', { chatId: chat.id, to: { operatorId: ids.operator.id } }),
      command('chat.transfer', { chatId: chat.id, to: { teamId: ids.sales.id } }),
      command('chat.transfer', { chatId: chat.id, to: { teamId: ids.sales.id } }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'ok',
      'CHAT_TRANSFER_IMPOSSIBLE',
      'ok',
      'CHAT_TRANSFER_IMPOSSIBLE',
    ]);
    expect(await chatRow(chat.id)).toMatchObject({
      status: 'pending',
      teamId: ids.sales.id,
      operatorId: null,
    });
    const kinds = (
      await server.database.db.select().from(t.chatHistory).where(eq(t.chatHistory.chatId, chat.id))
    ).map((h) => h.kind);
    expect(kinds.filter((k) => k === 'transferred')).toHaveLength(2);
    expect(kinds).toContain('unassigned');
  });

  describe('closing with categories in use', () => {
    beforeEach(async () => {
      await suite.server.database.db
        .update(t.organizations)
        .set({ usesCategories: true })
        .where(eq(t.organizations.id, suite.ids.org.id));
    });
    afterEach(async () => {
      await suite.server.database.db
        .update(t.organizations)
        .set({ usesCategories: false })
        .where(eq(t.organizations.id, suite.ids.org.id));
    });

    it('needs a last-level category to close, and records it', async () => {
      const { server, ids, operator } = suite;
      const chat = await newSupportChat();
      await sendCommands(server, operator, [command('chat.take', { chatId: chat.id })]);
      const categories = await server.database.db
        .select()
        .from(t.requestCategories)
        .where(eq(t.requestCategories.orgId, ids.org.id));
      const parent = categories.find((c) => c.name === 'Delivery');
      const leaf = categories.find((c) => c.name === 'Late delivery');
      const results = await sendCommands(server, operator, [
        command('chat.close', { chatId: chat.id }),
        command('chat.close', { chatId: chat.id, categoryId: parent?.id }),
        command('chat.close', { chatId: chat.id, categoryId: newId() }),
        command('chat.close', { chatId: chat.id, categoryId: leaf?.id }),
      ]);
      expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
        'CLOSE_WITHOUT_CATEGORY',
        'SESSION_CATEGORY_MAX_LEVEL_NOT_SELECTED',
        'CATEGORY_NOT_FOUND',
        'ok',
      ]);
      expect(await chatRow(chat.id)).toMatchObject({ status: 'closed', categoryId: leaf?.id });
    });
  });

  it('caps operators In work at the organization’s licence count', async () => {
    const { server, ids, operator, supervisor } = suite;
    await server.database.db
      .update(t.organizations)
      .set({ licenseCount: 1 })
      .where(eq(t.organizations.id, ids.org.id));
    const [first] = await sendCommands(server, operator, [
      command('operator.setStatus', { status: 'in_work' }),
    ]);
    const [second] = await sendCommands(server, supervisor, [
      command('operator.setStatus', { status: 'in_work' }),
    ]);
    expect(first?.ok).toBe(true);
    expect(second).toMatchObject({
      ok: false,
      error: {
        name: 'ALL_LICENSES_OCCUPIED',
        message: 'All operator licences are occupied, contact the administrator',
      },
    });
    const [onBreak] = await sendCommands(server, operator, [
      command('operator.setStatus', { status: 'break' }),
    ]);
    const [third] = await sendCommands(server, supervisor, [
      command('operator.setStatus', { status: 'in_work' }),
    ]);
    expect(onBreak?.ok).toBe(true);
    expect(third?.ok).toBe(true);
    await server.database.db
      .update(t.organizations)
      .set({ licenseCount: 10 })
      .where(eq(t.organizations.id, ids.org.id));
  });

  it('refuses a batch that is not a batch, and bodies over the limit with 413', async () => {
    const { server, operator } = suite;
    const empty = await call(server, 'POST', '/api/commands', {
      token: operator,
      body: { commands: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.name).toBe('VALIDATION_FAILED');
    const noAuth = await call(server, 'POST', '/api/commands', {
      body: { commands: [command('chat.take', { chatId: newId() })] },
    });
    expect(noAuth.status).toBe(401);
    const huge = await call(server, 'POST', '/api/commands', {
      token: operator,
      raw: JSON.stringify({
        commands: [command('message.send', { chatId: newId(), text: 'x'.repeat(3 * 1024 * 1024) })],
      }),
    });
    expect(huge.status).toBe(413);
  });

  it('the same command id sent concurrently runs once', async () => {
    const { server, operator } = suite;
    const chat = await newSupportChat();
    const send = command('message.send', { chatId: chat.id, text: 'Concurrent hello' });
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => sendCommands(server, operator, [send])),
    );
    const results = answers.map((a) => a[0]);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    const thread = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.text, 'Concurrent hello'));
    expect(thread).toHaveLength(1);
  });
});

describe('a customer writing twice at the same moment', () => {
  const suite = serverForSuite();

  it('gets one client and one chat, with both messages in it', async () => {
    const { server, ids } = suite;
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        customerWrites(server, ids.org.id, ids.channel.id, 'twin-visitor', `Message ${i}`),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const contacts = await server.database.db
      .select()
      .from(t.clientContacts)
      .where(eq(t.clientContacts.value, 'twin-visitor'));
    expect(contacts).toHaveLength(1);
    const chats = await server.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.clientId, contacts[0]?.clientId ?? ''));
    expect(chats).toHaveLength(1);
    const thread = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chats[0]?.id ?? ''));
    expect(thread.map((m) => m.text).sort()).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
    ]);
  });
});

describe('request category on a chat', () => {
  const suite = serverForSuite();

  it('is set to a last-level category, removed again, with history; a topic with subtopics or an unknown id is refused', async () => {
    const { server, ids, operator } = suite;
    const mine = await operatorsChat(server, ids);
    const categories = await server.database.db.select().from(t.requestCategories);
    const parent = categories.find((c) => c.name === 'Delivery');
    const leaf = categories.find((c) => c.name === 'Change of address');
    const results = await sendCommands(server, operator, [
      command('chat.setCategory', { chatId: mine.id, categoryId: parent?.id }),
      command('chat.setCategory', { chatId: mine.id, categoryId: newId() }),
      command('chat.setCategory', { chatId: mine.id, categoryId: leaf?.id }),
      command('chat.setCategory', { chatId: mine.id, categoryId: null }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'SESSION_CATEGORY_MAX_LEVEL_NOT_SELECTED',
      'CATEGORY_NOT_FOUND',
      'ok',
      'ok',
    ]);
    const [after] = await server.database.db.select().from(t.chats).where(eq(t.chats.id, mine.id));
    expect(after?.categoryId).toBeNull();
    const kinds = (
      await server.database.db.select().from(t.chatHistory).where(eq(t.chatHistory.chatId, mine.id))
    ).map((h) => h.kind);
    expect(kinds).toEqual(expect.arrayContaining(['category_set', 'category_removed']));
  });
});

describe('creating a chat from the workspace', () => {
  const suite = serverForSuite();

  it('opens a chat with a known client on their channel, assigned to and created by the writer, once', async () => {
    const { server, ids, operator } = suite;
    const [closedChat] = await server.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.status, 'closed'));
    if (!closedChat) throw new Error('no closed chat');
    const chatId = newId();
    const create = (overrides: Record<string, unknown> = {}) =>
      command('chat.create', {
        chatId,
        clientId: closedChat.clientId,
        channelId: ids.channel.id,
        text: 'Hello again, your refund is ready',
        ...overrides,
      });
    const results = await sendCommands(server, operator, [
      create({ text: '  ' }),
      create({ clientId: newId() }),
      create({ channelId: newId() }),
      create(),
      create({ chatId: newId() }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'EMPTY_MESSAGE',
      'CLIENT_NOT_FOUND',
      'CHANNEL_NOT_FOUND',
      'ok',
      'CHAT_ALREADY_EXISTS',
    ]);
    const [chat] = await server.database.db.select().from(t.chats).where(eq(t.chats.id, chatId));
    expect(chat).toMatchObject({
      status: 'assigned',
      operatorId: ids.operator.id,
      createdBy: ids.operator.id,
      teamId: ids.support.id,
    });
    const thread = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chatId));
    expect(thread.map((m) => [m.authorKind, m.text])).toEqual([
      ['operator', 'Hello again, your refund is ready'],
    ]);
  });

  it('refuses a client who is not reachable through the channel', async () => {
    const { server, ids, operator } = suite;
    const clientId = newId();
    await server.database.db
      .insert(t.clients)
      .values({ id: clientId, orgId: ids.org.id, name: 'Phone-only client' });
    const [result] = await sendCommands(server, operator, [
      command('chat.create', { chatId: newId(), clientId, channelId: ids.channel.id, text: 'Hi' }),
    ]);
    expect(result).toMatchObject({ ok: false, error: { name: 'CLIENT_NOT_IN_CHANNEL' } });
  });
});
