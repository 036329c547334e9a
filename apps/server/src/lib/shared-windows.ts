import type { Redis } from 'ioredis';

/**
 * Charges ARGV[1] to the fixed window KEYS[1] (budget ARGV[2], ARGV[3] ms long, opened by its
 * first charge) unless the budget is already spent: the in-memory LookupLimiter's rule, in one
 * atomic step. Returns 0 when charged, else the milliseconds until the window ends (≥ 1).
 */
const CHARGE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    ttl = tonumber(ARGV[3])
  end
  if ttl < 1 then ttl = 1 end
  return ttl
end
redis.call('INCRBY', KEYS[1], ARGV[1])
if used == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 0
`;

/** The command that defineCommand adds for CHARGE. */
interface ChargeCommand {
  agrihubCharge(key: string, cost: number, budget: number, windowMs: number): Promise<number>;
}

/** What a caller falls back to when Redis does not answer: named in the log line. */
export type SharedUse = 'rate limit' | 'lookup limit' | 'post view budget' | 'scan de-duplication';

/**
 * Counters and windows that every node sees, kept in Redis (ADR 026). The client's key prefix
 * (REDIS_PREFIX) is put before every key. A command that fails rejects at once (no offline
 * queue): each caller then falls back to its node's own memory and calls `degraded`.
 */
export class SharedWindows {
  constructor(
    private readonly redis: Redis,
    /** Logs that Redis failed and `use` fell back to this node's memory (rate-limited by the caller). */
    readonly degraded: (err: unknown, use: SharedUse) => void,
  ) {
    redis.defineCommand('agrihubCharge', { numberOfKeys: 1, lua: CHARGE });
  }

  /** Charges `cost` to `key`'s window of `budget` per `windowMs`; 0 when allowed, else the ms until it may retry. */
  async charge(key: string, cost: number, budget: number, windowMs: number): Promise<number> {
    return Number(await (this.redis as unknown as ChargeCommand).agrihubCharge(key, cost, budget, windowMs));
  }

  /** True for the first claim of `key` in `windowMs` across every node (SET NX PX), false for the others. */
  async claim(key: string, windowMs: number): Promise<boolean> {
    return (await this.redis.set(key, '1', 'PX', windowMs, 'NX')) === 'OK';
  }
}
