import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { newId, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { PLAIN_DISTRIBUTION, command, login, sendCommands, serverForSuite } from './harness';

const distribution = PLAIN_DISTRIBUTION;

/** What each of two racing requests answered, as the name the refused one heard, or ok. */
const outcomes = (results: (CommandResult | undefined)[]) =>
  results.map((result) => (result?.ok ? 'ok' : result?.error.name)).sort();

/**
 * Names are unique regardless of case (docs/people-and-access.md). The handlers check first; when
 * two administrators save at the same moment both checks can pass, and then the database's index
 * decides: the loser must hear the named refusal, never a server error, and only one row exists.
 * Each race sends the two commands in separate requests, so on PostgreSQL they run in parallel
 * transactions.
 */
describe('two creates racing on one name', () => {
  const suite = serverForSuite();
  let admin = '';
  let secondAdmin = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    secondAdmin = await login(suite.server, 'admin@demo.test');
  });

  const countWhere = async (table: typeof t.teams | typeof t.roles, name: string) => {
    const rows = await suite.server.database.db
      .select({ id: table.id })
      .from(table)
      .where(sql`lower(${table.name}) = lower(${name})`);
    return rows.length;
  };

  it('two teams named alike but for case: one is created, the other is refused with TEAM_EXISTS', async () => {
    for (let race = 0; race < 6; race++) {
      const name = `Night shift ${String(race)}`;
      const send = (token: string, spelled: string) =>
        sendCommands(suite.server, token, [
          command('team.create', {
            teamId: newId(),
            name: spelled,
            description: 'Answers at night',
            ...distribution,
          }),
        ]);
      const [first, second] = await Promise.all([
        send(admin, name),
        send(secondAdmin, name.toUpperCase()),
      ]);
      expect(outcomes([first[0], second[0]])).toEqual(['TEAM_EXISTS', 'ok']);
      expect(await countWhere(t.teams, name)).toBe(1);
    }
  });

  it('two roles named alike but for case: one is created, the other is refused with ROLE_EXISTS', async () => {
    for (let race = 0; race < 6; race++) {
      const name = `Auditor ${String(race)}`;
      const send = (token: string, spelled: string) =>
        sendCommands(suite.server, token, [
          command('role.create', {
            roleId: newId(),
            name: spelled,
            description: 'Reads reports',
            rights: ['AUTHORITY_ALL_STAT'],
          }),
        ]);
      const [first, second] = await Promise.all([
        send(admin, name.toLowerCase()),
        send(secondAdmin, name),
      ]);
      expect(outcomes([first[0], second[0]])).toEqual(['ROLE_EXISTS', 'ok']);
      expect(await countWhere(t.roles, name)).toBe(1);
    }
  });

  it('two users with one e-mail: one is created, the other is refused with EMAIL_ALREADY_USED', async () => {
    const { db } = suite.server.database;
    const [operatorRole] = await db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'Operator'));
    for (let race = 0; race < 6; race++) {
      const email = `new.person.${String(race)}@demo.test`;
      const send = (token: string, spelled: string) =>
        sendCommands(suite.server, token, [
          command('user.create', {
            userId: newId(),
            name: 'New person',
            email: spelled,
            roleId: operatorRole?.id,
            teamIds: [],
            active: true,
            password: 'Str0ng-pass!',
            repeatPassword: 'Str0ng-pass!',
          }),
        ]);
      const [first, second] = await Promise.all([
        send(admin, email),
        send(secondAdmin, email.toUpperCase()),
      ]);
      expect(outcomes([first[0], second[0]])).toEqual(['EMAIL_ALREADY_USED', 'ok']);
      const rows = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(eq(t.users.email, email));
      expect(rows).toHaveLength(1);
    }
  });
});
