/* global module, process */
/**
 * autocannon setupRequest (worker mode needs a file): every request asks for another batch code,
 * rotating through BENCH_CODES codes from a random start, so consecutive requests never repeat.
 */
const total = Number(process.env.BENCH_CODES || 10000);
let i = Math.floor(Math.random() * total);
module.exports = function setupRequest(req) {
  i = (i + 1) % total;
  req.path = `/api/v1/client/traceabilities/BENCH${String(i + 1).padStart(11, '0')}`;
  return req;
};
