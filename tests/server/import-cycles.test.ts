import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, typeScriptFiles } from './import-graph';

const root = join(import.meta.dirname, '../..');

describe('import cycles', () => {
  it.each([
    { name: 'a tree', graph: { a: ['b', 'c'], b: ['c'], c: [] }, cycles: [] },
    {
      name: 'two files importing each other',
      graph: { a: ['b'], b: ['a'] },
      cycles: [['a', 'b', 'a']],
    },
    { name: 'a file importing itself', graph: { a: ['a'] }, cycles: [['a', 'a']] },
    {
      name: 'a longer loop, told by its shortest path',
      graph: { app: ['routes', 'auth'], routes: ['auth'], auth: ['routes', 'app'] },
      cycles: [['app', 'auth', 'app']],
    },
    {
      name: 'two separate loops',
      graph: { a: ['b'], b: ['a'], c: ['d'], d: ['c'], e: ['a', 'c'] },
      cycles: [
        ['a', 'b', 'a'],
        ['c', 'd', 'c'],
      ],
    },
  ])('are found in $name', ({ graph, cycles }) => {
    expect(importCycles(new Map(Object.entries(graph)))).toEqual(cycles);
  });

  it('are found among real files, type-only imports included', () => {
    const files = typeScriptFiles(join(root, 'server/http'));
    const graph = importGraph(files, root);
    expect(graph.get('server/http/require-auth.ts')).toContain('server/http/context.ts');
  });

  // Files that import each other cannot be read, tested or moved one without the other; the
  // route files and app.ts once did (DESIGN §2: an area is a room, not a knot).
  it('are none between the files of server/', () => {
    const graph = importGraph(typeScriptFiles(join(root, 'server')), root);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
