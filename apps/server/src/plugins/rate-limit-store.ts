import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];

/**
 * @fastify/rate-limit's own Redis store (one atomic script per request: every node counts in the
 * same window), backed by its in-memory store: when Redis fails, the request is counted on this
 * node as without REDIS_URL and `degraded` is told (ADR 026). A Redis outage thus neither turns
 * requests into 500s nor lifts the limits; skipOnError stays on as the last guard.
 */
export function sharedRateLimitStore(
  redis: Redis,
  nameSpace: string,
  degraded: (err: unknown) => void,
): FastifyRateLimitStoreCtor {
  class SharedOrLocal implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(...[key, cb, timeWindow, max]: Parameters<Incr>): void {
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return cb(null, result);
          degraded(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedOrLocal(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends SharedOrLocal {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
