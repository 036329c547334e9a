/**
 * The server process of bench/scale.ts: opens the database the way `npm start` does (migrations
 * included), builds the real app, listens, and starts a bare Fastify route answering `BARE_BODY`
 * (a file) in the same process, and beside it a bare route running the lookup's own SQL on the
 * app's pool (the second reference of bench/scale.ts). Tells its parent over IPC when it listens (with the start-up time
 * since the process started) and when the trace cache's warmer has finished. With
 * BENCH_CACHE_ENTRIES=0 (the default) the trace cache keeps nothing: every lookup reads the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { todayInVietnam } from '@agrihub/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { attachOrigins } from '../apps/server/src/modules/trace-public/origins.js';
import { CodeLoader, entryOf, fetchRows, queryNamed } from '../apps/server/src/modules/trace-public/lookup.js';
import { DOC_SQL, storeDocs, type DocRow } from '../apps/server/src/modules/trace-public/public-docs.js';

const send = (msg: Record<string, unknown>) => process.send?.(msg);
const dataDir = process.env.BENCH_DATA_DIR!;
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  WEB_DIST: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  // Every request comes from one address: a budget it never spends (the limiter still runs).
  PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN: String(Number.MAX_SAFE_INTEGER),
});
const phases: Record<string, number> = { loaded: performance.now() };
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
phases.opened = performance.now();
await database.migrate();
phases.migrated = performance.now();
const app = await buildApp({ config, database, logger: false });
phases.built = performance.now();
await app.listen({ port: 0, host: '127.0.0.1' });
const startupMs = performance.now();
const port = (app.server.address() as { port: number }).port;
send({ type: 'listening', port, startupMs, phases });
await app.traceWarmer.idle();
const entries = Number(process.env.BENCH_CACHE_ENTRIES ?? 0);
const warmed = app.traceCache.size;
app.traceCache.clear();
app.traceCache.maxEntries = entries;
// Attribution only (bench/scale.ts BENCH_ONLY_LOOKUP): lookups that count no scan, so the
// scan flush writes nothing.
if (process.env.BENCH_NO_SCANS) app.scanBuffer.record = () => true;
const bare = Fastify({ logger: false });
const body = process.env.BARE_BODY ? JSON.parse(fs.readFileSync(process.env.BARE_BODY, 'utf8')) : { ok: true };
bare.get('/bare', async () => body);
// The second reference (issue 26): the lookup's own SQL (DOC_SQL, imported: the app's query
// whatever it becomes), named as the app names it, on the app's own pool (the same client and
// size), at the lookup's path so the same autocannon requests hit it; it answers the stored page's
// JSON as it is stored. The codes asked together go in one statement as the app's lookup does
// (its CodeLoader: up to 4 statements in flight, 128 codes each): the limit of this stack. The
// same with one statement per request, on a port of its own, as information.
const docsOf = async (codes: string[]) => {
  const rows = (await queryNamed(database.db, 'trace_public_doc', DOC_SQL, [codes])) as DocRow[];
  return new Map(rows.map((r) => [r.public_code, r]));
};
const loader = new CodeLoader(docsOf);
const page = (row: DocRow | undefined, reply: FastifyReply) =>
  row
    ? reply.type('application/json; charset=utf-8').send(`${row.head},"scan_count":${row.scan_count}}`)
    : reply.code(404).send({ error: 'not_found' });
bare.get<{ Params: { code: string } }>('/api/v1/client/traceabilities/:code', async (req, reply) =>
  page(await loader.load(req.params.code), reply),
);
// Diagnosis (bench/scale.ts BENCH_DIAG_ENTRY): the app's own loadEntry and render behind a bare
// route, at /diag/:code on the bare port — the lookup without the app's hooks and scan counting.
if (process.env.BENCH_DIAG_ENTRY) {
  const { loadEntry } = await import('../apps/server/src/modules/trace-public/public-docs.js');
  const { render } = await import('../apps/server/src/modules/trace-public/lookup.js');
  bare.get<{ Params: { code: string } }>('/diag/:code', async (req, reply) => {
    const entry = await loadEntry(database.db, req.params.code);
    return entry ? reply.type('application/json; charset=utf-8').send(render(entry, { count: 0, sources: 0 })) : reply.code(404).send({});
  });
}
const single = Fastify({ logger: false });
single.get<{ Params: { code: string } }>('/api/v1/client/traceabilities/:code', async (req, reply) =>
  page((await docsOf([req.params.code])).get(req.params.code), reply),
);
await single.listen({ port: 0, host: '127.0.0.1' });
await bare.listen({ port: 0, host: '127.0.0.1' });
send({
  type: 'ready',
  warmedMs: performance.now(),
  warmed,
  barePort: (bare.server.address() as { port: number }).port,
  singlePort: (single.server.address() as { port: number }).port,
});
/**
 * Every batch's stored page (ADR 028), as the lookups of a running platform leave them: built with
 * the app's own query and store, a chunk of batches at a time.
 */
async function buildPages(batches: number): Promise<number> {
  const t0 = performance.now();
  const today = todayInVietnam();
  const CHUNK = 2000;
  for (let lo = 1; lo <= batches; lo += CHUNK) {
    const rows = await attachOrigins(app.db, await fetchRows(app.db, sql`t.id between ${lo} and ${lo + CHUNK - 1}`));
    await storeDocs(
      app.db,
      rows.map((row) => ({ row, entry: entryOf(row, today) })),
      today,
    );
  }
  // As autovacuum and the checkpointer would have by then (the seed does the same for its tables):
  // the lists measured next should not share the machine with them.
  await app.db.execute(sql`vacuum analyze trace_public_docs`);
  await app.db.execute(sql`checkpoint`);
  return (performance.now() - t0) / 1000;
}

process.on('message', (msg: { type: string; entries?: number; batches?: number }) => {
  if (msg.type === 'pages') {
    void buildPages(msg.batches ?? 0).then((seconds) => send({ type: 'pages-built', seconds }));
    return;
  }
  // The trace cache at another size (bench/scale.ts: Zipf with the cache a node runs with).
  // Where the resident memory is (heap in use, heap reserved, buffers), after a collection.
  if (msg.type === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    send({ type: 'memory', heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, rss: m.rss });
    return;
  }
  if (msg.type === 'cache') {
    app.traceCache.clear();
    app.traceCache.maxEntries = msg.entries ?? 0;
    send({ type: 'cache-set' });
    return;
  }
  if (msg.type !== 'stop') return;
  void (async () => {
    await bare.close();
    await single.close();
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
