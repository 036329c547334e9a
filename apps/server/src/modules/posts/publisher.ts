import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { VIEW_COUNTS_PER_MIN, ViewCounter } from './views.js';

/** How often due scheduled posts are flipped to published. */
export const PUBLISH_INTERVAL_MS = 30_000;

/**
 * Flips the scheduled posts whose time has come (`publish_at <= now`) to `published`, with
 * `published_at` = their scheduled time, and writes one history row each (no actor: the
 * schedule did it), in one transaction. Safe on several nodes at once: a row flipped by one is no
 * longer `scheduled` for the other. Public reads do not wait for it (a due scheduled post already
 * reads as published); it makes the stored state catch up. Returns the ids flipped.
 */
export async function publishDuePosts(db: Db, now: Date = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const flipped = await tx
      .update(posts)
      .set({
        status: 'published',
        publishedAt: sql`coalesce(${posts.publishedAt}, ${posts.publishAt})`,
        updatedAt: now,
      })
      .where(and(eq(posts.status, 'scheduled'), lte(posts.publishAt, now)))
      .returning({ id: posts.id, platform: posts.platform, publishAt: posts.publishAt });
    for (const p of flipped)
      await recordActivity(tx, {
        subjectType: 'post',
        subjectId: p.id,
        platform: p.platform,
        actorId: null,
        action: 'publish',
        from: 'scheduled',
        to: 'published',
        diff: { publish_at: p.publishAt?.toISOString() ?? null },
      });
    return flipped.map((p) => p.id);
  });
}

export interface PostPublisher {
  /** Starts the timer (the app does on ready, except in tests). */
  start(): void;
  /** One run now (waits for a run in progress first). */
  runOnce(): Promise<number[]>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Flips due scheduled posts every PUBLISH_INTERVAL_MS (see publishDuePosts). */
    postPublisher: PostPublisher;
    /** Counts the public reads of posts (see views.ts). */
    postViews: ViewCounter;
  }
}

/**
 * The scheduled-post job and the view counter. The job starts when the app is ready (not under
 * NODE_ENV=test, where a test calls publishDuePosts or `app.postPublisher.start()` itself) and is
 * stopped, waiting for a run in progress, when the app closes.
 */
export default fp(
  async function postPublisher(app: FastifyInstance) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<number[]> | null = null;
    let closing = false;

    const run = (): Promise<number[]> => {
      if (closing) return Promise.resolve([]);
      running ??= publishDuePosts(app.db)
        .catch((err: unknown) => {
          app.log.error({ err }, 'publishing due scheduled posts failed; retried on the next run');
          return [] as number[];
        })
        .finally(() => {
          running = null;
        });
      return running;
    };

    const publisher: PostPublisher = {
      start() {
        if (timer || closing) return;
        timer = setInterval(() => void run(), PUBLISH_INTERVAL_MS);
        timer.unref();
        void run();
      },
      async runOnce() {
        if (running) await running;
        return run();
      },
      async stop() {
        closing = true;
        if (timer) clearInterval(timer);
        timer = null;
        if (running) await running;
      },
    };
    app.decorate('postPublisher', publisher);
    app.decorate('postViews', new ViewCounter(VIEW_COUNTS_PER_MIN, app.sharedWindows));
    app.addHook('onReady', async () => {
      if (app.config.NODE_ENV !== 'test') publisher.start();
    });
    app.addHook('onClose', async () => publisher.stop());
  },
  { name: 'post-publisher' },
);
