import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../config/paths.js';
import * as schema from './schema/index.js';
import { lockDataDir } from './folder-lock.js';
import { normalizeStoredEmails } from './emails-nfkc.js';
import { normalizeStoredPhones } from './phones-e164.js';

export { DataDirLockedError } from './folder-lock.js';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; typed as the node-postgres one. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: the connection string, for the one connection of this node that is not
   * pooled (the cluster bus LISTENs on it: plugins/cluster.ts).
   */
  url?: string;
  /** The SQL migrations, then the data steps that need the contract's code (./phones-e164.ts, ./emails-nfkc.ts). */
  migrate(): Promise<void>;
  /**
   * Runs `work` (start-up: migrations, demo data) while no other node of this database does: on
   * PostgreSQL under a session advisory lock, so nodes may start together; a PGlite data folder
   * belongs to one process already.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of the start-up work (any fixed bigint; "agrihub" in ASCII). */
const STARTUP_LOCK = 0x61677269687562n;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export class DatabaseUnreachableError extends Error {}

/** Extensions the migrations create (accent-free search); PostgreSQL ships them in contrib. */
const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

/**
 * PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (or in memory when dataDir is null).
 * A PGlite folder is locked for this process until close(): a second server on it stops with
 * DataDirLockedError instead of silently sharing (and corrupting) the embedded database.
 */
const warnConnectionLost = (err: Error) =>
  console.warn(`PostgreSQL connection lost (${err.message}); reconnecting on the next query`);

/**
 * The pool watches a connection only while it is idle. One checked out (a transaction between two
 * statements) that the server ends would emit 'error' to nobody and end the process: its next
 * statement fails instead (503). And a transaction whose BEGIN fails is never released by Drizzle:
 * each such connection would be lost to the pool for good (and pool.end() would wait for it), so
 * an ended checked-out connection goes back to the pool (dropped) at once; the later release is a no-op.
 */
function keepCheckedOutConnectionsSafe(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => {};
      release(new Error('connection ended by the server'));
    });
  });
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  /** In memory only: start from this PGlite dumpDataDir() tarball (a migrated copy) instead of an empty database. */
  snapshot?: Blob;
  /** Told when an idle pooled connection is lost (default: one line on stderr). */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await pool.end().catch(() => {});
      const safeUrl = opts.databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
      throw new DatabaseUnreachableError(`Cannot reach PostgreSQL at ${safeUrl}: ${(err as Error).message}`);
    }
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) emits
    // 'error' on the pool; unhandled, that event would end the process. The pool replaces the
    // connection on the next query, which answers 503 until the database is back.
    pool.on('error', (err) => (opts.onConnectionError ?? warnConnectionLost)(err));
    keepCheckedOutConnectionsSafe(pool);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      migrate: async () => {
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
        await normalizeStoredPhones(db);
        await normalizeStoredEmails(db);
      },
      exclusive: async (work) => {
        // Its own connection holds the lock for the whole work, which runs on the pool.
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK.toString()]);
          return await work();
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK.toString()]).catch(() => {});
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.dataDir) {
    release = lockDataDir(opts.dataDir);
    try {
      const dir = path.join(opts.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: opts.snapshot });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await normalizeStoredPhones(db);
      await normalizeStoredEmails(db);
    },
    exclusive: (work) => work(),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
