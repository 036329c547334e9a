/** Bundles `entry` (default src/server.ts) into `outfile` (default dist/server.mjs); resolves with `outfile`. */
export function buildServer(entry?: string, outfile?: string): Promise<string>;
/** The Node flags `npm start` runs the bundle with (the heap cap of ADR 047). */
export const SERVER_NODE_FLAGS: readonly string[];
