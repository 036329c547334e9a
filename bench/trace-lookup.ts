/**
 * Public trace lookup benchmark (issue 3): seeds 10,000 published batches into a fresh PGlite
 * data dir and a fresh PostgreSQL database, starts the real app and a bare Fastify route answering
 * fixed JSON in the same process, and loads each with autocannon (50 connections, ~10 s, requests
 * fired from a worker thread). Prints requests/s, p50/p99 and the ratio to the bare route.
 *
 *   npm run bench                                   # both databases
 *   BENCH_DATABASES=pglite npm run bench            # one of them
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=50
 */
import { createPostgresDatabase } from './databases.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { loadFigures, type Figures } from './load.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { producers, products } from '../apps/server/src/db/schema/index.js';
import { approvedSnapshot } from '../apps/server/src/modules/products/approval.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BATCHES = 10_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as (
  'pglite' | 'postgres'
)[];
const WARM_CODE = 'BENCH00000000001';

/** Targets from the issue: warm ≥ 80 % of bare and p99 < 25 ms; cold ≥ 20 % (PostgreSQL) / 6 % (PGlite). */
const TARGETS = {
  warm: { ratio: 0.8, p99: 25 },
  cold: { pglite: 0.06, postgres: 0.2 },
};

const ROUNDS = 3;
const ROUND_DURATION = Math.max(3, Math.round(DURATION / 2));

/** The round with the median requests/s. */
function median(list: Figures[]): Figures {
  return [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
}


const load = (url: string, extra: Partial<autocannon.Options> = {}): Promise<Figures> =>
  loadFigures(url, { connections: CONNECTIONS, duration: DURATION }, extra);

/** 10,000 published batches with 4 events each, in a handful of INSERT … SELECT statements. */
async function seed(database: Database) {
  const db = database.db;
  const [producer] = await db
    .insert(producers)
    .values({
      platform: 'dtrack',
      name: 'HTX Chè Bench Mộc Châu',
      producerType: 'cooperative',
      status: 'approved',
      provinceCode: '14',
    })
    .returning({ id: producers.id });
  const [product] = await db
    .insert(products)
    .values({
      platform: 'dtrack',
      producerId: producer.id,
      name: 'Chè Shan tuyết Mộc Châu',
      nameEn: 'Moc Chau Shan tuyet tea',
      description: 'Chè búp hái tay từ những cây chè cổ thụ trên 100 năm tuổi.',
      unit: 'Kg',
      gtin: '8936000000011',
      gtin14: '08936000000011',
      images: [{ id: 1, url: '/uploads/bench/cover.jpg', thumbnail_url: '/uploads/bench/cover-thumb.webp' }],
      publicCode: 'BENCHPRODUCT0001',
      status: 'approved',
    })
    .returning();
  // Approved: the public lookup shows the approved version (ADR 007).
  await db
    .update(products)
    .set({ approvedAt: new Date(), approvedSnapshot: await approvedSnapshot(db, product) })
    .where(eq(products.id, product.id));
  const base = JSON.stringify({ name: 'Vùng chè Tân Lập', address: 'Bản Tà Phình, xã Tân Lập', province_code: '14' });
  const certs = JSON.stringify([
    { name: 'VietGAP', issuer: 'QUACERT', number: 'VG-01', valid_until: '2030-01-01', file: null },
  ]);
  await db.execute(sql`
    insert into traceabilities (platform, producer_id, product_id, lot_code, public_code, production_date, expiry_date,
      quantity, unit, production_base, certificates, status, published_at)
    select 'dtrack', ${producer.id}, ${product.id}, 'LOT-' || g, 'BENCH' || lpad(g::text, 11, '0'),
      date '2025-01-01' + (g % 300), date '2027-01-01', 1000000000, 'Kg', ${base}::jsonb, ${certs}::jsonb, 'published', now()
    from generate_series(1, ${BATCHES}) g`);
  await db.execute(sql`
    insert into trace_events (traceability_id, step, occurred_at, place, description, photos, position)
    select t.id, (array['planting','caring','harvesting','packing'])[s], timestamptz '2025-01-01 08:00+07' + s * interval '20 days',
      'Đồi chè Tà Phình, xã Tân Lập, Sơn La', 'Công đoạn ' || s || ': ghi chép theo nhật ký sản xuất VietGAP.',
      '[{"id":1,"url":"/uploads/bench/p.jpg","thumbnail_url":"/uploads/bench/p-thumb.webp"}]'::jsonb, s - 1
    from traceabilities t cross join generate_series(1, 4) s`);
}

async function openFresh(kind: 'pglite' | 'postgres', dataDir: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir });
    return { database, drop: async () => {} };
  }
  const fresh = await createPostgresDatabase(PG_URL, 'agrihub_bench');
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
  return { database, drop: fresh.drop };
}

async function bareServer(body: unknown): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => body);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

const url = (app: FastifyInstance, p: string) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}${p}`;
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const mark = (ok: boolean) => (ok ? 'OK  ' : 'MISS');

async function runOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agrihub-bench-${kind}-`));
  const { database, drop } = await openFresh(kind, dataDir);
  try {
    await database.migrate();
    const t0 = Date.now();
    await seed(database);
    console.log(
      `\n[${kind}] seeded ${fmt(BATCHES)} published batches (${fmt(BATCHES * 4)} events) in ${fmt((Date.now() - t0) / 1000, 1)} s`,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Every request comes from this one address: a budget it never spends (the limiter still runs).
      PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN: String(Number.MAX_SAFE_INTEGER),
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const w0 = Date.now();
    await app.traceWarmer.idle();
    console.log(
      `[${kind}] cache preloaded with ${fmt(app.traceCache.size)} batches in ${fmt((Date.now() - w0) / 1000, 1)} s (after listen)`,
    );
    const sample = await fetch(url(app, `/api/v1/client/traceabilities/${WARM_CODE}`), {
      headers: { platform: 'dtrack' },
    });
    const sampleText = await sample.text();
    if (sample.status !== 200) throw new Error(`lookup failed: ${sample.status} ${sampleText}`);
    const bare = await bareServer(JSON.parse(sampleText));
    try {
      console.log(
        `[${kind}] response body ${fmt(sampleText.length)} bytes; ${CONNECTIONS} connections; bare and warm: median of ${ROUNDS} alternating ${ROUND_DURATION} s rounds; cold: ${DURATION} s`,
      );
      // Bare and warm alternate in short rounds and the median round counts, so a burst of
      // load from other processes on the machine hits both sides alike.
      const bares: Figures[] = [];
      const warms: Figures[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        bares.push(await load(url(bare, '/bare'), { duration: ROUND_DURATION }));
        warms.push(await load(url(app, `/api/v1/client/traceabilities/${WARM_CODE}`), { duration: ROUND_DURATION }));
      }
      const b = median(bares);
      const warm = median(warms);
      console.log(
        `[${kind}] rounds (req/s): bare ${bares.map((f) => fmt(f.rps)).join(' / ')}; warm ${warms.map((f) => fmt(f.rps)).join(' / ')}`,
      );
      const cold = await load(url(app, '/'), { requests: [{ setupRequest: path.join(here, 'cold-request.cjs') }] });
      // Every request a database read: the cache keeps nothing (information only, no target).
      app.traceCache.clear();
      app.traceCache.maxEntries = 0;
      const uncached = await load(url(app, '/'), { requests: [{ setupRequest: path.join(here, 'cold-request.cjs') }] });
      await app.scanBuffer.flush();
      const [{ scans }] = (
        await database.db.execute<{ scans: number }>(sql`select coalesce(sum(scans), 0)::int as scans from trace_scans`)
      ).rows as { scans: number }[];
      const coldTarget = TARGETS.cold[kind];
      const rows = [
        ['bare Fastify (fixed JSON)', b, 1, ''],
        [
          'lookup warm (same code)',
          warm,
          warm.rps / b.rps,
          `${mark(warm.rps / b.rps >= TARGETS.warm.ratio && warm.p99 < TARGETS.warm.p99)} ≥80% and p99<25 ms`,
        ],
        [
          'lookup cold (each req. a new code)',
          cold,
          cold.rps / b.rps,
          `${mark(cold.rps / b.rps >= coldTarget)} ≥${coldTarget * 100}%`,
        ],
        ['lookup, cache off (info only)', uncached, uncached.rps / b.rps, ''],
      ] as const;
      console.log(
        `[${kind}] ${'scenario'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(7)}  target`,
      );
      for (const [name, f, ratio, target] of rows) {
        const bad = f.non2xx + f.errors ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : '';
        console.log(
          `[${kind}] ${name.padEnd(34)} ${fmt(f.rps).padStart(9)} ${fmt(f.p50).padStart(7)} ${fmt(f.p99).padStart(7)} ${`${fmt(ratio * 100, 1)}%`.padStart(7)}  ${target}${bad}`,
        );
      }
      console.log(`[${kind}] scans written by the batched flush: ${fmt(scans)}`);
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

export async function runTraceLookup() {
  console.log(`Public trace lookup benchmark — node ${process.version}, ${os.cpus().length} CPU(s)`);
  for (const kind of KINDS) {
    try {
      await runOne(kind);
    } catch (err) {
      console.log(`\n[${kind}] skipped: ${(err as Error).message}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runTraceLookup();
}
