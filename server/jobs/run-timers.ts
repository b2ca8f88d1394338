import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { timers } from '../db/schema';
import type { Clock } from '../clock';
import { runInScope } from '../domain/run-in-scope';
import { fireTimer, type Timer } from '../domain/distribution/fire-timer';

export type TimerDeps = { database: Database; clock: Clock; wake: (orgId: string) => void };

/** A timer whose work failed is tried again this much later, so it never blocks the ones behind it. */
const RETRY_AFTER_MS = 60_000;

/**
 * Fires every timer due by the clock, each in its own transaction, oldest first. Instances share
 * the work: a timer is claimed with FOR UPDATE SKIP LOCKED, so two instances never fire the same
 * one and neither waits for the other. Returns how many fired.
 */
export async function runDueTimers(deps: TimerDeps, limit = 1000): Promise<number> {
  let fired = 0;
  while (fired < limit) {
    const now = deps.clock.now();
    let claimed: Timer | undefined;
    try {
      const appended = await deps.database.db.transaction(async (tx) => {
        [claimed] = await tx
          .select()
          .from(timers)
          .where(lte(timers.dueAt, now))
          .orderBy(asc(timers.dueAt))
          .limit(1)
          .for('update', { skipLocked: true });
        const timer = claimed;
        if (!timer) return null;
        await tx
          .delete(timers)
          .where(and(eq(timers.kind, timer.kind), eq(timers.subjectId, timer.subjectId)));
        return runInScope(
          deps.database,
          tx,
          { orgId: timer.orgId, actor: { kind: 'system' }, viewer: null },
          { commandId: null, now },
          (scope) => fireTimer(scope, timer),
        );
      });
      if (!claimed) break;
      fired += 1;
      if (appended !== null) deps.wake(claimed.orgId);
    } catch (error) {
      const failed: Timer | undefined = claimed;
      if (!failed) throw error;
      console.error(`timer ${failed.kind} of ${failed.subjectId} failed`, error);
      await deps.database.db
        .update(timers)
        .set({ dueAt: sql`${new Date(now.getTime() + RETRY_AFTER_MS).toISOString()}::timestamptz` })
        .where(and(eq(timers.kind, failed.kind), eq(timers.subjectId, failed.subjectId)));
      fired += 1;
    }
  }
  return fired;
}

/** Runs due timers every `everyMs` until stopped; one round at a time. */
export function startTimers(deps: TimerDeps, everyMs = 1000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runDueTimers(deps)
      .catch((error: unknown) => {
        console.error('timers failed', error);
      })
      .finally(() => {
        if (!stopped) handle = setTimeout(tick, everyMs);
      });
  };
  let handle = setTimeout(tick, everyMs);
  return async () => {
    stopped = true;
    clearTimeout(handle);
    await running;
  };
}
