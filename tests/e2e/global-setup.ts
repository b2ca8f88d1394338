import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * End-to-end tests run against the real built app: build it once per test run, and make sure the
 * browser is there. `npm run test:server` skips this (E2E=off).
 */
export default function setup(): void {
  if (process.env.E2E === 'off') return;
  execFileSync('bash', ['scripts/ensure-chromium.sh'], { cwd: root, stdio: 'inherit' });
  // Vitest sets NODE_ENV=test; the product is built as `npm start` builds it.
  const build = (...args: string[]) =>
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  build();
  build('-c', 'vite.widget.config.ts');
}
