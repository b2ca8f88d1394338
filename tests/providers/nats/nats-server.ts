import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { freePort } from '../mail/dovecot';

/**
 * A private NATS server (Debian's nats-server, installed by scripts/ensure-nats.sh) for one test
 * file, on a free port of 127.0.0.1, without JetStream or a config file.
 */
export type NatsServer = { url: string; stop: () => Promise<void> };

const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

export function natsServerPath(): string {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found)
    throw new Error(
      "Debian's nats-server is not installed: run scripts/ensure-nats.sh (apt-get install nats-server)",
    );
  return found;
}

export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  const url = `nats://127.0.0.1:${String(port)}`;
  const child: ChildProcess = spawn(natsServerPath(), ['-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const probe = await connect({ servers: url, timeout: 500, reconnect: false });
      await probe.close();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nats-server did not start on ${url}: ${output}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
