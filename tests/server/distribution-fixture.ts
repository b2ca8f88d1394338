import { beforeAll } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { newId, type RoutingAction, type RoutingConditions } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { runDueTimers } from '../../server/jobs/run-timers';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  command,
  customerWrites,
  login,
  sendCommands,
  type DemoIds,
  type Suite,
  type TestServer,
} from './harness';

type TeamSettings = Partial<typeof t.teams.$inferInsert>;
type ChannelSettings = Partial<typeof t.channels.$inferInsert>;

/**
 * A team of its own inside the demo organization, with its own site-chat channel and operators,
 * so each distribution test starts from a known queue. Setup writes state; everything the test
 * then checks goes through the real command path, presence and timer job.
 */
export async function distributionTeam(
  server: TestServer,
  ids: DemoIds,
  options: { operators: number; team?: TeamSettings; channel?: ChannelSettings },
) {
  const { db } = server.database;
  const teamId = newId();
  await db.insert(t.teams).values({
    id: teamId,
    orgId: ids.org.id,
    name: `Team ${teamId}`,
    description: 'Distribution test team',
    dialogLimit: 5,
    ...options.team,
  });
  const channelId = newId();
  await db.insert(t.channels).values({
    id: channelId,
    orgId: ids.org.id,
    name: `Site ${channelId}`,
    type: 'site_chat',
    teamId,
    ...options.channel,
  });
  await db
    .insert(t.routingRules)
    .values(defaultRuleRow({ id: channelId, orgId: ids.org.id, teamId }, newId()));
  const operators: { id: string; email: string; token: string }[] = [];
  for (let i = 0; i < options.operators; i++) {
    const id = newId();
    const email = `op-${id}@demo.test`;
    await db.insert(t.users).values({
      id,
      orgId: ids.org.id,
      email,
      name: `Operator ${i + 1}`,
      roleId: ids.operator.roleId,
      teamIds: [teamId],
      passwordHash: ids.operator.passwordHash,
    });
    operators.push({ id, email, token: await login(server, email) });
  }

  const run = async (token: string, type: string, payload: unknown) => {
    const [result] = await sendCommands(server, token, [command(type, payload)]);
    if (!result?.ok) throw new Error(`${type} refused: ${JSON.stringify(result)}`);
  };

  return {
    teamId,
    channelId,
    operators,
    run,
    /** The i-th operator of the team. */
    operator(index: number) {
      const operator = operators[index];
      if (!operator) throw new Error(`the team has no operator ${index}`);
      return operator;
    },
    /** A routing rule of the team's channel, before the default one; unset conditions are any. */
    async rule(name: string, conditions: Partial<RoutingConditions>, action: RoutingAction) {
      await db.insert(t.routingRules).values({
        id: newId(),
        orgId: ids.org.id,
        channelId,
        name,
        priority: 1,
        conditions: {
          chatStatus: 'any',
          messageType: 'any',
          mailingType: null,
          includeIntents: [],
          excludeIntents: [],
          ...conditions,
        },
        action,
      });
    },
    /** The operator connects (a live connection, as their browser holds) and goes In work. */
    async ready(operator: { id: string; token: string }) {
      await server.context.presence.opened({ id: operator.id, orgId: ids.org.id });
      await run(operator.token, 'operator.setStatus', { status: 'in_work' });
    },
    /** A new customer's first message on the team's channel; returns the chat. */
    async customer(text = 'Hello, I need help', externalId = `c-${newId()}`) {
      const result = await customerWrites(server, ids.org.id, channelId, externalId, text);
      if (!result.ok) throw new Error(`customer message refused: ${JSON.stringify(result)}`);
      return { chat: await chatOf(externalId), externalId };
    },
    async chat(id: string) {
      const [row] = await db.select().from(t.chats).where(eq(t.chats.id, id));
      if (!row) throw new Error(`chat ${id} missing`);
      return row;
    },
    async history(chatId: string) {
      return db
        .select()
        .from(t.chatHistory)
        .where(eq(t.chatHistory.chatId, chatId))
        .orderBy(asc(t.chatHistory.at));
    },
    async botMessages(chatId: string) {
      return db
        .select()
        .from(t.messages)
        .where(and(eq(t.messages.chatId, chatId), eq(t.messages.authorKind, 'bot')))
        .orderBy(asc(t.messages.createdAt));
    },
    /** Time passes: presence stays fresh (as each instance keeps it) and due timers fire. */
    async advanceMinutes(minutes: number) {
      server.clock.advance(minutes * 60_000);
      await server.context.presence.refresh();
      await runDueTimers({ database: server.database, clock: server.clock, wake: () => {} });
    },
  };

  async function chatOf(externalId: string) {
    const [row] = await db
      .select({ chat: t.chats })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(and(eq(t.clientContacts.channelId, channelId), eq(t.clientContacts.value, externalId)))
      .orderBy(desc(t.chats.createdAt))
      .limit(1);
    if (!row) throw new Error(`no chat of ${externalId}`);
    return row.chat;
  }
}

/**
 * Lifts the demo organization's licence count for a suite whose tests each bring operators In
 * work; the licence cap has its own test.
 */
export function roomyLicences(suite: Suite): void {
  beforeAll(async () => {
    await suite.server.database.db
      .update(t.organizations)
      .set({ licenseCount: 1000 })
      .where(eq(t.organizations.id, suite.ids.org.id));
  });
}
