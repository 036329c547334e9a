import { createHash } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { DUPLICATE_SOURCES_THRESHOLD, todayInVietnam } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { traceScans } from '../../db/schema/index.js';
import type { SharedWindows } from '../../lib/shared-windows.js';
import type { TraceCache, TraceEntry } from './cache.js';

/** The batch a scan is of: what the buffer keeps and the flush writes. */
export type ScannedBatch = Pick<TraceEntry, 'id' | 'code' | 'platform'>;

interface Pending {
  code: string;
  platform: string;
  count: number;
  /** The distinct sources of the buffered scans (see sourceKeyOf). */
  sources: Set<string>;
}

/** Distinct sources a batch's row keeps: one more than the duplicate warning's threshold. */
export const SOURCE_KEYS_KEPT = DUPLICATE_SOURCES_THRESHOLD + 1;

/**
 * The sources of a buffered batch, sorted, at most SOURCE_KEYS_KEPT (the row keeps no more), as a
 * PostgreSQL array literal (keys are base64url: nothing to quote).
 */
const keysOf = (p: Pending) => `{${[...p.sources].sort().slice(0, SOURCE_KEYS_KEPT).join(',')}}`;

/** A client (scan source) counts at most one scan of a batch per window. */
export const SCAN_DEDUP_WINDOW_MS = 30 * 60_000;
/** Bound of the (batch, client) pairs remembered for the window; the oldest go first. */
export const SCAN_DEDUP_MAX = 200_000;

/**
 * A coarse, anonymous scan source: the /24 of an IPv4 or the /48 of an IPv6 address, hashed.
 * The same phone on the same network counts as one place; the address is never stored.
 */
export function sourceKeyOf(ip: string): string {
  let prefix: string;
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) {
    prefix = v4.split('.').slice(0, 3).join('.');
  } else {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean);
    prefix = [...groups, '0', '0', '0'].slice(0, 3).join(':').toLowerCase();
  }
  return createHash('sha256').update(`agrihub-scan:${prefix}`).digest('base64url').slice(0, 16);
}

/**
 * Scans counted in memory and written in one batched statement per flush (every second and
 * on close), never one write per request. A count moves to `inflight` while its flush runs,
 * so readers see stored + buffered + in flight at every moment.
 *
 * A source (see sourceKeyOf) counts at most one scan of a batch per SCAN_DEDUP_WINDOW_MS: a
 * loop of lookups can neither inflate the count nor raise the duplicate warning. The window is
 * remembered in memory (bounded, per node); a restart forgets it, which costs at most one
 * extra scan per source. With `shared` (REDIS_URL set, ADR 026) the window is also claimed in
 * Redis (SET NX PX), so a scan repeated on another node within it is not counted again; the
 * counts themselves stay in this node's buffer. When Redis fails, this node's memory decides.
 */
export class ScanBuffer {
  private buffer = new Map<number, Pending>();
  private inflight = new Map<number, Pending>();
  private keyMemo = new Map<string, string>();
  private flushing: Promise<void> | null = null;
  /** `${batch id} ${source key}` → when its last scan counted, oldest first. */
  private counted = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly cache: TraceCache,
    private readonly shared: SharedWindows | null = null,
  ) {}

  private keyOf(ip: string): string {
    let key = this.keyMemo.get(ip);
    if (!key) {
      if (this.keyMemo.size > 50_000) this.keyMemo.clear();
      key = sourceKeyOf(ip);
      this.keyMemo.set(ip, key);
    }
    return key;
  }

  /**
   * Counts a scan of `batch` from `ip`, unless this source's last one is within the window;
   * true when counted. Synchronous without Redis; with it, a source this node has not counted in
   * the window asks Redis whether another node has.
   */
  record(batch: ScannedBatch, ip: string, now = Date.now()): boolean | Promise<boolean> {
    const key = this.keyOf(ip);
    const shared = this.shared;
    if (!shared || this.countedHere(batch.id, key, now)) return this.recordHere(batch, key, now);
    return shared.claim(`scan:${batch.id}:${key}`, SCAN_DEDUP_WINDOW_MS).then(
      (first) => first && this.count(batch, key, now),
      (err: unknown) => {
        shared.degraded(err, 'scan de-duplication');
        return this.recordHere(batch, key, now);
      },
    );
  }

  /** Whether this node counted a scan of batch `id` from source `key` within the window. */
  private countedHere(id: number, key: string, now: number): boolean {
    const last = this.counted.get(`${id} ${key}`);
    return last !== undefined && now - last < SCAN_DEDUP_WINDOW_MS;
  }

  /** The decision in this node's memory alone: counts unless counted here within the window. */
  private recordHere(batch: ScannedBatch, key: string, now: number): boolean {
    return !this.countedHere(batch.id, key, now) && this.count(batch, key, now);
  }

  private count({ id, code, platform }: ScannedBatch, key: string, now: number): true {
    const pair = `${id} ${key}`;
    // Re-inserted so the Map stays ordered by time counted.
    this.counted.delete(pair);
    this.counted.set(pair, now);
    if (this.counted.size > SCAN_DEDUP_MAX) this.forget(now);
    let p = this.buffer.get(id);
    if (!p) {
      p = { code, platform, count: 0, sources: new Set() };
      this.buffer.set(id, p);
    }
    p.count++;
    p.sources.add(key);
    return true;
  }

  /** Drops pairs whose window is over, then the oldest ones down to 90 % of the bound. */
  private forget(now: number): void {
    for (const [pair, at] of this.counted) {
      if (now - at < SCAN_DEDUP_WINDOW_MS && this.counted.size <= SCAN_DEDUP_MAX * 0.9) break;
      this.counted.delete(pair);
    }
  }

  /** Scans of a batch not yet in the database, and how many distinct sources they came from. */
  pending(id: number): { count: number; sources: number } {
    const a = this.buffer.get(id);
    const b = this.inflight.get(id);
    if (!a && !b) return { count: 0, sources: 0 };
    return { count: (a?.count ?? 0) + (b?.count ?? 0), sources: (a?.sources.size ?? 0) + (b?.sources.size ?? 0) };
  }

  get size(): number {
    return this.buffer.size;
  }

  /** Writes buffered scans; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.buffer.size ? this.flush() : undefined));
    if (this.buffer.size === 0) return Promise.resolve();
    this.inflight = this.buffer;
    this.buffer = new Map();
    this.flushing = this.write(this.inflight)
      .catch((err) => {
        // Put the counts back; they go with the next flush.
        for (const [id, p] of this.inflight) {
          const cur = this.buffer.get(id);
          if (!cur) this.buffer.set(id, p);
          else {
            cur.count += p.count;
            for (const k of p.sources) cur.sources.add(k);
          }
        }
        throw err;
      })
      .finally(() => {
        this.inflight = new Map();
        this.flushing = null;
      });
    return this.flushing;
  }

  private async write(batch: Map<number, Pending>): Promise<void> {
    // In id order: two nodes flushing the same batches take their row locks in the same order, so
    // they wait for each other instead of deadlocking.
    const entries = [...batch.entries()].sort((a, b) => a[0] - b[0]);
    // Three array parameters, whatever the number of batches: building one SQL chunk per row took
    // the event loop for milliseconds every second under load (and its garbage outlived young GC).
    const ids = sql.param(entries.map(([id]) => id));
    const counts = sql.param(entries.map(([, p]) => p.count));
    const keys = sql.param(entries.map(([, p]) => keysOf(p)));
    const values = sql`unnest(${ids}::int[], ${counts}::int[], ${keys}::text[]) as v(id, n, keys)`;
    // The row's keys with the new ones (the merge skipped when it holds them all, as on most scans).
    const merged = sql`case when trace_scans.source_keys @> excluded.source_keys then trace_scans.source_keys
      else scan_source_keys_merged(trace_scans.source_keys, excluded.source_keys, ${SOURCE_KEYS_KEPT}) end`;
    const day = todayInVietnam();
    const totals = new Map<number, { scans: number; sources: number }>();
    await this.db.transaction(async (tx) => {
      // One row per scanned batch: the count grows, the sources seen join the row's set (kept up
      // to SOURCE_KEYS_KEPT; beyond it the warning holds for good and the figure stops growing).
      // Each key list is an array literal passed as text (a text[] of arrays would be one flat array).
      const res = await tx.execute<{ id: number; scans: number; sources: number }>(
        sql`insert into trace_scans (traceability_id, scans, sources, source_keys)
            select v.id, v.n, cardinality(v.keys::text[]), v.keys::text[] from ${values}
            where exists (select 1 from traceabilities t where t.id = v.id)
            on conflict (traceability_id) do update set
              scans = trace_scans.scans + excluded.scans,
              sources = greatest(trace_scans.sources, cardinality(${merged})),
              source_keys = ${merged}
            returning traceability_id as id, scans, sources`,
      );
      const perPlatform = new Map<string, number>();
      for (const row of res.rows) {
        const id = Number(row.id);
        totals.set(id, { scans: Number(row.scans), sources: Number(row.sources) });
        const { platform, count } = batch.get(id)!;
        perPlatform.set(platform, (perPlatform.get(platform) ?? 0) + count);
      }
      if (perPlatform.size === 0) return;
      // The platform's scans of the day in Vietnam (the admin dashboard's chart), summed here from
      // the rows written: joining every scanned batch again for its platform read as many table pages.
      const days = [...perPlatform].map(([platform, n]) => sql`(${platform}, ${day}::date, ${n}::int)`);
      await tx.execute(
        sql`insert into scan_days (platform, day, scans) values ${sql.join(days, sql`, `)}
            on conflict (platform, day) do update set scans = scan_days.scans + excluded.scans`,
      );
    });
    // Committed: cached entries now take the stored figures (absolute values, never increments).
    for (const [id, p] of entries) {
      const entry = this.cache.peek(p.code);
      if (!entry || entry.id !== id) continue;
      const total = totals.get(id);
      if (!total) continue;
      entry.scanBase = total.scans;
      entry.sourceCount = total.sources;
    }
    this.inflight = new Map();
  }
}

/** The distinct sources stored for batch `id` (at most SOURCE_KEYS_KEPT), sorted. */
export async function storedSourceKeys(db: Db, id: number): Promise<string[]> {
  const [row] = await db
    .select({ keys: traceScans.sourceKeys })
    .from(traceScans)
    .where(eq(traceScans.traceabilityId, id));
  return row?.keys ?? [];
}

/** The scans stored for batch `id` and from how many distinct sources (zeros before its first flush). */
export async function storedScans(db: Db, id: number): Promise<{ scans: number; sources: number }> {
  const [row] = await db
    .select({ scans: traceScans.scans, sources: traceScans.sources })
    .from(traceScans)
    .where(eq(traceScans.traceabilityId, id));
  return { scans: row?.scans ?? 0, sources: row?.sources ?? 0 };
}
