import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { SharedWindows, type SharedUse } from '../lib/shared-windows.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one Redis client when REDIS_URL is set (ADR 026), else null. Closed with the app. */
    redis: Redis | null;
    /** The counters every node shares through `redis`; null without REDIS_URL (each node counts alone). */
    sharedWindows: SharedWindows | null;
  }
}

/** Where a Redis URL points, without its user name and password: the only form that is logged. */
export function redisLabel(url: string): string {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? u.pathname : '';
  return `${u.protocol}//${u.hostname}:${u.port || '6379'}${db}`;
}

/** One log line per use of Redis at most this often while it stays down. */
const DEGRADED_LOG_EVERY_MS = 60_000;

/**
 * The app's Redis client, when REDIS_URL is set. A command never waits for a connection (no
 * offline queue) nor for long (commandTimeout): while Redis is down, each shared counter answers
 * from this node's memory at once (ADR 026). Startup does not wait for Redis either: a node that
 * starts during an outage serves with per-node limits and joins once Redis is back.
 */
export default fp(
  async function redisPlugin(app: FastifyInstance) {
    const url = app.config.REDIS_URL;
    if (!url) {
      app.decorate('redis', null);
      app.decorate('sharedWindows', null);
      return;
    }
    const label = redisLabel(url);
    // Imported only when configured: a node without REDIS_URL does not carry the client.
    const { Redis: RedisClient } = await import('ioredis');
    const redis = new RedisClient(url, {
      keyPrefix: app.config.REDIS_PREFIX,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 500,
    });
    let down = false;
    const lastLogged = new Map<SharedUse, number>();
    redis.on('error', (err: Error) => {
      if (down) return;
      down = true;
      app.log.error(
        { redis: label, err: { message: err.message } },
        'redis unavailable: shared limits fall back to each node',
      );
    });
    redis.on('ready', () => {
      if (down) app.log.info({ redis: label }, 'redis back: limits are shared again');
      down = false;
      lastLogged.clear();
    });
    const degraded = (err: unknown, use: SharedUse) => {
      const now = Date.now();
      if (now - (lastLogged.get(use) ?? 0) < DEGRADED_LOG_EVERY_MS) return;
      lastLogged.set(use, now);
      app.log.warn(
        { redis: label, err: { message: err instanceof Error ? err.message : String(err) } },
        `redis failed: ${use} counted on this node only`,
      );
    };
    app.decorate('redis', redis);
    app.decorate('sharedWindows', new SharedWindows(redis, degraded));
    await redis.connect().then(
      () => app.log.info({ redis: label }, 'redis connected: limits shared by every node'),
      () => undefined, // already logged by the error listener; the client keeps reconnecting
    );
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
