/* global module, process */
/**
 * autocannon setupRequest of bench/scale.ts (worker mode needs a file): each request asks for a
 * batch code drawn from BENCH_PATTERN over BENCH_CODES codes:
 *   zipf     Zipf with s = BENCH_ZIPF_S (default 1.0): rank r is asked with weight 1 / r^s (QR scans
 *            of a few popular products); ranks are scattered over the codes (r * a large prime mod N)
 *            so the popular batches are not the newest ones the warmer would load first.
 *   uniform  every code equally likely.
 */
const total = Number(process.env.BENCH_CODES || 10000);
const pattern = process.env.BENCH_PATTERN || 'uniform';
const s = Number(process.env.BENCH_ZIPF_S || 1);
/** A prime: r * SCATTER mod N is a permutation of 0..N-1. */
const SCATTER = 2654435761n;

let cdf = null;
if (pattern === 'zipf') {
  cdf = new Float64Array(total);
  let sum = 0;
  for (let r = 1; r <= total; r++) {
    sum += 1 / Math.pow(r, s);
    cdf[r - 1] = sum;
  }
  for (let r = 0; r < total; r++) cdf[r] /= sum;
}

function zipfRank() {
  const u = Math.random();
  let lo = 0;
  let hi = total - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

module.exports = function setupRequest(req) {
  const i = cdf ? Number((BigInt(zipfRank()) * SCATTER) % BigInt(total)) : Math.floor(Math.random() * total);
  req.path = `${process.env.BENCH_PATH_PREFIX || '/api/v1/client/traceabilities/'}BENCH${String(i + 1).padStart(11, '0')}`;
  return req;
};
