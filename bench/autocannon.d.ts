/** The parts of autocannon 8 the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      workers?: number;
      headers?: Record<string, string>;
      /** In worker mode, setupRequest is a path to a CommonJS module exporting the function. */
      requests?: { setupRequest?: string; path?: string; method?: string }[];
    }
    interface Result {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
