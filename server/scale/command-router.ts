import {
  connect,
  RequestError,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import type { CommandEnvelope, CommandResult } from '../../src/protocol';
import type { CommandQueue } from '../domain/command-queue';
import type { CommandCaller } from '../domain/execute-command';
import {
  forwardedBody,
  outcomesOf,
  readForwarded,
  settle,
  type ForwardedOutcome,
} from './forwarded-commands';
import { homeOf, partitionOf, partitionsOf } from './partitions';

/** How often an instance says it is alive, and how long after its last word it counts as gone. */
export const HEARTBEAT_MS = 1_000;
export const GONE_AFTER_MS = 3_500;
/**
 * How long a forwarded group may take before this instance runs it itself: longer than any queue
 * an organization builds, short enough that a home that died mid-request does not hold its
 * senders for long. Running it here too is safe (below).
 */
export const FORWARD_TIMEOUT_MS = 60_000;

/** How long a stopping instance waits for its NATS connection to drain before closing it. */
const DRAIN_MS = 5_000;

const SUBJECT = 'inbox.commands';
const HEARTBEATS = 'inbox.instances';
/** One queue group: a request reaches one of the instances listening on a partition, never two. */
const HOMES = 'homes';

/**
 * One home per organization across instances (docs/server-core.md "One home per organization").
 * Every instance runs its organizations' commands through its own group commit; three instances
 * each forming small groups of one organization took turns on its lock and took in fewer messages
 * than one instance did. With NATS configured, an instance sends the commands of an organization
 * it is not home to over NATS to the instance that is, and runs those it is home to itself.
 *
 * Nothing here decides correctness: the organization's lock and the stored result of every command
 * id do (command-batch.ts). So while instances disagree about the live set, or a home is gone, a
 * command runs wherever it lands, at worst twice in a row, the second run answered from the
 * first's stored result; and with no answer from NATS it runs here.
 */
export class CommandRouter {
  private readonly seen = new Map<string, number>();
  private readonly listening = new Map<number, Subscription>();
  /** Groups this instance is running for others: a stop answers them before it leaves. */
  private readonly runningForOthers = new Set<Promise<void>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private heartbeats: Subscription | undefined;
  private stopped = false;
  private live: string[];
  /** The live set the partitions listened on were last matched to. */
  private listeningFor: string | undefined;
  /**
   * Commands this instance ran for others, sent to others, ran here for want of an answer, and ran
   * here because their request is over the NATS server's largest message (tests and the benchmark
   * read them).
   */
  readonly counts = { ranForOthers: 0, sentToOthers: 0, ranHereUnanswered: 0, ranHereTooLarge: 0 };
  /** Told of every command that ran in this instance's queue, once it has its result. */
  onRun: ((command: CommandEnvelope, result: CommandResult) => void) | undefined;

  private constructor(
    private readonly queue: CommandQueue,
    private readonly instanceId: string,
    private readonly nats: NatsConnection | null,
    private readonly onError: (error: unknown) => void,
    private readonly timeoutMs: number,
  ) {
    this.live = [instanceId];
  }

  /**
   * A router over this instance's queue; with a NATS URL it joins the other instances there, and
   * without one (a single instance, the embedded database) every command runs here.
   */
  static async start(
    queue: CommandQueue,
    options: {
      instanceId: string;
      natsUrl?: string | null;
      onError: (error: unknown) => void;
      timeoutMs?: number;
    },
  ): Promise<CommandRouter> {
    const nats = options.natsUrl ? await connectTo(options.natsUrl, options.instanceId) : null;
    const router = new CommandRouter(
      queue,
      options.instanceId,
      nats,
      options.onError,
      options.timeoutMs ?? FORWARD_TIMEOUT_MS,
    );
    router.join();
    return router;
  }

  /** One promise per command, in order, as CommandQueue.executeAll gives them. */
  executeAll(
    caller: CommandCaller,
    commands: readonly CommandEnvelope[],
  ): Promise<CommandResult>[] {
    const partition = partitionOf(caller.orgId);
    const home = homeOf(partition, this.live);
    if (!this.nats || home === this.instanceId) return this.runHere(caller, commands);
    const body = forwardedBody(caller, commands);
    // A batch over the server's largest message (1 MB by default; a request may be 2 MiB) is not
    // sent: it runs here, which is as correct, only not at its home.
    if (Buffer.byteLength(body) > (this.nats.info?.max_payload ?? Infinity)) {
      this.counts.ranHereTooLarge += commands.length;
      return this.runHere(caller, commands);
    }
    this.counts.sentToOthers += commands.length;
    const answered = this.forward(this.nats, partition, body, caller, commands);
    return commands.map((_, index) => answered.then((outcomes) => settle(outcomes[index])));
  }

  /** The instances this one counts as live, itself included, in order. */
  liveInstances(): readonly string[] {
    return this.live;
  }

  /** The partitions this instance is home to now. */
  homePartitions(): number[] {
    return [...this.listening.keys()].sort((a, b) => a - b);
  }

  /**
   * Leaves: no more heartbeats or partitions, the groups run for others answered, then the
   * connection drained. Requests that arrive meanwhile find nobody and run where they are.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    if (!this.nats) return;
    this.heartbeats?.unsubscribe();
    for (const subscription of this.listening.values()) subscription.unsubscribe();
    this.listening.clear();
    await Promise.allSettled([...this.runningForOthers]);
    // A drain waits on the server; one that does not answer must not hold the shutdown.
    const nats = this.nats;
    const drained = nats.drain().catch(this.onError);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => {
        resolve('late');
      }, DRAIN_MS);
    });
    if ((await Promise.race([drained, late])) === 'late') await nats.close().catch(this.onError);
    clearTimeout(timer);
  }

  private async forward(
    nats: NatsConnection,
    partition: number,
    body: string,
    caller: CommandCaller,
    commands: readonly CommandEnvelope[],
  ): Promise<ForwardedOutcome[]> {
    try {
      const answer = await nats.request(`${SUBJECT}.${String(partition)}`, body, {
        timeout: this.timeoutMs,
      });
      const outcomes = JSON.parse(answer.string()) as ForwardedOutcome[];
      if (Array.isArray(outcomes) && outcomes.length === commands.length) return outcomes;
      throw new Error('a forwarded group came back with the wrong number of outcomes');
    } catch (error) {
      // No home listening (instances joining or leaving), no answer in time, NATS unreachable:
      // the commands run here. If the home ran them meanwhile, their stored results answer.
      this.counts.ranHereUnanswered += commands.length;
      if (!isNoResponders(error)) this.onError(error);
      return outcomesOf(this.runHere(caller, commands));
    }
  }

  private runHere(
    caller: CommandCaller,
    commands: readonly CommandEnvelope[],
  ): Promise<CommandResult>[] {
    const running = this.queue.executeAll(caller, commands);
    const onRun = this.onRun;
    if (onRun)
      running.forEach((one, index) => {
        const command = commands[index];
        if (command)
          one.then(
            (result) => {
              onRun(command, result);
            },
            () => undefined,
          );
      });
    return running;
  }

  private join(): void {
    const nats = this.nats;
    if (!nats) return;
    this.heartbeats = nats.subscribe(HEARTBEATS, {
      callback: (error, message) => {
        if (error) {
          this.onError(error);
          return;
        }
        const id = message.string();
        if (id) this.seen.set(id, Date.now());
        this.rebalance();
      },
    });
    const beat = () => {
      this.seen.set(this.instanceId, Date.now());
      nats.publish(HEARTBEATS, this.instanceId);
      this.rebalance();
    };
    beat();
    this.heartbeat = setInterval(beat, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The live set again, and the partitions listened on to match it. */
  private rebalance(): void {
    const nats = this.nats;
    // A heartbeat delivered while stopping must not listen again on a draining connection.
    if (!nats || this.stopped) return;
    const now = Date.now();
    for (const [id, at] of this.seen) if (now - at > GONE_AFTER_MS) this.seen.delete(id);
    const live = [...this.seen.keys()].sort();
    if (live.join() === this.listeningFor) return;
    this.listeningFor = live.join();
    this.live = live;
    const mine = partitionsOf(this.instanceId, live);
    for (const [partition, subscription] of this.listening)
      if (!mine.has(partition)) {
        // Drained: a request already delivered here is still answered.
        void subscription.drain().catch(this.onError);
        this.listening.delete(partition);
      }
    for (const partition of mine)
      if (!this.listening.has(partition))
        this.listening.set(
          partition,
          nats.subscribe(`${SUBJECT}.${String(partition)}`, {
            queue: HOMES,
            callback: (error, message) => {
              if (error) {
                this.onError(error);
                return;
              }
              const forwarded = readForwarded(message.string());
              if (!forwarded) {
                message.respond(JSON.stringify([]));
                return;
              }
              this.counts.ranForOthers += forwarded.commands.length;
              const running = outcomesOf(this.runHere(forwarded.caller, forwarded.commands)).then(
                (outcomes) => {
                  message.respond(JSON.stringify(outcomes));
                },
                this.onError,
              );
              this.runningForOthers.add(running);
              void running.finally(() => this.runningForOthers.delete(running));
            },
          }),
        );
  }
}

/** A connection to the deployment's NATS, or a start-up error that names the setting. */
async function connectTo(url: string, instanceId: string): Promise<NatsConnection> {
  try {
    return await connect({ servers: url, name: `inbox-${instanceId}`, maxReconnectAttempts: -1 });
  } catch (error) {
    throw new Error(`NATS_URL ${url} does not answer`, { cause: error });
  }
}

/** NATS's answer that nobody listens on a subject. */
const isNoResponders = (error: unknown): boolean =>
  error instanceof RequestError && error.isNoResponders();
