/**
 * Builds the server for `npm start` (ADR 029): one ES module, dist/server.mjs, with this
 * repository's TypeScript (the server and @agrihub/contract) compiled in and every npm package
 * left to node_modules. Running it needs no TypeScript loader: no loader thread and no compiler
 * in the process (about 150 MB less resident memory than under tsx, and a faster start).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const depsOf = (dir) =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
/** npm packages stay outside the bundle (native addons, wasm, files they read beside themselves). */
const external = [...depsOf(here), ...depsOf(path.join(root, 'packages/contract'))].filter(
  (d) => !d.startsWith('@agrihub/'),
);

/**
 * The Node flags `npm start` runs the bundle with (package.json; a test keeps the two the same, and
 * bench/scale.ts and the cluster test start their servers with them too): the old generation
 * capped at 384 MB, which V8 otherwise grows to four times the live heap under load (ADR 047).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=384'];

/** Bundles `entry` (default src/server.ts) into `outfile` (default dist/server.mjs). */
export async function buildServer(
  entry = path.join(here, 'src/server.ts'),
  outfile = path.join(here, 'dist/server.mjs'),
) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A package named here is external with its subpaths too (drizzle-orm/pglite, …).
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(here, 'build.mjs')) await buildServer();
