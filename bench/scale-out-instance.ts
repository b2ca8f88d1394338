/**
 * One server instance of the scale-out benchmark, in a process of its own: exactly what
 * `npm start` runs (server/instance.ts) on the shared PostgreSQL, behind the proxy. It notes when
 * each widget message's command has committed — the moment the command path of the instance that
 * ran it answers, right after COMMIT — and reports its memory, after a full collection when asked to (node --expose-gc).
 */
import { readConfig } from '../server/config';
import { startInstance, type Instance } from '../server/instance';
import { serveParent } from './child-ipc';
import { machineNow } from './fanout-protocol';

export type ToInstance =
  | { kind: 'start'; databaseUrl: string; natsUrl: string | null }
  | { kind: 'memory'; gc: boolean }
  | { kind: 'commits' };
export type Memory = { rssMb: number; heapUsedMb: number; externalMb: number };
export type FromInstance =
  | { kind: 'started'; port: number }
  | ({ kind: 'memory' } & Memory)
  | {
      kind: 'commits';
      ids: string[];
      at: number[];
      /**
       * Commands this instance ran for other instances, and sent to their homes (absent from
       * instances of a server from before the command router).
       */
      ranForOthers?: number;
      sentToOthers?: number;
      ranHereUnanswered?: number;
    };

const MB = 1024 * 1024;
let instance: Instance | undefined;
/** Message id → when its command committed, on this process's clock. */
let commits = new Map<string, number>();

const { tell } = serveParent<ToInstance, FromInstance>(
  async (message) => {
    switch (message.kind) {
      case 'start': {
        const config = readConfig({
          DATABASE_URL: message.databaseUrl,
          PORT: '0',
          HOST: '127.0.0.1',
          DEMO: 'false',
          TRUST_PROXY: '127.0.0.1',
          NATS_URL: message.natsUrl ?? '',
        });
        // Every staff member signs in through the proxy at the start: the login limits are not
        // what this run measures.
        instance = await startInstance(config, { loginAttemptsPerMinute: 100_000 });
        // Noted where the command ran (its organization's home), as its group committed.
        instance.context.router.onRun = (command, result) => {
          if (command.type === 'message.receive' && result.ok)
            commits.set(command.id, machineNow());
        };
        tell({ kind: 'started', port: instance.port });
        return;
      }
      case 'memory': {
        if (message.gc) globalThis.gc?.();
        const usage = process.memoryUsage();
        tell({
          kind: 'memory',
          rssMb: usage.rss / MB,
          heapUsedMb: usage.heapUsed / MB,
          externalMb: usage.external / MB,
        });
        return;
      }
      case 'commits': {
        const taken = commits;
        commits = new Map();
        tell({
          kind: 'commits',
          ids: [...taken.keys()],
          at: [...taken.values()],
          ...(instance?.context.router.counts ?? {
            ranForOthers: 0,
            sentToOthers: 0,
            ranHereUnanswered: 0,
          }),
        });
        return;
      }
    }
  },
  async () => {
    await instance?.stop();
  },
);
