import autocannon from 'autocannon';

/** What one autocannon run gives: requests/s, latency percentiles (ms) and what went wrong. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Loads `url` with autocannon (requests fired from a worker thread, DTrack's Platform header) for
 * the run's connections and duration; `extra` adds or overrides options (custom requests, a shorter round).
 */
export async function loadFigures(
  url: string,
  run: { connections: number; duration: number },
  extra: Partial<autocannon.Options> = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: run.connections,
    duration: run.duration,
    workers: 1,
    headers: { platform: 'dtrack' },
    ...extra,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
