import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import type * as Catalogs from './src/app/i18n/catalogs';
import type * as CompileMessages from './src/app/i18n/compile-messages';
import { LANGUAGE_KEY, storedFromLanguage } from './src/ui/i18n/language-storage';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker reaches the store through src/store/index.ts, which also re-exports the
 * React hooks: these modules are declared side-effect free in its build, so React stays out of it.
 */
const REACT_ONLY =
  /[\\/](?:src[\\/]store[\\/]hooks\.tsx?$|node_modules[\\/](?:react|dexie-react-hooks)[\\/])/;

/**
 * The chunks a start needs beyond the app's script are fetched beside it, not after it has run
 * (DESIGN §6): with a token stored (spec §3 keeps it under `token`), the workspace of
 * src/app/workspace.ts for `/` (which leads there) and `/admin/…`; without one, Login at `/`.
 * The page learns which by a small script in index.html, written here from the built chunks.
 */
function startChunkPreload(): Plugin {
  let base = '/';
  return {
    name: 'start-chunk-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (from: Rolldown.OutputChunk) => {
          const seen = new Set<Rolldown.OutputChunk>();
          const visit = (chunk: Rolldown.OutputChunk | undefined) => {
            if (!chunk || seen.has(chunk)) return;
            seen.add(chunk);
            for (const file of chunk.imports) visit(byFile.get(file));
          };
          visit(from);
          return seen;
        };
        const loaded = closure(entry);
        /** Scripts and styles of the chunk built from `module`, less what index.html loads already. */
        const needs = (module: string) => {
          const root = chunks.find((chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          if (!root) throw new Error(`start-chunk-preload: no chunk for ${module}`);
          const added = [...closure(root)].filter((chunk) => !loaded.has(chunk));
          return {
            js: added.map((chunk) => base + chunk.fileName),
            css: added.flatMap((chunk) =>
              [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => base + file),
            ),
          };
        };
        const workspace = JSON.stringify(needs('src/app/workspace.ts'));
        const login = JSON.stringify(needs('src/app/pages/LoginPage.tsx'));
        // Every page of the app shows texts: the stored language's (load-messages.ts) comes too.
        const en = JSON.stringify(needs('src/app/i18n/intl-messages-en.ts').js);
        const ru = JSON.stringify(needs('src/app/i18n/intl-messages-ru.ts').js);
        // Styles are preloaded, not applied: Vite's loader applies them when the chunk is imported.
        const script = `(() => {
  let signedIn = false;
  try { signedIn = Boolean(localStorage.getItem('token')); } catch {}
  const path = location.pathname;
  const start = signedIn && (path === '/' || path.startsWith('/admin')) ? ${workspace}
    : !signedIn && path === '/' ? ${login} : { js: [], css: [] };
  const add = (href, rel, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
  let texts = ${en};
  try { if (localStorage.getItem('${LANGUAGE_KEY}') === '${storedFromLanguage('ru')}') texts = ${ru}; } catch {}
  for (const href of [...start.js, ...texts]) add(href, 'modulepreload');
  for (const href of start.css) add(href, 'preload', 'style');
})();`;
        // After the charset (it must come within the first 1024 bytes), before the stylesheet
        // (a script after one waits for it).
        const charset = /<meta charset="UTF-8" \/>/;
        if (!charset.test(html)) throw new Error('start-chunk-preload: no charset in index.html');
        return html.replace(charset, (meta) => `${meta}\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * Messages parsed at build time: src/app/i18n/intl-messages.ts becomes the catalogs already parsed
 * (src/app/i18n/compile-messages.ts, run here in Node through tsx), and @formatjs's message parser
 * is swapped for its parser-less build, which formats such messages as they are. The parser, its
 * skeleton and time-zone tables are most of the i18n code a first paint would load (DESIGN §6),
 * and no browser parses a message at start.
 */
function compiledMessages(): Plugin {
  const target = /src\/app\/i18n\/intl-messages-(en|ru)\.ts$/;
  let root = process.cwd();
  return {
    name: 'compiled-messages',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
          },
        ],
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      const lang = target.exec(id.replaceAll('\\', '/'))?.[1] as 'en' | 'ru' | undefined;
      if (!lang) return null;
      const { tsImport } = await import('tsx/esm/api');
      const from = pathToFileURL(resolve(root, 'vite.config.ts')).href;
      const { CATALOGS } = (await tsImport(
        pathToFileURL(resolve(root, 'src/app/i18n/catalogs.ts')).href,
        from,
      )) as typeof Catalogs;
      const { compileCatalogs } = (await tsImport(
        pathToFileURL(resolve(root, 'src/app/i18n/compile-messages.ts')).href,
        from,
      )) as typeof CompileMessages;
      const compiled = compileCatalogs({ [lang]: CATALOGS[lang] })[lang];
      return `export const MESSAGES = ${JSON.stringify(compiled)};`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    startChunkPreload(),
    compiledMessages(),
    // The custom service worker (src/sw/service-worker.ts → dist/app/service-worker.js, DESIGN §5).
    // injectManifest: our own worker code, bundled by Vite; the plugin only writes the list of
    // files to precache into self.__WB_MANIFEST. Registration is ours too (src/sw/register.ts),
    // and the manifest is the static public/manifest.webmanifest linked from index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script: registered without {type: 'module'}, so every browser runs it.
        rollupFormat: 'iife',
        // The app shell: the page, its hashed JS/CSS, the manifest, icons and fonts.
        globPatterns: ['**/*.{js,css,html,webmanifest,png,svg,ico,woff2}'],
        globIgnores: ['service-worker.js', '**/*.map'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !REACT_ONLY.test(id) } },
      },
    }),
  ],
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
