#!/usr/bin/env node
// The whole test suite: typecheck, lint, API/unit tests (Vitest) and browser tests (Playwright).
// Runs on the embedded PGlite by default, on PostgreSQL when DATABASE_URL is set.
// Ends with one plain line "tests: N passed, N failed" counted from both runners' JSON reports,
// after a list of the failed tests (file, name, first error line) read from the same reports.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp', 'reports');
fs.mkdirSync(out, { recursive: true });
const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const only = process.argv.slice(2); // e.g. `npm test -- unit`, `npm test -- e2e` or `npm test -- e2e-smoke`
const wants = (step) => only.length === 0 || only.includes(step);

/**
 * `e2e-smoke`: the browser stories that carry data through every layer (write, approve, publish,
 * read back by another role). CI runs the whole browser suite on PGlite and this subset again on
 * PostgreSQL, whose differences the API tests already cover file by file on both databases.
 */
const SMOKE_SPECS = [
  'e2e/specs/products-traceability.spec.ts',
  'e2e/specs/services-full-flow.spec.ts',
  'e2e/specs/sales-channels.spec.ts',
  'e2e/specs/purchase-orders.spec.ts',
  'e2e/specs/client-messages.spec.ts',
  'e2e/specs/notifications.spec.ts',
  'e2e/specs/supply-chain-story.spec.ts',
  'e2e/specs/diary-offline.spec.ts',
];

let failedSteps = [];
function run(step, cmd, args, env = {}) {
  console.log(`\n▶ ${step} (${db})`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`⏱ ${step} (${db}): ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) failedSteps.push(step);
  return res.status === 0;
}

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The first line of a failure message, short enough for the summary. */
const firstLine = (message = '') => stripVTControlCharacters(message).trim().split('\n')[0].slice(0, 300);

/** "file › test: first line of the error" for each failed Vitest test and each unexpected or flaky Playwright test. */
function failedTests(vitest, playwright) {
  const lines = [];
  for (const file of vitest?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') {
        lines.push(`${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
    }
    // A file that failed outside its tests: an import error (with a message) or a hook's (without one in the report).
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      lines.push(`${path.relative(root, file.name)}: ${firstLine(file.message) || 'failed outside its tests (a hook; its error is printed above)'}`);
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results?.find((r) => r.error)?.error?.message;
          lines.push(`${spec.file} › ${spec.title} (${t.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright?.suites ?? []) walk(suite);
  return lines;
}

/** Runs steps side by side (each single-threaded: the type checker and ESLint), printing each one's output when it ends. */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ step, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            console.log(`\n▶ ${step} (${db})\n${output.trimEnd()}`);
            console.log(`⏱ ${step} (${db}): ${Math.round((Date.now() - started) / 1000)} s`);
            if (code !== 0) failedSteps.push(step);
            resolve();
          });
        }),
    ),
  );
  return results;
}

await runTogether(
  [
    wants('typecheck') && { step: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    wants('lint') && { step: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  ].filter(Boolean),
);

const vitestReport = path.join(out, `vitest-${db}.json`);
const e2eReport = path.join(out, `e2e-${db}.json`);
fs.rmSync(vitestReport, { force: true });
fs.rmSync(e2eReport, { force: true });
if (wants('unit')) {
  // The contract's and the web app's unit tests touch no database: the PostgreSQL pass runs the
  // server's files only (every API test), the PGlite pass everything.
  const onlyServer = db === 'postgres' ? ['--project', 'server', 'apps/server'] : [];
  run('unit and API tests', 'npx', [
    'vitest',
    'run',
    ...onlyServer,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
}
/** Newest modification time (ms) under `dir`, folders included (a deleted file changes its folder's); skips dist and node_modules. */
function newestMtime(dir) {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

// The web build does not depend on the database: the PostgreSQL pass reuses the PGlite pass's
// build when no input changed since that build started (stamp written only after it succeeded).
const buildStamp = path.join(root, '.tmp', 'web-build.stamp');
function buildWeb() {
  const inputs = [path.join(root, 'apps/web'), path.join(root, 'packages/contract')];
  const newestInput = Math.max(...inputs.map(newestMtime), fs.statSync(path.join(root, 'package-lock.json')).mtimeMs);
  const built = fs.existsSync(buildStamp) && fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  if (built && fs.statSync(buildStamp).mtimeMs > newestInput) {
    console.log('\n▶ build web app: dist is up to date with its sources, not rebuilt');
    return;
  }
  const startedAt = new Date();
  fs.rmSync(buildStamp, { force: true });
  if (run('build web app', 'npm', ['run', '--silent', 'build'])) {
    fs.writeFileSync(buildStamp, '');
    fs.utimesSync(buildStamp, startedAt, startedAt);
  }
}

if (wants('e2e') || only.includes('e2e-smoke')) {
  buildWeb();
  const specs = wants('e2e') ? [] : SMOKE_SPECS;
  run(
    specs.length ? 'browser tests (smoke)' : 'browser tests',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
}

const vitest = readReport(vitestReport);
const playwright = readReport(e2eReport);
const v = { passed: vitest?.numPassedTests ?? 0, failed: vitest?.numFailedTests ?? 0 };
const e = {
  passed: playwright?.stats?.expected ?? 0,
  failed: (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0),
};
const passed = v.passed + e.passed;
const failed = v.failed + e.failed + (failedSteps.length && v.failed + e.failed === 0 ? failedSteps.length : 0);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const failures = failedTests(vitest, playwright);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(`\ntests (${db}): ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
