import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { VIETNAM_DEVICE } from './support/device';

/** One server for the whole run: fresh data folder (and fresh PostgreSQL database when DATABASE_URL is set). */
const port = Number(process.env.E2E_PORT ?? 3300);
process.env.E2E_PORT = String(port);
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-e2e-'));
  // Made for this run: start-server.ts removes it once the server has stopped (a folder given in
  // E2E_DATA_DIR stays). Workers load this file again with both variables inherited.
  process.env.E2E_DATA_DIR_TEMPORARY = '1';
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky browser test is a bug to fix, and some stories change demo data (passwords).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/reports/e2e-last.json' }]],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: `http://dtrack.localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...VIETNAM_DEVICE,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: {
    command: 'npx tsx e2e/support/start-server.ts',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    // A loaded machine (several test runs at once) may need longer: E2E_SERVER_TIMEOUT in ms.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: start-server.ts then stops the server and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: { ...(process.env as Record<string, string>), PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR },
  },
});
