import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { newId, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  command,
  customerOpensChat,
  login,
  newVisitor,
  otherOrganization,
  sendCommands,
  serverForSuite,
  upload,
  visitorSend,
  type Suite,
} from './harness';
import { distributionTeam } from './distribution-fixture';
import { commandChecks } from './command-checks';

const MINUTE = 60_000;

const anyConditions = {
  chatStatus: 'any',
  messageType: 'any',
  mailingType: null,
  includeIntents: [],
  excludeIntents: [],
};

/** What the settings commands write: a refusal must leave all of it as it was. */
async function settingsState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    rules: await db.select().from(t.routingRules).orderBy(asc(t.routingRules.id)),
    autoReplies: await db
      .select()
      .from(t.autoReplies)
      .orderBy(asc(t.autoReplies.channelId), asc(t.autoReplies.kind)),
    channels: await db.select().from(t.channels).orderBy(asc(t.channels.id)),
    teams: await db.select().from(t.teams).orderBy(asc(t.teams.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(settingsState);

describe('distribution settings commands', () => {
  const suite = serverForSuite();
  let admin = '';
  /** Another organization's channel, team, rule and file: what must answer as unknown. */
  const other = { channelId: '', teamId: '', ruleId: '', fileId: '' };

  const timersOf = (chatId: string) =>
    suite.server.database.db
      .select({ kind: t.timers.kind, dueAt: t.timers.dueAt })
      .from(t.timers)
      .where(eq(t.timers.subjectId, chatId));
  const dueOf = async (chatId: string, kind: string) =>
    (await timersOf(chatId)).find((timer) => timer.kind === kind)?.dueAt ?? null;

  const channelRules = () =>
    suite.server.database.db
      .select()
      .from(t.routingRules)
      .where(eq(t.routingRules.channelId, suite.ids.channel.id));

  /** A rule for mailings only, so it never routes the customers' chats of other tests. */
  const mailingRule = (overrides: Record<string, unknown> = {}) => ({
    id: newId(),
    channelId: suite.ids.channel.id,
    name: 'Mailings to Sales',
    isDefault: false,
    priority: 10,
    conditions: { ...anyConditions, messageType: 'mailing' },
    action: { kind: 'team', teamId: suite.ids.sales.id },
    ...overrides,
  });

  beforeAll(async () => {
    const { server } = suite;
    const { db } = server.database;
    admin = await login(server, 'admin@demo.test');
    const { id: orgId } = await otherOrganization(server.database);
    other.teamId = newId();
    other.channelId = newId();
    other.ruleId = newId();
    other.fileId = newId();
    await db
      .insert(t.teams)
      .values({ id: other.teamId, orgId, name: 'Theirs', description: 'Their team' });
    await db.insert(t.channels).values({
      id: other.channelId,
      orgId,
      name: 'Their chat',
      type: 'site_chat',
      teamId: other.teamId,
    });
    await db
      .insert(t.routingRules)
      .values(defaultRuleRow({ id: other.channelId, orgId, teamId: other.teamId }, other.ruleId));
    await db.insert(t.files).values({
      id: other.fileId,
      orgId,
      name: 'theirs.txt',
      type: 'text/plain',
      size: 5,
      data: Buffer.from('hello'),
    });
  });

  it('the demo seed gives each channel exactly one default rule, sending chats to its team', async () => {
    const { db } = suite.server.database;
    const channels = await db
      .select()
      .from(t.channels)
      .where(eq(t.channels.orgId, suite.ids.org.id));
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) {
      const defaults = await db
        .select()
        .from(t.routingRules)
        .where(and(eq(t.routingRules.channelId, channel.id), eq(t.routingRules.isDefault, true)));
      expect(defaults).toHaveLength(1);
      expect(defaults[0]).toMatchObject({
        orgId: suite.ids.org.id,
        name: 'Default',
        priority: 0,
        conditions: anyConditions,
        action: { kind: 'team', teamId: channel.teamId },
      });
    }
  });

  describe('routingRule.save and routingRule.delete', () => {
    it('an administrator creates a rule and then changes it by its id', async () => {
      const rule = mailingRule({
        name: '  Service mailings  ',
        conditions: { ...anyConditions, messageType: 'mailing', mailingType: 'service' },
      });
      expectOk(await run(suite, admin, 'routingRule.save', rule));
      const { db } = suite.server.database;
      const [created] = await db
        .select()
        .from(t.routingRules)
        .where(eq(t.routingRules.id, rule.id));
      expect(created).toMatchObject({
        orgId: suite.ids.org.id,
        channelId: suite.ids.channel.id,
        name: 'Service mailings',
        isDefault: false,
        priority: 10,
        conditions: rule.conditions,
        action: { kind: 'team', teamId: suite.ids.sales.id },
      });

      const changed = {
        ...rule,
        name: 'Service mailings, last executor',
        priority: 3,
        action: { kind: 'last_executor' },
      };
      expectOk(await run(suite, admin, 'routingRule.save', changed));
      const rows = await db.select().from(t.routingRules).where(eq(t.routingRules.id, rule.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Service mailings, last executor',
        priority: 3,
        action: { kind: 'last_executor' },
        createdAt: created?.createdAt,
      });
      const logged = await db
        .select({ data: t.events.data })
        .from(t.events)
        .where(
          and(
            eq(t.events.type, 'routingRule.saved'),
            sql`${t.events.data}->'rule'->>'id' = ${rule.id}`,
          ),
        )
        .orderBy(asc(t.events.seq));
      expect(logged.map(({ data }) => data.created)).toEqual([true, false]);
    });

    it('the default rule cannot be changed, deleted, or made a second time', async () => {
      const [defaultRule] = (await channelRules()).filter((rule) => rule.isDefault);
      if (!defaultRule) throw new Error('no default rule');
      const changed = {
        id: defaultRule.id,
        channelId: defaultRule.channelId,
        name: 'Everything to Sales',
        isDefault: true,
        priority: 0,
        conditions: anyConditions,
        action: { kind: 'team', teamId: suite.ids.sales.id },
      };
      expect((await refusal(suite, admin, 'routingRule.save', changed)).name).toBe(
        'DEFAULT_RULE_UPDATE',
      );
      expect(
        (await refusal(suite, admin, 'routingRule.save', { ...changed, isDefault: false })).name,
      ).toBe('DEFAULT_RULE_UPDATE');
      expect(
        (await refusal(suite, admin, 'routingRule.delete', { ruleId: defaultRule.id })).name,
      ).toBe('DEFAULT_RULE_UPDATE');
      expect(
        (
          await refusal(
            suite,
            admin,
            'routingRule.save',
            mailingRule({ isDefault: true, conditions: anyConditions }),
          )
        ).name,
      ).toBe('DEFAULT_RULE_UPDATE');
    });

    const refusals: [string, () => Record<string, unknown>, string][] = [
      ['a blank name', () => mailingRule({ name: '   ' }), 'RULE_NAME_REQUIRED'],
      [
        'a mailing type on a rule not limited to mailings',
        () => mailingRule({ conditions: { ...anyConditions, mailingType: 'service' } }),
        'INVALID_RULE_CONDITION',
      ],
      [
        'an unknown intent',
        () => mailingRule({ conditions: { ...anyConditions, includeIntents: ['SHOUTING'] } }),
        'INVALID_RULE_CONDITION',
      ],
      [
        'an intent both included and excluded',
        () =>
          mailingRule({
            conditions: { ...anyConditions, includeIntents: ['HELP'], excludeIntents: ['HELP'] },
          }),
        'INVALID_RULE_CONDITION',
      ],
      [
        'a team action without a team',
        () => mailingRule({ action: { kind: 'team' } }),
        'INVALID_RULE_ACTION',
      ],
      [
        'an unknown action',
        () => mailingRule({ action: { kind: 'escalate' } }),
        'INVALID_RULE_ACTION',
      ],
      [
        'a team that does not exist',
        () => mailingRule({ action: { kind: 'team', teamId: newId() } }),
        'TEAM_NOT_FOUND',
      ],
      [
        'another organization’s team',
        () => mailingRule({ action: { kind: 'team', teamId: other.teamId } }),
        'TEAM_NOT_FOUND',
      ],
      [
        'a chat bot (there are none yet)',
        () => mailingRule({ action: { kind: 'chat_bot', botId: newId() } }),
        'CHATBOT_NOT_FOUND',
      ],
      [
        'no conditions, which would hide the default rule',
        () => mailingRule({ conditions: anyConditions }),
        'RULE_SAME_CONDITIONS_EXISTS',
      ],
      [
        'a channel that does not exist',
        () => mailingRule({ channelId: newId() }),
        'CHANNEL_NOT_FOUND',
      ],
      [
        'another organization’s channel',
        () => mailingRule({ channelId: other.channelId }),
        'CHANNEL_NOT_FOUND',
      ],
      [
        'the id of another organization’s rule',
        () => mailingRule({ id: other.ruleId }),
        'VALIDATION_FAILED',
      ],
    ];
    it.each(refusals)('refuses a rule with %s, writing nothing', async (_, rule, name) => {
      expect((await refusal(suite, admin, 'routingRule.save', rule())).name).toBe(name);
    });

    it('refuses a second rule with the same conditions, intents compared as sets', async () => {
      const conditions = {
        ...anyConditions,
        messageType: 'mailing',
        mailingType: 'advertising',
        includeIntents: ['GREETING', 'HELP'],
      };
      expectOk(await run(suite, admin, 'routingRule.save', mailingRule({ conditions })));
      const twin = mailingRule({
        name: 'The same, reordered',
        conditions: { ...conditions, includeIntents: ['HELP', 'GREETING'] },
      });
      expect((await refusal(suite, admin, 'routingRule.save', twin)).name).toBe(
        'RULE_SAME_CONDITIONS_EXISTS',
      );
    });

    it('of two saves with the same conditions at once, one is stored and the other refused', async () => {
      // Five pairs at once, each racing over its own conditions: on PostgreSQL without the
      // channel's lock, pairs store both rules.
      const intents = ['GREETING', 'GOODBYE', 'HELP', 'BOT_CONFUSED', 'ESCALATE_TO_AGENT'];
      const pairs = intents.map((intent) => {
        const conditions = {
          ...anyConditions,
          chatStatus: 'repeat',
          messageType: 'mailing',
          includeIntents: [intent],
        };
        return [mailingRule({ conditions }), mailingRule({ conditions })];
      });
      const outcomes = await Promise.all(
        pairs.map(async (pair) => {
          const results = await Promise.all(
            pair.map((rule) => run(suite, admin, 'routingRule.save', rule)),
          );
          const stored = await suite.server.database.db
            .select({ id: t.routingRules.id })
            .from(t.routingRules)
            .where(
              inArray(
                t.routingRules.id,
                pair.map((rule) => rule.id),
              ),
            );
          return {
            results: results.map((r) => (r.ok ? 'ok' : r.error.name)).sort(),
            stored: stored.length,
          };
        }),
      );
      for (const outcome of outcomes)
        expect(outcome).toEqual({ results: ['RULE_SAME_CONDITIONS_EXISTS', 'ok'], stored: 1 });
    });

    it('deletes a rule; an unknown rule or another organization’s answers RULE_NOT_FOUND', async () => {
      const rule = mailingRule({
        conditions: { ...anyConditions, chatStatus: 'new', messageType: 'mailing' },
      });
      expectOk(await run(suite, admin, 'routingRule.save', rule));
      expectOk(await run(suite, admin, 'routingRule.delete', { ruleId: rule.id }));
      expect((await channelRules()).map((row) => row.id)).not.toContain(rule.id);
      expect((await refusal(suite, admin, 'routingRule.delete', { ruleId: rule.id })).name).toBe(
        'RULE_NOT_FOUND',
      );
      expect(
        (await refusal(suite, admin, 'routingRule.delete', { ruleId: other.ruleId })).name,
      ).toBe('RULE_NOT_FOUND');
    });
  });

  describe('autoReplies.save', () => {
    const greeting = (overrides: Record<string, unknown> = {}) => ({
      kind: 'greeting',
      enabled: true,
      text: 'Hello! An operator will be with you shortly.',
      buttons: ['Delivery', 'Payment'],
      attachments: [],
      ...overrides,
    });
    const save = (replies: unknown[], channelId = suite.ids.channel.id, waitMinutes = 2) => ({
      channelId,
      waitMinutes,
      replies,
    });

    it('stores the replies with the files the administrator uploaded, and the wait; a second save updates them', async () => {
      const { server } = suite;
      const { db } = server.database;
      const fileId = newId();
      const uploaded = await upload(server, { token: admin }, fileId, {
        bytes: 'Price list',
        type: 'text/plain',
        name: 'prices.txt',
      });
      expect(uploaded.body.code).toBe('ok');
      const chat = await customerOpensChat(server, suite.ids);
      expect(await dueOf(chat.id, 'chat.autoReply')).toBeNull();

      const attachment = { id: fileId, name: 'renamed.pdf', type: 'application/pdf', size: 1 };
      expectOk(
        await run(
          suite,
          admin,
          'autoReplies.save',
          save([
            greeting({ attachments: [attachment] }),
            {
              kind: 'operators_online',
              enabled: true,
              text: ' Thanks for waiting ',
              attachments: [],
            },
          ]),
        ),
      );
      const rows = await db
        .select()
        .from(t.autoReplies)
        .where(eq(t.autoReplies.channelId, suite.ids.channel.id))
        .orderBy(asc(t.autoReplies.kind));
      expect(rows).toMatchObject([
        {
          kind: 'greeting',
          orgId: suite.ids.org.id,
          enabled: true,
          text: 'Hello! An operator will be with you shortly.',
          buttons: ['Delivery', 'Payment'],
          // The stored file's own name, type and size, not what the command claimed.
          attachments: [{ id: fileId, name: 'prices.txt', type: 'text/plain', size: 10 }],
        },
        { kind: 'operators_online', enabled: true, text: 'Thanks for waiting', buttons: [] },
      ]);
      const [channel] = await db
        .select()
        .from(t.channels)
        .where(eq(t.channels.id, suite.ids.channel.id));
      expect(channel?.autoReplyWaitMinutes).toBe(2);
      // A waiting reply is on now: the open chat is due for it after the new wait.
      expect(await dueOf(chat.id, 'chat.autoReply')).toEqual(
        new Date((chat.unansweredSince?.getTime() ?? 0) + 2 * MINUTE),
      );

      expectOk(
        await run(
          suite,
          admin,
          'autoReplies.save',
          save(
            [
              greeting({ enabled: false, text: 'Hi!', buttons: [] }),
              { kind: 'operators_online', enabled: false, text: 'Thanks', attachments: [] },
            ],
            suite.ids.channel.id,
            5,
          ),
        ),
      );
      const again = await db
        .select()
        .from(t.autoReplies)
        .where(eq(t.autoReplies.channelId, suite.ids.channel.id))
        .orderBy(asc(t.autoReplies.kind));
      expect(again).toMatchObject([
        { kind: 'greeting', enabled: false, text: 'Hi!', buttons: [], attachments: [] },
        { kind: 'operators_online', enabled: false, text: 'Thanks' },
      ]);
      // Switched off again: the chat no longer waits for it.
      expect(await dueOf(chat.id, 'chat.autoReply')).toBeNull();
    });

    const refusals: [string, () => unknown, string][] = [
      ['an empty text', () => save([greeting({ text: '  ' })]), 'DEFAULT_MESSAGE_EMPTY'],
      [
        'more than 10 buttons',
        () => save([greeting({ buttons: Array.from({ length: 11 }, (_, i) => `Button ${i}`) })]),
        'TOO_MANY_BUTTONS',
      ],
      [
        'a button text over 64 characters',
        () => save([greeting({ buttons: ['x'.repeat(65)] })]),
        'BUTTON_TEXT_TOO_LONG',
      ],
      ['a blank button', () => save([greeting({ buttons: ['  '] })]), 'BUTTON_NAME_EMPTY'],
      ['an unknown kind', () => save([greeting({ kind: 'holding' })]), 'AUTO_REPLY_NOT_FOUND'],
      ['one kind twice', () => save([greeting(), greeting()]), 'VALIDATION_FAILED'],
      [
        'a wait that is not 1, 2 or 5 minutes',
        () => save([greeting()], suite.ids.channel.id, 3),
        'VALIDATION_FAILED',
      ],
      [
        'a file never uploaded, after a valid reply',
        () =>
          save([
            { kind: 'operators_offline', enabled: true, text: 'We are away', attachments: [] },
            greeting({
              attachments: [{ id: newId(), name: 'x.txt', type: 'text/plain', size: 1 }],
            }),
          ]),
        'FILE_NOT_FOUND',
      ],
      [
        'another organization’s file',
        () =>
          save([
            greeting({
              attachments: [{ id: other.fileId, name: 'x.txt', type: 'text/plain', size: 5 }],
            }),
          ]),
        'FILE_NOT_FOUND',
      ],
      ['a channel that does not exist', () => save([greeting()], newId()), 'CHANNEL_NOT_FOUND'],
      [
        'another organization’s channel',
        () => save([greeting()], other.channelId),
        'CHANNEL_NOT_FOUND',
      ],
    ];
    it.each(refusals)('refuses %s, writing nothing', async (_, payload, name) => {
      expect((await refusal(suite, admin, 'autoReplies.save', payload())).name).toBe(name);
    });

    it("holds the buttons to the channel's provider: a WhatsApp title over 20 characters is refused by name, writing nothing", async () => {
      const { db } = suite.server.database;
      const whatsapp = newId();
      await db.insert(t.channels).values({
        id: whatsapp,
        orgId: suite.ids.org.id,
        name: 'WhatsApp for the limits',
        type: 'whatsapp',
        teamId: suite.ids.support.id,
      });
      const long = greeting({ buttons: ['Prices', 'Track my delivery, please'] });
      const error = await refusal(suite, admin, 'autoReplies.save', save([long], whatsapp));
      expect(error).toMatchObject({
        name: 'BUTTON_TEXT_TOO_LONG',
        params: { max: 20, field: 'replies.0.buttons' },
      });
      const stored = await db
        .select()
        .from(t.autoReplies)
        .where(eq(t.autoReplies.channelId, whatsapp));
      expect(stored).toEqual([]);
      // The same reply fits a channel that shows the spec's 64 characters, and 20 fit WhatsApp.
      expectOk(await run(suite, admin, 'autoReplies.save', save([long])));
      const short = greeting({ buttons: ['Prices', 'Track my delivery'] });
      expectOk(await run(suite, admin, 'autoReplies.save', save([short], whatsapp)));
    });

    it('names the button limit in its refusal', async () => {
      const error = await refusal(
        suite,
        admin,
        'autoReplies.save',
        save([greeting({ buttons: Array.from({ length: 11 }, (_, i) => `Button ${i}`) })]),
      );
      expect(error).toMatchObject({
        name: 'TOO_MANY_BUTTONS',
        params: { max: 10 },
        message: 'Too many buttons (max 10)',
      });
    });
  });

  describe('team.setDistribution', () => {
    const settings = (teamId: string, overrides: Record<string, unknown> = {}) => ({
      teamId,
      distributionMethod: 'least_busy',
      dialogLimit: 7,
      redistributionMinutes: 5,
      autoCloseMinutes: 30,
      unattendedCloseHours: 72,
      inactivityMinutes: 24,
      ...overrides,
    });

    it('a supervisor changes a team’s settings; its waiting chats are timed by them at once', async () => {
      const { server } = suite;
      const chat = await customerOpensChat(server, suite.ids);
      expect(chat.teamId).toBe(suite.ids.support.id);
      const queued = chat.queuedAt?.getTime() ?? 0;
      expect(await dueOf(chat.id, 'chat.autoClose')).toEqual(new Date(queued + 24 * 60 * MINUTE));

      const sent = command('team.setDistribution', settings(suite.ids.support.id));
      const [result] = await sendCommands(server, suite.supervisor, [sent]);
      expectOk(result as CommandResult);
      const [team] = await server.database.db
        .select()
        .from(t.teams)
        .where(eq(t.teams.id, suite.ids.support.id));
      expect(team).toMatchObject({
        distributionMethod: 'least_busy',
        dialogLimit: 7,
        redistributionMinutes: 5,
        autoCloseMinutes: 30,
        unattendedCloseHours: 72,
        inactivityMinutes: 24,
      });
      // The waiting chat now closes unattended after the team's new 72 hours.
      expect(await dueOf(chat.id, 'chat.autoClose')).toEqual(new Date(queued + 72 * 60 * MINUTE));
      const [event] = await server.database.db
        .select()
        .from(t.events)
        .where(eq(t.events.commandId, sent.id));
      expect(event?.type).toBe('team.distributionSet');
      expect(event?.groups).toEqual(['org']);
      expect(event?.changes).toMatchObject([
        { table: 'teams', op: 'put', key: suite.ids.support.id, row: { dialogLimit: 7 } },
      ]);

      expectOk(
        await run(
          suite,
          suite.supervisor,
          'team.setDistribution',
          settings(suite.ids.support.id, { unattendedCloseHours: 0 }),
        ),
      );
      expect(await dueOf(chat.id, 'chat.autoClose')).toBeNull();
    });

    it('a raised dialog limit gives the waiting chats out at once', async () => {
      const team = await distributionTeam(suite.server, suite.ids, {
        operators: 1,
        team: { dialogLimit: 1 },
      });
      const [operator] = team.operators;
      if (!operator) throw new Error('operator missing');
      await team.ready(operator);
      const first = await team.customer();
      const second = await team.customer();
      expect((await team.chat(first.chat.id)).operatorId).toBe(operator.id);
      expect((await team.chat(second.chat.id)).status).toBe('pending');

      expectOk(
        await run(
          suite,
          suite.supervisor,
          'team.setDistribution',
          settings(team.teamId, { dialogLimit: 2 }),
        ),
      );
      expect(await team.chat(second.chat.id)).toMatchObject({
        status: 'assigned',
        operatorId: operator.id,
      });
    });

    /** Values a team may not have, each refused on the sales team with the error named. */
    const refusedValues: [string, Record<string, unknown>, string][] = [
      ['a dialog limit of 0', { dialogLimit: 0 }, 'VALIDATION_FAILED'],
      ['a dialog limit of 1000', { dialogLimit: 1000 }, 'VALIDATION_FAILED'],
      [
        'a redistribution time of 1000 minutes',
        { redistributionMinutes: 1000 },
        'VALIDATION_FAILED',
      ],
      ['an auto-close time of 4321 minutes', { autoCloseMinutes: 4321 }, 'VALIDATION_FAILED'],
      ['an unattended close after 12 hours', { unattendedCloseHours: 12 }, 'VALIDATION_FAILED'],
      ['an unknown distribution method', { distributionMethod: 'random' }, 'VALIDATION_FAILED'],
      ['an inactivity time of 23 minutes', { inactivityMinutes: 23 }, 'INACTIVITY_TIME_INVALID'],
      ['an inactivity time of 10 minutes', { inactivityMinutes: 10 }, 'INACTIVITY_TIME_INVALID'],
    ];
    const refusals: [string, () => unknown, string][] = [
      ...refusedValues.map(([what, overrides, name]): [string, () => unknown, string] => [
        what,
        () => settings(suite.ids.sales.id, overrides),
        name,
      ]),
      ['a team that does not exist', () => settings(newId()), 'TEAM_NOT_FOUND'],
      ['another organization’s team', () => settings(other.teamId), 'TEAM_NOT_FOUND'],
    ];
    it.each(refusals)('refuses %s, writing nothing', async (_, payload, name) => {
      expect((await refusal(suite, suite.supervisor, 'team.setDistribution', payload())).name).toBe(
        name,
      );
    });

    it('names the field it refuses', async () => {
      const error = await refusal(
        suite,
        suite.supervisor,
        'team.setDistribution',
        settings(suite.ids.sales.id, { dialogLimit: 0 }),
      );
      expect(error.params).toEqual({ field: 'dialogLimit' });
    });
  });

  describe('channel.setThresholds', () => {
    it('an administrator sets a channel’s thresholds; its waiting chats turn by them', async () => {
      const { server } = suite;
      const chat = await customerOpensChat(server, suite.ids);
      const since = chat.unansweredSince?.getTime() ?? 0;
      // The demo channel: half-expired after 5 minutes.
      expect(await dueOf(chat.id, 'chat.expiry')).toEqual(new Date(since + 5 * MINUTE));

      const sent = command('channel.setThresholds', {
        channelId: suite.ids.channel.id,
        halfExpiredMinutes: 3,
        expiredMinutes: 10,
      });
      const [result] = await sendCommands(server, admin, [sent]);
      expectOk(result as CommandResult);
      const [channel] = await server.database.db
        .select()
        .from(t.channels)
        .where(eq(t.channels.id, suite.ids.channel.id));
      expect(channel).toMatchObject({ halfExpiredMinutes: 3, expiredMinutes: 10 });
      expect(await dueOf(chat.id, 'chat.expiry')).toEqual(new Date(since + 3 * MINUTE));
      const [event] = await server.database.db
        .select()
        .from(t.events)
        .where(eq(t.events.commandId, sent.id));
      expect(event?.type).toBe('channel.thresholdsSet');
      expect(event?.changes).toMatchObject([
        { table: 'channels', op: 'put', key: suite.ids.channel.id, row: { halfExpiredMinutes: 3 } },
      ]);

      // Only the red one: the chat is next due when it turns red.
      expectOk(
        await run(suite, admin, 'channel.setThresholds', {
          channelId: suite.ids.channel.id,
          halfExpiredMinutes: null,
          expiredMinutes: 15,
        }),
      );
      expect(await dueOf(chat.id, 'chat.expiry')).toEqual(new Date(since + 15 * MINUTE));
      expectOk(
        await run(suite, admin, 'channel.setThresholds', {
          channelId: suite.ids.channel.id,
          halfExpiredMinutes: null,
          expiredMinutes: null,
        }),
      );
      expect(await dueOf(chat.id, 'chat.expiry')).toBeNull();
    });

    const thresholds = (half: unknown, expired: unknown, channelId?: string) => ({
      channelId: channelId ?? suite.ids.channel.id,
      halfExpiredMinutes: half,
      expiredMinutes: expired,
    });
    const refusals: [string, () => unknown, string, string | null][] = [
      ['equal thresholds', () => thresholds(10, 10), 'VALIDATION_FAILED', 'halfExpiredMinutes'],
      [
        'half-expired after expired',
        () => thresholds(20, 10),
        'VALIDATION_FAILED',
        'halfExpiredMinutes',
      ],
      ['a zero threshold', () => thresholds(0, 10), 'VALIDATION_FAILED', 'halfExpiredMinutes'],
      ['a fractional threshold', () => thresholds(5, 7.5), 'VALIDATION_FAILED', 'expiredMinutes'],
      [
        'a channel that does not exist',
        () => thresholds(5, 10, newId()),
        'CHANNEL_NOT_FOUND',
        null,
      ],
      [
        'another organization’s channel',
        () => thresholds(5, 10, other.channelId),
        'CHANNEL_NOT_FOUND',
        null,
      ],
    ];
    it.each(refusals)('refuses %s, writing nothing', async (_, payload, name, field) => {
      const error = await refusal(suite, admin, 'channel.setThresholds', payload());
      expect(error.name).toBe(name);
      if (field) expect(error.params).toEqual({ field });
    });
  });

  it('an operator may change none of these settings', async () => {
    const payloads: [string, unknown][] = [
      ['routingRule.save', mailingRule({ conditions: { ...anyConditions, chatStatus: 'new' } })],
      ['routingRule.delete', { ruleId: (await channelRules())[0]?.id }],
      [
        'autoReplies.save',
        {
          channelId: suite.ids.channel.id,
          waitMinutes: 1,
          replies: [{ kind: 'greeting', enabled: true, text: 'Hi', attachments: [] }],
        },
      ],
      [
        'team.setDistribution',
        {
          teamId: suite.ids.support.id,
          distributionMethod: 'round_robin',
          dialogLimit: 99,
          redistributionMinutes: null,
          autoCloseMinutes: null,
          unattendedCloseHours: 0,
          inactivityMinutes: 0,
        },
      ],
      [
        'channel.setThresholds',
        { channelId: suite.ids.channel.id, halfExpiredMinutes: 1, expiredMinutes: 2 },
      ],
    ];
    for (const [type, payload] of payloads)
      expect((await refusal(suite, suite.operator, type, payload)).name, type).toBe(
        'ACCESS_DENIED',
      );
  });

  it('a supervisor, who manages teams but not channels, may not change a channel’s settings', async () => {
    const payloads: [string, unknown][] = [
      ['routingRule.save', mailingRule({ conditions: { ...anyConditions, chatStatus: 'new' } })],
      [
        'autoReplies.save',
        {
          channelId: suite.ids.channel.id,
          waitMinutes: 1,
          replies: [{ kind: 'greeting', enabled: true, text: 'Hi', attachments: [] }],
        },
      ],
      [
        'channel.setThresholds',
        { channelId: suite.ids.channel.id, halfExpiredMinutes: 1, expiredMinutes: 2 },
      ],
    ];
    for (const [type, payload] of payloads)
      expect((await refusal(suite, suite.supervisor, type, payload)).name, type).toBe(
        'ACCESS_DENIED',
      );
  });
});

describe('a saved routing rule routes new chats', () => {
  const suite = serverForSuite();

  /** A new site-chat visitor's first message; returns the chat it opened. */
  async function visitorOpensChat(text: string) {
    const { server, ids } = suite;
    const { token } = await newVisitor(server, ids.channel.id);
    const messageId = newId();
    const sent = await visitorSend(server, token, { id: messageId, text, name: 'Vera Visitor' });
    expect(sent.body.code).toBe('ok');
    const [row] = await server.database.db
      .select({ chat: t.chats })
      .from(t.chats)
      .innerJoin(t.messages, eq(t.messages.chatId, t.chats.id))
      .where(eq(t.messages.id, messageId));
    if (!row) throw new Error('no chat');
    return row.chat;
  }

  beforeAll(async () => {
    const { server, ids } = suite;
    const admin = await login(server, 'admin@demo.test');
    expectOk(
      await run(suite, admin, 'routingRule.save', {
        id: newId(),
        channelId: ids.channel.id,
        name: 'People to Sales',
        isDefault: false,
        priority: 1,
        conditions: { ...anyConditions, includeIntents: ['ESCALATE_TO_AGENT'] },
        action: { kind: 'team', teamId: ids.sales.id },
      }),
    );
  });

  it('a customer asking for a person goes to the team the rule names; other chats to the channel’s team', async () => {
    const { ids } = suite;
    expect(ids.org.options).toContain('OPTION_ROUTING');
    expect((await visitorOpensChat('I want to talk to a human')).teamId).toBe(ids.sales.id);
    expect((await visitorOpensChat('Where is my order?')).teamId).toBe(ids.support.id);
  });

  it('without the routing option the rule is kept but only the default rule routes', async () => {
    const { server, ids } = suite;
    await server.database.db
      .update(t.organizations)
      .set({ options: ids.org.options.filter((option) => option !== 'OPTION_ROUTING') })
      .where(eq(t.organizations.id, ids.org.id));
    try {
      expect((await visitorOpensChat('I want to talk to a human')).teamId).toBe(ids.support.id);
    } finally {
      await server.database.db
        .update(t.organizations)
        .set({ options: ids.org.options })
        .where(eq(t.organizations.id, ids.org.id));
    }
  });
});
