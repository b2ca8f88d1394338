import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

// Replaced by the build with their catalog alone (vite.config.ts, `landingMessages`): what they
// import here only computes that catalog, and never reaches the page.
const BUILT_AS_DATA = new Set([
  'src/landing/landing-messages-en.ts',
  'src/landing/landing-messages-ru.ts',
]);

const compilerOptions = (() => {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) =>
    readFileSync(path, 'utf8'),
  );
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
})();

/**
 * The modules a file imports for their values (static imports and re-exports that are not
 * `import type`, and import() calls): what the bundler puts in the page. Type-only imports are
 * erased (verbatimModuleSyntax: an import of types alone is written `import type`).
 */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Every project file and package the page's entry reaches through value imports. */
function reachedFrom(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(root, entry)];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const name = relative(root, file);
    if (files.has(name)) continue;
    files.add(name);
    if (BUILT_AS_DATA.has(name)) continue;
    for (const specifier of valueImports(file)) {
      // A stylesheet is the page's style, not its script.
      if (specifier.endsWith('.css')) continue;
      const resolved = ts.resolveModuleName(
        specifier,
        file,
        compilerOptions,
        ts.sys,
      ).resolvedModule;
      if (!resolved) throw new Error(`${name}: ${specifier} does not resolve`);
      if (resolved.isExternalLibraryImport) {
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      } else queue.push(resolved.resolvedFileName);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

describe("the landing page's entry", () => {
  const { files, packages } = reachedFrom('src/landing/main.tsx');

  it('reaches the sign-in screen and the shared parts it draws with', () => {
    expect(files).toContain('src/features/auth/LoginScreen.tsx');
    expect(files).toContain('src/ui/LanguageSwitch.tsx');
  });

  it('reaches nothing of the workspace: no shell, router, session, store, sync or worker', () => {
    const layers = /^src\/(app|store|sync|sw|workers|widget)\//;
    const otherFeatures = /^src\/features\/(?!auth\/)/;
    expect(files.filter((file) => layers.test(file) || otherFeatures.test(file))).toEqual([]);
    expect(packages).toEqual(['react', 'react-dom', 'valibot']);
  });

  // A bundle puts every module an index re-exports in the chunk the page shares with the app,
  // used by the app or not: the protocol's would bring every schema and error text.
  it('imports no index of a layer, only the files it uses', () => {
    expect(files.filter((file) => /(^|\/)index\.tsx?$/.test(file))).toEqual([]);
  });
});
