import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/**
 * A fresh, empty database (PostgreSQL when DATABASE_URL is set, else PGlite in memory) for testing
 * a migration's data step: `before()` migrates it up to the migration `tag` (excluded), the test
 * writes rows of the old shape, `rest()` runs every migration left.
 */
export async function databaseBefore(tag: string) {
  const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-old-migrations-'));
  fs.mkdirSync(path.join(oldDir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first`);
  const kept = journal.entries.slice(0, cut);
  fs.writeFileSync(path.join(oldDir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(oldDir, `${e.tag}.sql`));

  const baseUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let database: Database;
  if (baseUrl) {
    dbName = `agrihub_migtest_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(baseUrl, dbName), dataDir: null });
  } else {
    database = await openDatabase({ dataDir: null });
  }
  const migrateFrom = async (folder: string) => {
    if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder: folder });
    else await migratePglite(database.db as never, { migrationsFolder: folder });
  };
  return {
    database,
    db: database.db,
    before: () => migrateFrom(oldDir),
    rest: () => migrateFrom(MIGRATIONS_DIR),
    rows: async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[],
    async close() {
      await database.close();
      fs.rmSync(oldDir, { recursive: true, force: true });
      if (dbName && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}
