import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Writes one run's figures to bench/results/<bench>-<time>.json (kept out of git) and returns
 * the file's path, wherever the benchmark was started from.
 */
export function writeResults(bench: string, data: unknown): string {
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = new URL(`${bench}-${stamp}.json`, dir);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return fileURLToPath(file);
}
