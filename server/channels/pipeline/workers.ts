import { newId } from '../../../src/protocol';
import type { PipelineDeps } from './pipeline-deps';
import { runDueInboundEvents } from './inbound';
import { runDueDeliveries } from './outbound';
import { runDueTemplateWork } from './template-work';
import { ReceiverSupervisor } from './receivers';
import { runDueRenewals } from './credential-renewal';

export type ChannelWorkers = {
  /**
   * Runs a round now (an event was just stored, a reply queued) instead of at the next tick; with
   * `receivers`, one that also supervises the receivers (a channel was connected or changed).
   */
  kick(options?: { receivers?: boolean }): void;
  /** Begins the rounds of workers made with `waitForStart` (once the server listens). */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The pipeline's background work on this instance: inbound events to process, replies to
 * deliver (every `everyMs`, or at once when kicked) and the channels' receivers (supervised
 * every `superviseMs`). Other instances run the same; claims and leases share the work.
 */
export function startChannelWorkers(
  deps: PipelineDeps,
  options: {
    publicUrl: string | null;
    instanceId?: string;
    everyMs?: number;
    superviseMs?: number;
    /**
     * No round before `start()`: the server's workers wait until it listens, since a reply they
     * send may name a file of ours the provider fetches at once (a Viber bot's photo), and a
     * webhook they register is checked by the provider at once.
     */
    waitForStart?: boolean;
  },
): ChannelWorkers {
  const everyMs = options.everyMs ?? 1000;
  const superviseMs = options.superviseMs ?? 10_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let lastSupervised = 0;
  let superviseNow = false;
  const supervisor = new ReceiverSupervisor(
    deps,
    options.instanceId ?? newId(),
    options.publicUrl,
    () => {
      kick();
    },
  );

  // Read afresh after each await: stop() may have been called meanwhile.
  const stopping = () => stopped;
  const round = async () => {
    await runDueInboundEvents(deps);
    if (stopping()) return;
    await runDueDeliveries(deps, undefined, stopping);
    if (stopping()) return;
    await runDueTemplateWork(deps);
    if (superviseNow || Date.now() - lastSupervised >= superviseMs) {
      superviseNow = false;
      lastSupervised = Date.now();
      await supervisor.supervise();
      await runDueRenewals(deps);
    }
  };
  let busy = false;
  let started = options.waitForStart !== true;
  const tick = () => {
    if (stopped || busy || !started) return;
    clearTimeout(timer);
    busy = true;
    again = false;
    running = round()
      .catch((error: unknown) => {
        console.error('channel workers failed', error);
      })
      .finally(() => {
        busy = false;
        if (!stopped) timer = setTimeout(tick, again ? 0 : everyMs);
      });
  };
  /** Runs a round now, or right after the one under way. */
  function kick(kickOptions: { receivers?: boolean } = {}) {
    if (kickOptions.receivers) superviseNow = true;
    again = true;
    if (!busy) tick();
  }
  if (started) timer = setTimeout(tick, 0);
  return {
    kick,
    start() {
      if (started || stopped) return;
      started = true;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await supervisor.stopAll();
    },
  };
}
