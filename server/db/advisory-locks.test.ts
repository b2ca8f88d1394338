import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

/** Every .ts file of the server but tests. */
function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('advisory lock keys', () => {
  it('are all different', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are taken only by name: no server code writes a key as a number', () => {
    const literal = /pg_advisory(?:_xact)?_lock(?:_shared)?\(\s*\d/;
    const offenders = serverSources(join(__dirname, '..')).filter((path) =>
      literal.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
