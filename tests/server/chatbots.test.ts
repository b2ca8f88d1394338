import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { newId, type BotNode, type BotScenario } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { botNode } from '../../server/domain/chatbots/test-nodes';
import { login, serverForSuite } from './harness';
import { commandChecks } from './command-checks';

/**
 * Chat bots through the whole server (issue 24, docs/chatbots.md): a draft saved only within the
 * scenario rules and only from the version the server holds (a stale save is refused, never
 * overwriting), names unique whatever their case, publishing keeps every version, an earlier one
 * restored, and a bot a routing rule uses cannot be deleted. A refusal writes and logs nothing.
 */
const suite = serverForSuite();
const { run, refusal, expectOk } = commandChecks(async (s) => ({
  bots: await s.server.database.db.select().from(t.chatbots).orderBy(asc(t.chatbots.id)),
  versions: await s.server.database.db
    .select()
    .from(t.chatbotVersions)
    .orderBy(asc(t.chatbotVersions.id)),
  rules: await s.server.database.db.select().from(t.routingRules).orderBy(asc(t.routingRules.id)),
}));

const node = botNode;

/** The Done-when's bot: a greeting with two buttons; one closes, the other transfers to Sales. */
function threeNodes(salesId: string): BotScenario {
  const hours = node({
    title: 'Hours',
    reply: { text: 'Nine to six', fileId: null },
    action: { kind: 'close' },
  });
  const person = node({ title: 'Person', action: { kind: 'team', teamId: salesId } });
  const greeting = node({
    title: 'Greeting',
    reply: { text: 'Hello! How can I help?', fileId: null },
    buttons: [
      { id: newId(), name: 'Opening hours', kind: 'value', link: '', next: hours.id },
      { id: newId(), name: 'Talk to a person', kind: 'value', link: '', next: person.id },
    ],
  });
  return { nodes: [greeting, hours, person] };
}

const save = (
  chatbotId: string,
  name: string,
  scenario: BotScenario,
  baseVersion: number | null,
) => ({
  chatbotId,
  name,
  description: 'Answers the first questions',
  defaultMessage: 'Sorry, I did not understand. Pick one of the buttons.',
  scenario,
  baseVersion,
});

const botRow = async (id: string) => {
  const [row] = await suite.server.database.db
    .select()
    .from(t.chatbots)
    .where(eq(t.chatbots.id, id));
  return row;
};

describe('chat bots', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  it('are saved by administrators only, as a draft whose version counts the saves', async () => {
    const id = newId();
    const scenario = threeNodes(suite.ids.sales.id);
    expect(
      (await refusal(suite, suite.operator, 'chatbot.save', save(id, 'Greeter', scenario, null)))
        .name,
    ).toBe('ACCESS_DENIED');
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Greeter', scenario, null)));
    expect(await botRow(id)).toMatchObject({ name: 'Greeter', version: 1, publishedVersion: null });
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Greeter', scenario, 1)));
    expect((await botRow(id))?.version).toBe(2);
  });

  it('refuse a save made from an older version than the server’s, keeping the other one’s work', async () => {
    const id = newId();
    const scenario = threeNodes(suite.ids.sales.id);
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Shared bot', scenario, null)));
    // Two administrators opened version 1; the first saves.
    const mine = structuredClone(scenario);
    (mine.nodes[0] as BotNode).reply.text = 'Hi there!';
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Shared bot', mine, 1)));
    const theirs = structuredClone(scenario);
    (theirs.nodes[0] as BotNode).reply.text = 'Good day!';
    const stale = await refusal(suite, admin, 'chatbot.save', save(id, 'Shared bot', theirs, 1));
    expect(stale).toMatchObject({ name: 'CHATBOT_VERSION_CONFLICT', params: { version: 2 } });
    expect((await botRow(id))?.scenario.nodes[0]?.reply.text).toBe('Hi there!');
  });

  it('keep names unique whatever their case, and refuse a scenario that breaks a rule, at its node', async () => {
    const scenario = threeNodes(suite.ids.sales.id);
    expectOk(await run(suite, admin, 'chatbot.save', save(newId(), 'Night bot', scenario, null)));
    const taken = await refusal(
      suite,
      admin,
      'chatbot.save',
      save(newId(), 'NIGHT BOT', scenario, null),
    );
    expect(taken).toMatchObject({ name: 'CHATBOT_NAME_EXISTS', params: { name: 'NIGHT BOT' } });

    const broken = structuredClone(scenario);
    const closing = broken.nodes[1] as BotNode;
    closing.buttons = [{ id: newId(), name: 'Thanks', kind: 'value', link: '', next: null }];
    const refused = await refusal(
      suite,
      admin,
      'chatbot.save',
      save(newId(), 'Broken bot', broken, null),
    );
    expect(refused).toMatchObject({ name: 'BOT_ACTION_AND_REPLY', params: { nodeId: closing.id } });
    const empty = await refusal(suite, admin, 'chatbot.save', {
      ...save(newId(), 'Silent bot', scenario, null),
      defaultMessage: ' ',
    });
    expect(empty.name).toBe('DEFAULT_MESSAGE_EMPTY');
  });

  it('publish the version seen, keep every published version, and restore an earlier one as a new draft', async () => {
    const id = newId();
    const first = threeNodes(suite.ids.sales.id);
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Versioned bot', first, null)));
    expectOk(await run(suite, admin, 'chatbot.publish', { chatbotId: id, version: 1 }));
    const second = structuredClone(first);
    (second.nodes[0] as BotNode).reply.text = 'Welcome back!';
    expectOk(await run(suite, admin, 'chatbot.save', save(id, 'Versioned bot', second, 1)));
    // Publishing a version the draft has moved on from is refused.
    expect(
      (await refusal(suite, admin, 'chatbot.publish', { chatbotId: id, version: 1 })).name,
    ).toBe('CHATBOT_VERSION_CONFLICT');
    expectOk(await run(suite, admin, 'chatbot.publish', { chatbotId: id, version: 2 }));
    const versions = await suite.server.database.db
      .select()
      .from(t.chatbotVersions)
      .where(eq(t.chatbotVersions.chatbotId, id))
      .orderBy(asc(t.chatbotVersions.version));
    expect(versions.map((v) => [v.version, v.scenario.nodes[0]?.reply.text])).toEqual([
      [1, 'Hello! How can I help?'],
      [2, 'Welcome back!'],
    ]);
    expect((await botRow(id))?.publishedVersion).toBe(2);

    expectOk(
      await run(suite, admin, 'chatbot.restore', {
        chatbotId: id,
        publishedVersion: 1,
        baseVersion: 2,
      }),
    );
    const restored = await botRow(id);
    expect(restored).toMatchObject({ version: 3, publishedVersion: 2 });
    expect(restored?.scenario.nodes[0]?.reply.text).toBe('Hello! How can I help?');
  });

  it('cannot be deleted while a routing rule gives chats to it; then can, with their versions', async () => {
    const id = newId();
    expectOk(
      await run(
        suite,
        admin,
        'chatbot.save',
        save(id, 'Routed bot', threeNodes(suite.ids.sales.id), null),
      ),
    );
    expectOk(await run(suite, admin, 'chatbot.publish', { chatbotId: id, version: 1 }));
    const rule = {
      id: newId(),
      channelId: suite.ids.channel.id,
      name: 'Mailings to the bot',
      isDefault: false,
      priority: 10,
      conditions: {
        chatStatus: 'any',
        messageType: 'mailing',
        mailingType: null,
        includeIntents: [],
        excludeIntents: [],
      },
      action: { kind: 'chat_bot', botId: id },
    };
    expectOk(await run(suite, admin, 'routingRule.save', rule));
    expect((await refusal(suite, admin, 'chatbot.delete', { chatbotId: id })).name).toBe(
      'RULES_USE_CHATBOT',
    );
    expectOk(
      await run(suite, admin, 'routingRule.save', {
        ...rule,
        action: { kind: 'team', teamId: suite.ids.sales.id },
      }),
    );
    expectOk(await run(suite, admin, 'chatbot.delete', { chatbotId: id }));
    expect(await botRow(id)).toBeUndefined();
    const left = await suite.server.database.db
      .select()
      .from(t.chatbotVersions)
      .where(eq(t.chatbotVersions.chatbotId, id));
    expect(left).toEqual([]);
    // A rule naming a bot that is not there is refused.
    expect((await refusal(suite, admin, 'routingRule.save', rule)).name).toBe('CHATBOT_NOT_FOUND');
  });
});
