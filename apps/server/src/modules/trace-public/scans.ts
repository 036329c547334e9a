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

/** When sources last counted a scan of one batch: the one source, or a map from the second on. */
type Seen = { key: string; at: number } | Map<string, number>;

interface Pending {
  code: string;
  platform: string;
  count: number;
  /**
   * The distinct sources of the buffered scans (see sourceKeyOf): the one key, or a set from the
   * second source on. Most batches are scanned from one place between two flushes, and a set per
   * batch was garbage the collector had to promote under uniform traffic (bench/scale.ts).
   */
  sources: string | Set<string>;
}

const sourcesIn = (p: Pending | undefined) => (!p ? 0 : typeof p.sources === 'string' ? 1 : p.sources.size);

function addSource(p: Pending, key: string): void {
  if (typeof p.sources !== 'string') p.sources.add(key);
  else if (p.sources !== key) p.sources = new Set([p.sources, key]);
}

/** Distinct sources a batch's row keeps: one more than the duplicate warning's threshold. */
export const SOURCE_KEYS_KEPT = DUPLICATE_SOURCES_THRESHOLD + 1;

/**
 * The sources of a buffered batch, sorted, at most SOURCE_KEYS_KEPT (the row keeps no more),
 * joined by commas (keys are base64url: no comma, no semicolon).
 */
const keysOf = (p: Pending) =>
  typeof p.sources === 'string' ? p.sources : [...p.sources].sort().slice(0, SOURCE_KEYS_KEPT).join(',');

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
  /**
   * Batch id → when each source last counted a scan of it, the batch whose last count is oldest
   * first: keyed by number, as most batches are scanned from one place (a string key per pair, built
   * and hashed on every lookup, showed in the profile under uniform traffic: bench/scale.ts).
   */
  private counted = new Map<number, Seen>();
  /** (batch, source) pairs held in `counted`, bounded by SCAN_DEDUP_MAX. */
  private pairs = 0;

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
    const seen = this.counted.get(id);
    if (!seen) return false;
    const last = seen instanceof Map ? seen.get(key) : seen.key === key ? seen.at : undefined;
    return last !== undefined && now - last < SCAN_DEDUP_WINDOW_MS;
  }

  /** The decision in this node's memory alone: counts unless counted here within the window. */
  private recordHere(batch: ScannedBatch, key: string, now: number): boolean {
    return !this.countedHere(batch.id, key, now) && this.count(batch, key, now);
  }

  private count({ id, code, platform }: ScannedBatch, key: string, now: number): true {
    this.remember(id, key, now);
    if (this.pairs > SCAN_DEDUP_MAX) this.forget(now);
    let p = this.buffer.get(id);
    if (!p) {
      p = { code, platform, count: 0, sources: key };
      this.buffer.set(id, p);
    } else addSource(p, key);
    p.count++;
    return true;
  }

  /** Notes that `key` counted a scan of batch `id` at `now`; the batch moves to the newest end. */
  private remember(id: number, key: string, now: number): void {
    let seen = this.counted.get(id);
    if (seen) this.counted.delete(id);
    if (!seen) {
      seen = { key, at: now };
      this.pairs++;
    } else if (seen instanceof Map) {
      if (!seen.has(key)) this.pairs++;
      seen.delete(key);
      seen.set(key, now);
      // Oldest first here too: the sources whose window is over go (a batch scanned from many places).
      for (const [k, at] of seen) {
        if (now - at < SCAN_DEDUP_WINDOW_MS) break;
        seen.delete(k);
        this.pairs--;
      }
    } else if (seen.key === key) {
      seen.at = now;
    } else {
      seen = new Map([
        [seen.key, seen.at],
        [key, now],
      ]);
      this.pairs++;
    }
    this.counted.set(id, seen);
  }

  /**
   * Drops the batches whose last count is past the window, then the least recently counted ones
   * until 90 % of the bound is left. A batch kept for a recent count may keep an older source's
   * time too: countedHere compares each time with the window, so it never refuses a scan for it.
   */
  private forget(now: number): void {
    for (const [id, seen] of this.counted) {
      const last = seen instanceof Map ? Math.max(...seen.values()) : seen.at;
      if (now - last < SCAN_DEDUP_WINDOW_MS && this.pairs <= SCAN_DEDUP_MAX * 0.9) break;
      this.counted.delete(id);
      this.pairs -= seen instanceof Map ? seen.size : 1;
    }
  }

  /** Scans of a batch not yet in the database, and how many distinct sources they came from. */
  pending(id: number): { count: number; sources: number } {
    const a = this.buffer.get(id);
    const b = this.inflight.get(id);
    if (!a && !b) return { count: 0, sources: 0 };
    return { count: (a?.count ?? 0) + (b?.count ?? 0), sources: sourcesIn(a) + sourcesIn(b) };
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
            for (const k of typeof p.sources === 'string' ? [p.sources] : p.sources) addSource(cur, k);
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
    // Four text parameters, whatever the number of batches: one SQL chunk per row took the event
    // loop for milliseconds every second under load, and array parameters are quoted element by
    // element by the driver (base64url keys, platform keys and numbers need no quoting).
    const ids: number[] = [];
    const counts: number[] = [];
    const keys: string[] = [];
    const platforms: string[] = [];
    // Only the batches the cache holds need their new totals back (the rest are read with their page).
    const cached: number[] = [];
    for (const [id, p] of batch) {
      ids.push(id);
      counts.push(p.count);
      keys.push(keysOf(p));
      platforms.push(p.platform);
      if (this.cache.peek(p.code)?.id === id) cached.push(id);
    }
    // The row's keys with the new ones (the merge skipped when it holds them all, as on most scans).
    const merged = sql`case when trace_scans.source_keys @> excluded.source_keys then trace_scans.source_keys
      else scan_source_keys_merged(trace_scans.source_keys, excluded.source_keys, ${SOURCE_KEYS_KEPT}) end`;
    // One statement (atomic by itself, one round trip): one row per scanned batch not deleted
    // meanwhile (deleted_batch_ids: one hash anti-join over a small table, not an index probe of the
    // batch table per row) — the count grows, the sources seen join the row's set (kept up to
    // SOURCE_KEYS_KEPT; beyond it the warning holds for good and the figure stops growing) — in id
    // order, so two nodes flushing the same batches take their row locks in the same order and wait
    // for each other instead of deadlocking; and the platform's scans of the day in Vietnam (the
    // admin dashboard's chart) summed from the rows kept.
    const res = await this.db.execute<{ id: number; scans: number; sources: number }>(
      sql`with v as materialized (
            select v.id::int as id, v.n::int as n, string_to_array(v.keys, ',') as keys, v.platform
            from unnest(string_to_array(${ids.join(',')}, ','), string_to_array(${counts.join(',')}, ','),
              string_to_array(${keys.join(';')}, ';'), string_to_array(${platforms.join(',')}, ','))
              as v(id, n, keys, platform)
            where not exists (select 1 from deleted_batch_ids d where d.id = v.id::int)
          ), up as (
            insert into trace_scans (traceability_id, scans, sources, source_keys)
            select v.id, v.n, cardinality(v.keys), v.keys from v
            order by v.id
            on conflict (traceability_id) do update set
              scans = trace_scans.scans + excluded.scans,
              sources = greatest(trace_scans.sources, cardinality(${merged})),
              source_keys = ${merged}
            returning traceability_id, scans, sources
          ), days as (
            insert into scan_days (platform, day, scans)
            select v.platform, ${todayInVietnam()}::date, sum(v.n)::int from v
            group by v.platform
            on conflict (platform, day) do update set scans = scan_days.scans + excluded.scans
          )
          select traceability_id as id, scans, sources from up
          where traceability_id = any(string_to_array(${cached.join(',')}, ',')::int[])`,
    );
    // Committed: cached entries now take the stored figures (absolute values, never increments),
    // and so do those a lookup cached while the flush ran (read before or after it: reread, rare).
    const totals = res.rows;
    const known = new Set(cached);
    const since = [...batch].filter(([id, p]) => !known.has(id) && this.cache.peek(p.code)?.id === id).map(([id]) => id);
    if (since.length) {
      // The counts are committed: a failed reread must not put them back, its entries reload instead.
      const reread = await this.db
        .execute<{ id: number; scans: number; sources: number }>(
          sql`select traceability_id as id, scans, sources from trace_scans
              where traceability_id = any(string_to_array(${since.join(',')}, ',')::int[])`,
        )
        .catch(() => {
          for (const id of since) this.cache.invalidate(batch.get(id)!.code);
          return { rows: [] };
        });
      totals.push(...reread.rows);
    }
    for (const row of totals) {
      const id = Number(row.id);
      const entry = this.cache.peek(batch.get(id)!.code);
      if (!entry || entry.id !== id) continue;
      entry.scanBase = Number(row.scans);
      entry.sourceCount = Number(row.sources);
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
