import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type AppServer = {
  baseUrl: string;
  wsUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * The product as `npm start` runs it (server/main.ts serving dist/app, embedded database, demo
 * data), on a free port and a throwaway data folder — or on `dataDir` when given (a database
 * prepared beforehand, e.g. by the UI benchmark), which is then left in place at stop.
 */
export function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<AppServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sc-e2e-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A benchmark or test that crashes before stop() must not leave the server running: an
    // orphaned one was found an hour after a crashed bench script, loading the machine.
    const killOnExit = () => child.kill('SIGTERM');
    process.once('exit', killOnExit);
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not start: ${output}`));
    }, 60_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        const baseUrl = `http://127.0.0.1:${match[1]}`;
        resolve({
          baseUrl,
          wsUrl: baseUrl.replace(/^http/, 'ws'),
          child,
          stop: async () => {
            process.off('exit', killOnExit);
            if (child.exitCode === null) {
              child.kill('SIGTERM');
              await new Promise((done) => child.once('exit', done));
            }
            if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      process.off('exit', killOnExit);
      reject(new Error(`server exited with ${String(code)}: ${output}`));
    });
  });
}
