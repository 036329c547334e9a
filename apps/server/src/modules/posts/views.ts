import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import type { SharedWindows } from '../../lib/shared-windows.js';
import { LookupLimiter } from '../trace-public/lookup-limit.js';

/** Views one client (IPv4 address, IPv6 /64) may add to the counts per minute; reads past it are answered but not counted. */
export const VIEW_COUNTS_PER_MIN = 60;

/**
 * A post's public read counts one view: one atomic `UPDATE … SET view_count = view_count + 1`
 * (no read-modify-write), within a per-client budget so that a loop of reads can neither inflate
 * the counts nor keep the database writing (the reads themselves are bounded by the public lookup
 * limit). In memory, per node; shared by the nodes through Redis when REDIS_URL is set (ADR 026).
 */
export class ViewCounter {
  private readonly budget: LookupLimiter;

  constructor(perMinute = VIEW_COUNTS_PER_MIN, shared: SharedWindows | null = null) {
    this.budget = new LookupLimiter(
      perMinute,
      60_000,
      shared && { windows: shared, name: 'views', use: 'post view budget' },
    );
  }

  /** Counts a view of the post by `ip` when its budget allows; the post's count after it, or null when not counted. */
  async count(db: Db, postId: number, ip: string): Promise<number | null> {
    if ((await this.budget.take(ip, 1)) !== 0) return null;
    const [row] = await db
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ viewCount: posts.viewCount });
    return row?.viewCount ?? null;
  }

  /** Forgets every client's budget (tests). */
  reset(): void {
    this.budget.reset();
  }
}
