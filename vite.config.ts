import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import type * as Catalogs from './src/app/i18n/catalogs';
import type * as CompileMessages from './src/app/i18n/compile-messages';
import type * as LandingCatalog from './src/landing/landing-catalog';
import { LANGUAGE_KEY, storedFromLanguage } from './src/ui/i18n/language-storage';
import { TOKEN_KEY } from './src/ui/session-token';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker reaches the store through src/store/index.ts, which also re-exports the
 * React hooks: these modules are declared side-effect free in its build, so React stays out of it.
 */
const REACT_ONLY =
  /[\\/](?:src[\\/]store[\\/]hooks\.tsx?$|node_modules[\\/](?:react|dexie-react-hooks)[\\/])/;

/**
 * Which entry a page starts, and the chunks that start needs fetched beside it rather than after
 * it has run (DESIGN §6). index.html serves every address of the app; a small script at the top of
 * it, written here from the built chunks, chooses:
 *
 *   - `/` without a token (spec §3 keeps it under `token`): the landing page's own entry
 *     (src/landing/main.tsx), the sign-in screen and nothing of the workspace, with its texts in
 *     the stored language;
 *   - anything else: the app's entry (src/app/main.tsx) with the stored language's texts, and with
 *     a token, for `/` (which leads there) and `/admin/…`, the workspace of src/app/workspace.ts.
 *
 * So the app's entry and its imports are not tags of the page: the script adds them, and starts
 * the chosen entry once the page is parsed (the entries draw into #app). The stylesheet both
 * entries use stays a tag of the page, blocking its rendering in every browser.
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
      handler(html, { bundle, chunk: app }) {
        if (!bundle || !app) return html;
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
        const chunkOf = (module: string) => {
          const found = chunks.find((chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          if (!found) throw new Error(`start-chunk-preload: no chunk for ${module}`);
          return found;
        };
        const stylesOf = (of: Iterable<Rolldown.OutputChunk>) =>
          [...of].flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => base + file),
          );
        /** An entry: its script, the chunks it imports (to preload) and their styles. */
        const entry = (root: Rolldown.OutputChunk) => {
          const loads = closure(root);
          return {
            script: base + root.fileName,
            js: [...loads].filter((chunk) => chunk !== root).map((chunk) => base + chunk.fileName),
            css: stylesOf(loads),
          };
        };
        /** Scripts and styles of the chunk built from `module`, less what `loaded` holds already. */
        const needs = (module: string, loaded: Set<Rolldown.OutputChunk>) => {
          const added = [...closure(chunkOf(module))].filter((chunk) => !loaded.has(chunk));
          return { js: added.map((chunk) => base + chunk.fileName), css: stylesOf(added) };
        };
        const landingChunk = chunkOf('src/landing/main.tsx');
        const appEntry = entry(app);
        const landingEntry = entry(landingChunk);
        const sharedCss = appEntry.css.filter((href) => landingEntry.css.includes(href));
        for (const start of [appEntry, landingEntry])
          start.css = start.css.filter((href) => !sharedCss.includes(href));
        const workspace = needs('src/app/workspace.ts', closure(app));
        // Every page shows texts: the stored language's comes too (load-messages.ts, and the
        // landing page's load-landing-messages.ts).
        const texts = (module: string, loaded: Rolldown.OutputChunk) =>
          needs(module, closure(loaded)).js;
        const appTexts = {
          en: texts('src/app/i18n/intl-messages-en.ts', app),
          ru: texts('src/app/i18n/intl-messages-ru.ts', app),
        };
        const landingTexts = {
          en: texts('src/landing/landing-messages-en.ts', landingChunk),
          ru: texts('src/landing/landing-messages-ru.ts', landingChunk),
        };
        // The tags Vite wrote for the app's entry, but the shared stylesheet: the script decides
        // about them now.
        const appTags = [
          `<script type="module" crossorigin src="${appEntry.script}"></script>`,
          ...appEntry.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          ...appEntry.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        ];
        for (const tag of appTags) {
          if (!html.includes(tag)) throw new Error(`start-chunk-preload: no ${tag} in index.html`);
          html = html.replace(new RegExp(`\\s*${escapeRegExp(tag)}`), '');
        }
        const json = (value: unknown) => JSON.stringify(value);
        // An entry's own styles, if it has any beyond the shared stylesheet, are applied by link
        // tags added here, which block rendering as the page's own do (in Chromium; elsewhere the
        // entry's first render waits for its script, which comes after them); a chunk's styles
        // beyond them are only preloaded: Vite's loader applies them when the chunk is imported.
        const script = `(() => {
  let signedIn = false;
  let russian = false;
  try {
    signedIn = Boolean(localStorage.getItem('${TOKEN_KEY}'));
    russian = localStorage.getItem('${LANGUAGE_KEY}') === '${storedFromLanguage('ru')}';
  } catch {}
  const path = location.pathname;
  const landing = !signedIn && path === '/';
  const app = ${json(appEntry)};
  const page = landing ? ${json(landingEntry)} : app;
  const texts = landing
    ? (russian ? ${json(landingTexts.ru)} : ${json(landingTexts.en)})
    : (russian ? ${json(appTexts.ru)} : ${json(appTexts.en)});
  const workspace = ${json(workspace)};
  const start = signedIn && (path === '/' || path.startsWith('/admin')) ? workspace : { js: [], css: [] };
  const add = (href, rel, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    if (rel === 'stylesheet') link.setAttribute('blocking', 'render');
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
  for (const href of page.css) add(href, 'stylesheet');
  for (const href of [page.script, ...page.js, ...start.js, ...texts]) add(href, 'modulepreload');
  // A stylesheet, not a style preload: the workspace chunk's dynamic import waits for its CSS
  // until a stylesheet link of it is in the document, and the first list then came 40 ms later.
  for (const href of start.css) add(href, 'stylesheet');
  // A module inserted by a script runs as soon as it is loaded: after the parse, #app is there.
  document.addEventListener('DOMContentLoaded', () => {
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = page.script;
    document.head.append(entry);
  });
  // Signing in leads to the workspace, a page of its own: its chunks are fetched while the
  // visitor types, so it opens from the cache. Not before, so the landing page's first paint
  // has the network to itself.
  if (landing)
    document.addEventListener('input', () => {
      const next = russian ? ${json(appTexts.ru)} : ${json(appTexts.en)};
      for (const href of [app.script, ...app.js, ...workspace.js, ...next]) add(href, 'prefetch');
      for (const href of [...app.css, ...workspace.css]) add(href, 'prefetch', 'style');
    }, { capture: true, once: true });
})();`;
        // After the charset (it must come within the first 1024 bytes), before anything else.
        const charset = /<meta charset="UTF-8" \/>/;
        if (!charset.test(html)) throw new Error('start-chunk-preload: no charset in index.html');
        return html.replace(charset, (meta) => `${meta}\n    <script>${script}</script>`);
      },
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The landing page's texts (src/landing/landing-messages-en.ts and -ru.ts) as the build ships
 * them: the catalog of one language, picked at build time (src/landing/landing-catalog.ts, run
 * here in Node through tsx), so the chunk holds the sign-in's texts and nothing of the catalogs and
 * error texts they are picked from.
 */
function landingMessages(): Plugin {
  return messagesModule(
    'landing-messages',
    /src\/landing\/landing-messages-(en|ru)\.ts$/,
    async (lang, load) => {
      const { landingCatalog } = (await load(
        'src/landing/landing-catalog.ts',
      )) as typeof LandingCatalog;
      return landingCatalog(lang);
    },
  );
}

/**
 * Messages parsed at build time: src/app/i18n/intl-messages.ts becomes the catalogs already parsed
 * (src/app/i18n/compile-messages.ts, run here in Node through tsx), and @formatjs's message parser
 * is swapped for its parser-less build, which formats such messages as they are. The parser, its
 * skeleton and time-zone tables are most of the i18n code a first paint would load (DESIGN §6),
 * and no browser parses a message at start.
 */
function compiledMessages(): Plugin {
  return {
    ...messagesModule(
      'compiled-messages',
      /src\/app\/i18n\/intl-messages-(en|ru)\.ts$/,
      async (lang, load) => {
        const { CATALOGS } = (await load('src/app/i18n/catalogs.ts')) as typeof Catalogs;
        const { compileCatalogs } = (await load(
          'src/app/i18n/compile-messages.ts',
        )) as typeof CompileMessages;
        return compileCatalogs({ [lang]: CATALOGS[lang] })[lang];
      },
    ),
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
  };
}

/**
 * A build-time module per language: a file matching `target` (its group 1 the language) is
 * replaced by `export const MESSAGES = …`, what `produce` computes from the project's own
 * TypeScript modules, loaded in Node through tsx.
 */
function messagesModule(
  name: string,
  target: RegExp,
  produce: (lang: 'en' | 'ru', load: (file: string) => Promise<unknown>) => Promise<unknown>,
): Plugin {
  let root = process.cwd();
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      const lang = target.exec(id.replaceAll('\\', '/'))?.[1] as 'en' | 'ru' | undefined;
      if (!lang) return null;
      const { tsImport } = await import('tsx/esm/api');
      const from = pathToFileURL(resolve(root, 'vite.config.ts')).href;
      const load = (file: string) => tsImport(pathToFileURL(resolve(root, file)).href, from);
      return `export const MESSAGES = ${JSON.stringify(await produce(lang, load))};`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    startChunkPreload(),
    compiledMessages(),
    landingMessages(),
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
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
    // The landing page's entry beside the app's: index.html starts one or the other.
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        landing: resolve(import.meta.dirname, 'src/landing/main.tsx'),
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
