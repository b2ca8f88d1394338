import type { CommandEnvelope, CommandResult, CommandType } from '../../src/protocol';
import { COMMAND_PREPARERS } from './command-handlers';
import { executeBatch, type BatchItem } from './command-batch';
import { executeCommand, type CommandCaller, type CommandDeps } from './execute-command';

/** The most commands one transaction takes: enough for an offline outbox's flush, short enough
 * that the organization's lock is never held for long. */
export const MAX_BATCH = 256;

type Waiting = BatchItem & {
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
};

/** The one promise of a single command's executeAll. */
export function onlyResult(running: readonly Promise<CommandResult>[]): Promise<CommandResult> {
  const [result] = running;
  if (!result) throw new Error('no result promised');
  return result;
}

const asksProvider = (command: CommandEnvelope): boolean =>
  Object.hasOwn(COMMAND_PREPARERS, command.type) &&
  COMMAND_PREPARERS[command.type as CommandType] !== undefined;

/**
 * Group commit for this instance (docs/performance.md "The server's write path"): commands of an
 * organization that arrive while its last group is running wait and then run together, in order,
 * in one transaction (command-batch.ts). A quiet organization's command runs at once, alone in
 * its group; a busy one's commands share the transaction, the log append and the NOTIFY, so the
 * busier it gets the less each costs. Organizations never wait for each other. A command that asks
 * a provider first (a channel's credentials) runs by itself, in its place in the order.
 */
export class CommandQueue {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly draining = new Set<string>();

  constructor(
    private readonly deps: CommandDeps,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  /** Runs one command in its organization's next group; its result once that group committed. */
  execute(caller: CommandCaller, command: CommandEnvelope): Promise<CommandResult> {
    return onlyResult(this.executeAll(caller, [command]));
  }

  /** Queues commands together, in order (an outbox's flush): one promise per command. */
  executeAll(
    caller: CommandCaller,
    commands: readonly CommandEnvelope[],
  ): Promise<CommandResult>[] {
    const queue = this.waiting.get(caller.orgId) ?? [];
    this.waiting.set(caller.orgId, queue);
    const promises = commands.map(
      (command) =>
        new Promise<CommandResult>((resolve, reject) => {
          queue.push({ caller, command, resolve, reject });
        }),
    );
    if (!this.draining.has(caller.orgId)) {
      this.draining.add(caller.orgId);
      void this.drain(caller.orgId);
    }
    return promises;
  }

  /** Commands still waiting, for shutdown and tests. */
  get size(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private async drain(orgId: string): Promise<void> {
    try {
      for (;;) {
        const queue = this.waiting.get(orgId);
        const head = queue?.[0];
        if (!queue || !head) break;
        if (asksProvider(head.command)) {
          queue.shift();
          await this.alone(head);
          continue;
        }
        // A group ends before the first command that asks a provider, so the order holds.
        let size = 1;
        while (
          size < Math.min(queue.length, this.maxBatch) &&
          !asksProvider((queue[size] as Waiting).command)
        )
          size++;
        const group = queue.splice(0, size);
        let outcomes;
        try {
          outcomes = await executeBatch(this.deps, orgId, group);
        } catch (error) {
          // Whatever broke the group (a bug in checking one command), each command runs alone,
          // so only the one that breaks fails, with its own answer.
          console.error(`command group of ${String(group.length)} could not run`, error);
          for (const item of group) await this.alone(item);
          continue;
        }
        for (const [index, item] of group.entries()) {
          const outcome = outcomes[index];
          if (outcome?.kind === 'answered') item.resolve(outcome.result);
          else if (outcome?.kind === 'failed') item.reject(outcome.error);
          else await this.alone(item);
        }
      }
    } finally {
      this.draining.delete(orgId);
      if (this.waiting.get(orgId)?.length) {
        this.draining.add(orgId);
        void this.drain(orgId);
      } else {
        this.waiting.delete(orgId);
      }
    }
  }

  private async alone(item: Waiting): Promise<void> {
    try {
      item.resolve(await executeCommand(this.deps, item.caller, item.command));
    } catch (error) {
      item.reject(error);
    }
  }
}
