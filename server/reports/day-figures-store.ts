import { eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import { dayFiguresOf, figuresDiff, localDay } from '../../src/protocol/metrics';
import type { Database } from '../db/database';
import { dayFigures, organizations, reportRollups } from '../db/schema';
import { appendEvents } from '../sync/event-log';
import { STATS_GROUP, type StoredChange } from '../sync/groups';
import { dayFiguresRow } from '../sync/wire-rows';
import { chatRollupsOf, dailyRollup } from './rollup-store';
import { ADVISORY_LOCKS } from '../db/advisory-locks';

/** Advisory lock key (first argument): one writer of an organization's figures at a time. */
const FIGURES_LOCK = ADVISORY_LOCKS.dayFigures;

/**
 * Writes an organization's figures for today from its chat roll-ups of today (just rolled up by
 * the reports worker), and appends one `monitoring.figuresChanged` event with the rows that moved,
 * for the `stats` group. Nothing is written or sent when nothing moved. Returns whether an event
 * was appended (the caller wakes the organization's live connections).
 *
 * Under the lock, every read sees what committed before it, so two instances publishing at once
 * write in turn and the later one writes the later state.
 */
export async function publishDayFigures(
  database: Database,
  orgId: string,
  now: Date,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIGURES_LOCK}, hashtext(${orgId}))`);
    const [org] = await tx
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org) return false;
    const today = localDay(now.getTime(), org.timeZone);
    const records = await tx.select().from(reportRollups).where(chatRollupsOf(orgId, today));
    const next = dayFiguresOf(orgId, today, records.map(dailyRollup));
    const stored = (await tx.select().from(dayFigures).where(eq(dayFigures.orgId, orgId))).map(
      dayFiguresRow,
    );
    const { put, remove } = figuresDiff(stored, next);
    if (put.length === 0 && remove.length === 0) return false;

    if (remove.length > 0) await tx.delete(dayFigures).where(inArray(dayFigures.id, remove));
    for (const row of put) {
      const values = { ...row, orgId };
      await tx
        .insert(dayFigures)
        .values(values)
        .onConflictDoUpdate({ target: dayFigures.id, set: values });
    }
    const changes: StoredChange[] = [
      ...put.map((row): StoredChange => ({
        table: 'dayFigures',
        op: 'put',
        key: row.id,
        row,
        groups: [STATS_GROUP],
      })),
      ...remove.map((id): StoredChange => ({
        table: 'dayFigures',
        op: 'delete',
        key: id,
        groups: [STATS_GROUP],
      })),
    ];
    const appended = await appendEvents(
      tx,
      {
        orgId,
        actor: { kind: 'system' },
        commandId: null,
        at: now,
        notify: database.kind === 'postgres',
      },
      [{ type: 'monitoring.figuresChanged', data: { day: today }, changes }],
      newId,
    );
    return appended !== null;
  });
}
