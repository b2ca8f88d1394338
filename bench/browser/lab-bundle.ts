import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles the store lab (store-lab.ts with our store code, Dexie and RxDB) into one classic
 * script for `page.addScriptTag({ path })`, with Vite's build API in library mode. It goes to a
 * throwaway folder, never dist/: the app's own build is left alone. Minified, as the app's
 * production bundle is, so both run code shaped alike.
 */
export async function buildStoreLab(): Promise<{ file: string; remove: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'sc-store-lab-'));
  const remove = () => {
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        sourcemap: false,
        lib: {
          entry: fileURLToPath(new URL('./store-lab.ts', import.meta.url)),
          formats: ['iife'],
          name: 'scStoreLab',
          fileName: () => 'store-lab.js',
        },
      },
    });
    return { file: join(outDir, 'store-lab.js'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
