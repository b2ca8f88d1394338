import { beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { newId, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import {
  PLAIN_DISTRIBUTION,
  command,
  customerOpensChat,
  login,
  newVisitor,
  otherOrganization,
  sendCommands,
  serverForSuite,
  visitorSend,
} from './harness';

const distribution = PLAIN_DISTRIBUTION;

/**
 * Command ids are per sender (docs/server-core.md, "Commands"): a retry by the same sender with
 * the same payload gets its first answer, but nobody else's id — nor the same id with another
 * payload — is ever answered with another command's result or silently dropped.
 */
describe('command ids belong to their sender', () => {
  const suite = serverForSuite();

  const messagesWith = async (text: string) =>
    (
      await suite.server.database.db
        .select({ n: count() })
        .from(t.messages)
        .where(eq(t.messages.text, text))
    )[0]?.n ?? 0;
  const eventCount = async () =>
    (await suite.server.database.db.select({ n: count() }).from(t.events))[0]?.n ?? 0;

  it("a visitor reusing another visitor's message id is refused by name, and neither text is lost", async () => {
    const { server, ids } = suite;
    const first = await newVisitor(server, ids.channel.id);
    const second = await newVisitor(server, ids.channel.id);
    const id = newId();
    const firstAnswer = await visitorSend(server, first.token, { id, text: 'Where is my parcel?' });
    expect(firstAnswer.status).toBe(200);
    const events = await eventCount();

    const stolen = await visitorSend(server, second.token, { id, text: 'I want a refund' });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ code: 'error', error: { name: 'COMMAND_ID_CONFLICT' } });
    expect(stolen.body.error.message).toEqual(expect.any(String));
    expect(JSON.stringify(stolen.body)).not.toContain(String(firstAnswer.body.entity.seq));
    expect(await eventCount()).toBe(events);
    // The second visitor's words are not stored under the first's, nor the first's lost.
    expect(await messagesWith('I want a refund')).toBe(0);
    expect(await messagesWith('Where is my parcel?')).toBe(1);
    // The first visitor's own retry still gets their first answer.
    const retried = await visitorSend(server, first.token, { id, text: 'Where is my parcel?' });
    expect(retried.body).toEqual(firstAnswer.body);
    // With an id of their own, the second visitor's message goes through.
    const own = await visitorSend(server, second.token, { id: newId(), text: 'I want a refund' });
    expect(own.status).toBe(200);
    expect(await messagesWith('I want a refund')).toBe(1);
  });

  it("a visitor reusing a staff member's command id, and staff reusing a visitor's, are refused by name", async () => {
    const { server, ids, operator } = suite;
    const chat = await customerOpensChat(server, ids);
    const reply = command('message.send', { chatId: chat.id, text: 'Staff reply 7f3' });
    const [staffResult] = await sendCommands(server, operator, [reply]);
    expect(staffResult?.ok).toBe(true);

    const visitor = await newVisitor(server, ids.channel.id);
    const asVisitor = await visitorSend(server, visitor.token, {
      id: reply.id,
      text: 'Visitor text 7f3',
    });
    expect(asVisitor.body).toMatchObject({ code: 'error', error: { name: 'COMMAND_ID_CONFLICT' } });
    expect(await messagesWith('Visitor text 7f3')).toBe(0);

    const visitorMessageId = newId();
    await visitorSend(server, visitor.token, { id: visitorMessageId, text: 'Visitor hello 7f3' });
    const [asStaff] = await sendCommands(server, operator, [
      command('message.send', { chatId: chat.id, text: 'Staff text 7f3' }, visitorMessageId),
    ]);
    expect(asStaff).toMatchObject({ ok: false, error: { name: 'COMMAND_ID_CONFLICT' } });
    expect(await messagesWith('Staff text 7f3')).toBe(0);
    expect(await messagesWith('Visitor hello 7f3')).toBe(1);
  });

  it('one staff member reusing a colleague’s command id is refused, not answered with the colleague’s result', async () => {
    const { server, ids, operator, supervisor } = suite;
    const chat = await customerOpensChat(server, ids);
    const note = command('message.send', { chatId: chat.id, text: 'Note A', internal: true });
    const [mine] = await sendCommands(server, supervisor, [note]);
    expect(mine?.ok).toBe(true);
    const [theirs] = await sendCommands(server, operator, [
      command(
        'message.send',
        { chatId: chat.id, text: 'Note A', internal: true },
        note.id, // the same id and even the same payload, from someone else
      ),
    ]);
    expect(theirs).toMatchObject({
      id: note.id,
      ok: false,
      error: { name: 'COMMAND_ID_CONFLICT' },
    });
  });

  it('the same sender’s id with another payload is refused; with the same payload, in any key order, it is the first answer', async () => {
    const { server, ids, operator } = suite;
    const chat = await customerOpensChat(server, ids);
    const id = newId();
    const [first] = await sendCommands(server, operator, [
      command('message.send', { chatId: chat.id, text: 'First words', attachments: [] }, id),
    ]);
    expect(first?.ok).toBe(true);
    const events = await eventCount();
    const [changed] = await sendCommands(server, operator, [
      command('message.send', { chatId: chat.id, text: 'Other words', attachments: [] }, id),
    ]);
    expect(changed).toMatchObject({ ok: false, error: { name: 'COMMAND_ID_CONFLICT' } });
    const [otherType] = await sendCommands(server, operator, [
      command('chat.close', { chatId: chat.id }, id),
    ]);
    expect(otherType).toMatchObject({ ok: false, error: { name: 'COMMAND_ID_CONFLICT' } });
    const [again] = await sendCommands(server, operator, [
      command('message.send', { attachments: [], text: 'First words', chatId: chat.id }, id),
    ]);
    expect(again).toEqual(first);
    expect(await eventCount()).toBe(events);
    expect(await messagesWith('Other words')).toBe(0);
    expect(await messagesWith('First words')).toBe(1);
  });

  it('a refusal is kept for its sender: the same command again gets the same refusal, another sender a conflict', async () => {
    const { server, operator, supervisor } = suite;
    const id = newId();
    const missing = { chatId: newId(), text: 'To nowhere' };
    const [refused] = await sendCommands(server, operator, [command('message.send', missing, id)]);
    expect(refused).toMatchObject({ ok: false, error: { name: 'CHAT_NOT_FOUND' } });
    const [again] = await sendCommands(server, operator, [command('message.send', missing, id)]);
    expect(again).toEqual(refused);
    const [other] = await sendCommands(server, supervisor, [command('message.send', missing, id)]);
    expect(other).toMatchObject({ ok: false, error: { name: 'COMMAND_ID_CONFLICT' } });
  });

  it('two senders racing with one command id: one runs, the other hears COMMAND_ID_CONFLICT', async () => {
    const { server, ids, operator, supervisor } = suite;
    for (let race = 0; race < 5; race++) {
      const chat = await customerOpensChat(server, ids);
      const id = newId();
      const text = `Race ${race} ${id}`;
      const [a, b] = await Promise.all([
        sendCommands(server, operator, [command('message.send', { chatId: chat.id, text }, id)]),
        sendCommands(server, supervisor, [command('message.send', { chatId: chat.id, text }, id)]),
      ]);
      const outcomes = [a[0], b[0]].map((r) => (r?.ok ? 'ok' : r?.error.name)).sort();
      expect(outcomes).toEqual(['COMMAND_ID_CONFLICT', 'ok']);
      expect(await messagesWith(text)).toBe(1);
    }
  });
});

/**
 * Two creates with the same client-chosen id at the same moment (different command ids): the
 * database's primary key decides, and the loser must hear a named refusal — never a server error.
 * Each pair goes in separate requests, so on PostgreSQL they run in parallel transactions.
 */
describe('two creates racing on one client-chosen id', () => {
  const suite = serverForSuite();
  let admin = '';
  let secondAdmin = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    secondAdmin = await login(suite.server, 'admin@demo.test');
  });

  const outcomes = (results: (CommandResult | undefined)[]) =>
    results.map((result) => (result?.ok ? 'ok' : result?.error.name)).sort();

  const race = async (make: (n: number) => [unknown, unknown], type: string) => {
    const [first, second] = make(0);
    const answers = await Promise.all([
      sendCommands(suite.server, admin, [command(type, first)]),
      sendCommands(suite.server, secondAdmin, [command(type, second)]),
    ]);
    return outcomes(answers.map((a) => a[0]));
  };

  it('team.create: one team, the other refused by name', async () => {
    for (let n = 0; n < 5; n++) {
      const teamId = newId();
      const team = (name: string) => ({ teamId, name, description: 'Raced', ...distribution });
      const result = await race(
        () => [team(`Race A ${teamId}`), team(`Race B ${teamId}`)],
        'team.create',
      );
      expect(result).toEqual(['VALIDATION_FAILED', 'ok']);
      const rows = await suite.server.database.db
        .select()
        .from(t.teams)
        .where(eq(t.teams.id, teamId));
      expect(rows).toHaveLength(1);
    }
  });

  it('role.create: one role, the other refused by name', async () => {
    for (let n = 0; n < 5; n++) {
      const roleId = newId();
      const role = (name: string) => ({ roleId, name, description: 'Raced', rights: [] });
      const result = await race(
        () => [role(`RA ${roleId.slice(-8)}`), role(`RB ${roleId.slice(-8)}`)],
        'role.create',
      );
      expect(result).toEqual(['VALIDATION_FAILED', 'ok']);
    }
  });

  it('user.create: one user, the other refused by name', async () => {
    const { ids } = suite;
    for (let n = 0; n < 3; n++) {
      const userId = newId();
      const user = (email: string) => ({
        userId,
        name: 'Raced user',
        email,
        roleId: ids.operator.roleId,
        teamIds: [],
        active: true,
        password: 'Demo-pass-1!',
        repeatPassword: 'Demo-pass-1!',
      });
      const result = await race(
        () => [user(`a-${userId}@race.test`), user(`b-${userId}@race.test`)],
        'user.create',
      );
      expect(result).toEqual(['VALIDATION_FAILED', 'ok']);
    }
  });

  it('chat.create: one chat, the other refused by name', async () => {
    const { server, ids } = suite;
    for (let n = 0; n < 5; n++) {
      const chatId = newId();
      const customers = await Promise.all([
        customerOpensChat(server, ids),
        customerOpensChat(server, ids),
      ]);
      // Each customer's first chat is closed, so a new one may be started with them.
      const closing = await sendCommands(
        server,
        admin,
        customers.map((c) => command('chat.close', { chatId: c.id })),
      );
      expect(closing.every((r) => r.ok)).toBe(true);
      const result = await race(
        () =>
          customers.map((c) => ({
            chatId,
            clientId: c.clientId,
            channelId: ids.channel.id,
            text: 'We have news for you',
          })) as [unknown, unknown],
        'chat.create',
      );
      expect(result).toEqual(['CHAT_ALREADY_EXISTS', 'ok']);
      const rows = await server.database.db.select().from(t.chats).where(eq(t.chats.id, chatId));
      expect(rows).toHaveLength(1);
    }
  });
});

/**
 * Each organization's log counts its own events (docs/server-core.md): nothing in a user's event
 * numbers tells how much another organization did in between.
 */
describe('event numbers per organization', () => {
  const suite = serverForSuite();

  it("another organization's activity leaves no gap in this one's sequence", async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const other = await otherOrganization(server.database);
    const otherAdmin = `admin-${newId()}@other.test`;
    await db.insert(t.users).values({
      id: newId(),
      orgId: other.id,
      email: otherAdmin,
      name: 'Other admin',
      roleId: other.roles.Administrator,
      passwordHash: await hashPassword('Demo-pass-1!'),
    });
    const theirs = await login(server, otherAdmin, 'Demo-pass-1!');
    const ours = await login(server, 'admin@demo.test');
    const createTeam = (token: string, n: number) =>
      sendCommands(server, token, [
        command('team.create', {
          teamId: newId(),
          name: `Seq team ${n} ${newId()}`,
          description: 'Counts events',
          ...distribution,
        }),
      ]);

    const seqs: number[] = [];
    for (let n = 0; n < 4; n++) {
      const [result] = await createTeam(ours, n);
      if (!result?.ok) throw new Error(JSON.stringify(result));
      seqs.push(result.seq);
      // Their organization is busy in between.
      for (let m = 0; m < 3; m++) expect((await createTeam(theirs, m))[0]?.ok).toBe(true);
    }
    for (let n = 1; n < seqs.length; n++) expect(seqs[n]).toBe((seqs[n - 1] ?? 0) + 1);

    // Both logs are numbered 1, 2, 3, … with no gaps, each on its own.
    for (const orgId of [ids.org.id, other.id]) {
      const numbers = (
        await db
          .select({ seq: t.events.seq })
          .from(t.events)
          .where(eq(t.events.orgId, orgId))
          .orderBy(asc(t.events.seq))
      ).map((row) => row.seq);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});
