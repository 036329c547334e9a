import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { buildServer } from '../build.mjs';

/**
 * The schema is migrated once per run, and every test app starts from a copy of it.
 * With DATABASE_URL set, on that PostgreSQL server: a template database that each test app copies
 * (CREATE DATABASE … TEMPLATE) and drops. Else on PGlite: a dumped data folder (a tarball under
 * .tmp) that each in-memory test database loads, instead of running initdb and every migration.
 */
export default async function setup(project: TestProject) {
  // The server as `npm start` runs it (one bundle, plain Node), for the tests that start its process.
  const bundle = await buildServer(
    undefined,
    path.resolve(import.meta.dirname, `../dist/test-server-${process.pid}.mjs`),
  );
  project.provide('serverBundle', bundle);
  const removeBundle = () => {
    for (const f of [bundle, `${bundle}.map`]) fs.rmSync(f, { force: true });
  };
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', '');
    const file = await dumpMigratedPglite();
    project.provide('pgliteSnapshot', file);
    return () => {
      fs.rmSync(file, { force: true });
      removeBundle();
    };
  }
  project.provide('pgliteSnapshot', '');
  const name = `agrihub_test_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: null });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    removeBundle();
  };
}

async function dumpMigratedPglite(): Promise<string> {
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    const dir = path.resolve(import.meta.dirname, '../../../.tmp');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-migrated-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** PGlite: the migrated data folder's tarball (empty on PostgreSQL). */
    pgliteSnapshot: string;
    /** The built server (apps/server/build.mjs) that tests start as a process. */
    serverBundle: string;
  }
}
