import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId, type CommandEnvelope, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  customerOpensChat,
  customerWrites,
  operatorsChat,
  sendCommands,
  serverForSuite,
  type TestServer,
} from './harness';

/**
 * Group commit (server/domain/command-queue.ts, command-batch.ts): commands that arrive together
 * share one transaction, and runs of messages are written set by set. What a user must see is
 * exactly what one-by-one gave: every message once, in each chat's order, each command answered
 * by itself with the seq of its own event, refusals only where one-by-one would refuse, and a
 * retried flush changing nothing.
 */
describe('commands that arrive together', () => {
  const suite = serverForSuite();

  const receive = (server: TestServer, externalId: string, text: string, messageId?: string) =>
    customerWrites(server, suite.ids.org.id, suite.ids.channel.id, externalId, text, messageId);

  const textsOfCustomer = async (externalId: string): Promise<string[]> => {
    const rows = await suite.server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(
        and(
          eq(t.clientContacts.channelId, suite.ids.channel.id),
          eq(t.clientContacts.value, externalId),
        ),
      )
      .orderBy(asc(t.messages.createdAt), asc(t.messages.id));
    return rows.map((row) => row.text);
  };

  /** Each ok result's seq is an event of that very command. */
  const expectOwnEvents = async (ids: readonly string[], results: readonly CommandResult[]) => {
    const seqs = results.flatMap((result) => (result.ok ? [result.seq] : []));
    const events = await suite.server.database.db
      .select({ seq: t.events.seq, commandId: t.events.commandId })
      .from(t.events)
      .where(and(eq(t.events.orgId, suite.ids.org.id), inArray(t.events.seq, seqs)));
    const commandAt = new Map(events.map((event) => [event.seq, event.commandId]));
    results.forEach((result, index) => {
      if (result.ok) expect(commandAt.get(result.seq)).toBe(ids[index]);
    });
  };

  it('many customers writing at once: every message stored once, each customer’s in order, each answered with its own event', async () => {
    const { server } = suite;
    const regulars = Array.from({ length: 40 }, (_, i) => `regular-${String(i)}-${newId()}`);
    for (const customer of regulars) await customerOpensChat(server, suite.ids, 'first', customer);
    const newcomers = Array.from({ length: 10 }, (_, i) => `newcomer-${String(i)}-${newId()}`);
    const blocked = `blocked-${newId()}`;
    await customerOpensChat(server, suite.ids, 'first', blocked);
    const [entry] = await sendCommands(server, suite.supervisor, [
      command('blacklist.add', {
        entryId: newId(),
        channelId: suite.ids.channel.id,
        kind: 'channel',
        value: blocked,
      }),
    ]);
    expect(entry?.ok).toBe(true);
    const reused = newId();
    const taken = await receive(server, regulars[0] ?? '', 'owns the id', reused);
    expect(taken.ok).toBe(true);

    // All at once, in this order: each regular writes three times, each newcomer twice (their
    // first message opens the chat the second joins), the blacklisted customer once between
    // them, and one message reuses a message id already stored.
    const sent: { customer: string; text: string; result: Promise<CommandResult> }[] = [];
    for (let round = 1; round <= 3; round++) {
      for (const customer of regulars)
        sent.push({
          customer,
          text: `r${String(round)}`,
          result: receive(server, customer, `r${String(round)}`),
        });
      if (round <= 2)
        for (const customer of newcomers)
          sent.push({
            customer,
            text: `n${String(round)}`,
            result: receive(server, customer, `n${String(round)}`),
          });
      if (round === 2)
        sent.push({
          customer: blocked,
          text: 'blocked',
          result: receive(server, blocked, 'blocked'),
        });
    }
    const duplicate = receive(server, regulars[1] ?? '', 'takes a used id', reused);
    const results = await Promise.all(sent.map((entry) => entry.result));

    expect(results.every((result) => result.ok)).toBe(true);
    expect(await duplicate).toMatchObject({ ok: false, error: { name: 'VALIDATION_FAILED' } });
    for (const customer of regulars.slice(1))
      expect(await textsOfCustomer(customer)).toEqual(['first', 'r1', 'r2', 'r3']);
    expect(await textsOfCustomer(regulars[0] ?? '')).toEqual([
      'first',
      'owns the id',
      'r1',
      'r2',
      'r3',
    ]);
    for (const customer of newcomers) expect(await textsOfCustomer(customer)).toEqual(['n1', 'n2']);
    expect(await textsOfCustomer(blocked)).toEqual(['first']);
    const aside = await server.database.db
      .select()
      .from(t.blockedMessages)
      .where(eq(t.blockedMessages.externalId, blocked));
    expect(aside.map((row) => row.text)).toEqual(['blocked']);
    // A newcomer's two messages opened one chat, not two.
    const newcomerChats = await server.database.db
      .select({ id: t.chats.id })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(inArray(t.clientContacts.value, newcomers));
    expect(newcomerChats).toHaveLength(newcomers.length);
    // Each opened as a chat opened alone is: its client, its identity, a "created" line like a
    // regular's, and its chat.created event before its first message's.
    const createdLines = await server.database.db
      .select({ chatId: t.chatHistory.chatId, data: t.chatHistory.data })
      .from(t.chatHistory)
      .where(
        and(
          eq(t.chatHistory.kind, 'created'),
          inArray(
            t.chatHistory.chatId,
            newcomerChats.map((row) => row.id),
          ),
        ),
      );
    const regularChat = await customerOpensChat(server, suite.ids, 'alone', `alone-${newId()}`);
    const [aloneLine] = await server.database.db
      .select({ data: t.chatHistory.data })
      .from(t.chatHistory)
      .where(eq(t.chatHistory.chatId, regularChat.id));
    expect(createdLines).toHaveLength(newcomers.length);
    for (const line of createdLines) expect(line.data).toEqual(aloneLine?.data);
    const opening = await server.database.db
      .select({ type: t.events.type, data: t.events.data })
      .from(t.events)
      .where(
        and(
          eq(t.events.orgId, suite.ids.org.id),
          inArray(t.events.type, ['chat.created', 'message.added']),
        ),
      )
      .orderBy(asc(t.events.seq));
    for (const row of newcomerChats) {
      const types = opening
        .filter((event) => (event.data as { chatId?: string }).chatId === row.id)
        .map((event) => event.type);
      expect(types).toEqual(['chat.created', 'message.added', 'message.added']);
    }
    // Each command's result names an event it caused.
    await expectOwnEvents(
      results.map((result) => result.id),
      results,
    );
  });

  it('an outbox flush in one request: replies in order, refusals only where one by one would refuse, and the same request again changes nothing', async () => {
    const { server } = suite;
    const chat = await operatorsChat(server, suite.ids);
    const closedChat = await customerOpensChat(server, suite.ids, 'to be closed');
    const [closing] = await sendCommands(server, suite.supervisor, [
      command('chat.close', { chatId: closedChat.id }),
    ]);
    expect(closing?.ok).toBe(true);
    const before = await server.database.db
      .select({ id: t.messages.id })
      .from(t.messages)
      .where(eq(t.messages.chatId, chat.id));

    const reply = (text: string, internal = false, messageId = newId()) =>
      command('message.send', { chatId: chat.id, messageId, text, internal });
    const replies = Array.from({ length: 90 }, (_, i) => reply(`reply ${String(i)}`));
    const usedMessageId = newId();
    const sentTwice = reply('sent twice');
    const commands: CommandEnvelope[] = [
      ...replies.slice(0, 30),
      reply('note in between', true),
      command('message.send', {
        chatId: closedChat.id,
        messageId: newId(),
        text: 'too late',
        internal: false,
      }),
      sentTwice,
      reply('owns a message id', false, usedMessageId),
      ...replies.slice(30, 60),
      { ...sentTwice },
      { ...reply('another payload under the same id'), id: sentTwice.id },
      reply('reuses a message id', false, usedMessageId),
      ...replies.slice(60),
    ];

    const results = await sendCommands(server, suite.operator, commands);
    const names = results.map((result) => (result.ok ? 'ok' : result.error.name));
    const expected = commands.map(() => 'ok');
    expected[31] = 'CHAT_CLOSED';
    expected[65] = 'COMMAND_ID_CONFLICT';
    expected[66] = 'VALIDATION_FAILED';
    expect(names).toEqual(expected);
    // The same command twice in one request is one message, answered twice alike.
    expect(results[64]).toEqual(results[32]);
    await expectOwnEvents(
      commands.map((entry) => entry.id),
      results,
    );

    const texts = async () =>
      (
        await server.database.db
          .select({ text: t.messages.text })
          .from(t.messages)
          .where(eq(t.messages.chatId, chat.id))
          .orderBy(asc(t.messages.createdAt), asc(t.messages.id))
      ).map((row) => row.text);
    const stored = (await texts()).slice(before.length);
    expect(stored).toEqual([
      ...replies.slice(0, 30).map((entry) => (entry.payload as { text: string }).text),
      'note in between',
      'sent twice',
      'owns a message id',
      ...replies.slice(30).map((entry) => (entry.payload as { text: string }).text),
    ]);
    const [afterChat] = await server.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.id, chat.id));
    expect(afterChat?.unansweredSince).toBeNull();
    expect(afterChat?.lastHumanOperatorId).toBe(suite.ids.operator.id);

    // The connection dropped before the answer came: the outbox sends the same request again.
    const again = await sendCommands(server, suite.operator, commands);
    expect(again).toEqual(results);
    expect((await texts()).slice(before.length)).toEqual(stored);
  });
});
