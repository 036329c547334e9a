/**
 * What the benchmarks share to set up their data: a PostgreSQL database of their own (created
 * fresh, dropped afterwards) and signed-in accounts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { openSession } from '../apps/server/src/modules/auth/sessions.js';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Waits for the app's pool to finish closing (a forced drop would kill it mid-close), then drops. */
  drop: () => Promise<void>;
}

/** A new empty database `{prefix}_{random}` on the server of `adminUrl`. */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A DTrack account named Bench (no usable password) and an access token of a session opened for it. */
export async function benchAccount(
  db: Db,
  fields: Pick<typeof users.$inferInsert, 'email'> & Partial<typeof users.$inferInsert>,
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ platform: 'dtrack', name: 'Bench', passwordHash: 'x', ...fields })
    .returning();
  return (await openSession(db, user.id)).access_token;
}
