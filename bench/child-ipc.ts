/**
 * A benchmark's helper process, spoken to as request and answer by message kind over Node's IPC.
 * Every helper answers a `failed` message when something goes wrong, which fails whatever waits.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { machineNow } from './fanout-protocol';

type Kinded = { kind: string };
type Failed = { kind: 'failed'; message: string };
/** Every helper answers clock pings, so the run knows how far its clock is from theirs. */
export type ClockPing = { kind: 'clock'; sentAt: number };
export type ClockPong = { kind: 'clock'; sentAt: number; childAt: number };

export class ChildIpc<To extends Kinded, From extends Kinded> {
  private readonly waiting: {
    kind: string;
    resolve: (message: unknown) => void;
    reject: (error: Error) => void;
  }[] = [];
  private exited: Error | null = null;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.on('message', (message: From | Failed) => {
      if (message.kind === 'failed') {
        this.failAll(new Error(`${name}: ${(message as Failed).message}`));
        return;
      }
      const at = this.waiting.findIndex((waiter) => waiter.kind === message.kind);
      const [waiter] = at === -1 ? [] : this.waiting.splice(at, 1);
      waiter?.resolve(message);
    });
    child.on('exit', (code, signal) => {
      this.exited = new Error(`${name} exited (${String(code ?? signal)})`);
      this.failAll(this.exited);
    });
  }

  /** Forks a TypeScript file (through tsx) with extra node flags and environment. */
  static start<To extends Kinded, From extends Kinded>(
    name: string,
    file: string,
    options: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {},
  ): ChildIpc<To, From> {
    const child = fork(file, [], {
      execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
      env: { ...process.env, ...options.env },
    });
    return new ChildIpc<To, From>(name, child);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  send(message: To | ClockPing | { kind: 'close' }): void {
    if (this.child.connected) this.child.send(message);
  }

  next<K extends From['kind']>(kind: K): Promise<Extract<From, { kind: K }>> {
    return this.nextOfKind(kind) as Promise<Extract<From, { kind: K }>>;
  }

  private nextOfKind(kind: string): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting.push({ kind, resolve, reject });
    });
  }

  ask<K extends From['kind']>(message: To, kind: K): Promise<Extract<From, { kind: K }>> {
    const answer = this.next(kind);
    this.send(message);
    return answer;
  }

  /**
   * How far the helper's clock is from this process's: the IPC round trip with the shortest
   * time, its midpoint against the helper's reading; the error is at most half that round trip.
   */
  async clockOffset(pings = 20): Promise<{ offsetMs: number; boundMs: number }> {
    let best = { offsetMs: 0, boundMs: Number.POSITIVE_INFINITY };
    for (let i = 0; i < pings; i++) {
      const sentAt = machineNow();
      const pong = this.nextOfKind('clock') as Promise<ClockPong>;
      this.send({ kind: 'clock', sentAt });
      const { childAt } = await pong;
      const back = machineNow();
      const bound = (back - sentAt) / 2;
      if (bound < best.boundMs) best = { offsetMs: childAt - (sentAt + back) / 2, boundMs: bound };
    }
    return best;
  }

  /** Asks the helper to close, and waits for it to exit. */
  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => {
      this.child.once('exit', () => {
        resolve();
      });
    });
    this.send({ kind: 'close' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}

/**
 * The helper's side: hands each message to `handle`, answers clock pings, reports a thrown error
 * as `failed`, and on `close` runs `onClose` and leaves.
 */
// The caller names the shapes of both directions; each appears once, as that is all it shapes.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function serveParent<To extends Kinded, From extends Kinded>(
  handle: (message: To) => Promise<void> | void,
  onClose: () => Promise<void> | void = () => undefined,
): { tell: (message: From) => void; fail: (message: string) => void } {
  const send = (message: From | Failed | ClockPong) => {
    process.send?.(message);
  };
  const tell = (message: From) => {
    send(message);
  };
  const fail = (message: string) => {
    send({ kind: 'failed', message });
  };
  process.on('message', (message: To | ClockPing | { kind: 'close' }) => {
    if (message.kind === 'clock') {
      send({ kind: 'clock', sentAt: (message as ClockPing).sentAt, childAt: machineNow() });
      return;
    }
    if (message.kind === 'close') {
      void Promise.resolve(onClose()).finally(() => {
        process.disconnect();
        process.exit(0);
      });
      return;
    }
    Promise.resolve(handle(message as To)).catch((error: unknown) => {
      fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  // The run that started this helper is gone: nothing is left to do.
  process.on('disconnect', () => process.exit(0));
  return { tell, fail };
}
