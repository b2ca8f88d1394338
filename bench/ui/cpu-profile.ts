import type { CDPSession, Page } from 'playwright-core';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
};

const frameKey = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode): string =>
  `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${String(lineNumber)}`;

/**
 * The heaviest functions of a sampled profile, by self time and by total time (the function and
 * all it called), in milliseconds from the samples' own time deltas; only the samples within
 * `within` (the trace's clock, microseconds) when given.
 */
function topFunctions(
  result: Profile,
  title: string,
  within?: { from: number; to: number },
  count = Number(process.env.BENCH_PROFILE_LINES ?? 30),
): string {
  const byId = new Map(result.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of result.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const samples = result.samples ?? [];
  const deltas = result.timeDeltas ?? [];
  let at = result.startTime;
  samples.forEach((id, i) => {
    at += deltas[i] ?? 0;
    if (within && (at < within.from || at > within.to)) return;
    // A sample's time is the gap until the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const key = frameKey(node);
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up);
      if (!frame) break;
      const name = frameKey(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
  const span = within
    ? (within.to - within.from) / 1000
    : (result.endTime - result.startTime) / 1000;
  return [
    `${title}, ${span.toFixed(0)} ms profiled; by self time:`,
    ...lines(self),
    'by total time:',
    ...lines(total),
  ].join('\n');
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/**
 * A task of a renderer's main thread this long is listed: 50 ms, the `longtask` entry's line, or
 * BENCH_PROFILE_TASK_MS for a closer look (every task of 2 ms and more around a live event, say).
 */
const LONG_TASK_US = Number(process.env.BENCH_PROFILE_TASK_MS ?? 50) * 1000;

/**
 * Each long task of the renderers' main threads in the trace, with the functions the sampled
 * profile caught within it: what the run's "longest task" figures are made of.
 */
function longTasks(events: readonly TraceEvent[], result: Profile, title: string): string {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${String(event.pid)}:${String(event.tid)}`),
  );
  const tasks = events.filter(
    (event) =>
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
      event.ph === 'X' &&
      (event.dur ?? 0) >= LONG_TASK_US &&
      mains.has(`${String(event.pid)}:${String(event.tid)}`),
  );
  const line = `${String(LONG_TASK_US / 1000)} ms or more`;
  if (tasks.length === 0) return `${title}: no main-thread task of ${line}`;
  return tasks
    .map((task) => {
      const from = task.ts;
      const to = task.ts + (task.dur ?? 0);
      // What the task ran, by the trace's own names of the events inside it (a timer, a message).
      const inside = [
        ...new Set(
          events
            .filter(
              (event) =>
                event.tid === task.tid &&
                event.pid === task.pid &&
                event.ts >= from &&
                event.ts < to &&
                event !== task &&
                event.ph === 'X',
            )
            .map((event) => event.name),
        ),
      ].slice(0, 6);
      const name = `${title}, a task of ${((task.dur ?? 0) / 1000).toFixed(1)} ms at ${((from - result.startTime) / 1000).toFixed(0)} ms (${inside.join(', ')})`;
      return topFunctions(result, name, { from, to }, LONG_TASK_US < 50_000 ? 6 : 12);
    })
    .join('\n');
}

/**
 * What the page's main thread spent on rendering work the sampled profile shows only as
 * "(program)": style, layout, paint and the rest, by trace event name (nested events each count).
 */
function renderingWork(events: readonly TraceEvent[], title: string): string {
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )?.tid;
  const total = new Map<string, { ms: number; n: number }>();
  for (const event of events) {
    if (event.ph !== 'X' || event.tid !== main || event.dur === undefined) continue;
    const sum = total.get(event.name) ?? { ms: 0, n: 0 };
    sum.ms += event.dur / 1000;
    sum.n += 1;
    total.set(event.name, sum);
  }
  return [
    `${title}, trace events on the main thread by total time:`,
    ...[...total]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 20)
      .map(
        ([name, { ms, n }]) =>
          `  ${ms.toFixed(1).padStart(8)} ms  ${String(n).padStart(6)}×  ${name}`,
      ),
  ].join('\n');
}

/** A worker target driven through the page's session (Target.sendMessageToTarget). */
class WorkerProfiler {
  private next = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  constructor(
    private readonly cdp: CDPSession,
    private readonly sessionId: string,
  ) {
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== this.sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result);
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.next++;
    return new Promise<unknown>((resolve, reject) => {
      this.waiting.set(id, resolve);
      // A worker gone with its page: the caller hears it instead of the process failing.
      this.cdp
        .send('Target.sendMessageToTarget', {
          sessionId: this.sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch((error: unknown) => {
          this.waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    });
  }
}

/**
 * BENCH_PROFILE=<figure>: prints where the main thread's time went while that figure ran, and the
 * sync worker's too when the page runs one. Build with `npx vite build --minify false` first for
 * readable names.
 */
export async function profile(page: Page, figure: string): Promise<() => Promise<void>> {
  if (process.env.BENCH_PROFILE !== figure) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const browser = page.context().browser();
  // `toplevel` for the tasks themselves (RunTask), which the long-task listing needs.
  await browser?.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  // The worker of a page that starts after this call (a reopening) is attached to once it exists:
  // its first moments are missed, its work after them is not.
  let workerProfiler: WorkerProfiler | undefined;
  const watch = { on: true };
  const attaching = (async () => {
    while (watch.on) {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const worker = targetInfos.find((target) => target.type === 'worker');
      if (worker) {
        const { sessionId } = await cdp.send('Target.attachToTarget', {
          targetId: worker.targetId,
          flatten: false,
        });
        const profiler = new WorkerProfiler(cdp, sessionId);
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
        await profiler.send('Profiler.start');
        workerProfiler = profiler;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })().catch(() => undefined);
  return async () => {
    watch.on = false;
    await attaching;
    const { profile: result } = await cdp.send('Profiler.stop');
    console.log(topFunctions(result, `Main thread (${figure})`));
    if (browser) {
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: TraceEvent[];
      };
      console.log(renderingWork(trace.traceEvents, `Main thread (${figure})`));
      console.log(longTasks(trace.traceEvents, result, `Main thread (${figure})`));
    }
    // A worker of a page that navigated since is gone, and its profile with it.
    const stopped = (await workerProfiler?.send('Profiler.stop').catch(() => undefined)) as
      { profile: Profile } | undefined;
    if (stopped) console.log(topFunctions(stopped.profile, `Sync worker (${figure})`));
  };
}
