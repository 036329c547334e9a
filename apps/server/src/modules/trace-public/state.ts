import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClusterBus } from '../../plugins/cluster.js';
import type { Tx } from '../../db/client.js';
import { TraceCache } from './cache.js';
import { LookupLimiter } from './lookup-limit.js';
import { ScanBuffer } from './scans.js';
import { TraceWarmer } from './warmer.js';
import { shippedLotsOf, tellDownstream } from './origins.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public trace lookups of published batches (see cache.ts). */
    traceCache: TraceCache;
    /** Scan counts waiting for their batched write (see scans.ts). */
    scanBuffer: ScanBuffer;
    /** Preloads and refreshes the trace cache (see warmer.ts). */
    traceWarmer: TraceWarmer;
    /** Per-client budget of the public lookups (see lookup-limit.ts). */
    lookupLimiter: LookupLimiter;
  }
}

export const SCAN_FLUSH_INTERVAL_MS = 1000;
/** Public lookups each node keeps in memory (bench/scale.ts measures the Zipf pattern with it). */
export const TRACE_CACHE_ENTRIES = 10_000;

/**
 * The app's trace cache (preloaded and refreshed by the warmer) and scan buffer; buffered scans
 * are flushed every second and on close.
 */
export default fp(
  async function traceState(app: FastifyInstance) {
    const cache = new TraceCache({ maxEntries: TRACE_CACHE_ENTRIES, ttlMs: 30_000 });
    // With REDIS_URL, the scan de-duplication and the lookup budget hold across nodes (ADR 026).
    const shared = app.sharedWindows;
    const scans = new ScanBuffer(app.db, cache, shared);
    app.decorate('traceCache', cache);
    const warmer = new TraceWarmer(app.db, cache);
    app.decorate('scanBuffer', scans);
    app.decorate('traceWarmer', warmer);
    app.decorate(
      'lookupLimiter',
      new LookupLimiter(
        app.config.PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN,
        60_000,
        shared && { windows: shared, name: 'lookup', use: 'lookup limit' },
      ),
    );
    // A write to a batch, product or producer, made here (after its commit) or told by another
    // node (plugins/cluster.ts), drops what this node cached of it; a gap in the notices drops all.
    app.cluster.onChange((change) => {
      if (change.kind === 'batch') cache.invalidate(change.code);
      else if (change.kind === 'product') cache.invalidateProduct(change.id);
      else if (change.kind === 'producer') cache.invalidateProducer(change.id);
    });
    app.cluster.onReset(() => cache.clear());
    app.addHook('onReady', async () => {
      warmer.start((err) => app.log.error({ err }, 'trace cache warm-up failed'));
    });
    const timer = setInterval(() => {
      scans.flush().catch((err) => app.log.error({ err }, 'scan flush failed; counts kept for the next one'));
    }, SCAN_FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await warmer.stop();
      await scans.flush().catch((err) => app.log.error({ err }, 'final scan flush failed'));
    });
  },
  { name: 'trace-state' },
);

/*
 * Each write that changes a public trace page says so twice: `tell…` inside its transaction (the
 * other nodes hear it once it commits, nothing if it rolls back) and `invalidate…` after the commit
 * (this node, at once). Guarded: a partial app may lack the bus.
 */
const busOf = (app: FastifyInstance) => (app as { cluster?: ClusterBus }).cluster;

/** Drop every cached public lookup of a product's batches: call after a product changes. */
export function invalidateProductBatches(app: FastifyInstance, productId: number): void {
  busOf(app)?.apply({ kind: 'product', id: productId });
}

/** Drop the cached public lookup of one batch: call after every committed write to it. */
export function invalidateBatch(app: FastifyInstance, publicCode: string): void {
  busOf(app)?.apply({ kind: 'batch', code: publicCode });
}

/**
 * Drop every cached public lookup of a producer's batches: call after its status or profile changes
 * (closing takes its pages down, approving brings them back, its name and logo show on them).
 */
export function invalidateProducerPages(app: FastifyInstance, producerId: number): void {
  busOf(app)?.apply({ kind: 'producer', id: producerId });
}

/**
 * The stored public pages a write changes go inside its transaction (ADR 028): first the producer's
 * page revision moves, so a page being built from what was there before can no longer be stored
 * (public-docs.ts storeDocs waits for this transaction, then sees the new revision), then the pages
 * stored already are deleted. A rollback keeps both.
 */
async function dropStoredPages(tx: Tx, producerId: SQL, batchIds: SQL): Promise<void> {
  await tx.execute(sql`update producer_page_revs set rev = rev + 1 where producer_id = (${producerId})`);
  await tx.execute(sql`delete from trace_public_docs where traceability_id in (${batchIds})`);
}

/** Inside the transaction that writes to a batch: its stored page goes, other nodes drop their copy once it commits. */
export async function tellBatch(app: FastifyInstance, tx: Tx, publicCode: string): Promise<void> {
  await dropStoredPages(
    tx,
    sql`select producer_id from traceabilities where public_code = ${publicCode}`,
    sql`select id from traceabilities where public_code = ${publicCode}`,
  );
  await busOf(app)?.tell(tx, { kind: 'batch', code: publicCode });
  // Its events show as steps on the origins of the lots made or received from it (origins.ts).
  const fed = (
    await tx.execute<{ id: number }>(sql`select t.id from traceabilities t where t.public_code = ${publicCode}
      and exists(select 1 from chain_edges e where e.from_lot_id = t.id and e.to_lot_id is not null)`)
  ).rows;
  if (fed.length) applyDownstream(app, await tellDownstream(app, tx, [Number(fed[0].id)]));
}

/**
 * This node's copies of the pages downstream, dropped as the write tells (in local mode no notice
 * comes back; with PostgreSQL the notice after the commit drops them again, so a lookup between
 * the two cannot keep an older page).
 */
function applyDownstream(app: FastifyInstance, codes: string[]) {
  const bus = busOf(app);
  if (bus) for (const code of codes) bus.apply({ kind: 'batch', code });
}

/** Inside the transaction that changes a product: its batches' stored pages go, other nodes drop theirs. */
export async function tellProduct(app: FastifyInstance, tx: Tx, productId: number): Promise<void> {
  await dropStoredPages(
    tx,
    sql`select producer_id from products where id = ${productId}`,
    sql`select id from traceabilities where product_id = ${productId}`,
  );
  await busOf(app)?.tell(tx, { kind: 'product', id: productId });
}

/** Inside the transaction that changes a producer: its batches' stored pages go, other nodes drop theirs. */
export async function tellProducer(app: FastifyInstance, tx: Tx, producerId: number): Promise<void> {
  await dropStoredPages(
    tx,
    sql`select ${producerId}::int`,
    sql`select t.id from traceabilities t join producers p on p.id = ${producerId}
        where t.platform = p.platform and t.producer_id = ${producerId}`,
  );
  await busOf(app)?.tell(tx, { kind: 'producer', id: producerId });
  // Its name shows on the origins of the lots it shipped, received and made into others.
  applyDownstream(app, await tellDownstream(app, tx, await shippedLotsOf(tx, producerId)));
}
