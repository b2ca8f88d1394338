import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../providers/mail/dovecot';
import { startAppServer, type AppServer } from './app-server';

/**
 * The product as `npm start` runs it, in its own process, that a test can restart: stopped as an
 * operator stops it (SIGTERM) and started again on the same port and the same embedded database,
 * so a browser already on its pages reconnects as it would after a real restart. `PUBLIC_URL` is
 * the server's own address, so channel adapters register webhooks with the local providers.
 */
export type RestartableApp = {
  baseUrl: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startRestartableApp(env: Record<string, string>): Promise<RestartableApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-e2e-restart-'));
  const start = () =>
    startAppServer({ ...env, PORT: String(port), PUBLIC_URL: baseUrl }, { dataDir });
  let server: AppServer | null = await start();
  return {
    baseUrl,
    restart: async () => {
      await server?.stop();
      server = null;
      server = await start();
    },
    stop: async () => {
      await server?.stop();
      server = null;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
