import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker reaches the store through src/store/index.ts, which also re-exports the
 * React hooks: these modules are declared side-effect free in its build, so React stays out of it.
 */
const REACT_ONLY =
  /[\\/](?:src[\\/]store[\\/]hooks\.tsx?$|node_modules[\\/](?:react|dexie-react-hooks)[\\/])/;

export default defineConfig({
  plugins: [
    react(),
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
