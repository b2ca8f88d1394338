import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    // Server tests start real databases (PGlite in-process, or one PostgreSQL database per
    // file); two workers keep a 2-core machine responsive.
    maxWorkers: 2,
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
