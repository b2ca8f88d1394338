import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
