import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { command, login, sendCommands, serverForSuite, type Suite } from './harness';

/** The administrator's rows that went to colleagues through the log after `seq`, newest last. */
async function syncedOperatorRows(suite: Suite, afterSeq: number) {
  const events = await suite.server.database.db
    .select()
    .from(t.events)
    .where(and(eq(t.events.orgId, suite.ids.org.id), gt(t.events.seq, afterSeq)));
  return events.flatMap((event) =>
    (event.changes as { table: string; key: string; row?: { lastActivityAt: string | null } }[])
      .filter((change) => change.table === 'users' && change.key === suite.ids.admin.id)
      .map((change) => change.row?.lastActivityAt ?? null),
  );
}

const lastSeq = async (suite: Suite) => {
  const rows = await suite.server.database.db.select({ seq: t.events.seq }).from(t.events);
  return Math.max(0, ...rows.map((row) => row.seq));
};

const SPAN_MS = 5 * 60_000;

/**
 * The Users screen shows when each person was last active (spec §2). Every command stamps it; the
 * stamp reaches colleagues with the first command of each five-minute span, not with every reply.
 */
describe('last activity on the Users screen', () => {
  const suite = serverForSuite();

  let admin = '';
  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  /** A command that changes no user row itself: the Support team saved with its own settings. */
  const actAsAdmin = async () => {
    const team = suite.ids.support;
    const [result] = await sendCommands(suite.server, admin, [
      command('team.setDistribution', {
        teamId: team.id,
        distributionMethod: team.distributionMethod,
        dialogLimit: team.dialogLimit,
        redistributionMinutes: team.redistributionMinutes,
        autoCloseMinutes: team.autoCloseMinutes,
        unattendedCloseHours: team.unattendedCloseHours,
        inactivityMinutes: team.inactivityMinutes,
      }),
    ]);
    expect(result?.ok).toBe(true);
  };

  it('the first command of a span syncs the stamp, the next ones in that span only store it, and a later span syncs again', async () => {
    // Start at the beginning of a span, so the commands below cannot straddle two.
    const now = suite.server.clock.now().getTime();
    suite.server.clock.advance(SPAN_MS - (now % SPAN_MS) + 1000);

    const before = await lastSeq(suite);
    await actAsAdmin();
    const firstDone = suite.server.clock.now().getTime();
    suite.server.clock.advance(60_000);
    const secondSent = suite.server.clock.now().getTime();
    await actAsAdmin();
    const [stored] = await suite.server.database.db
      .select({ at: t.users.lastActivityAt })
      .from(t.users)
      .where(eq(t.users.id, suite.ids.admin.id));
    // Stored every time (auto-break reads it): the second command's stamp.
    expect(stored?.at?.getTime()).toBeGreaterThanOrEqual(secondSent);
    // Synced once, with the first command's stamp.
    const synced = await syncedOperatorRows(suite, before);
    expect(synced).toHaveLength(1);
    expect(Date.parse(synced[0] ?? '')).toBeLessThanOrEqual(firstDone);

    suite.server.clock.advance(SPAN_MS);
    const middle = await lastSeq(suite);
    const thirdSent = suite.server.clock.now().getTime();
    await actAsAdmin();
    const again = await syncedOperatorRows(suite, middle);
    expect(again).toHaveLength(1);
    expect(Date.parse(again[0] ?? '')).toBeGreaterThanOrEqual(thirdSent);
  });
});
