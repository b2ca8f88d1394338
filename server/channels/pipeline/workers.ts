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

  const round = async () => {
    await runDueInboundEvents(deps);
    await runDueDeliveries(deps);
    await runDueTemplateWork(deps);
    if (superviseNow || Date.now() - lastSupervised >= superviseMs) {
      superviseNow = false;
      lastSupervised = Date.now();
      await supervisor.supervise();
      await runDueRenewals(deps);
    }
  };
  let busy = false;
  const tick = () => {
    if (stopped || busy) return;
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
  timer = setTimeout(tick, 0);
  return {
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await supervisor.stopAll();
    },
  };
}
