import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';

/**
 * With DATABASE_URL set, the suite runs on that PostgreSQL server: a template database is
 * migrated once here, and each test file copies it (CREATE DATABASE … TEMPLATE) and drops its copy.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', '');
    return;
  }
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
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
