import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TraceCache } from './cache.js';
import { entryOf, fetchRows } from './lookup.js';
import { attachOrigins } from './origins.js';
import { loadEntries } from './public-docs.js';

export const WARM_PAGE_SIZE = 500;

/**
 * Keeps the trace cache full and current with set-based reads (500 batches per query):
 * at start it preloads the most recent published batches up to the cache's cap, then every
 * `intervalMs` it reloads the entries older than the cache's TTL from their stored pages (ADR 028:
 * one index lookup each; a batch without one is built and stored). A lookup thus rarely waits for
 * the database, and a write made on another node whose notification was lost shows within TTL +
 * interval (the write's transaction deleted the stored page: state.ts).
 */
export class TraceWarmer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly cache: TraceCache,
    private readonly intervalMs = 5_000,
  ) {}

  /** Loads published batches, newest first, until the cache is full or none are left. */
  async preload(): Promise<number> {
    let loaded = 0;
    let beforeId = 2_147_483_647;
    while (!this.stopped && loaded < this.cache.maxEntries) {
      const started = this.cache.beginLoad();
      const limit = Math.min(WARM_PAGE_SIZE, this.cache.maxEntries - loaded);
      const rows = await attachOrigins(
        this.db,
        await fetchRows(this.db, sql`t.id < ${beforeId}`, sql`order by t.id desc limit ${limit}`),
      );
      if (!rows.length) break;
      const today = this.cache.currentDay();
      for (const row of rows) {
        const entry = entryOf(row, today);
        // Never replace what a lookup loaded meanwhile (it is as fresh as this); pages not public are skipped.
        if (entry && !this.cache.peek(row.public_code)) this.cache.store(row.public_code, entry, started);
      }
      loaded += rows.length;
      beforeId = Number(rows[rows.length - 1].id);
      if (rows.length < limit) break;
    }
    return loaded;
  }

  /** Reloads the entries due, in pages; a batch no longer public is dropped. */
  async refresh(): Promise<void> {
    const due = this.cache.stale();
    for (let i = 0; i < due.length && !this.stopped; i += WARM_PAGE_SIZE) {
      const page = due.slice(i, i + WARM_PAGE_SIZE);
      const started = this.cache.beginLoad();
      const entries = await loadEntries(
        this.db,
        page.map((e) => e.code),
      );
      for (const { code } of page) {
        const entry = entries.get(code);
        this.cache.store(code, entry ?? { missing: true, loadedAt: Date.now() }, started);
      }
    }
  }

  start(onError: (err: unknown) => void): void {
    this.running = this.preload()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        this.running = null;
      });
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.refresh()
        .catch(onError)
        .finally(() => {
          this.running = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Resolves when the preload (or a refresh) in progress is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }
}
