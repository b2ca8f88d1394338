import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS } from '../../tests/e2e/browser';

export type DebuggableChromium = {
  /** The DevTools port, as Lighthouse's `port` flag takes it. */
  port: number;
  /** The browser's WebSocket endpoint, as Playwright's `connectOverCDP` takes it. */
  wsEndpoint: string;
  stop: () => Promise<void>;
};

/**
 * Debian's Chromium with a DevTools port, one profile shared by every client that connects:
 * the sign-in (Playwright) and Lighthouse then see the same cookies and IndexedDB, as one
 * person's browser would. Started here rather than by Playwright, so that no automation client
 * stays attached (and emulates a viewport) while Lighthouse measures.
 *
 * The flags are those tests/e2e/browser.ts launches Chromium with (CHROMIUM_FLAGS).
 */
export function startDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'sc-vitals-profile-'));
  const child = spawn(
    '/usr/bin/chromium',
    [
      '--headless',
      ...CHROMIUM_FLAGS,
      '--remote-debugging-address=127.0.0.1',
      // Port 0: Chromium picks a free one and names it in its "DevTools listening" line.
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes may still be writing into the profile for a moment after the
    // browser process has gone (longer on a loaded machine): removal retries, and a profile that
    // still will not go is left in the temporary folder with a word, not counted as a failed
    // measurement (a fresh-clone run beside a test suite failed here after measuring everything).
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 30, retryDelay: 200 });
    } catch (error) {
      console.warn(`The Chromium profile ${profile} could not be removed:`, error);
    }
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Chromium did not open its DevTools port: ${output}`));
    }, 30_000);
    child.stderr.on('data', (data: Buffer) => {
      if (ready) return; // read on, so Chromium never blocks on a full pipe
      output += data.toString();
      const match = /DevTools listening on (ws:\/\/[^:\s]+:(\d+)\/\S+)/.exec(output);
      if (match?.[1] && match[2]) {
        ready = true;
        clearTimeout(timer);
        resolve({ port: Number(match[2]), wsEndpoint: match[1], stop });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${String(code)}: ${output}`));
    });
  });
}
