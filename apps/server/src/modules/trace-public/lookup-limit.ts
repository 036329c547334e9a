import { isIPv4 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { SharedUse, SharedWindows } from '../../lib/shared-windows.js';

/** What a lookup that found nothing costs against the budget (a found one costs 1). */
export const LOOKUP_MISS_COST = 10;
/** Clients tracked per window; past it, new clients go untracked until the window ends. */
const MAX_CLIENTS = 100_000;

/**
 * The client a public lookup is charged to: the IPv4 address, or the /64 of an IPv6 address
 * (one host usually holds a whole /64).
 */
export function lookupClientOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4;
  const bare = ip.split('%')[0].toLowerCase();
  const [head = '', tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** A budget kept in Redis: its keys are `${name}:${client}` (after REDIS_PREFIX). */
export interface SharedBudget {
  windows: SharedWindows;
  name: string;
  use: SharedUse;
}

/**
 * Per-client budget of the public lookups (trace, product page, Digital Links), counted in a
 * fixed window: a found answer costs 1, one that found nothing LOOKUP_MISS_COST (it reached the
 * database for nothing). `budget` 0 turns it off.
 *
 * Without Redis, synchronous and in memory (per node): a warm lookup stays one Map read away
 * from its answer. With `shared` (REDIS_URL set, ADR 026), `take` charges one window per client
 * in Redis that every node sees (one atomic script, one round trip); when Redis fails it charges
 * this node's memory instead.
 */
export class LookupLimiter {
  private used = new Map<string, number>();
  private clientMemo = new Map<string, string>();
  private windowEnd = 0;

  constructor(
    readonly budget: number,
    readonly windowMs = 60_000,
    private readonly shared: SharedBudget | null = null,
  ) {}

  private clientOf(ip: string): string {
    let c = this.clientMemo.get(ip);
    if (c === undefined) {
      if (this.clientMemo.size > MAX_CLIENTS) this.clientMemo.clear();
      c = lookupClientOf(ip);
      this.clientMemo.set(ip, c);
    }
    return c;
  }

  /**
   * Charges `cost` to the client of `ip` in the shared window when there is one, else in memory;
   * 0 when allowed, else the seconds until it may retry. Synchronous without Redis.
   */
  take(ip: string, cost: number): number | Promise<number> {
    const shared = this.shared;
    if (!shared || this.budget <= 0) return this.charge(ip, cost);
    return shared.windows.charge(`${shared.name}:${this.clientOf(ip)}`, cost, this.budget, this.windowMs).then(
      (ms) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0),
      (err: unknown) => {
        shared.windows.degraded(err, shared.use);
        return this.charge(ip, cost);
      },
    );
  }

  /** Charges `cost` to the client of `ip` in this node's memory; returns 0 when allowed, else the seconds until it may retry. */
  charge(ip: string, cost: number, now = Date.now()): number {
    if (this.budget <= 0) return 0;
    if (now >= this.windowEnd) {
      this.used.clear();
      this.windowEnd = now + this.windowMs;
    }
    const client = this.clientOf(ip);
    const used = this.used.get(client) ?? 0;
    if (used >= this.budget) return Math.max(1, Math.ceil((this.windowEnd - now) / 1000));
    if (used === 0 && this.used.size >= MAX_CLIENTS) return 0;
    this.used.set(client, used + cost);
    return 0;
  }

  /** Forgets every charge; the next one opens a new window. */
  reset(): void {
    this.used.clear();
    this.windowEnd = 0;
  }

  /** Route hook: charges one lookup, or answers 429 with Retry-After once the budget is spent. */
  readonly onRequest = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    const answer = (retry: number) => {
      if (!retry) return done();
      reply.header('retry-after', String(retry));
      done(new AppError(429, 'lookup_rate_limited', { retry }));
    };
    const retry = this.take(req.ip, 1);
    if (typeof retry === 'number') answer(retry);
    else void retry.then(answer);
  };

  /**
   * Charges the rest of a miss's cost (the request itself was charged 1 by onRequest). Not
   * waited for: the answer does not depend on it, and the node's one Redis connection sends it
   * before any later request of the same client.
   */
  miss(req: FastifyRequest): void {
    void this.take(req.ip, LOOKUP_MISS_COST - 1);
  }
}
