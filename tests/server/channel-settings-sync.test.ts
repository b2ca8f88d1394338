import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { autoReplyId, newId, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  bootstrapRows,
  command,
  login,
  otherOrganization,
  sendCommands,
  serverForSuite,
} from './harness';

const anyConditions = {
  chatStatus: 'any',
  messageType: 'any',
  mailingType: null,
  includeIntents: [],
  excludeIntents: [],
};

/**
 * The channel pages read routing rules and auto-replies from the browser's store: the server
 * syncs them as rows (bootstrap and the changes of each save), the organization's only, and an
 * auto-reply's row id is the one the browser computes for its prediction.
 */
describe('channel settings reach browsers as synced rows', () => {
  const suite = serverForSuite();

  it('a rule, its delete and the auto-replies travel as rows; another organization’s do not', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const admin = await login(server, 'admin@demo.test');
    const { id: otherOrg } = await otherOrganization(server.database);
    const theirChannel = newId();
    await db
      .insert(t.channels)
      .values({ id: theirChannel, orgId: otherOrg, name: 'Their chat', type: 'site_chat' });
    await db
      .insert(t.routingRules)
      .values(defaultRuleRow({ id: theirChannel, orgId: otherOrg, teamId: null }, newId()));

    const rule = {
      id: newId(),
      channelId: ids.channel.id,
      name: 'Mailings',
      isDefault: false,
      priority: 3,
      conditions: { ...anyConditions, messageType: 'mailing' },
      action: { kind: 'last_executor' },
    };
    const save = command('routingRule.save', rule);
    const replies = command('autoReplies.save', {
      channelId: ids.channel.id,
      waitMinutes: 5,
      replies: [{ kind: 'greeting', enabled: true, text: 'Hello', buttons: ['Prices'] }],
    });
    for (const result of await sendCommands(server, admin, [save, replies]))
      expect(result.ok).toBe(true);

    const changesOf = async (commandId: string) => {
      const [event] = await db.select().from(t.events).where(eq(t.events.commandId, commandId));
      return event?.changes;
    };
    expect(await changesOf(save.id)).toMatchObject([
      { table: 'routingRules', op: 'put', key: rule.id, row: { name: 'Mailings', priority: 3 } },
    ]);
    const greetingId = autoReplyId(ids.channel.id, 'greeting');
    expect(await changesOf(replies.id)).toMatchObject([
      { table: 'autoReplies', op: 'put', key: greetingId, row: { text: 'Hello' } },
      { table: 'channels', op: 'put', key: ids.channel.id, row: { autoReplyWaitMinutes: 5 } },
    ]);

    const rows = await bootstrapRows(server, admin);
    const rules = rows.get('routingRules') ?? [];
    expect(rules.map((row) => row.channelId)).not.toContain(theirChannel);
    expect(rules.find((row) => row.id === rule.id)).toMatchObject({ name: 'Mailings' });
    expect(rules.some((row) => row.channelId === ids.channel.id && row.isDefault)).toBe(true);
    expect(rows.get('autoReplies')).toEqual([
      expect.objectContaining({ id: greetingId, kind: 'greeting', buttons: ['Prices'] }),
    ]);

    const remove = command('routingRule.delete', { ruleId: rule.id });
    expect(((await sendCommands(server, admin, [remove]))[0] as CommandResult).ok).toBe(true);
    expect(await changesOf(remove.id)).toMatchObject([
      { table: 'routingRules', op: 'delete', key: rule.id },
    ]);
  });
});
