// Starts the real server for the browser tests. With DATABASE_URL, it runs on a fresh
// PostgreSQL database of its own, dropped again when the run ends; a data folder the config made
// for the run (E2E_DATA_DIR_TEMPORARY) is removed then too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

const base = process.env.DATABASE_URL;
let dbName: string | null = null;
// TRUST_PROXY: the server takes the client's address from X-Forwarded-For, as behind HAProxy, so
// each account a spec signs up comes from an address of its own (fixtures.ts signUpAddress).
const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'true', TRUST_PROXY: 'true' };

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

if (base) {
  dbName = `agrihub_e2e_${process.pid}`;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}

// The demo data and the accounts only the browser tests use (support/e2e-accounts.ts), before the server opens the database.
const seeded = spawnSync('npx', ['tsx', 'e2e/support/e2e-accounts.ts'], { stdio: 'inherit', env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

// The server itself, not through npx: its exit (the database closed, the last file written) is
// what the stop waits for before removing the data folder.
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { stdio: 'inherit', env });
const exited = new Promise((resolve) => child.once('exit', resolve));
let stopping = false;
// Playwright signals the whole process group: the server may have exited before this runs, or
// be stopping already (a second SIGTERM changes nothing there).
const stop = async () => {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
  if (dbName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  if (process.env.E2E_DATA_DIR_TEMPORARY && process.env.DATA_DIR) {
    fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
  }
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// A server that dies on its own ends the run (and Playwright's wait for it).
child.on('exit', (code) => {
  if (!stopping) process.exit(code ?? 1);
});
