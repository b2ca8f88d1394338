import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Every .ts file under a folder, tests included. */
export function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name));
}

/**
 * Which files each file imports, among the files given: static imports and re-exports, type-only
 * ones too (a cycle of types still means neither file can be read without the other), and dynamic
 * import() calls. Specifiers are resolved as the compiler resolves them.
 */
export function importGraph(files: readonly string[], root: string): Map<string, string[]> {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) =>
    readFileSync(path, 'utf8'),
  );
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (resolved && known.has(resolved.resolvedFileName)) targets.add(resolved.resolvedFileName);
    }
    graph.set(relative(root, file), [...targets].map((target) => relative(root, target)).sort());
  }
  return graph;
}

/**
 * The import cycles of a graph, one per group of files that reach each other (a strongly connected
 * component, Tarjan's algorithm), each told as a path from its first file back to it:
 * `a → b → a`. Empty when the graph has none.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    const selfImport = graph.get(file)?.includes(file) ?? false;
    if (component.length > 1 || selfImport) components.push(component);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** A path through a group of files that reach each other, from its first file back to it. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0] ?? '';
  // Breadth-first from the start to itself, inside the group: the shortest cycle through it.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0 && !cameFrom.has(start)) {
    const at = queue.shift() ?? start;
    for (const next of graph.get(at) ?? [])
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
  }
  const path = [start];
  for (let at = cameFrom.get(start); at !== undefined && at !== start; at = cameFrom.get(at))
    path.unshift(at);
  path.unshift(start);
  return path;
}
