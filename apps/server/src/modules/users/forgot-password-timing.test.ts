import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/**
 * The forgot-password answer must not tell whether an address has an account by how long it
 * takes (issue 25: 4.3 ms for a known address, 1.3 ms for an unknown one). Known and unknown
 * requests alternate (and swap order each round), so a slow spell of a shared machine hits both
 * alike; the medians are compared. The work done after an answer (the link and its mail) is
 * awaited between requests, outside the timed part: it must not land in the next answer's time.
 */
let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ FORGOT_RATE_LIMIT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const TRIES = 30;
const WARM_UP = 10;
const ROUNDS = 3;

async function timedForgot(email: string): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot_password',
    headers: { platform: 'dtrack', locale: 'vi' },
    payload: { email },
    remoteAddress: `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
  const took = performance.now() - started;
  expect(res.statusCode).toBe(200);
  await t.app.events.drain();
  return took;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** One round: TRIES of each, alternating (K U, U K, K U …); the medians and their gap (0.1 = 10 %). */
async function measure(knownEmail: string, unknownEmail: string) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    if (i % 2 === 0) {
      known.push(await timedForgot(knownEmail));
      unknown.push(await timedForgot(unknownEmail));
    } else {
      unknown.push(await timedForgot(unknownEmail));
      known.push(await timedForgot(knownEmail));
    }
  }
  const [k, n] = [median(known), median(unknown)];
  return { gap: Math.abs(k - n) / Math.min(k, n), text: `known ${k.toFixed(2)} ms, unknown ${n.toFixed(2)} ms` };
}

describe('forgot_password timing', () => {
  it('answers a known and an unknown address in the same time (medians within 20 %), and still mails the known one', async () => {
    const u = await buildUser(t.db);
    const unknown = 'nobody-here@example.vn';
    await clearOutbox(t);
    for (let i = 0; i < WARM_UP; i++) {
      await timedForgot(u.user.email);
      await timedForgot(unknown);
    }
    // A 2-core machine shared with other work may have a slow spell during one round: up to
    // ROUNDS rounds, the first within 20 % passes. A known address that costs more (issue 25:
    // about 3 times as long) fails every round.
    const rounds: { gap: number; text: string }[] = [];
    do rounds.push(await measure(u.user.email, unknown));
    while (rounds.at(-1)!.gap > 0.2 && rounds.length < ROUNDS);
    expect(rounds.at(-1)!.gap, rounds.map((r) => r.text).join('; ')).toBeLessThanOrEqual(0.2);

    // The known address got its mails (one per request), the unknown one none.
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.filter((m) => m.to === u.user.email)).toHaveLength(WARM_UP + TRIES * rounds.length);
    expect(mails.filter((m) => m.to === unknown)).toHaveLength(0);
    expect(mails.at(-1)!.text).toMatch(/\/reset\?token=/);
  });
});
