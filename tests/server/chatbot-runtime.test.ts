import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { newId, type BotScenario } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { botNode } from '../../server/domain/chatbots/test-nodes';
import { BOT_CONFUSED_LIMIT, BOT_MESSAGE_LIMIT } from '../../server/domain/chatbots/bot-runtime';
import { call, customerWrites, login, operatorsChat, serverForSuite, upload } from './harness';
import { commandChecks } from './command-checks';

/**
 * Chat bots answering customers (issue 24 item 3, docs/chatbots.md "The runtime"): a chat routed
 * to a published bot is held by it ("at bot"), hears its nodes with their buttons, follows the
 * customer's answers on the version it started with, and ends with the node's final action — a
 * close by the bot, or a team's queue; a bot that does not understand, or a customer writing past
 * the message limit, hands the chat to people; link buttons open once-usable pages; and staff
 * transfer chats to a bot.
 */
const suite = serverForSuite();
const { run, refusal, expectOk } = commandChecks(async (s) => ({
  chats: await s.server.database.db.select().from(t.chats).orderBy(asc(t.chats.id)),
  sessions: await s.server.database.db.select().from(t.chatBotSessions),
}));

const node = botNode;

/** A greeting with three buttons: hours (then the bot closes), a person (Sales), a link. */
function greeter(salesId: string, greeting = 'Hello! How can I help?'): BotScenario {
  const hours = node({
    title: 'Hours',
    reply: { text: 'We work nine to six', fileId: null },
    action: { kind: 'close' },
  });
  const person = node({ title: 'Person', action: { kind: 'team', teamId: salesId } });
  return {
    nodes: [
      node({
        title: 'Greeting',
        reply: { text: greeting, fileId: null },
        buttons: [
          { id: newId(), name: 'Opening hours', kind: 'value', link: '', next: hours.id },
          { id: newId(), name: 'Talk to a person', kind: 'value', link: '', next: person.id },
          {
            id: newId(),
            name: 'Our prices',
            kind: 'link',
            link: 'https://shop.example/prices',
            next: null,
          },
        ],
        intents: [{ id: newId(), intent: 'ESCALATE_TO_AGENT', next: person.id }],
      }),
      hours,
      person,
    ],
  };
}

/** A bot that asks for an order number and keeps asking whatever is typed (a default action to itself). */
function asker(): BotScenario {
  const ask = node({ title: 'Ask', reply: { text: 'Your order number?', fileId: null } });
  ask.defaultNext = ask.id;
  const start = node({ title: 'Start', reply: { text: 'Hi', fileId: null }, defaultNext: ask.id });
  return { nodes: [start, ask] };
}

const DEFAULT_MESSAGE = 'Sorry, I did not understand. Pick one of the buttons.';

describe('chat bots answering customers', () => {
  let admin: string;
  const db = () => suite.server.database.db;

  /** Saves and publishes a bot; returns its id. */
  async function publish(name: string, scenario: BotScenario, id = newId()): Promise<string> {
    const [existing] = await db().select().from(t.chatbots).where(eq(t.chatbots.id, id));
    expectOk(
      await run(suite, admin, 'chatbot.save', {
        chatbotId: id,
        name,
        description: '',
        defaultMessage: DEFAULT_MESSAGE,
        scenario,
        baseVersion: existing?.version ?? null,
      }),
    );
    const [row] = await db().select().from(t.chatbots).where(eq(t.chatbots.id, id));
    expectOk(await run(suite, admin, 'chatbot.publish', { chatbotId: id, version: row?.version }));
    return id;
  }

  /** Makes the demo channel give every customer's new chat to this bot. */
  async function routeTo(botId: string) {
    await db()
      .delete(t.routingRules)
      .where(
        and(
          eq(t.routingRules.channelId, suite.ids.channel.id),
          eq(t.routingRules.isDefault, false),
        ),
      );
    expectOk(
      await run(suite, admin, 'routingRule.save', {
        id: newId(),
        channelId: suite.ids.channel.id,
        name: 'Customers meet the bot',
        isDefault: false,
        priority: 10,
        conditions: {
          chatStatus: 'any',
          messageType: 'client',
          mailingType: null,
          includeIntents: [],
          excludeIntents: [],
        },
        action: { kind: 'chat_bot', botId },
      }),
    );
  }

  async function writes(customer: string, text: string) {
    const result = await customerWrites(
      suite.server,
      suite.ids.org.id,
      suite.ids.channel.id,
      customer,
      text,
    );
    expect(result.ok ? 'ok' : result.error).toBe('ok');
  }

  async function chatOf(customer: string) {
    const [row] = await db()
      .select({ chat: t.chats })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(
        and(
          eq(t.clientContacts.channelId, suite.ids.channel.id),
          eq(t.clientContacts.value, customer),
        ),
      );
    if (!row) throw new Error(`no chat of ${customer}`);
    return row.chat;
  }

  const botMessages = async (chatId: string) =>
    db()
      .select()
      .from(t.messages)
      .where(and(eq(t.messages.chatId, chatId), eq(t.messages.authorKind, 'bot')))
      .orderBy(asc(t.messages.createdAt), asc(t.messages.id));

  const history = async (chatId: string) =>
    db()
      .select({ kind: t.chatHistory.kind, data: t.chatHistory.data })
      .from(t.chatHistory)
      .where(eq(t.chatHistory.chatId, chatId))
      .orderBy(asc(t.chatHistory.at), asc(t.chatHistory.id));

  const openSession = async (chatId: string) =>
    (
      await db()
        .select()
        .from(t.chatBotSessions)
        .where(and(eq(t.chatBotSessions.chatId, chatId), isNull(t.chatBotSessions.endedAt)))
    )[0];

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  it('hold a routed chat, greet with buttons, and hand it to the team a button names', async () => {
    const bot = await publish('Front desk', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hi there');
    const chat = await chatOf(customer);
    expect(chat).toMatchObject({ status: 'assigned', botId: bot, operatorId: null });
    const [greeting] = await botMessages(chat.id);
    expect(greeting).toMatchObject({
      text: 'Hello! How can I help?',
      buttons: ['Opening hours', 'Talk to a person'],
      links: [{ name: 'Our prices' }],
    });
    expect((await history(chat.id)).map((line) => line.kind)).toEqual(['created', 'assigned']);

    // The customer taps a button: the channel sends its name as their message, in any case.
    await writes(customer, 'talk to a PERSON');
    const handed = await chatOf(customer);
    expect(handed).toMatchObject({
      status: 'pending',
      botId: null,
      operatorId: null,
      teamId: suite.ids.sales.id,
    });
    expect(handed.unansweredSince).not.toBeNull();
    expect(await openSession(chat.id)).toBeUndefined();
    expect((await history(chat.id)).at(-1)).toMatchObject({
      kind: 'transferred',
      data: { fromBotId: bot, toTeamId: suite.ids.sales.id },
    });
  });

  it('close the chat as the bot when the node says so, and follow intents of typed answers', async () => {
    const bot = await publish('Closer', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const closing = `bot-${newId()}`;
    await writes(closing, 'Hello');
    await writes(closing, 'Opening hours');
    const closed = await chatOf(closing);
    expect(closed).toMatchObject({ status: 'closed', botId: null });
    expect((await botMessages(closed.id)).map((message) => message.text)).toEqual([
      'Hello! How can I help?',
      'We work nine to six',
    ]);
    expect((await history(closed.id)).at(-1)).toMatchObject({
      kind: 'closed',
      data: { by: 'bot' },
    });

    const asking = `bot-${newId()}`;
    await writes(asking, 'Hello');
    await writes(asking, 'I want to talk to an operator please');
    expect(await chatOf(asking)).toMatchObject({ status: 'pending', teamId: suite.ids.sales.id });
  });

  it('say the default message on an unexpected answer, and hand over after too many in a row', async () => {
    const bot = await publish('Picky', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hello');
    await writes(customer, 'Banana');
    const chat = await chatOf(customer);
    expect(chat.botId).toBe(bot);
    expect((await botMessages(chat.id)).at(-1)?.text).toBe(DEFAULT_MESSAGE);
    for (let i = 1; i < BOT_CONFUSED_LIMIT; i++) await writes(customer, `Banana ${i}`);
    const handed = await chatOf(customer);
    // The channel's team takes it: nobody named one.
    expect(handed).toMatchObject({
      status: 'pending',
      botId: null,
      teamId: suite.ids.channel.teamId,
    });
  });

  it('finish a conversation on the version it started with', async () => {
    const id = newId();
    await publish('Versioned', greeter(suite.ids.sales.id), id);
    await routeTo(id);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hello');
    const renamed = greeter(suite.ids.sales.id, 'Good day!');
    for (const button of renamed.nodes[0]?.buttons ?? []) button.name = `New ${button.name}`;
    await publish('Versioned', renamed, id);
    // The old button's name still works in the conversation that began on version 1.
    await writes(customer, 'Talk to a person');
    expect(await chatOf(customer)).toMatchObject({ status: 'pending', teamId: suite.ids.sales.id });
    // A new customer meets version 2.
    const later = `bot-${newId()}`;
    await writes(later, 'Hello');
    expect((await botMessages((await chatOf(later)).id))[0]?.text).toBe('Good day!');
  });

  it('hand a customer who writes past the message limit to people, with the limit page', async () => {
    const bot = await publish('Asker', asker());
    await routeTo(bot);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hello');
    for (let i = 1; i <= BOT_MESSAGE_LIMIT; i++) await writes(customer, `Order ${i}`);
    const chat = await chatOf(customer);
    expect(chat.botId).toBe(bot);
    await writes(customer, 'Order again');
    expect(await chatOf(customer)).toMatchObject({ status: 'pending', botId: null });
    const last = (await botMessages(chat.id)).at(-1);
    expect(last?.links).toHaveLength(1);
    const page = await call(
      suite.server,
      'POST',
      `/api/public/bot-action/${last?.links[0]?.actionId}`,
    );
    expect(page.body).toMatchObject({ code: 'ok', entity: { kind: 'limit' } });
  });

  it('open a link button once through its page', async () => {
    const bot = await publish('Linker', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hello');
    const [greeting] = await botMessages((await chatOf(customer)).id);
    const path = `/api/public/bot-action/${greeting?.links[0]?.actionId}`;
    expect((await call(suite.server, 'POST', path)).body).toMatchObject({
      entity: { kind: 'link', url: 'https://shop.example/prices', firstUse: true },
    });
    expect((await call(suite.server, 'POST', path)).body).toMatchObject({
      entity: { kind: 'link', firstUse: false },
    });
    expect(
      (await call(suite.server, 'POST', `/api/public/bot-action/${newId()}`)).body,
    ).toMatchObject({ code: 'error', error: { name: 'NOT_FOUND' } });
  });

  it('take a chat an operator transfers to a published bot, and refuse an unpublished one', async () => {
    const bot = await publish('Transfer target', greeter(suite.ids.sales.id));
    const draft = newId();
    expectOk(
      await run(suite, admin, 'chatbot.save', {
        chatbotId: draft,
        name: 'Never published',
        description: '',
        defaultMessage: DEFAULT_MESSAGE,
        scenario: greeter(suite.ids.sales.id),
        baseVersion: null,
      }),
    );
    const chat = await operatorsChat(suite.server, suite.ids);
    expect(
      (
        await refusal(suite, suite.operator, 'chat.transfer', {
          chatId: chat.id,
          to: { botId: draft },
        })
      ).name,
    ).toBe('CHATBOT_NOT_FOUND');
    expectOk(
      await run(suite, suite.operator, 'chat.transfer', { chatId: chat.id, to: { botId: bot } }),
    );
    const [moved] = await db().select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(moved).toMatchObject({ status: 'assigned', botId: bot, operatorId: null });
    expect((await botMessages(chat.id)).at(-1)?.text).toBe('Hello! How can I help?');
    // The bot's part ends when a supervisor takes it back to a team's queue.
    expectOk(
      await run(suite, suite.supervisor, 'chat.transfer', {
        chatId: chat.id,
        to: { teamId: suite.ids.support.id },
      }),
    );
    expect(await openSession(chat.id)).toBeUndefined();
    const [back] = await db().select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(back).toMatchObject({ status: 'pending', botId: null });
  });

  it('let the team step in: a take, or an answer, takes the chat over from the bot', async () => {
    const bot = await publish('Step in', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const taken = `bot-${newId()}`;
    await writes(taken, 'Hello');
    const atBot = await chatOf(taken);
    expect(atBot.teamId).toBe(suite.ids.channel.teamId);
    // The demo operator is in the channel's team, so sees the chat with the bot and may take it.
    expectOk(await run(suite, suite.operator, 'chat.take', { chatId: atBot.id }));
    expect(await chatOf(taken)).toMatchObject({
      status: 'assigned',
      operatorId: suite.ids.operator.id,
      botId: null,
    });
    expect(await openSession(atBot.id)).toBeUndefined();
    // The customer's next words reach the operator, not the bot.
    const before = (await botMessages(atBot.id)).length;
    await writes(taken, 'Talk to a person');
    expect(await botMessages(atBot.id)).toHaveLength(before);

    const answered = `bot-${newId()}`;
    await writes(answered, 'Hello');
    const chat = await chatOf(answered);
    expectOk(
      await run(suite, suite.operator, 'message.send', {
        chatId: chat.id,
        messageId: newId(),
        text: 'Hi, this is Oscar, I will help you',
      }),
    );
    expect(await chatOf(answered)).toMatchObject({
      operatorId: suite.ids.operator.id,
      botId: null,
    });
    expect(await openSession(chat.id)).toBeUndefined();
  });

  it('send a node’s file with its reply, and refuse a save naming a file that was never uploaded', async () => {
    const id = newId();
    const scenario = greeter(suite.ids.sales.id);
    const greeting = scenario.nodes[0];
    if (!greeting) throw new Error('no greeting');
    greeting.reply = { text: 'Here is our price list', fileId: newId(), fileName: 'prices.pdf' };
    const missing = await refusal(suite, admin, 'chatbot.save', {
      chatbotId: id,
      name: 'With a file',
      description: '',
      defaultMessage: DEFAULT_MESSAGE,
      scenario,
      baseVersion: null,
    });
    expect(missing).toMatchObject({
      name: 'FILE_NOT_FOUND',
      params: { nodeId: greeting.id, field: 'file' },
    });

    const fileId = greeting.reply.fileId ?? '';
    expect(
      (
        await upload(suite.server, { token: admin }, fileId, {
          bytes: '%PDF-1.4 prices',
          type: 'application/pdf',
          name: 'prices.pdf',
        })
      ).status,
    ).toBe(200);
    await publish('With a file', scenario, id);
    await routeTo(id);
    const customer = `bot-${newId()}`;
    await writes(customer, 'Hello');
    const [said] = await botMessages((await chatOf(customer)).id);
    expect(said).toMatchObject({
      text: 'Here is our price list',
      attachments: [{ id: fileId, name: 'prices.pdf', type: 'application/pdf' }],
    });
  });

  it('leave chats to the queue when the plan has no chat bots, and refuse a transfer to one', async () => {
    const bot = await publish('Plan bound', greeter(suite.ids.sales.id));
    await routeTo(bot);
    const org = eq(t.organizations.id, suite.ids.org.id);
    const [before] = await db().select().from(t.organizations).where(org);
    const options = before?.options ?? [];
    await db()
      .update(t.organizations)
      .set({ options: options.filter((option) => option !== 'OPTION_CHAT_BOT') })
      .where(org);
    try {
      const customer = `bot-${newId()}`;
      await writes(customer, 'Hello');
      const chat = await chatOf(customer);
      expect(chat).toMatchObject({
        status: 'pending',
        botId: null,
        teamId: suite.ids.channel.teamId,
      });
      expect(await botMessages(chat.id)).toEqual([]);
      const held = await operatorsChat(suite.server, suite.ids);
      expect(
        (
          await refusal(suite, suite.operator, 'chat.transfer', {
            chatId: held.id,
            to: { botId: bot },
          })
        ).name,
      ).toBe('OPTION_NOT_AVAILABLE');
    } finally {
      await db().update(t.organizations).set({ options }).where(org);
    }
  });
});
