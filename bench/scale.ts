/**
 * The public lookup at scale (issue 14): seeds BENCH_BATCHES published batches (1,000,000 on
 * PostgreSQL, 100,000 on PGlite; 4 events each) in a fresh database with INSERT … SELECT over
 * generate_series, starts the real server in a child process (as `npm start` does: migrations,
 * app, listen) with the trace cache OFF, and a bare Fastify route answering the same JSON in that
 * same process, then measures with autocannon (BENCH_CONNECTIONS = 50, requests built in a worker):
 *
 *   - uniform random codes before any batch has its stored page (ADR 028: each lookup reads the
 *     long way and stores the page; information), then the pages of every batch are stored;
 *   - the lookup of one code, of Zipf-distributed codes (s = 1.0, the realistic QR pattern) and of
 *     uniform random codes: req/s, ratio to bare, p50/p99;
 *   - the second reference, beside bare Fastify: a bare Fastify route in the same process running
 *     the lookup's own SQL (DOC_SQL, imported from the app) on the app's own pool, the codes asked
 *     together in one statement as the app does (and, as information, one statement per request),
 *     under the same autocannon load (uniform and Zipf codes): the limit of this stack on this
 *     machine, and the app's ratio to it (issue 26: ≥ 80 %), the app and the route measured in
 *     turn (app, route, route, app, … BENCH_ROUNDS = 4 rounds each: `abba`);
 *   - PostgreSQL only: pgbench running the lookup's own SQL (DOC_SQL, prepared, random codes,
 *     the same connections) as the reference, and the app's ratio to it; the same with 10 clients
 *     and the long query (LOOKUP_SQL) as information;
 *   - the server's RSS after the load; start-up time (process start → listening) at 10,000 batches
 *     and at the full size;
 *   - p99 of the producer's batch list (plain and with q) and of the admin product list with q;
 *   - the XLSX export of BENCH_EXPORT_ROWS (100,000) batches: rows/s and peak RSS sampled during
 *     the export, next to a 10,000-row export (memory flat as rows grow), in the server that served
 *     the lookups and again in a new server process (the export's own memory).
 *
 * The batches are links of a supply chain (issue 26): BENCH_CHAIN_EDGES chain edges per batch (2;
 * 0 = none) — in each block of 10 batches, 6 farm lots go into 2 cooperative lots (transformations),
 * each cooperative lot is shipped to a shop's lot, and the rest are shipments to outside partners
 * (to_lot_id null) — so the lookup is measured with chains present.
 *
 * Every figure is printed next to its target from the issue. It takes minutes at full size:
 * `npm run bench:scale -w @agrihub/bench` (not part of `npm run bench`).
 *
 *   BENCH_DATABASES=postgres,pglite   (default both)
 *   BENCH_BATCHES=100000              (default 1,000,000 on PostgreSQL; PGlite at most 100,000)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_EXPORT_ROWS=100000
 *   BENCH_LIST_REQUESTS=200 BENCH_LIST_SECONDS=20 (per list, whichever ends first)
 *   BENCH_CACHE_ENTRIES=0             (trace cache size during the run; 0 = off)
 *   BENCH_CHAIN_EDGES=2               (chain edges per batch; 0 = no chain)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_ONLY_LOOKUP=1 / BENCH_ONLY_EXPORT=1 (diagnosis: the uncached lookup / the exports alone)
 *   BENCH_SIDES=1                     (with BENCH_ONLY_LOOKUP: the app and the bare SQL route each
 *                                      alone in a server process of its own, with the server's and
 *                                      PostgreSQL's CPU time per request; BENCH_DIAG_ENTRY=1 adds the
 *                                      app's loadEntry + render behind a bare route: the lookup
 *                                      without the app's hooks)
 *   BENCH_KEEP_DB=1                   (diagnosis, PostgreSQL: the full-size database is kept as
 *                                      agrihub_scale_keep_<batches> and reused by the next run with
 *                                      its pages stored; drop it by hand when done)
 */
import { benchAccount, createPostgresDatabase } from './databases.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { loadFigures, type Figures } from './load.js';
import { eq, sql } from 'drizzle-orm';
import { buildServer, SERVER_NODE_FLAGS } from '../apps/server/build.mjs';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { products, users } from '../apps/server/src/db/schema/index.js';
import { openSession } from '../apps/server/src/modules/auth/sessions.js';
import { approvedSnapshot } from '../apps/server/src/modules/products/approval.js';
import { LOOKUP_SQL } from '../apps/server/src/modules/trace-public/lookup.js';
import { DOC_SQL } from '../apps/server/src/modules/trace-public/public-docs.js';
import { TRACE_CACHE_ENTRIES } from '../apps/server/src/modules/trace-public/state.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim()) as (
  'pglite' | 'postgres'
)[];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 20);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const SMALL = 10_000;
const CHAIN_EDGES = Number(process.env.BENCH_CHAIN_EDGES ?? 2);
const batchesFor = (kind: 'pglite' | 'postgres') =>
  Number(process.env.BENCH_BATCHES ?? 0) || (kind === 'postgres' ? 1_000_000 : 100_000);

const TARGETS = {
  zipf: 0.5,
  uniform: 0.35,
  sqlRoute: 0.8,
  p99: 25,
  rssMb: 512,
  pgbench: 0.6,
  listP99: 50,
};

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const mark = (ok: boolean) => (ok ? 'OK  ' : 'MISS');
const mb = (kb: number) => kb / 1024;

/** CPU time (user + system) the processes `pids` have used, in ms, from /proc (Linux; diagnosis). */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/** The pids of the processes named `name` (diagnosis). */
function pidsOf(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Resident set of a process, in kB, from /proc (Linux). */
function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** How many batches producer 1 (its list and XLSX export) and producer 2 (the small export) own. */
function ownersOf(batches: number) {
  const bigOwner = Math.min(EXPORT_ROWS, batches);
  return { bigOwner, smallOwner: Math.min(SMALL, Math.max(0, batches - bigOwner)) };
}

/**
 * The platform: 1,000 approved producers, 20,000 approved products (names of 5 kinds, with accents,
 * for the `q` search), `batches` published batches with 4 events each. Producer 1 owns the first
 * EXPORT_ROWS batches (its list and XLSX export), producer 2 the next 10,000; the rest are spread.
 */
export async function seedScale(database: Database, batches: number, chainEdges = CHAIN_EDGES) {
  const db = database.db;
  const { bigOwner, smallOwner } = ownersOf(batches);
  await db.execute(sql`
    insert into producers (id, platform, name, producer_type, status, province_code)
    select g, 'dtrack', 'HTX Bench ' || g, 'cooperative', 'approved', '14' from generate_series(1, 1000) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('producers', 'id'), 1000)`);
  await db.execute(sql`
    insert into products (id, platform, producer_id, name, name_en, description, unit, images, public_code, status, approved_at)
    select g, 'dtrack', 1 + (g - 1) % 1000,
      (array['Chè Shan tuyết Mộc Châu','Gạo ST25 Sóc Trăng','Cà phê Robusta Đắk Lắk','Xoài cát Hòa Lộc','Bưởi da xanh Bến Tre'])[1 + g % 5] || ' ' || g,
      'Bench product ' || g, 'Sản phẩm nông nghiệp đạt chuẩn VietGAP, truy xuất nguồn gốc đầy đủ.', 'Kg',
      '[{"id":1,"url":"/uploads/bench/cover.jpg","thumbnail_url":"/uploads/bench/cover-thumb.webp"}]'::jsonb,
      'BENCHP' || lpad(g::text, 10, '0'), 'approved', now()
    from generate_series(1, 20000) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), 20000)`);
  // The approved version (ADR 007) of product 1, then the same shape with each product's own name.
  const [p1] = await db.select().from(products).where(eq(products.id, 1));
  const snapshot = JSON.stringify(await approvedSnapshot(db, p1));
  await db.execute(
    sql`update products set approved_snapshot = jsonb_set(${snapshot}::jsonb, '{name}', to_jsonb(name))`,
  );
  const base = JSON.stringify({ name: 'Vùng chè Tân Lập', address: 'Bản Tà Phình, xã Tân Lập', province_code: '14' });
  const certs = JSON.stringify([
    { name: 'VietGAP', issuer: 'QUACERT', number: 'VG-01', valid_until: '2030-01-01', file: null },
  ]);
  // Bulk load: the indexes of the two big tables are built once after the rows are in (much
  // faster than row by row), and the per-row batch_days trigger is replaced by one set-based count
  // (as migration 0020 fills it): a million upserts of the same 365 rows in one transaction would
  // walk ever longer row-version chains.
  const indexes = (
    await db.execute<{ name: string; def: string }>(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('traceabilities', 'trace_events', 'chain_edges')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)
  ).rows as { name: string; def: string }[];
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));
  await db.execute(sql`alter table traceabilities disable trigger traceabilities_batch_days`);
  // Producer p owns products p, p + 1000, … (20 each); a batch takes one of its producer's products.
  // What its chain edges take (10 Kg each, chainEdges below): used_quantity is their sum.
  const chain = chainPlan(batches, chainEdges);
  await db.execute(sql`
    insert into traceabilities (id, platform, producer_id, product_id, lot_code, public_code, production_date, expiry_date,
      quantity, used_quantity, unit, production_base, certificates, status, published_at, created_at)
    select g, 'dtrack', x.producer, x.producer + 1000 * (g % 20), 'LOT-' || g, 'BENCH' || lpad(g::text, 11, '0'),
      date '2025-01-01' + (g % 300), date '2027-01-01', 1000000000,
      10 * ((case when ${sql.raw(chain.hasNext)} then 1 else 0 end) + ${chain.outsideEach}
        + (case when g <= ${chain.outsideRest} then 1 else 0 end)),
      'Kg', ${base}::jsonb, ${certs}::jsonb, 'published',
      now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${batches}) g
    cross join lateral (select case when g <= ${bigOwner} then 1 when g <= ${bigOwner + smallOwner} then 2
      else 3 + g % 998 end as producer) x`);
  await db.execute(sql`select setval(pg_get_serial_sequence('traceabilities', 'id'), ${batches})`);
  await db.execute(sql`
    insert into trace_events (traceability_id, step, occurred_at, place, description, photos, position)
    select g, (array['planting','caring','harvesting','packing'])[s], timestamptz '2025-01-01 08:00+07' + s * interval '20 days',
      'Đồi chè Tà Phình, xã Tân Lập, Sơn La', 'Công đoạn ' || s || ': ghi chép theo nhật ký sản xuất VietGAP.',
      '[{"id":1,"url":"/uploads/bench/p.jpg","thumbnail_url":"/uploads/bench/p-thumb.webp"}]'::jsonb, s - 1
    from generate_series(1, ${batches}) g cross join generate_series(1, 4) s`);
  await db.execute(sql`alter table traceabilities enable trigger traceabilities_batch_days`);
  if (chainEdges > 0) await seedChainEdges(database, chain);
  await db.execute(sql`
    insert into batch_days (platform, day, published)
    select platform, ((published_at at time zone 'UTC') + interval '7 hours')::date, count(*)::int
    from traceabilities where published_at is not null group by 1, 2`);
  for (const i of indexes) await db.execute(sql.raw(i.def));
  // As autovacuum would have by then: planner statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  // An account older than the entitlements (contract gates.ts): batches need no service registration.
  const OLD = new Date('2021-05-10T03:00:00Z');
  return {
    admin: await benchAccount(db, { email: 'bench-admin@dtrack.test', roles: ['admin'] }),
    producer: await benchAccount(db, { email: 'bench-producer@dtrack.test', producerId: 1, createdAt: OLD }),
    small: smallOwner
      ? await benchAccount(db, { email: 'bench-small@dtrack.test', producerId: 2, createdAt: OLD })
      : null,
    bigOwner,
    smallOwner,
  };
}

/** The accounts seedScale made in a kept database (BENCH_KEEP_DB), with new sessions. */
async function keptAccounts(database: Database, batches: number) {
  const session = async (email: string) => {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return user ? (await openSession(database.db, user.id)).access_token : null;
  };
  const { bigOwner, smallOwner } = ownersOf(batches);
  return {
    admin: (await session('bench-admin@dtrack.test'))!,
    producer: (await session('bench-producer@dtrack.test'))!,
    small: await session('bench-small@dtrack.test'),
    bigOwner,
    smallOwner,
  };
}

/**
 * The chain edges of `batches` batches, `perBatch` each (issue 26): in each block of 10 batches,
 * lots 1–6 (farms) are inputs of lots 7–8 (a cooperative's transformations, 3 inputs each), lot 7
 * is shipped to lot 9 and lot 8 to lot 10 (shops, received into them); every other edge is a
 * shipment to an outside partner (to_lot_id null), spread evenly over the batches. Each batch's
 * edges are counted in SQL by `hasNext` (its one edge to a later batch) and the outside counts.
 * The walk is at most 2 steps. (The seed's producers are spread by batch id, so a cooperative's
 * inputs are not all its own lots, as the app would require: the shape, not the rules.)
 */
function chainPlan(batches: number, perBatch: number) {
  const p = '((g - 1) % 10)';
  const next = `(case when ${p} < 6 then g - ${p} + 6 + ${p} % 2 else g + 2 end)`;
  const hasNext = perBatch > 0 ? `(${p} < 8 and ${next} <= ${batches})` : 'false';
  // Batches with an edge to a later batch: 8 of each full block of 10, and those of the last block.
  const blocks = Math.floor(batches / 10);
  const tail = batches % 10;
  const tailInternal = [...Array(tail).keys()].filter((q) => q < 8 && (q < 6 ? 6 + (q % 2) : q + 2) < tail).length;
  const internal = perBatch > 0 ? blocks * 8 + tailInternal : 0;
  const outside = Math.max(0, Math.round(batches * perBatch) - internal);
  return {
    batches,
    p,
    next,
    hasNext,
    internal,
    outside,
    outsideEach: Math.floor(outside / batches),
    outsideRest: outside % batches,
  };
}

/** The chain's edges (chainPlan), with one partner per producer and receiver, and one outside party each. */
async function seedChainEdges(database: Database, chain: ReturnType<typeof chainPlan>) {
  const db = database.db;
  const internal = `select g as from_lot, ${chain.next} as to_lot,
      case when ${chain.p} < 6 then 'transformation' else 'shipment' end as kind
    from generate_series(1, (select max(id) from traceabilities)) g where ${chain.hasNext}`;
  await db.execute(
    sql.raw(`insert into trading_partners (platform, producer_id, linked_producer_id, name)
    select distinct 'dtrack', f.producer_id, t.producer_id, 'Đối tác ' || t.producer_id
    from (${internal}) e join traceabilities f on f.id = e.from_lot join traceabilities t on t.id = e.to_lot
    where e.kind = 'shipment' and f.producer_id <> t.producer_id`),
  );
  await db.execute(sql`insert into trading_partners (platform, producer_id, name, tax_code)
    select 'dtrack', id, 'Siêu thị ngoài ' || id, '0312345678' from producers`);
  // Transformation edges: source = the output lot (its transformation); shipments: their own numbers.
  await db.execute(
    sql.raw(`insert into chain_edges (platform, from_lot_id, to_lot_id, kind, source_id, partner_id, quantity, unit, occurred_on)
    select 'dtrack', e.from_lot, e.to_lot, e.kind, case when e.kind = 'transformation' then e.to_lot else e.from_lot end,
      coalesce(pl.id, po.id), 10, 'Kg', f.production_date + 5
    from (${internal}) e
    join traceabilities f on f.id = e.from_lot join traceabilities t on t.id = e.to_lot
    left join trading_partners pl on e.kind = 'shipment' and pl.producer_id = f.producer_id and pl.linked_producer_id = t.producer_id
    left join trading_partners po on e.kind = 'shipment' and pl.id is null and po.producer_id = f.producer_id
      and po.linked_producer_id is null`),
  );
  if (chain.outside > 0)
    await db.execute(sql`
      insert into chain_edges (platform, from_lot_id, to_lot_id, kind, source_id, partner_id, quantity, unit, occurred_on)
      select 'dtrack', f.id, null, 'shipment', ${chain.batches} + 1 + j, po.id, 10, 'Kg', f.production_date + 7
      from generate_series(0, ${chain.outside - 1}) j
      join traceabilities f on f.id = 1 + j % (select max(id) from traceabilities)
      join trading_partners po on po.producer_id = f.producer_id and po.linked_producer_id is null`);
}

/** Databases and folders of this run, dropped on Ctrl-C too. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: dropping the benchmark databases`);
    void Promise.allSettled([...cleanups].map((drop) => drop())).then(() => process.exit(130));
  });
}

interface Fresh {
  database: Database;
  /** BENCH_KEEP_DB: a database seeded by an earlier run (its pages stored), not dropped. */
  reused?: boolean;
  url: string | null;
  dbName: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

async function openFresh(kind: 'pglite' | 'postgres', label: string): Promise<Fresh> {
  if (kind === 'postgres' && label === 'big' && process.env.BENCH_KEEP_DB) return openKept(batchesFor(kind));
  const fresh = await createFresh(kind, label);
  const drop = async () => {
    cleanups.delete(drop);
    await fresh.drop();
  };
  cleanups.add(drop);
  return { ...fresh, drop };
}

/** BENCH_KEEP_DB: the kept full-size database, created empty when missing; never dropped. */
async function openKept(batches: number): Promise<Fresh> {
  const name = `agrihub_scale_keep_${batches}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: null });
  let reused = false;
  if (exists) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select (select count(*) from trace_public_docs)::int as n`,
    );
    reused = rows[0].n >= batches;
    if (!reused) throw new Error(`${name} is not complete: drop it (DROP DATABASE ${name}) and run again`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-scale-keep-'));
  return {
    database,
    url: u.toString(),
    dbName: name,
    dataDir,
    reused,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function createFresh(kind: 'pglite' | 'postgres', label: string): Promise<Fresh> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agrihub-scale-${kind}-${label}-`));
  if (kind === 'pglite') {
    return {
      database: await openDatabase({ dataDir }),
      url: null,
      dbName: null,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await createPostgresDatabase(PG_URL, `agrihub_scale_${label}`);
  return {
    database: await openDatabase({ databaseUrl: fresh.url, dataDir: null }),
    url: fresh.url,
    dbName: fresh.name,
    dataDir,
    drop: async () => {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Server {
  child: ChildProcess;
  port: number;
  barePort: number;
  /** The lookup's SQL, one statement per request (information beside the bare SQL route). */
  singlePort: number;
  startupMs: number;
  warmedMs: number;
  warmed: number;
  /** Empties the trace cache and sets its size (0 = off). */
  setCache(entries: number): Promise<void>;
  /** Stores the page of every batch 1..batches (ADR 028) as lookups would; resolves with the seconds it took. */
  buildPages(batches: number): Promise<number>;
  /** The server's memory after a full collection: heap used / reserved, buffers, RSS (bytes). */
  memory(): Promise<{ heapUsed: number; heapTotal: number; external: number; rss: number }>;
  stop(): Promise<void>;
}

/**
 * bench/scale-server.ts built the way `npm start` builds the server (apps/server/build.mjs: one
 * bundle run by plain Node, no TypeScript loader in the process), once per run.
 */
let built: Promise<string> | null = null;
const serverBundle = () =>
  (built ??= buildServer(
    path.join(here, 'scale-server.ts'),
    path.join(here, '../apps/server/dist/bench-scale-server.mjs'),
  ));

/** The real server in its own process (bench/scale-server.ts), as `npm start` would open it. */
async function startServer(fresh: Fresh, bareBody?: string, env: Record<string, string> = {}): Promise<Server> {
  const child = fork(await serverBundle(), [], {
    // BENCH_CPU_PROF=dir: a V8 CPU profile of each server process, written when it stops.
    execArgv: [
      ...SERVER_NODE_FLAGS,
      '--expose-gc',
      // BENCH_NODE_FLAGS="--trace-gc …": V8 or Node flags for the server processes (diagnosis).
      ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
    ],
    env: {
      ...process.env,
      BENCH_DATA_DIR: fresh.dataDir,
      BENCH_DATABASE_URL: fresh.url ?? '',
      BARE_BODY: bareBody ?? '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const got: Partial<Server> = {};
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.on('message', (msg: { type: string } & Record<string, number>) => {
      if (msg.type === 'listening') {
        Object.assign(got, { port: msg.port, startupMs: msg.startupMs });
        if (process.env.BENCH_STARTUP_PHASES) console.log('start-up phases (ms since process start):', msg.phases);
      }
      if (msg.type === 'ready') {
        resolve({
          ...(got as Server),
          child,
          barePort: msg.barePort,
          singlePort: msg.singlePort,
          warmedMs: msg.warmedMs,
          warmed: msg.warmed,
          setCache: (entries) =>
            new Promise<void>((done) => {
              const onSet = (m: { type: string }) => {
                if (m.type !== 'cache-set') return;
                child.off('message', onSet);
                done();
              };
              child.on('message', onSet);
              child.send({ type: 'cache', entries });
            }),
          buildPages: (batches) =>
            new Promise((done) => {
              const onBuilt = (m: { type: string; seconds?: number }) => {
                if (m.type !== 'pages-built') return;
                child.off('message', onBuilt);
                done(m.seconds ?? NaN);
              };
              child.on('message', onBuilt);
              child.send({ type: 'pages', batches });
            }),
          memory: () =>
            new Promise((done) => {
              const onMemory = (m: { type: string } & Record<string, number>) => {
                if (m.type !== 'memory') return;
                child.off('message', onMemory);
                done(m as never);
              };
              child.on('message', onMemory);
              child.send({ type: 'memory' });
            }),
          stop: () =>
            new Promise<void>((done) => {
              child.removeAllListeners('exit');
              child.once('exit', () => done());
              child.send({ type: 'stop' });
            }),
        });
      }
    });
  });
}

const cannon = (url: string, extra: Partial<autocannon.Options> = {}): Promise<Figures> =>
  loadFigures(url, { connections: CONNECTIONS, duration: DURATION }, extra);

/** Rounds of each side in abba (BENCH_ROUNDS, at least 2): on a shared 2-core machine one pair of
 * 10 s runs swings the ratio by several points (bench notes, issue 26). */
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 4));

/** Each side's figures over its rounds, and the ratio of each round's pair (app ÷ ref). */
type Paired = [Figures, Figures] & { ratios: number[] };

/**
 * ROUNDS rounds of `app` and of `ref` in the order app, ref, ref, app, app, ref, …: a drift of the
 * machine during them (caches warming, a checkpoint) weighs on both alike. Each side: the mean
 * req/s and p50, the worst p99.
 */
async function abba(app: () => Promise<Figures>, ref: () => Promise<Figures>): Promise<Paired> {
  const apps: Figures[] = [];
  const refs: Figures[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      apps.push(await app());
      refs.push(await ref());
    } else {
      refs.push(await ref());
      apps.push(await app());
    }
  }
  const all = (xs: Figures[]): Figures => ({
    rps: xs.reduce((t, x) => t + x.rps, 0) / xs.length,
    p50: xs.reduce((t, x) => t + x.p50, 0) / xs.length,
    p99: Math.max(...xs.map((x) => x.p99)),
    non2xx: xs.reduce((t, x) => t + x.non2xx, 0),
    errors: xs.reduce((t, x) => t + x.errors, 0),
  });
  return Object.assign([all(apps), all(refs)] as [Figures, Figures], {
    ratios: apps.map((a, i) => a.rps / refs[i].rps),
  });
}

/** The ratio of each round's pair, for the spread beside the mean. */
const spread = (p: Paired) => `rounds ${p.ratios.map((r) => fmt(r * 100, 0)).join(' / ')} %`;

/** autocannon over codes drawn by bench/scale-request.cjs (its worker reads these variables). */
async function cannonCodes(base: string, pattern: 'zipf' | 'uniform', codes: number): Promise<Figures> {
  process.env.BENCH_PATTERN = pattern;
  process.env.BENCH_CODES = String(codes);
  return cannon(`${base}/`, { requests: [{ setupRequest: path.join(here, 'scale-request.cjs') }] });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `count` requests one at a time (a person paging a list), each timed to its whole body, after 10
 * unmeasured ones; at most BENCH_LIST_SECONDS of measuring (a slow list gets fewer samples).
 */
async function timeList(url: string, token: string, count: number) {
  const took: number[] = [];
  let failures = 0;
  const until = performance.now() + LIST_SECONDS * 1000;
  for (let i = 0; i < count + 10 && (i < 10 || performance.now() < until); i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { platform: 'dtrack', authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (i >= 10) took.push(performance.now() - t0);
    if (res.status !== 200) failures++;
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p99: percentile(took, 99), failures, n: took.length };
}

/** The XLSX export of every batch of the token's producer: rows/s and peak server RSS (sampled every 50 ms). */
async function timeExport(base: string, token: string, rows: number, pid: number) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/traceabilities/export`, {
    method: 'POST',
    headers: { platform: 'dtrack', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'exportAllData' }),
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  if (res.status !== 200) throw new Error(`export failed: ${res.status}`);
  return { rows, seconds, rowsPerS: rows / seconds, bytes, beforeMb: mb(before), peakMb: mb(peak) };
}

/**
 * The 10,000-row export (when seeded) then the EXPORT_ROWS one, on the server `pid`: rows/s and
 * peak RSS against 512 MB; flat = the large export grows RSS (peak − before) at most 32 MB more
 * than the small one (ten times the rows: a retained 350 bytes per row would show).
 */
async function exportRows(
  base: string,
  seeded: { producer: string; small: string | null; bigOwner: number; smallOwner: number },
  pid: number,
  where: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const line = (e: Awaited<ReturnType<typeof timeExport>>) =>
    `(${fmt(e.seconds, 1)} s, ${fmt(e.bytes / 2 ** 20, 1)} MB file, RSS before ${fmt(e.beforeMb)} MB, +${fmt(e.peakMb - e.beforeMb)} MB)`;
  const small = seeded.small ? await timeExport(base, seeded.small, seeded.smallOwner, pid) : null;
  if (small)
    rows.push([
      `XLSX export ${fmt(small.rows)} rows, ${where}`,
      `${fmt(small.rowsPerS)} rows/s, peak ${fmt(small.peakMb)} MB`,
      `${line(small)} info`,
    ]);
  const big = await timeExport(base, seeded.producer, seeded.bigOwner, pid);
  const growth = (e: typeof big) => e.peakMb - e.beforeMb;
  const flat = !small || growth(big) - growth(small) <= 32;
  rows.push([
    `XLSX export ${fmt(big.rows)} rows, ${where}`,
    `${fmt(big.rowsPerS)} rows/s, peak ${fmt(big.peakMb)} MB`,
    `${mark(big.peakMb <= TARGETS.rssMb && flat)} ${line(big)} peak ≤ 512 MB, flat (growth ≤ the small export's + 32 MB)`,
  ]);
  return rows;
}

/** pgbench with the lookup's own SQL (the stored page's, or `query`): random codes, prepared. */
function pgbench(
  dbName: string,
  codes: number,
  clients: number,
  query = DOC_SQL,
): { tps: number; p99?: number; line: string } | null {
  const bin =
    [
      'pgbench',
      ...(fs.existsSync('/usr/lib/postgresql')
        ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`)
        : []),
    ].find((b) => spawnSync(b, ['--version']).status === 0) ?? null;
  if (!bin) return null;
  const script = path.join(os.tmpdir(), `agrihub-scale-${process.pid}.sql`);
  const text = query.replace('$1', `array['BENCH' || lpad(:r::text, 11, '0')]`).replace(/\s+/g, ' ').trim();
  fs.writeFileSync(script, `\\set r random(1, ${codes})\n${text};\n`);
  const u = new URL(PG_URL);
  const out = spawnSync(
    bin,
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(DURATION),
      '-f',
      script,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      dbName,
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(script, { force: true });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out.stdout);
  const lat = /latency average = ([\d.]+) ms/.exec(out.stdout);
  if (!m) throw new Error(`pgbench failed: ${out.stderr || out.stdout}`);
  return { tps: Number(m[1]), line: `latency avg ${lat?.[1] ?? '?'} ms` };
}

type Row = [name: string, value: string, target: string];
function table(kind: string, rows: Row[]) {
  console.log(`[${kind}] ${'figure'.padEnd(68)} ${'value'.padStart(26)}  target`);
  for (const [name, value, target] of rows)
    console.log(`[${kind}] ${name.padEnd(68)} ${value.padStart(26)}  ${target}`);
}
const lat = (f: Figures) =>
  `${fmt(f.rps)} req/s ${fmt(f.p50)}/${fmt(f.p99)} ms` + (f.non2xx + f.errors ? ` (${f.non2xx + f.errors} bad)` : '');

async function runOne(kind: 'pglite' | 'postgres') {
  const batches = batchesFor(kind);
  const rows: Row[] = [];
  // Start-up at 10,000 batches, in a database of its own.
  const small = await openFresh(kind, 'small');
  // Start-up varies with what else the machine runs: each size is started twice, the faster counts.
  const smallStarts: number[] = [];
  try {
    await small.database.migrate();
    await seedScale(small.database, SMALL);
    await small.database.close();
    for (let i = 0; i < 2; i++) {
      const s = await startServer(small);
      smallStarts.push(s.startupMs);
      await s.stop();
    }
  } finally {
    await small.drop();
  }

  const fresh = await openFresh(kind, 'big');
  try {
    await fresh.database.migrate();
    const t0 = Date.now();
    const seeded = fresh.reused
      ? await keptAccounts(fresh.database, batches)
      : await seedScale(fresh.database, batches);
    const [{ chainEdges }] = (
      await fresh.database.db.execute<{ chainEdges: number }>(
        sql`select count(*)::int as "chainEdges" from chain_edges`,
      )
    ).rows as { chainEdges: number }[];
    const [{ bytes }] = (
      await fresh.database.db.execute<{ bytes: string }>(
        sql`select pg_database_size(current_database())::text as bytes`,
      )
    ).rows as { bytes: string }[];
    console.log(
      `\n[${kind}] ${fresh.reused ? 'reused (BENCH_KEEP_DB)' : 'seeded'} ${fmt(batches)} published batches (${fmt(batches * 4)} events, ${fmt(chainEdges)} chain edges, ` +
        `20,000 products, 1,000 producers) ` +
        `in ${fmt((Date.now() - t0) / 1000, 1)} s; database ${fmt(Number(bytes) / 2 ** 20)} MB`,
    );
    await fresh.database.close();
    if (process.env.BENCH_STARTUP_ONLY) {
      for (let i = 0; i < 2; i++) {
        const s = await startServer(fresh);
        console.log(
          `[${kind}] start-up at ${fmt(batches)}: listening after ${fmt(s.startupMs)} ms, warmer done at ${fmt(s.warmedMs)} ms`,
        );
        await s.stop();
      }
      return;
    }

    if (process.env.BENCH_ONLY_EXPORT) {
      // Diagnosis: the exports alone, in a new server process (BENCH_NODE_FLAGS for --trace-gc …).
      const own = await startServer(fresh);
      try {
        table(kind, await exportRows(`http://127.0.0.1:${own.port}`, seeded, own.child.pid!, 'new server process'));
      } finally {
        await own.stop();
      }
      return;
    }
    // First start: the sample answer the bare route will send (same size, same JSON work).
    const probe = await startServer(fresh);
    const samplePath = '/api/v1/client/traceabilities/BENCH00000000001';
    const sample = await fetch(`http://127.0.0.1:${probe.port}${samplePath}`, { headers: { platform: 'dtrack' } });
    const body = await sample.text();
    await probe.stop();
    if (sample.status !== 200) throw new Error(`lookup failed: ${sample.status} ${body}`);
    const bodyFile = path.join(fresh.dataDir, 'bare.json');
    fs.writeFileSync(bodyFile, body);

    const server = await startServer(fresh, bodyFile);
    const bigStarts = [probe.startupMs, server.startupMs];
    const smallStartup = Math.min(...smallStarts);
    const bigStartup = Math.min(...bigStarts);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const bare = `http://127.0.0.1:${server.barePort}/bare`;
      console.log(
        `[${kind}] server listening ${bigStarts.map((m) => fmt(m)).join(' / ')} ms after its process started ` +
          `(10k batches: ${smallStarts.map((m) => fmt(m)).join(' / ')} ms); ` +
          `cache warmer done at ${fmt(server.warmedMs)} ms (${fmt(server.warmed)} entries, then cache set to ` +
          `${process.env.BENCH_CACHE_ENTRIES ?? 0}); answer ${fmt(body.length)} bytes; ${CONNECTIONS} connections, ${DURATION} s each`,
      );
      if (process.env.BENCH_ONLY_LOOKUP) {
        // Profiling and attribution: the uncached lookup alone (uniform codes, every page stored,
        // on a server process of its own so its CPU profile holds the lookups only) beside the
        // bare SQL route, then the same on a server whose lookups count no scan (what the scan
        // flush's writes cost the lookups).
        if (!fresh.reused) await server.buildPages(batches);
        if (process.env.BENCH_CPU_PROF || process.env.BENCH_SIDES) {
          // Each side in a server process of its own, so each CPU profile holds one side only.
          for (const side of ['app', 'bare SQL route', ...(process.env.BENCH_DIAG_ENTRY ? ['diag'] : [])]) {
            if (side === 'diag') process.env.BENCH_PATH_PREFIX = '/diag/';
            const own = await startServer(fresh, bodyFile);
            const port = side === 'app' ? own.port : own.barePort;
            const before = { server: cpuMs([own.child.pid!]), pg: cpuMs(pidsOf('postgres')) };
            const f = await cannonCodes(`http://127.0.0.1:${port}`, 'uniform', batches);
            const n = f.rps * DURATION;
            const per = (ms: number) => fmt((ms / n) * 1000, 1);
            console.log(
              `[${kind}] uniform, ${side} alone (pid ${own.child.pid}): ${lat(f)}; CPU µs per request: server ` +
                `${per(cpuMs([own.child.pid!]) - before.server)}, PostgreSQL ${per(cpuMs(pidsOf('postgres')) - before.pg)}`,
            );
            delete process.env.BENCH_PATH_PREFIX;
            await own.stop();
          }
        }
        const alone = await startServer(fresh, bodyFile);
        try {
          const pair = await abba(
            () => cannonCodes(`http://127.0.0.1:${alone.port}`, 'uniform', batches),
            () => cannonCodes(`http://127.0.0.1:${alone.barePort}`, 'uniform', batches),
          );
          const [app, route] = pair;
          console.log(
            `[${kind}] uniform only: ${lat(app)}; bare SQL route ${lat(route)}; ratio ${fmt((app.rps / route.rps) * 100, 1)} % (${spread(pair)})`,
          );
        } finally {
          await alone.stop();
        }
        const quiet = await startServer(fresh, bodyFile, { BENCH_NO_SCANS: '1' });
        try {
          const quietBase = `http://127.0.0.1:${quiet.port}`;
          console.log(`[${kind}] uniform, no scan counted: ${lat(await cannonCodes(quietBase, 'uniform', batches))}`);
        } finally {
          await quiet.stop();
        }
        return;
      }
      const bare1 = await cannon(bare);
      // Before any page is stored: every lookup is a batch's first, read the long way and stored.
      const firstLookups = await cannonCodes(base, 'uniform', batches);
      const builtIn = fresh.reused ? 0 : await server.buildPages(batches);
      if (!fresh.reused) console.log(`[${kind}] stored the pages of ${fmt(batches)} batches in ${fmt(builtIn, 1)} s`);
      const same = await cannon(`${base}${samplePath}`);
      // The second reference: the lookup's own SQL on the app's pool behind a bare route, same load,
      // measured in turn with the app (abba) so the database's caches warming favour neither.
      const sqlRoute = `http://127.0.0.1:${server.barePort}`;
      const zipfPair = await abba(
        () => cannonCodes(base, 'zipf', batches),
        () => cannonCodes(sqlRoute, 'zipf', batches),
      );
      const uniformPair = await abba(
        () => cannonCodes(base, 'uniform', batches),
        () => cannonCodes(sqlRoute, 'uniform', batches),
      );
      const [zipf, sqlZipf] = zipfPair;
      const [uniform, sqlUniform] = uniformPair;
      const rss = mb(rssKb(server.child.pid!));
      const singleUniform = await cannonCodes(`http://127.0.0.1:${server.singlePort}`, 'uniform', batches);
      // As a node runs: the trace cache at its default size (state.ts), in its steady state — one
      // unmeasured run of the same pattern fills it with what Zipf traffic keeps asking.
      await server.setCache(TRACE_CACHE_ENTRIES);
      await cannonCodes(base, 'zipf', batches);
      const zipfCached = await cannonCodes(base, 'zipf', batches);
      const rssCached = mb(rssKb(server.child.pid!));
      const heap = await server.memory();
      await server.setCache(Number(process.env.BENCH_CACHE_ENTRIES ?? 0));
      const bare2 = await cannon(bare);
      const bareRps = (bare1.rps + bare2.rps) / 2;
      const ref = kind === 'postgres' && fresh.dbName ? pgbench(fresh.dbName, batches, CONNECTIONS) : null;
      const ref10 = kind === 'postgres' && fresh.dbName ? pgbench(fresh.dbName, batches, 10) : null;
      const refLong =
        kind === 'postgres' && fresh.dbName ? pgbench(fresh.dbName, batches, CONNECTIONS, LOOKUP_SQL) : null;

      const ratio = (f: Figures) => f.rps / bareRps;
      const pct = (x: number) => `${fmt(x * 100, 1)} %`;
      rows.push([
        'bare Fastify (same JSON; mean of before/after)',
        `${fmt(bareRps)} req/s`,
        `(${lat(bare1)}; ${lat(bare2)})`,
      ]);
      rows.push([
        fresh.reused
          ? 'lookup, uniform (BENCH_KEEP_DB: pages already stored, not first lookups)'
          : 'lookup, uniform, no page stored yet (first lookups)',
        lat(firstLookups),
        `${pct(ratio(firstLookups))} of bare (info: each read the long way and stored)`,
      ]);
      rows.push(['lookup, one code (cache off)', lat(same), `${pct(ratio(same))} of bare (info)`]);
      rows.push([
        'lookup, Zipf s=1.0 codes (cache off)',
        lat(zipf),
        `${pct(ratio(zipf))} of bare (info; ${ROUNDS} rounds, see abba)`,
      ]);
      rows.push([
        `lookup, Zipf s=1.0 codes (default cache ${fmt(TRACE_CACHE_ENTRIES)}, warm)`,
        lat(zipfCached),
        `${mark(ratio(zipfCached) >= TARGETS.zipf && zipfCached.p99 <= TARGETS.p99)} ${pct(ratio(zipfCached))} of bare; ≥ 50 %, p99 ≤ 25 ms`,
      ]);
      rows.push([
        'lookup, uniform codes (cache off = uncached)',
        lat(uniform),
        `${mark(ratio(uniform) >= TARGETS.uniform && uniform.p99 <= TARGETS.p99)} ${pct(ratio(uniform))} of bare; ≥ 35 %, p99 ≤ 25 ms (${ROUNDS} rounds: mean, worst p99)`,
      ]);
      rows.push([
        "bare Fastify + the lookup's SQL (DOC_SQL, app pool), Zipf",
        lat(sqlZipf),
        `${pct(sqlZipf.rps / bareRps)} of bare (info: codes coalesced as the app does)`,
      ]);
      rows.push([
        "bare Fastify + the lookup's SQL (DOC_SQL, app pool), uniform",
        lat(sqlUniform),
        `${pct(sqlUniform.rps / bareRps)} of bare (info: codes coalesced as the app does)`,
      ]);
      rows.push([
        "bare Fastify + the lookup's SQL, one statement per request, uniform",
        lat(singleUniform),
        `${pct(singleUniform.rps / bareRps)} of bare (info)`,
      ]);
      rows.push([
        'lookup uniform (cache off) ÷ bare SQL route uniform',
        pct(uniform.rps / sqlUniform.rps),
        `${mark(uniform.rps / sqlUniform.rps >= TARGETS.sqlRoute)} ≥ 80 % (p99 ${fmt(uniform.p99)} vs ${fmt(sqlUniform.p99)} ms; ${spread(uniformPair)})`,
      ]);
      rows.push([
        'lookup Zipf (cache off) ÷ bare SQL route Zipf',
        pct(zipf.rps / sqlZipf.rps),
        `${mark(zipf.rps / sqlZipf.rps >= TARGETS.sqlRoute)} ≥ 80 % (${spread(zipfPair)})`,
      ]);
      if (ref) {
        rows.push([
          `pgbench, DOC_SQL, random codes, ${CONNECTIONS} clients, prepared`,
          `${fmt(ref.tps)} tps`,
          `(${ref.line}) app uniform = ${mark(uniform.rps / ref.tps >= TARGETS.pgbench)} ${pct(uniform.rps / ref.tps)}; ≥ 60 %`,
        ]);
        if (ref10)
          rows.push(['pgbench, same, 10 clients (the app pool size)', `${fmt(ref10.tps)} tps`, `(${ref10.line}) info`]);
        if (refLong)
          rows.push([
            `pgbench, the long way (LOOKUP_SQL), ${CONNECTIONS} clients`,
            `${fmt(refLong.tps)} tps`,
            `(${refLong.line}) info: what a batch without a stored page costs`,
          ]);
      } else if (kind === 'postgres') rows.push(['pgbench', 'not found', 'MISS']);
      rows.push(['server RSS after the uncached lookups', `${fmt(rss)} MB`, `${mark(rss <= TARGETS.rssMb)} ≤ 512 MB`]);
      rows.push([
        'server RSS with the default cache full',
        `${fmt(rssCached)} MB`,
        `${mark(rssCached <= TARGETS.rssMb)} ≤ 512 MB (after a full GC: heap ${fmt(heap.heapUsed / 2 ** 20)} of ` +
          `${fmt(heap.heapTotal / 2 ** 20)} MB, buffers ${fmt(heap.external / 2 ** 20)} MB, RSS ${fmt(heap.rss / 2 ** 20)} MB)`,
      ]);
      rows.push([
        `start-up (process start → listening) at ${fmt(SMALL)} / ${fmt(batches)}`,
        `${fmt(smallStartup)} / ${fmt(bigStartup)} ms`,
        `${mark(bigStartup <= smallStartup * 1.5 + 500)} independent of batches (faster of 2 starts)`,
      ]);

      const perPage = 'page=1&per_page=20';
      const lists: [string, string, string][] = [
        ['producer batch list (100k own batches)', `/api/v1/traceabilities?${perPage}`, seeded.producer],
        ['producer batch list, q=LOT-4242', `/api/v1/traceabilities?${perPage}&q=LOT-4242`, seeded.producer],
        ['producer batch list, q=gao (product name)', `/api/v1/traceabilities?${perPage}&q=gao`, seeded.producer],
        ['admin product list, q=gao (20k products)', `/api/v1/admin/products?${perPage}&q=gao`, seeded.admin],
        [
          'admin product list, q=hoa loc 1234',
          `/api/v1/admin/products?${perPage}&q=${encodeURIComponent('hoa loc 1234')}`,
          seeded.admin,
        ],
      ];
      for (const [name, url, token] of lists) {
        const t = await timeList(`${base}${url}`, token, LIST_REQUESTS);
        rows.push([
          `${name}, p50/p99`,
          `${fmt(t.p50, 1)}/${fmt(t.p99, 1)} ms` + (t.failures ? ` (${t.failures} failed)` : ''),
          `${mark(t.p99 <= TARGETS.listP99 && !t.failures)} p99 ≤ 50 ms (${t.n} requests)`,
        ]);
      }
      rows.push(...(await exportRows(base, seeded, server.child.pid!, 'in the server that served the lookups')));
    } finally {
      await server.stop();
    }
    // The export's own memory: the same exports in a new server process, whose RSS carries no
    // lookup history (the line above also counts the garbage the lookups left for V8 to collect).
    const own = await startServer(fresh, bodyFile);
    try {
      rows.push(...(await exportRows(`http://127.0.0.1:${own.port}`, seeded, own.child.pid!, 'new server process')));
    } finally {
      await own.stop();
    }
  } finally {
    await fresh.database.close().catch(() => {});
    await fresh.drop();
  }
  console.log();
  table(kind, rows);
}

export async function runScale() {
  console.log(`Public lookup at scale — node ${process.version}, ${os.cpus().length} CPU(s)`);
  for (const kind of KINDS) {
    try {
      await runOne(kind);
    } catch (err) {
      console.log(`\n[${kind}] failed: ${(err as Error).stack ?? (err as Error).message}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runScale();
  process.exit(0);
}
