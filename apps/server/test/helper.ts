import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PlatformKey } from '@agrihub/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';
import type { Built } from './factories.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

let snapshot: Blob | undefined;
/** The migrated PGlite data folder dumped by the global setup, read once per test worker. */
function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/** A test node's settings: its own data folder, no web build, silent, no demo data; `env` on top. */
function testConfig(dataDir: string, env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
}

/** A fresh migrated database (PGlite in memory loaded from the migrated snapshot, or a copy of the PostgreSQL template) and the real app. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    onConnectionError?: (err: Error) => void;
    /** Pino options instead of silence (a test that reads what the app logs). */
    logger?: object;
    /** Routes only this test's app has (registered before the app is ready), e.g. to exercise a guard. */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-test-'));
  const template = inject('templateDatabase');
  const baseUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let database: Database;
  if (baseUrl && template) {
    dbName = `agrihub_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    await admin.end();
    database = await openDatabase({
      databaseUrl: withDatabase(baseUrl, dbName),
      dataDir: null,
      onConnectionError: opts.onConnectionError,
    });
  } else {
    const snapshot = migratedSnapshot();
    database = await openDatabase({ dataDir: null, snapshot });
    if (!snapshot) await database.migrate();
  }
  const config = testConfig(dataDir, env);
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  opts.routes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      try {
        // Stops every background job (scan flusher, trace warmer, mail worker, event handlers)
        // and waits for it, so none still holds a connection when the database goes.
        await app.close();
      } finally {
        await database.close();
        if (dbName && baseUrl) {
          const admin = new pg.Client({ connectionString: baseUrl });
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await admin.end();
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A second node of `first`'s database, as two servers behind one load balancer: another real app
 * with its own data folder, memory, caches and background jobs. On PostgreSQL it has its own pool
 * (and listening connection, plugins/cluster.ts); a PGlite database belongs to one process, so
 * there the two apps share it. Close it before `first`, which drops the database.
 */
export async function createNodeApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-test-'));
  const config = testConfig(dataDir, env);
  const url = first.database.kind === 'postgres' ? first.database.url : undefined;
  const own = url ? await openDatabase({ databaseUrl: url, dataDir: null }) : null;
  const database = own ?? first.database;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      try {
        await app.close();
      } finally {
        await own?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

const markersHeard = new WeakMap<TestApp, Set<string>>();

/**
 * On PostgreSQL, waits until `t`'s node has applied every cache notice committed so far
 * (plugins/cluster.ts): the writer hears its own notices too, later than its local apply, so a
 * test that reads the cache right after a write would otherwise race with them. Notices arrive in
 * commit order: once a marker told now is heard, every earlier one was applied.
 */
export async function noticesApplied(t: TestApp, timeoutMs = 5000): Promise<void> {
  if (t.app.cluster.mode !== 'postgres') return;
  let heard = markersHeard.get(t);
  if (!heard) {
    const set = (heard = new Set<string>());
    t.app.cluster.onChange((c) => {
      if (c.kind === 'batch' && c.code.startsWith('NOTICE-MARKER-')) set.add(c.code);
    });
    markersHeard.set(t, set);
  }
  const code = `NOTICE-MARKER-${randomBytes(6).toString('hex')}`;
  await t.db.transaction((tx) => t.app.cluster.tell(tx, { kind: 'batch', code }));
  for (const until = Date.now() + timeoutMs; !heard.has(code); ) {
    if (Date.now() > until) throw new Error(`the cache notice was not heard within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The factories moved to factories.ts; re-exported while files still import them from here.
export { TEST_PASSWORD, buildUser, type BuildUserOptions, type Built } from './factories.js';

/** Headers a client sends: Platform, locale, and the bearer token when given. */
export function headers(platform: PlatformKey, token?: string, locale = 'vi'): Record<string, string> {
  return { platform, locale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** Headers for a built user. */
export function as(u: Built, locale = 'vi') {
  return headers(u.platform, u.token, locale);
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
