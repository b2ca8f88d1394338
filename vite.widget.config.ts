import { defineConfig } from 'vite';

/**
 * The site-chat widget as its own small script (`dist/app/widget.js`), built after the app (whose
 * build empties the folder). One IIFE file: a host page loads it with a single script tag.
 */
export default defineConfig({
  build: {
    outDir: 'dist/app',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/widget/main.ts',
      name: 'SmartConnectWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
});
