import type { CDPSession, Page } from 'playwright-core';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples?: number[] };

/** The heaviest functions of a sampled profile by self time, one line each. */
function topBySelfTime(result: Profile, title: string): string {
  const hits = new Map<number, number>();
  for (const id of result.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  for (const node of result.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${String(lineNumber)}`;
    self.set(key, (self.get(key) ?? 0) + (hits.get(node.id) ?? 0));
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  return [
    `${title} by self time:`,
    ...top.map(([key, count]) => `  ${(count / 10).toFixed(1).padStart(8)} ms  ${key}`),
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
    const answer = new Promise<unknown>((resolve) => this.waiting.set(id, resolve));
    void this.cdp.send('Target.sendMessageToTarget', {
      sessionId: this.sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    return answer;
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
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((target) => target.type === 'worker');
  let workerProfiler: WorkerProfiler | undefined;
  if (worker) {
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    workerProfiler = new WorkerProfiler(cdp, sessionId);
    await workerProfiler.send('Profiler.enable');
    await workerProfiler.send('Profiler.setSamplingInterval', { interval: 100 });
    await workerProfiler.send('Profiler.start');
  }
  return async () => {
    const { profile: result } = await cdp.send('Profiler.stop');
    console.log(topBySelfTime(result, `Main thread (${figure})`));
    if (workerProfiler) {
      const stopped = (await workerProfiler.send('Profiler.stop')) as { profile: Profile };
      console.log(topBySelfTime(stopped.profile, `Sync worker (${figure})`));
    }
  };
}
