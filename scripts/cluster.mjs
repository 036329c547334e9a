#!/usr/bin/env node
// `npm run cluster`: two API nodes on one PostgreSQL database and one Redis, behind HAProxy on one
// port, as a deployment of more than one node runs (README "Running more than one node"). The
// start-up is apps/server/test/cluster.ts, which the two-node test uses too. Ctrl-C stops it all.
//
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/agrihub_cluster (created if missing)
//   REDIS_URL     default redis://127.0.0.1:6379        REDIS_PREFIX  default agrihub-cluster:
//   DATA_DIR      default ./data/cluster (uploads and outbox, shared by both nodes)
//   PORT          default 3000 (HAProxy; the nodes take free ports)   HOST  default 127.0.0.1
//   LOG_LEVEL     default warn (HAProxy checks each node's health twice a second)
// Any other variable (S3_*, SEED_DEMO, PUBLIC_URL, …) goes to both nodes as it would to `npm start`.
import path from 'node:path';
import { safeUrl, startCluster } from '../apps/server/test/cluster.ts';

const env = process.env;
const cwd = env.INIT_CWD ?? process.cwd();
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/agrihub_cluster';
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisPrefix = env.REDIS_PREFIX || 'agrihub-cluster:';
const dataDir = path.resolve(cwd, env.DATA_DIR || './data/cluster');
const port = Number(env.PORT || 3000);
const host = env.HOST || '127.0.0.1';
const NODE_BANNER = /^AgriHub is running|^ {2}(DTrack|AgriHub|Foodmap|API docs) +http|^Listening on /;

console.log(
  `Starting two nodes on ${safeUrl(databaseUrl)} and Redis ${safeUrl(redisUrl)} (prefix ${redisPrefix}), ` +
    `uploads ${env.S3_BUCKET ? `in the S3 bucket ${env.S3_BUCKET}` : `in ${dataDir}`}; node B starts once node A is up…`,
);

let cluster;
let stopping = false;
try {
  cluster = await startCluster({
    databaseUrl,
    redisUrl,
    redisPrefix,
    dataDir,
    port,
    host,
    // Warnings and errors only unless LOG_LEVEL says otherwise: HAProxy's health checks (two a
    // second per node) would fill the screen at info.
    env: { LOG_LEVEL: env.LOG_LEVEL || 'warn' },
    onOutput: (name, line) => {
      // Each node's own banner names its private port: the cluster's banner below names HAProxy's.
      if (!line.trim() || NODE_BANNER.test(line)) return;
      console.log(`[${name}] ${line}`);
    },
  });
} catch (err) {
  console.error(`\n${err instanceof Error ? err.message : err}\n`);
  if (/EADDRINUSE|cannot bind|Address already in use/i.test(String(err))) {
    console.error(`Port ${port} is already in use: stop the other program or start with PORT=3001 npm run cluster.\n`);
  }
  process.exit(1);
}

const [a, b] = cluster.nodes;
console.log(
  `\nAgriHub is running on two nodes behind HAProxy (PostgreSQL, Redis):\n` +
    `  DTrack   http://dtrack.localhost:${cluster.port}\n  AgriHub  http://agrihub.localhost:${cluster.port}\n` +
    `  Foodmap  http://foodmap.localhost:${cluster.port}\n  API docs http://localhost:${cluster.port}/api/docs\n` +
    `  node A   ${a.url} (pid ${a.child.pid})\n  node B   ${b.url} (pid ${b.child.pid})\n` +
    `\nEach answer names its node in the X-Cluster-Node header. Ctrl-C stops everything.\n`,
);
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.log(
    `HAProxy listens on ${host}: others on the network can reach the portal. If it has the demo ` +
      `accounts (one public password), use a database without them (SEED_DEMO=false on a new DATABASE_URL).\n`,
  );
}

for (const node of cluster.nodes) {
  void node.exited.then((code) => {
    if (!stopping)
      console.log(`\nnode ${node.name} stopped (${code}); HAProxy sends every request to the other node.\n`);
  });
}
cluster.haproxy.once('exit', (code) => {
  if (stopping) return;
  console.error(`\nHAProxy stopped (${code}): stopping the nodes.\n`);
  void shutdown();
});

async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping HAProxy and both nodes…');
  await cluster.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
