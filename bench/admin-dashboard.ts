/**
 * Admin dashboard benchmark (issue 12): seeds a DTrack platform with 100,000 batches (published over
 * the last year, some drafts), a year of daily scans, producers, products, service requests, sales
 * registrations, leads and purchase orders in every status — and 20,000 batches on AgriHub that must
 * not be counted — into a fresh PGlite data dir and a fresh PostgreSQL database, starts the real app
 * and a bare Fastify route answering the same JSON in the same process, and times GET
 * /api/v1/admin/dashboard as an administrator: one request at a time (an admin opening the page),
 * then 4 at once. Prints p50/p95/p99 and their ratio to the bare route measured alongside.
 * Target: p95 < 100 ms.
 *
 *   npx tsx bench/admin-dashboard.ts                        # both databases
 *   BENCH_DATABASES=pglite npx tsx bench/admin-dashboard.ts # one of them
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default; BENCH_PG_URL also read)
 *   BENCH_REQUESTS=400
 */
import { benchAccount, createPostgresDatabase } from './databases.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';

const BATCHES = 100_000;
const OTHER_PLATFORM_BATCHES = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;
const CONCURRENCY = 4;
const TARGET_P95_MS = 100;
const PG_URL = process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as (
  'pglite' | 'postgres'
)[];

/** A platform's data, in a handful of INSERT … SELECT statements. */
export async function seedPlatform(database: Database, platform: string, batches: number) {
  const db = database.db;
  // 300 producers: 40 pending, 240 approved, 20 closed.
  await db.execute(sql`
    insert into producers (platform, name, producer_type, status)
    select ${platform}, 'HTX Bench ' || g, 'cooperative',
      case when g <= 40 then 'pending' when g <= 280 then 'approved' else 'closed' end
    from generate_series(1, 300) g`);
  // 3,000 products on the approved producers: 10 % draft, 10 % pending, 75 % approved, 5 % rejected.
  await db.execute(sql`
    insert into products (platform, producer_id, name, unit, public_code, status)
    select ${platform}, p.id, 'Sản phẩm ' || g, 'Kg', upper(${platform}) || 'P' || lpad(g::text, 10, '0'),
      case when g % 20 in (0, 1) then 'draft' when g % 20 in (2, 3) then 'pending' when g % 20 = 4 then 'rejected' else 'approved' end
    from generate_series(1, 3000) g
    join lateral (select id from producers where platform = ${platform} and status = 'approved'
      order by id offset (g % 240) limit 1) p on true`);
  // Batches of the approved products, published over the last 365 days (every 10th a draft).
  await db.execute(sql`
    with approved as (
      select id, producer_id, row_number() over (order by id) - 1 as i, count(*) over () as n
      from products where platform = ${platform} and status = 'approved'
    )
    insert into traceabilities (platform, producer_id, product_id, lot_code, public_code, production_date,
      quantity, unit, status, published_at)
    select ${platform}, a.producer_id, a.id, 'LOT-' || g, upper(${platform}) || lpad(g::text, 12, '0'), date '2025-01-01',
      100, 'Kg', case when g % 10 = 0 then 'draft' else 'published' end,
      case when g % 10 = 0 then null else now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' end
    from generate_series(1, ${batches}) g
    join approved a on a.i = g % a.n`);
  // Scans per day for the last 400 days.
  await db.execute(sql`
    insert into scan_days (platform, day, scans)
    select ${platform}, current_date - g, 200 + (g * 37) % 500 from generate_series(0, 399) g`);
  // 6,000 service requests across the steps, some overdue, some locked.
  const [service] = (
    await db.execute<{ id: number }>(sql`
      insert into register_services (platform, slug, title_vi, title_en, type)
      values (${platform}, 'bench-service', 'Dịch vụ', 'Service', 1) returning id`)
  ).rows;
  await db.execute(sql`
    insert into user_register_services (platform, producer_id, service_id, step, status, step_due_at, locked_at)
    select ${platform}, p.id, ${service.id},
      (array['fill_info','advice','contract','paid','profile_completed','submitted_profile','approved_profile','done','cancelled'])[1 + g % 9],
      (array['pending','processing','processing','processing','processing','processing','processing','approved','cancelled'])[1 + g % 9],
      now() + ((g % 20) - 10) * interval '1 day', case when g % 50 = 0 then now() else null end
    from generate_series(1, 6000) g
    join lateral (select id from producers where platform = ${platform} order by id offset (g % 300) limit 1) p on true`);
  // Sales registrations of 3 channels: the producers' own and 2,000 products'.
  await db.execute(sql`
    insert into sale_channels (platform, code, name, kind, logo_url, requirements, feed_token, position)
    select ${platform}, 'bench_' || g, 'Kênh ' || g, 'marketplace', '/channels/shopee.svg', '{}'::jsonb,
      ${platform} || '-bench-token-' || g, g
    from generate_series(1, 3) g`);
  await db.execute(sql`
    insert into sale_channel_references (platform, channel_id, producer_id, referenceable_type, register_status)
    select ${platform}, c.id, p.id, 'producer', (array['pending','approved','rejected','closed'])[1 + p.id % 4]
    from producers p cross join sale_channels c where p.platform = ${platform} and c.platform = ${platform}`);
  await db.execute(sql`
    insert into sale_channel_references (platform, channel_id, producer_id, product_id, referenceable_type, register_status)
    select ${platform}, c.id, pr.producer_id, pr.id, 'product', (array['pending','approved','rejected','closed'])[1 + pr.id % 4]
    from (select id, producer_id from products where platform = ${platform} order by id limit 2000) pr
    cross join (select id from sale_channels where platform = ${platform} order by id limit 1) c`);
  // 3,000 leads through the lead statuses.
  await db.execute(sql`
    insert into client_messages (platform, name, phone, topic, message, consent_at, status)
    select ${platform}, 'Khách ' || g, '0912345678', 'other', 'Cần tư vấn', now(),
      (array['pending','no_contact_yet','made_call','made_appointment','sample_sent','product_arrived','done'])[1 + g % 7]
    from generate_series(1, 3000) g`);
  // 2,000 purchase orders in every status.
  await db.execute(sql`
    insert into purchase_orders (platform, code, year, seq, status, order_date, supplier_type, supplier_id, supplier_name,
      delivery_date, delivery_place)
    select ${platform}, 'PO-2026-' || g, 2026, g, (array['pending','processing','approved','cancelled'])[1 + g % 4],
      date '2026-01-01', 'producer', 1, 'HTX', date '2026-02-01', 'Kho'
    from generate_series(1, 2000) g`);
}

async function openFresh(kind: 'pglite' | 'postgres', dataDir: string) {
  if (kind === 'pglite') return { database: await openDatabase({ dataDir }), drop: async () => {} };
  const fresh = await createPostgresDatabase(PG_URL, 'agrihub_bench');
  return { database: await openDatabase({ databaseUrl: fresh.url, dataDir: null }), drop: fresh.drop };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

/** `count` requests, `concurrency` at a time, each timed from send to the whole body read. */
async function time(url: string, init: RequestInit, count: number, concurrency = 1): Promise<Timing> {
  const took: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      took.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p95: percentile(took, 95), p99: percentile(took, 99), failures };
}

async function runOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agrihub-bench-dash-${kind}-`));
  const { database, drop } = await openFresh(kind, dataDir);
  try {
    await database.migrate();
    const t0 = Date.now();
    await seedPlatform(database, 'dtrack', BATCHES);
    await seedPlatform(database, 'agrihub', OTHER_PLATFORM_BATCHES);
    // As autovacuum would have by then: planner statistics and the visibility map.
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `\n[${kind}] seeded ${fmt(BATCHES)} DTrack batches (+${fmt(OTHER_PLATFORM_BATCHES)} on AgriHub), 3,000 products, ` +
        `6,000 service requests, 400 days of scans per platform in ${fmt((Date.now() - t0) / 1000, 1)} s`,
    );
    const token = await benchAccount(database.db, { email: 'bench-admin@dtrack.test', roles: ['admin'] });
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = (a: FastifyInstance) => `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
    const init = { headers: { platform: 'dtrack', authorization: `Bearer ${token}` } };
    const dashUrl = `${base(app)}/api/v1/admin/dashboard`;
    const sample = await fetch(dashUrl, init);
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`dashboard failed: ${sample.status} ${body}`);
    const d = (
      JSON.parse(body) as { data: { dashboard: { daily: { batches_published: number }; products: { total: number } } } }
    ).data.dashboard;
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => JSON.parse(body) as unknown);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      console.log(
        `[${kind}] answer ${fmt(body.length)} bytes: ${fmt(d.daily.batches_published)} batches published in 30 days, ` +
          `${fmt(d.products.total)} products; ${fmt(REQUESTS)} requests after ${WARMUP} warm-up`,
      );
      await time(dashUrl, init, WARMUP);
      await time(`${base(bare)}/bare`, {}, WARMUP);
      const rows: [string, Timing, Timing][] = [];
      for (const concurrency of [1, CONCURRENCY]) {
        const ref = await time(`${base(bare)}/bare`, {}, REQUESTS, concurrency);
        const dash = await time(dashUrl, init, REQUESTS, concurrency);
        rows.push([concurrency === 1 ? 'one at a time' : `${concurrency} at once`, dash, ref]);
      }
      console.log(
        `[${kind}] ${'GET /api/v1/admin/dashboard'.padEnd(28)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}` +
          `  ${'bare p50/p95/p99 ms'.padStart(20)}  ${'p95 × bare'.padStart(10)}  target p95 < ${TARGET_P95_MS} ms`,
      );
      for (const [name, t, ref] of rows) {
        const ok = t.p95 < TARGET_P95_MS && !t.failures ? 'OK' : 'MISS';
        console.log(
          `[${kind}] ${name.padEnd(28)} ${fmt(t.p50, 1).padStart(7)} ${fmt(t.p95, 1).padStart(7)} ${fmt(t.p99, 1).padStart(7)}` +
            `  ${`${fmt(ref.p50, 2)}/${fmt(ref.p95, 2)}/${fmt(ref.p99, 2)}`.padStart(20)}  ${`${fmt(t.p95 / ref.p95, 1)}×`.padStart(10)}  ${ok}` +
            (t.failures ? ` (${t.failures} failed)` : ''),
        );
      }
    } finally {
      await bare.close();
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runAdminDashboard() {
  console.log(`\nAdmin dashboard benchmark — node ${process.version}, ${os.cpus().length} CPU(s)`);
  for (const kind of KINDS) {
    try {
      await runOne(kind);
    } catch (err) {
      console.log(`\n[${kind}] skipped: ${(err as Error).message}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runAdminDashboard();
  process.exit(0);
}
