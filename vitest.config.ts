import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    pool: 'forks',
    // Vitest's default (cores − 1) is a single worker on a 2-core CI machine; a test file spends
    // part of its time waiting (spawned servers, PostgreSQL), so one worker per core keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});
