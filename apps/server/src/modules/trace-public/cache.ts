/**
 * In-process cache of public trace lookups (ADR docs/decisions/006-trace-lookup-cache.md).
 *
 * An entry holds the serialized payload without its volatile parts (scan count, duplicate
 * warning) as UTF-8 bytes, so a hit is one Map lookup and a copy: nothing is serialized or
 * encoded again, and an entry takes about half the memory of the same text as a JS string. It is never wrong on this
 * node: every write to a batch calls `invalidate(code)` after its commit, and a load that raced
 * with an invalidation of its code is returned but not stored. Entries are reloaded in bulk
 * once they are `ttlMs` old (warmer.ts: the safety net for writes made on other nodes) and are
 * not served at all past `hardTtlMs` or once the calendar day changes (expiry and certificate
 * validity depend on today). Misses are coalesced: one load per code at a time.
 *
 * Codes that resolve to nothing are remembered for `missTtlMs` in a separate, smaller LRU
 * (`maxMisses`): a flood of random codes is answered from memory and can never evict the
 * entries of real batches.
 */
import { todayInVietnam } from '@agrihub/contract';

export interface TraceEntry {
  id: number;
  code: string;
  platform: string;
  productId: number;
  producerId: number;
  /** The producer is closed: the page is taken down (410 no_longer_available), `head` is empty. */
  gone?: boolean;
  quantity: number;
  /**
   * `{"data":{"traceability":{…` up to (not including) the volatile fields and closing braces: the
   * text as it was read or built, turned into UTF-8 bytes (utf8Exact: sized to the text, so a
   * cached entry keeps no shared pool alive) only when the cache keeps the entry. An entry that is
   * answered once and dropped (the long tail of codes) never pays for the bytes: an off-heap
   * buffer per lookup kept V8's collector busy under uniform traffic (bench/scale.ts).
   */
  head: Buffer | string;
  /** scan_count stored in the database when loaded (kept current by the scan flush). */
  scanBase: number;
  /** Distinct scan sources stored when loaded (kept current by the scan flush). */
  sourceCount: number;
  day: string;
  loadedAt: number;
}

/** A negative entry remembers that a code does not resolve to a published batch. */
interface Missing {
  missing: true;
  loadedAt: number;
}
/** `touchedAt`: when the slot last moved to the recent end of the LRU order. */
type Slot = (TraceEntry | Missing) & { touchedAt?: number };
/** A load in flight: its promise until it settles, then null (see TraceCache.loading). */
type Flight = { promise: Promise<TraceEntry | null> | null };

export interface TraceCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  hardTtlMs?: number;
  missTtlMs?: number;
  /** Bound of the negative cache (codes known not to resolve). */
  maxMisses?: number;
}

const isMissing = (s: Slot): s is Missing => 'missing' in s;

export class TraceCache {
  maxEntries: number;
  readonly ttlMs: number;
  readonly hardTtlMs: number;
  readonly missTtlMs: number;
  maxMisses: number;
  /** Entries of published batches. */
  private slots = new Map<string, Slot>();
  /** Codes known not to resolve, oldest first (never touched on a hit: they simply expire). */
  private misses = new Map<string, Missing>();
  /**
   * Loads in flight by code, each promise in a holder emptied when it settles. Not the promise
   * itself: with promises kept in this long-lived map, the page each resolves to outlived its answer
   * until a full collection (most likely V8's allocation-site pretenuring allocates them old;
   * bench/scale.ts, uniform codes: 2 MB promoted per scavenge, 3 ms scavenges instead of 0.9).
   */
  private loading = new Map<string, Flight>();
  /** Codes loaded once and not admitted yet (see admit). */
  private seenOnce = new Set<string>();
  /** Bumped by every invalidation. */
  private epoch = 0;
  /** Epoch of the last invalidation of each code, and of the last invalidation of everything. */
  private codeEpoch = new Map<string, number>();
  private floorEpoch = 0;
  private today = todayInVietnam();
  private todayCheckedAt = Date.now();

  constructor(opts: TraceCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.hardTtlMs = opts.hardTtlMs ?? 4 * this.ttlMs;
    this.missTtlMs = opts.missTtlMs ?? 5_000;
    this.maxMisses = opts.maxMisses ?? 10_000;
  }

  /** Cached entries of published batches. */
  get size(): number {
    return this.slots.size;
  }

  /** Remembered misses. */
  get missCount(): number {
    return this.misses.size;
  }

  currentDay(now = Date.now()): string {
    if (now - this.todayCheckedAt > 1000) {
      this.today = todayInVietnam(now);
      this.todayCheckedAt = now;
    }
    return this.today;
  }

  private usable(slot: Slot, now: number): boolean {
    if (isMissing(slot)) return slot.loadedAt + this.missTtlMs > now;
    return slot.loadedAt + this.hardTtlMs > now && slot.day === this.currentDay(now);
  }

  /** A usable cached answer: the entry, null for a known miss, undefined when it must be loaded. */
  hit(code: string): TraceEntry | null | undefined {
    const slot = this.slots.get(code);
    if (!slot) {
      const miss = this.misses.get(code);
      return miss && miss.loadedAt + this.missTtlMs > Date.now() ? null : undefined;
    }
    const now = Date.now();
    if (!this.usable(slot, now)) return undefined;
    // Refresh recency: a Map keeps insertion order, so re-inserting moves the entry to the end.
    // At most once a second per entry: re-inserting on every hit churns the Map's hash table
    // (it showed as the top cost of a hot lookup) for no gain in eviction quality.
    if (now - (slot.touchedAt ?? 0) > 1000) {
      this.slots.delete(code);
      this.slots.set(code, slot);
      slot.touchedAt = now;
    }
    return isMissing(slot) ? null : slot;
  }

  /**
   * The entry of `code`, loading it with `load` on a miss. null = no published batch.
   * Recently used entries are kept; the least recently used one goes when the cap is reached.
   */
  async get(code: string, load: (code: string) => Promise<TraceEntry | null>): Promise<TraceEntry | null> {
    const cached = this.hit(code);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(code)?.promise;
    if (pending) return pending;
    const started = this.beginLoad();
    const flight: Flight = { promise: null };
    // One derived promise (not then + finally): every uncached lookup pays for each one.
    const settled = () => {
      flight.promise = null;
      if (this.loading.get(code) === flight) this.loading.delete(code);
    };
    const promise: Promise<TraceEntry | null> = load(code).then(
      (entry) => {
        settled();
        if (!entry || this.admit(code)) this.store(code, entry ?? { missing: true, loadedAt: Date.now() }, started);
        return entry;
      },
      (err: unknown) => {
        settled();
        throw err;
      },
    );
    flight.promise = promise;
    this.loading.set(code, flight);
    return promise;
  }

  /**
   * Whether a loaded entry may take a place in the full cache: only a code asked for the second
   * time since the doorkeeper last forgot (it remembers up to 4 × maxEntries codes). With QR scans
   * (Zipf) most codes of the long tail are asked once: admitted, each would push out a popular
   * entry. Measured in a simulation of 1,000,000 codes and 10,000 entries: 58 % of lookups hit
   * without it, 65 % with it (68 % is the most any 10,000 entries can hold).
   */
  private admit(code: string): boolean {
    if (this.slots.size < this.maxEntries) return true;
    if (this.seenOnce.delete(code)) return true;
    if (this.seenOnce.size >= 4 * this.maxEntries) this.seenOnce.clear();
    this.seenOnce.add(code);
    return false;
  }

  /** Call before reading the database for entries; pass the result to `store`. */
  beginLoad(): number {
    return this.epoch;
  }

  /** Stores what a load started at `started` read, unless its code was invalidated since. */
  store(code: string, slot: Slot, started: number): boolean {
    if (this.floorEpoch > started || (this.codeEpoch.get(code) ?? 0) > started) return false;
    if (isMissing(slot)) {
      this.slots.delete(code);
      this.misses.delete(code);
      if (this.maxMisses <= 0) return false;
      this.misses.set(code, slot);
      while (this.misses.size > this.maxMisses) this.misses.delete(this.misses.keys().next().value as string);
      return true;
    }
    this.misses.delete(code);
    const old = this.slots.get(code);
    if (old && !isMissing(old) && old.id === slot.id) {
      // Scan figures only grow; a load that read them before a flush must not lower them.
      slot.scanBase = Math.max(slot.scanBase, old.scanBase);
      slot.sourceCount = Math.max(slot.sourceCount, old.sourceCount);
    }
    this.slots.delete(code);
    if (this.maxEntries <= 0) return false;
    if (typeof slot.head === 'string') slot.head = utf8Exact(slot.head);
    this.slots.set(code, slot);
    while (this.slots.size > this.maxEntries) {
      const oldest = this.slots.keys().next().value as string;
      this.slots.delete(oldest);
    }
    return true;
  }

  /** The cached entry without loading (used by the scan flush to keep counts current). */
  peek(code: string): TraceEntry | undefined {
    const slot = this.slots.get(code);
    return slot && !isMissing(slot) ? slot : undefined;
  }

  /** Entries due for a reload (older than ttlMs or of another day), oldest first. */
  stale(now = Date.now()): TraceEntry[] {
    const day = this.currentDay(now);
    const out: TraceEntry[] = [];
    for (const slot of this.slots.values()) {
      if (!isMissing(slot) && (slot.loadedAt + this.ttlMs <= now || slot.day !== day)) out.push(slot);
    }
    return out.sort((a, b) => a.loadedAt - b.loadedAt);
  }

  /** Call after every committed write to the batch with this public code. */
  invalidate(code: string): void {
    this.epoch++;
    this.codeEpoch.set(code, this.epoch);
    if (this.codeEpoch.size > 100_000) {
      // Forget per-code epochs; loads started before now are refused wholesale instead.
      this.codeEpoch.clear();
      this.floorEpoch = this.epoch;
    }
    this.slots.delete(code);
    this.misses.delete(code);
    this.loading.delete(code);
  }

  /**
   * Call after a product changes (name, images, GTIN, approval…): every cached batch of it goes,
   * and so do the remembered misses (an approval may make a missing code public).
   */
  invalidateProduct(productId: number): void {
    this.dropWhere((slot) => slot.productId === productId);
  }

  /** Call after a producer's status changes (closed, reopened, approved): its batches and the misses go. */
  invalidateProducer(producerId: number): void {
    this.dropWhere((slot) => slot.producerId === producerId);
  }

  private dropWhere(match: (slot: TraceEntry) => boolean): void {
    this.epoch++;
    this.floorEpoch = this.epoch;
    for (const [code, slot] of this.slots) {
      if (isMissing(slot) || match(slot)) this.slots.delete(code);
    }
    this.misses.clear();
    this.loading.clear();
  }

  clear(): void {
    this.epoch++;
    this.floorEpoch = this.epoch;
    this.seenOnce.clear();
    this.slots.clear();
    this.misses.clear();
    this.loading.clear();
  }
}

/**
 * `text` as UTF-8 in a buffer of its own size: Buffer.from would put a small one in Node's shared
 * 8 KB pool, which a long-lived cache entry would then keep alive whole.
 */
export function utf8Exact(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The entry's page text, whether the cache holds it as bytes or not. */
export const headText = (entry: Pick<TraceEntry, 'head'>): string =>
  typeof entry.head === 'string' ? entry.head : entry.head.toString('utf8');
