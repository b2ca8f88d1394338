/**
 * Counters the sync worker keeps about its own work, in constant memory, so the benchmarks
 * (bench/browser-sync.ts) can read them through the worker's global `__syncStats` without the
 * product logging anything. Times are epoch milliseconds in the worker's clock
 * (`performance.timeOrigin + performance.now()`), comparable with the page's.
 */
export type SyncStats = {
  /** Events written to IndexedDB by catch-up pages and live batches, and the time it took. */
  appliedEvents: number;
  applyMs: number;
  /** Catch-up: time its writes waited for the server's next page, and spent checking events. */
  pageWaitMs: number;
  checkMs: number;
  /** When the most recent live frames arrived, newest last (at most FRAME_TIMES kept). */
  liveFrameTimes: number[];
  /** When the most recent applies committed, newest last (at most FRAME_TIMES kept). */
  appliedTimes: number[];
  /** When the live socket last said ready: this worker leads and is up to date. */
  liveReadyAt: number | null;
  /** Whether this worker holds an open live socket now. */
  socketOpen: boolean;
};

const FRAME_TIMES = 64;

export const syncStats: SyncStats = {
  appliedEvents: 0,
  applyMs: 0,
  pageWaitMs: 0,
  checkMs: 0,
  liveFrameTimes: [],
  appliedTimes: [],
  liveReadyAt: null,
  socketOpen: false,
};

export const epochNow = (): number => performance.timeOrigin + performance.now();

export function noteLiveFrame(): void {
  syncStats.liveFrameTimes.push(epochNow());
  if (syncStats.liveFrameTimes.length > FRAME_TIMES) syncStats.liveFrameTimes.shift();
}

/** Runs one apply and counts its events and time. */
export async function countedApply(events: number, apply: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await apply();
  syncStats.appliedEvents += events;
  syncStats.applyMs += performance.now() - started;
  syncStats.appliedTimes.push(epochNow());
  if (syncStats.appliedTimes.length > FRAME_TIMES) syncStats.appliedTimes.shift();
}
