import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  bootstrapRows,
  customerWrites,
  otherOrganization,
  serverForSuite,
  type Suite,
} from './harness';
import { commandChecks } from './command-checks';
import { roomyLicences } from './distribution-fixture';

/** What team.setMembers writes: a refusal must leave all of it as it was. */
async function membershipState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    users: await db.select().from(t.users).orderBy(asc(t.users.id)),
    chats: await db.select().from(t.chats).orderBy(asc(t.chats.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(membershipState);

describe('a team’s members changed from its panel (team.setMembers)', () => {
  const suite = serverForSuite();
  roomyLicences(suite);
  let salesChannel = '';

  beforeAll(async () => {
    const { db } = suite.server.database;
    const { ids } = suite;
    // A site chat of Sales' own, so a customer's message lands in Sales' queue.
    salesChannel = newId();
    await db.insert(t.channels).values({
      id: salesChannel,
      orgId: ids.org.id,
      name: 'Sales site',
      type: 'site_chat',
      teamId: ids.sales.id,
    });
    await db
      .insert(t.routingRules)
      .values(
        defaultRuleRow({ id: salesChannel, orgId: ids.org.id, teamId: ids.sales.id }, newId()),
      );
    await db.update(t.teams).set({ dialogLimit: 100 }).where(eq(t.teams.id, ids.sales.id));
  });

  const teamsOf = async (userId: string) => {
    const [row] = await suite.server.database.db
      .select({ teamIds: t.users.teamIds })
      .from(t.users)
      .where(eq(t.users.id, userId));
    return row?.teamIds;
  };

  const salesCustomer = async () => {
    const externalId = `c-${newId()}`;
    const result = await customerWrites(
      suite.server,
      suite.ids.org.id,
      salesChannel,
      externalId,
      'Do you have this in blue?',
    );
    expectOk(result);
    const [row] = await suite.server.database.db
      .select({ chat: t.chats })
      .from(t.chats)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
      .where(eq(t.clientContacts.value, externalId));
    if (!row) throw new Error('no chat');
    return row.chat;
  };

  const chatById = async (id: string) => {
    const [row] = await suite.server.database.db.select().from(t.chats).where(eq(t.chats.id, id));
    return row;
  };

  it('refuses someone without team management, and another organization’s user, changing nothing', async () => {
    const { ids } = suite;
    const payload = { teamId: ids.sales.id, add: [ids.operator.id], remove: [] };
    expect(await refusal(suite, suite.operator, 'team.setMembers', payload)).toMatchObject({
      name: 'ACCESS_DENIED',
    });
    const other = await otherOrganization(suite.server.database);
    const stranger = newId();
    await suite.server.database.db.insert(t.users).values({
      id: stranger,
      orgId: other.id,
      email: `x-${stranger}@other.test`,
      name: 'Stranger',
      roleId: other.roles.Operator,
      teamIds: [],
      passwordHash: ids.operator.passwordHash,
    });
    const foreign = { teamId: ids.sales.id, add: [stranger], remove: [] };
    expect(await refusal(suite, suite.supervisor, 'team.setMembers', foreign)).toMatchObject({
      name: 'USER_NOT_FOUND',
    });
    const elsewhere = { teamId: newId(), add: [ids.operator.id], remove: [] };
    expect(await refusal(suite, suite.supervisor, 'team.setMembers', elsewhere)).toMatchObject({
      name: 'TEAM_NOT_FOUND',
    });
    const both = { teamId: ids.sales.id, add: [ids.operator.id], remove: [ids.operator.id] };
    expect(await refusal(suite, suite.supervisor, 'team.setMembers', both)).toMatchObject({
      name: 'VALIDATION_FAILED',
    });
  });

  it('a supervisor adds the demo operator to Sales: Sales’ waiting chat and its next one reach them', async () => {
    const { ids, server } = suite;
    // The operator is connected and In work, but not in Sales: its chat waits.
    await server.context.presence.opened({ id: ids.operator.id, orgId: ids.org.id });
    expectOk(await run(suite, suite.operator, 'operator.setStatus', { status: 'in_work' }));
    const waiting = await salesCustomer();
    expect(waiting).toMatchObject({ status: 'pending', teamId: ids.sales.id, operatorId: null });

    const payload = { teamId: ids.sales.id, add: [ids.operator.id], remove: [] };
    expectOk(await run(suite, suite.supervisor, 'team.setMembers', payload));
    expect(await teamsOf(ids.operator.id)).toEqual([ids.support.id, ids.sales.id]);
    // The queue is served for the new member at once.
    expect(await chatById(waiting.id)).toMatchObject({
      status: 'assigned',
      operatorId: ids.operator.id,
    });
    const next = await salesCustomer();
    expect(next).toMatchObject({ status: 'assigned', operatorId: ids.operator.id });

    // The user row goes to the organization, with the team among the user's teams.
    const [event] = await server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.type, 'team.membersSet'));
    expect(event?.data).toEqual({ teamId: ids.sales.id, added: [ids.operator.id], removed: [] });

    // Removed again, they keep the chats they have; Sales' next chat waits for someone else.
    const leave = { teamId: ids.sales.id, add: [], remove: [ids.operator.id] };
    expectOk(await run(suite, suite.supervisor, 'team.setMembers', leave));
    expect(await teamsOf(ids.operator.id)).toEqual([ids.support.id]);
    expect((await chatById(next.id))?.operatorId).toBe(ids.operator.id);
    const waitingAgain = await salesCustomer();
    expect(waitingAgain).toMatchObject({ status: 'pending', operatorId: null });

    // On Break and added again: Sales' waiting chat is not theirs, but their sync now holds it.
    expectOk(await run(suite, suite.operator, 'operator.setStatus', { status: 'break' }));
    const sees = async () =>
      ((await bootstrapRows(server, suite.operator)).get('chats') ?? []).some(
        (chat) => chat.id === waitingAgain.id,
      );
    expect(await sees()).toBe(false);
    expectOk(await run(suite, suite.supervisor, 'team.setMembers', payload));
    expect(await sees()).toBe(true);
  });
});
