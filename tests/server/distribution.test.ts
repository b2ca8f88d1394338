import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { command, customerWrites, sendCommands, serverForSuite } from './harness';
import { distributionTeam, roomyLicences } from './distribution-fixture';

describe('distribution of new chats to operators', () => {
  const suite = serverForSuite();
  roomyLicences(suite);

  it('gives a new chat at once to a connected operator In work, and not to one on Break or offline', async () => {
    const team = await distributionTeam(suite.server, suite.ids, { operators: 3 });
    const working = team.operator(0);
    const onBreak = team.operator(1);
    const offline = team.operator(2);
    await team.ready(working);
    await suite.server.context.presence.opened({ id: onBreak.id, orgId: suite.ids.org.id });
    await team.run(offline.token, 'operator.setStatus', { status: 'in_work' });

    for (let i = 0; i < 3; i++) {
      const { chat } = await team.customer();
      expect(chat.status).toBe('assigned');
      expect(chat.operatorId).toBe(working.id);
      const history = await team.history(chat.id);
      expect(history.map((entry) => entry.kind)).toEqual(['created', 'assigned']);
      expect(history[1]?.data).toMatchObject({ operatorId: working.id, by: 'distribution' });
    }
  });

  it('never passes the dialog limit; a closed chat pulls the next one from the queue', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      team: { dialogLimit: 2 },
    });
    const operator = team.operator(0);
    await team.ready(operator);
    const chats = [];
    for (let i = 0; i < 5; i++) chats.push((await team.customer()).chat);
    expect(chats.map((chat) => chat.status)).toEqual([
      'assigned',
      'assigned',
      'pending',
      'pending',
      'pending',
    ]);
    await team.run(operator.token, 'chat.close', { chatId: chats[0]?.id });
    // The oldest waiting chat is given to the operator in the same command.
    expect((await team.chat(chats[2]?.id ?? '')).operatorId).toBe(operator.id);
    expect((await team.chat(chats[3]?.id ?? '')).status).toBe('pending');
  });

  it('serves the queue most urgent first when an operator comes back from Break', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      team: { dialogLimit: 1 },
      channel: { halfExpiredMinutes: 5, expiredMinutes: 10 },
    });
    const operator = team.operator(0);
    const oldest = (await team.customer()).chat;
    await team.advanceMinutes(6);
    const yellowLater = (await team.customer()).chat;
    await team.advanceMinutes(5);
    // oldest waited 11 minutes (red), yellowLater 5 (yellow): red is served first even though…
    expect((await team.chat(oldest.id)).expiry).toBe('expired');
    expect((await team.chat(yellowLater.id)).expiry).toBe('half_expired');
    const fresh = (await team.customer()).chat;
    await team.ready(operator);
    expect((await team.chat(oldest.id)).operatorId).toBe(operator.id);
    expect((await team.chat(yellowLater.id)).status).toBe('pending');
    expect((await team.chat(fresh.id)).status).toBe('pending');
    // …and once the red one is done, yellow goes before the newer none.
    await team.run(operator.token, 'chat.close', { chatId: oldest.id });
    expect((await team.chat(yellowLater.id)).operatorId).toBe(operator.id);
  });

  it('gives chats in turn by round robin and to the least busy by least busy', async () => {
    const roundRobin = await distributionTeam(suite.server, suite.ids, {
      operators: 3,
      team: { distributionMethod: 'round_robin', dialogLimit: 10 },
    });
    for (const operator of roundRobin.operators) await roundRobin.ready(operator);
    const given = [];
    for (let i = 0; i < 9; i++) given.push((await roundRobin.customer()).chat.operatorId);
    const ids = roundRobin.operators.map((operator) => operator.id);
    expect(given).toEqual([...ids, ...ids, ...ids]);

    const leastBusy = await distributionTeam(suite.server, suite.ids, {
      operators: 2,
      team: { distributionMethod: 'least_busy', dialogLimit: 10 },
    });
    const [busy, idle] = leastBusy.operators;
    if (!busy || !idle) throw new Error('operators missing');
    await leastBusy.ready(busy);
    const first = (await leastBusy.customer()).chat;
    const second = (await leastBusy.customer()).chat;
    expect([first.operatorId, second.operatorId]).toEqual([busy.id, busy.id]);
    await leastBusy.ready(idle);
    // The newcomer holds nothing: they get the next two.
    expect((await leastBusy.customer()).chat.operatorId).toBe(idle.id);
    expect((await leastBusy.customer()).chat.operatorId).toBe(idle.id);
  });

  it('gives nothing to an operator who disconnects, and serves them when they connect again', async () => {
    const team = await distributionTeam(suite.server, suite.ids, { operators: 1 });
    const operator = team.operator(0);
    await team.ready(operator);
    await suite.server.context.presence.closed({ id: operator.id, orgId: suite.ids.org.id });
    const { chat } = await team.customer();
    expect(chat.status).toBe('pending');
    await suite.server.context.presence.opened({ id: operator.id, orgId: suite.ids.org.id });
    expect((await team.chat(chat.id)).operatorId).toBe(operator.id);
  });

  it('refuses In work beyond the licence count, with the named error', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 2 });
    const working = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.operatorStatus, 'in_work'));
    await db
      .update(t.organizations)
      .set({ licenseCount: working.length + 1 })
      .where(eq(t.organizations.id, suite.ids.org.id));
    const first = team.operator(0);
    const second = team.operator(1);
    await team.run(first.token, 'operator.setStatus', { status: 'in_work' });
    const [refused] = await sendCommands(suite.server, second.token, [
      command('operator.setStatus', { status: 'in_work' }),
    ]);
    expect(refused).toMatchObject({ ok: false, error: { name: 'ALL_LICENSES_OCCUPIED' } });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, second.id));
    expect(row?.operatorStatus).toBe('break');
    await db
      .update(t.organizations)
      .set({ licenseCount: 1000 })
      .where(eq(t.organizations.id, suite.ids.org.id));
  });

  it('sends a known customer to their personal manager by a rule, or to the queue while the manager is away', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 2 });
    const manager = team.operator(0);
    const colleague = team.operator(1);
    await team.rule(
      'Known customers to their manager',
      { messageType: 'client' },
      { kind: 'personal_manager' },
    );
    await team.ready(colleague);
    // The first chat makes the client; then the client is given a personal manager.
    const first = await team.customer();
    await db
      .update(t.clients)
      .set({ personalManagerId: manager.id })
      .where(eq(t.clients.id, first.chat.clientId));
    await team.run(colleague.token, 'chat.close', { chatId: first.chat.id });

    // The manager is on Break: the chat waits for the team, and the colleague gets it.
    const away = await team.customer('Hello again', first.externalId);
    expect(away.chat.operatorId).toBe(colleague.id);
    expect((await team.history(away.chat.id))[1]?.data).toMatchObject({ by: 'distribution' });
    await team.run(colleague.token, 'chat.close', { chatId: away.chat.id });

    await team.ready(manager);
    const back = await team.customer('And again', first.externalId);
    expect(back.chat.operatorId).toBe(manager.id);
    const history = await team.history(back.chat.id);
    expect(history[1]?.data).toMatchObject({ operatorId: manager.id, by: 'routing' });
  });

  it('refuses In work to someone whose role may not be given chats: it would only take a licence', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 1 });
    const person = team.operator(0);
    const roleId = newId();
    await db.insert(t.roles).values({
      id: roleId,
      orgId: suite.ids.org.id,
      name: `Viewer ${roleId}`,
      description: 'Reads profiles only',
      rights: ['AUTHORITY_PROFILE_UPDATE'],
    });
    await db.update(t.users).set({ roleId }).where(eq(t.users.id, person.id));
    const [refused] = await sendCommands(suite.server, person.token, [
      command('operator.setStatus', { status: 'in_work' }),
    ]);
    expect(refused).toMatchObject({ ok: false, error: { name: 'ACCESS_DENIED' } });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, person.id));
    expect(row?.operatorStatus).toBe('break');
  });

  it('serves a waiting chat that any command touches, so none waits beside a free operator', async () => {
    // A close's queue serve skips a waiting chat another transaction holds at that moment (a
    // customer's follow-up, say). Here that race has just happened: the operator is free, the
    // chat still waits. Whatever touches the chat next must give it out.
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      team: { dialogLimit: 1 },
    });
    const operator = team.operator(0);
    await team.ready(operator);
    const held = (await team.customer()).chat;
    const waiting = await team.customer();
    expect(waiting.chat.status).toBe('pending');
    await db
      .update(t.chats)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(t.chats.id, held.id));
    await customerWrites(
      suite.server,
      suite.ids.org.id,
      team.channelId,
      waiting.externalId,
      'Anyone there?',
    );
    expect((await team.chat(waiting.chat.id)).operatorId).toBe(operator.id);
  });

  it('counts each live connection: an operator with two tabs stays online and served until both close', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 1 });
    const operator = team.operator(0);
    const person = { id: operator.id, orgId: suite.ids.org.id };
    await team.ready(operator);
    await suite.server.context.presence.opened(person);
    const rows = () => db.select().from(t.presence).where(eq(t.presence.userId, operator.id));
    expect((await rows()).map((row) => row.connections)).toEqual([2]);
    await suite.server.context.presence.closed(person);
    expect((await rows()).map((row) => row.connections)).toEqual([1]);
    expect((await team.customer()).chat.operatorId).toBe(operator.id);
    await suite.server.context.presence.closed(person);
    expect(await rows()).toEqual([]);
    const [user] = await db.select().from(t.users).where(eq(t.users.id, operator.id));
    expect(user?.online).toBe(false);
    expect((await team.customer()).chat.status).toBe('pending');
  });
});
