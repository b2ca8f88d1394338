import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database';
import { chats, timers, users } from '../db/schema';
import type { Clock } from '../clock';
import { runInScope } from '../domain/core/run-in-scope';
import { fireTimer, type Timer } from '../domain/distribution/fire-timer';
import { lockDistribution } from '../domain/distribution/serve-queue';
import { lockOrganizationLog } from '../sync/event-log';

export type TimerDeps = { database: Database; clock: Clock; wake: (orgId: string) => void };

/** A timer whose work failed is tried again this much later, so it never blocks the ones behind it. */
const RETRY_AFTER_MS = 60_000;
/** Due timers looked at per claim: enough to step past a few whose subjects are busy. */
const CANDIDATES = 20;

/**
 * Takes the locks a timer's subject needs in the order every command takes them — the
 * organization first, then the distribution lock before an operator's row, a chat's row before
 * its timers — so the job never deadlocks with a command. A busy chat is skipped (its command
 * re-times it anyway).
 */
async function lockSubject(tx: Tx, timer: Timer): Promise<boolean> {
  if (timer.kind === 'user.autoBreak') {
    await lockDistribution({ tx, orgId: timer.orgId });
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, timer.subjectId))
      .for('update');
    return user !== undefined;
  }
  const [chat] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.id, timer.subjectId))
    .for('update', { skipLocked: true });
  return chat !== undefined;
}

/**
 * Claims one due timer, its subject locked first; undefined when none can be claimed now. Only
 * the oldest due timer's organization is locked (one organization per transaction, as every
 * command holds), so the candidates are that organization's.
 */
async function claim(tx: Tx, now: Date): Promise<Timer | undefined> {
  const due = await tx
    .select()
    .from(timers)
    .where(lte(timers.dueAt, now))
    .orderBy(asc(timers.dueAt))
    .limit(CANDIDATES);
  const orgId = due[0]?.orgId;
  if (orgId === undefined) return undefined;
  await lockOrganizationLog(tx, orgId);
  for (const candidate of due.filter((timer) => timer.orgId === orgId)) {
    if (!(await lockSubject(tx, candidate))) continue;
    // Another instance may have fired it meanwhile, or a command moved it.
    const [timer] = await tx
      .select()
      .from(timers)
      .where(
        and(
          eq(timers.kind, candidate.kind),
          eq(timers.subjectId, candidate.subjectId),
          lte(timers.dueAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (timer) return timer;
  }
  return undefined;
}

/**
 * Fires every timer due by the clock, each in its own transaction, oldest first. Instances share
 * the work: a timer is claimed with FOR UPDATE SKIP LOCKED, so two instances never fire the same
 * one. Returns how many fired.
 */
export async function runDueTimers(deps: TimerDeps, limit = 1000): Promise<number> {
  let fired = 0;
  while (fired < limit) {
    const now = deps.clock.now();
    let claimed: Timer | undefined;
    try {
      const appended = await deps.database.db.transaction(async (tx) => {
        claimed = await claim(tx, now);
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
