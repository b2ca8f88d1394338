import { describe, expect, it } from 'vitest';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { uniqueRefusal, uniqueViolation } from '../../server/domain/core/unique-refusal';
import { serverForSuite } from './harness';

/**
 * The index is the last word when two commands race past a handler's check (name-races.test.ts).
 * A race is hard to lose on purpose on one connection, so these insert the duplicate straight
 * into the database the suite runs on (PGlite, or PostgreSQL through DATABASE_URL) and check that
 * the driver's error, as Drizzle wraps it, reads as the refusal the rule names.
 */
describe('a broken unique index read as the refusal it stands for', () => {
  const suite = serverForSuite();

  /** The error a write throws, read the way executeCommand reads it. */
  const refusalOf = async (write: () => Promise<unknown>) => {
    const error = await write().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    const violated = uniqueViolation(error);
    return violated && uniqueRefusal(violated);
  };

  it('reads a team name taken in another case as TEAM_EXISTS', async () => {
    const { db } = suite.server.database;
    const { org, support } = suite.ids;
    const named = await refusalOf(() =>
      db.insert(t.teams).values({
        id: newId(),
        orgId: org.id,
        name: support.name.toUpperCase(),
        description: 'Twin',
      }),
    );
    expect(named).toBe('TEAM_EXISTS');
  });

  it('reads a role name taken in another case as ROLE_EXISTS', async () => {
    const { db } = suite.server.database;
    const { org } = suite.ids;
    const named = await refusalOf(() =>
      db.insert(t.roles).values({
        id: newId(),
        orgId: org.id,
        name: 'ADMINISTRATOR',
        description: 'Twin',
        rights: [],
      }),
    );
    expect(named).toBe('ROLE_EXISTS');
  });

  it('reads an e-mail used by another account as EMAIL_ALREADY_USED', async () => {
    const { db } = suite.server.database;
    const { org, operator } = suite.ids;
    const named = await refusalOf(() =>
      db.insert(t.users).values({
        id: newId(),
        orgId: org.id,
        name: 'Twin',
        email: operator.email,
        roleId: operator.roleId,
        passwordHash: operator.passwordHash,
      }),
    );
    expect(named).toBe('EMAIL_ALREADY_USED');
  });

  it('names no refusal for an index no rule stands behind, and no violation for other errors', async () => {
    const { db } = suite.server.database;
    const { support } = suite.ids;
    // The primary key: a duplicate id is a client's bug, answered as a server error.
    const error = await db
      .insert(t.teams)
      .values({ ...support })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    const violated = uniqueViolation(error);
    expect(violated).not.toBeNull();
    expect(uniqueRefusal(violated!)).toBeUndefined();
    expect(uniqueViolation(new Error('connection lost'))).toBeNull();
    expect(uniqueRefusal({ constraint: 'toString' })).toBeUndefined();
  });
});
