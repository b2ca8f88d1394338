import type { Database } from '../db/database';
import type { Clock } from '../clock';
import { organizations } from '../db/schema';
import { publishDayFigures } from './day-figures-store';
import {
  closeWorkingDays,
  organizationsToRebuild,
  processDirtyChats,
  rebuildOrganization,
} from './rollup-store';

export type ReportsWorker = {
  /** Runs a round now (a command just committed), or right after the one under way. */
  kick(): void;
  /** A report rolled up this organization's chats itself: its figures are owed all the same. */
  figuresOwed(orgId: string): void;
  /** Runs rounds until nothing is left to do (tests, benchmarks). */
  drain(): Promise<void>;
  /** Starts the rounds of a worker made with `waitForStart`; nothing when already started. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * Keeps every organization's roll-ups current on this instance (docs/reports.md): rebuilds the
 * organizations that need it (never built: the startup backfill; a new time zone), computes the
 * dirty chats commands listed, and rolls up the working time of finished days. Kicked after every
 * commit, and every `everyMs` besides (midnight passes without a commit). Other instances run the
 * same; claims with SKIP LOCKED and advisory locks share the work.
 *
 * After an organization's chats are rolled up, its today's figures for online monitoring are
 * written and sent (day-figures-store.ts), at most once per `figuresEveryMs` per organization: a
 * burst of commits becomes one change for the browsers, and a quiet organization's first change
 * goes at once. `wake` tells the organization's live connections.
 */
export function startReportsWorker(
  deps: { database: Database; clock: Clock; wake?: (orgId: string) => void },
  options: {
    everyMs?: number;
    figuresEveryMs?: number;
    onError?: (error: unknown) => void;
    /**
     * No round until start(): the server starts it once it is ready, because the first round may
     * rebuild a large organization's roll-ups, and on the embedded PGlite that work holds the
     * process's one connection and thread long enough to fail a plugin's start-up timeout.
     */
    waitForStart?: boolean;
  } = {},
): ReportsWorker {
  const { db } = deps.database;
  const everyMs = options.everyMs ?? 60_000;
  const figuresEveryMs = options.figuresEveryMs ?? 500;
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error('reports worker failed', error);
    });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let again = false;
  let lastClose = 0;
  /** Organizations whose figures may have moved, and when each was last published. */
  const figuresDue = new Set<string>();
  const figuresAt = new Map<string, number>();
  /** When the next round must run for figures held back by the throttle (null: none held). */
  let figuresWaitMs: number | null = null;

  /** Publishes the due figures whose throttle has passed (all of them when `force`). */
  const publishFigures = async (now: Date, force: boolean) => {
    figuresWaitMs = null;
    for (const orgId of [...figuresDue]) {
      const wait = (figuresAt.get(orgId) ?? -Infinity) + figuresEveryMs - Date.now();
      if (!force && wait > 0) {
        figuresWaitMs = Math.min(figuresWaitMs ?? wait, wait);
        continue;
      }
      figuresDue.delete(orgId);
      figuresAt.set(orgId, Date.now());
      try {
        if (await publishDayFigures(deps.database, orgId, now)) deps.wake?.(orgId);
      } catch (error) {
        onError(error);
      }
    }
  };

  /** One round; true when it found work (another round follows at once). */
  const round = async (force = false): Promise<boolean> => {
    const now = deps.clock.now();
    let worked = false;
    // Each organization on its own: one that fails is logged and tried again next round, and
    // never keeps the others' roll-ups or the dirty chats below from moving.
    const eachOrg = async (orgId: string, work: (id: string) => Promise<void>) => {
      try {
        await work(orgId);
        return true;
      } catch (error) {
        onError(error);
        return false;
      }
    };
    for (const orgId of await organizationsToRebuild(db)) {
      if (stopped) return false;
      // A failed rebuild is not "work done": the next round waits for the timer, not at once.
      if (await eachOrg(orgId, (id) => rebuildOrganization(db, id, now, { onlyIfNeeded: true }))) {
        worked = true;
        figuresDue.add(orgId);
      }
    }
    const processed = await processDirtyChats(db, now, {
      limit: 200,
      onError,
      onSettled: (orgId) => figuresDue.add(orgId),
    });
    if (processed > 0) worked = true;
    // Finished days are looked at on the timer's beat, not after every commit; so is every
    // organization's figures (after midnight their day changes with no chat moving).
    if (Date.now() - lastClose >= everyMs) {
      lastClose = Date.now();
      const orgs = await db.select({ id: organizations.id }).from(organizations);
      for (const org of orgs) {
        await eachOrg(org.id, (id) => closeWorkingDays(db, id, now));
        figuresDue.add(org.id);
      }
    }
    await publishFigures(now, force);
    return worked;
  };

  const tick = () => {
    if (stopped || busy) return;
    clearTimeout(timer);
    busy = true;
    again = false;
    let more = false;
    running = round()
      .then((worked) => {
        more = worked;
      })
      .catch(onError)
      .finally(() => {
        busy = false;
        if (!stopped)
          timer = setTimeout(tick, again || more ? 0 : Math.min(everyMs, figuresWaitMs ?? everyMs));
      });
  };

  function kick() {
    again = true;
    if (!busy && started) tick();
  }

  let started = false;
  const start = () => {
    if (started || stopped) return;
    started = true;
    timer = setTimeout(tick, 0);
  };
  if (!options.waitForStart) start();
  return {
    kick,
    start,
    figuresOwed(orgId) {
      figuresDue.add(orgId);
      kick();
    },
    async drain() {
      for (;;) {
        await running;
        const worked = await round(true);
        if (!worked) return;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
