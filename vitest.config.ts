import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default (cores − 1) is a single worker on a 2-core CI machine; a test file spends
    // part of its time waiting (spawned servers, PostgreSQL), so one worker per core keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // The files of a worker share its loaded modules instead of each importing the server
          // (and compiling PGlite) again: about half the CPU time. Each file still builds its own
          // app and database; test/setup.ts restarts the factories' numbering per file.
          isolate: false,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
