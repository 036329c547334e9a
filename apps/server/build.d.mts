/** Bundles `entry` (default src/server.ts) into `outfile` (default dist/server.mjs); resolves with `outfile`. */
export function buildServer(entry?: string, outfile?: string): Promise<string>;
