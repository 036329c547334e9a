/**
 * In-process cache of public trace lookups (ADR docs/decisions/003-trace-lookup-cache.md).
 *
 * An entry holds the serialized payload without its volatile parts (scan count, duplicate
 * warning), so a hit is one Map lookup and a string concatenation. It is never wrong on this
 * node: every write to a batch calls `invalidate(code)` after its commit, and a load that raced
 * with any invalidation is returned but not stored. Entries also expire after `ttlMs` (the
 * safety net for writes made on other nodes) and when the calendar day changes (expiry and
 * certificate validity depend on today). Misses are coalesced: one load per code at a time.
 */
export interface TraceEntry {
  id: number;
  code: string;
  platform: string;
  productId: number;
  quantity: number;
  /** JSON of `{"data":{"traceability":{…` up to (not including) the volatile fields and closing braces. */
  head: string;
  /** scan_count stored in the database when loaded (kept current by the scan flush). */
  scanBase: number;
  /** Distinct scan sources stored when loaded (kept current by the scan flush). */
  sourceCount: number;
  day: string;
  expiresAt: number;
}

/** A negative entry remembers that a code does not resolve to a published batch. */
type Slot = TraceEntry | { missing: true; code: string; expiresAt: number };

export interface TraceCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  missTtlMs?: number;
}

/** Today in Asia/Ho_Chi_Minh (UTC+7, no daylight saving). */
export function vnToday(now = Date.now()): string {
  return new Date(now + 7 * 3600_000).toISOString().slice(0, 10);
}

export class TraceCache {
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly missTtlMs: number;
  private slots = new Map<string, Slot>();
  private loading = new Map<string, Promise<TraceEntry | null>>();
  /** Bumped by every invalidation; a load that saw another epoch does not store its result. */
  private epoch = 0;
  private today = vnToday();
  private todayCheckedAt = Date.now();

  constructor(opts: TraceCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.missTtlMs = opts.missTtlMs ?? 5_000;
  }

  get size(): number {
    return this.slots.size;
  }

  private currentDay(now: number): string {
    if (now - this.todayCheckedAt > 1000) {
      this.today = vnToday(now);
      this.todayCheckedAt = now;
    }
    return this.today;
  }

  /**
   * The entry of `code`, loading it with `load` on a miss. null = no published batch.
   * Recently used entries are kept; the least recently used one goes when the cap is reached.
   */
  async get(code: string, load: (code: string) => Promise<TraceEntry | null>): Promise<TraceEntry | null> {
    const now = Date.now();
    const slot = this.slots.get(code);
    if (slot && slot.expiresAt > now && ('missing' in slot || slot.day === this.currentDay(now))) {
      // Refresh recency: Map keeps insertion order, so re-inserting moves it to the end.
      this.slots.delete(code);
      this.slots.set(code, slot);
      return 'missing' in slot ? null : slot;
    }
    const pending = this.loading.get(code);
    if (pending) return pending;
    const started = this.epoch;
    const promise = load(code)
      .then((entry) => {
        if (this.epoch === started) {
          this.store(code, entry ?? { missing: true, code, expiresAt: Date.now() + this.missTtlMs });
        }
        return entry;
      })
      .finally(() => {
        if (this.loading.get(code) === promise) this.loading.delete(code);
      });
    this.loading.set(code, promise);
    return promise;
  }

  private store(code: string, slot: Slot) {
    this.slots.delete(code);
    this.slots.set(code, slot);
    while (this.slots.size > this.maxEntries) {
      const oldest = this.slots.keys().next().value as string;
      this.slots.delete(oldest);
    }
  }

  /** The cached entry without loading (used by the scan flush to keep counts current). */
  peek(code: string): TraceEntry | undefined {
    const slot = this.slots.get(code);
    return slot && !('missing' in slot) ? slot : undefined;
  }

  /** Call after every committed write to the batch with this public code. */
  invalidate(code: string): void {
    this.epoch++;
    this.slots.delete(code);
    this.loading.delete(code);
  }

  /** Call after a product changes (name, images, GTIN…): every cached batch of it goes. */
  invalidateProduct(productId: number): void {
    this.epoch++;
    for (const [code, slot] of this.slots) {
      if (!('missing' in slot) && slot.productId === productId) this.slots.delete(code);
    }
    this.loading.clear();
  }

  clear(): void {
    this.epoch++;
    this.slots.clear();
    this.loading.clear();
  }
}
