/**
 * Two API nodes behind HAProxy, on one PostgreSQL database and one Redis (issue 14): the start-up
 * shared by `npm run cluster` (scripts/cluster.mjs) and the two-node test (src/cluster.test.ts).
 *
 * Each node is the real server as `npm start` runs it (the bundle of apps/server/build.mjs run by
 * plain Node, NODE_ENV=production, TRUST_PROXY=true behind the balancer). Node A starts first: it
 * runs the migrations and, with SEED_DEMO=true, the first-start demo seed; node B starts once A answers
 * (nodes starting together would also be safe: that work runs under a PostgreSQL advisory lock,
 * Database.exclusive; starting A first keeps the output readable). Both use one DATA_DIR (uploads, unless S3_BUCKET
 * is set; mail outbox) so that either serves what the other stored.
 *
 * HAProxy (Debian's package; `.ci/run` installs it) runs in the foreground with a generated
 * configuration: round robin, health checks on /api/health every 500 ms, and a request whose
 * connection a dead node refuses tried again on the other node (`retries` with `option redispatch
 * 1`). Only connection failures are retried, never a request a node has received: a POST is never
 * sent twice. Every answer names the node that gave it (header X-Cluster-Node: a or b).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_NODE_FLAGS } from '../build.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/** The header HAProxy adds to every answer: the node that gave it. */
export const NODE_HEADER = 'x-cluster-node';

export interface ClusterOptions {
  /** The cluster's database (created when missing): both nodes use it. */
  databaseUrl: string;
  redisUrl: string;
  /** Every Redis key of this cluster starts with it (REDIS_PREFIX). */
  redisPrefix: string;
  /** Shared by both nodes (uploads, outbox). */
  dataDir: string;
  /** Where HAProxy listens (0: a free port). */
  port: number;
  /** The address HAProxy listens on (default 127.0.0.1); the nodes listen on 127.0.0.1 only, behind it. */
  host?: string;
  /** More variables for both nodes (they also inherit this process's environment unless `isolated`). */
  env?: Record<string, string>;
  /** Start the nodes with only PATH, HOME and `env` from this process's environment (the test). */
  isolated?: boolean;
  /** Each line a node or HAProxy prints, with its name ('A', 'B', 'haproxy'). */
  onOutput?: (name: string, line: string) => void;
  /** How long a node may take to start (a first start with the demo seed takes about half a minute). */
  startTimeoutMs?: number;
  /** The built server both nodes run (the test's, built once per run); default: built now into dist/server.mjs. */
  serverBundle?: string;
}

export interface ClusterNode {
  name: 'A' | 'B';
  /** HAProxy's name of the node, as in the X-Cluster-Node header. */
  server: 'a' | 'b';
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  port: number;
  nodes: [ClusterNode, ClusterNode];
  haproxy: ChildProcess;
  /** What HAProxy and the nodes printed (the last lines), for error messages. */
  output(): string;
  /** Stops HAProxy and every node still running (SIGTERM: each node finishes its requests). */
  stop(): Promise<void>;
}

/** The haproxy binary, or an error that says how to install it. */
export function haproxyBinary(): string {
  const found = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'haproxy is not installed: the two-node cluster runs behind HAProxy from Debian. ' +
        'Install it with `apt-get install -y haproxy` (.ci/run does when it is missing); it need not run as a service.',
    );
  }
  return 'haproxy';
}

/** A port free right now on `host`. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The URL with its password masked, for messages. */
export const safeUrl = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

/** Creates the database of `url` when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<'created' | 'exists'> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name "${name}": letters, digits and _ only`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return 'exists';
    await admin.query(`CREATE DATABASE ${name}`);
    return 'created';
  } finally {
    await admin.end();
  }
}

/** HAProxy's configuration: one front port, two nodes, round robin, health checks, retries elsewhere. */
export function haproxyConfig(opts: { host: string; port: number; nodes: { server: string; port: number }[] }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    // A connection a node refuses (it died, or is not up yet) is tried again, on the other node
    // (`redispatch 1`: each retry may change node). Only connection failures: a request a node has
    // received is never sent again, so a POST is never done twice.
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    // Each request is balanced on its own and opens its own connection to the node: no idle
    // connection to a node that has died is ever reused.
    '  option http-server-close',
    'frontend web',
    `  bind ${opts.host}:${opts.port}`,
    // The client's address for the app (TRUST_PROXY=true): rate limits and lockouts per client.
    '  option forwardfor',
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    `  http-response set-header X-Cluster-Node %s`,
    '  default-server check inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2',
    ...opts.nodes.map((n) => `  server ${n.server} 127.0.0.1:${n.port}`),
    '',
  ].join('\n');
}

/** Starts node A, then node B once A listens, then HAProxy in front of them. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const haproxyBin = haproxyBinary();
  const host = opts.host ?? '127.0.0.1';
  const lines: string[] = [];
  const record = (name: string, line: string) => {
    lines.push(`[${name}] ${line}`);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
    opts.onOutput?.(name, line);
  };
  await ensureDatabase(opts.databaseUrl);
  const bundle = opts.serverBundle ?? (await buildServer());
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const port = opts.port || (await freePort(host));
  const base: NodeJS.ProcessEnv = opts.isolated
    ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir() }
    : { ...process.env };
  const env: NodeJS.ProcessEnv = {
    ...base,
    NODE_ENV: 'production',
    // Links in mails and QR codes name the balancer, not a node.
    PUBLIC_URL: base.PUBLIC_URL || `http://localhost:${port}`,
    ...opts.env,
    // Only HAProxy is reachable from elsewhere: a node trusts X-Forwarded-For (TRUST_PROXY), so
    // no client may reach it directly.
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: opts.redisPrefix,
    DATA_DIR: opts.dataDir,
    TRUST_PROXY: 'true',
  };
  const started: ClusterNode[] = [];
  let haproxy: ChildProcess | undefined;
  let configDir: string | undefined;
  const stop = async () => {
    const ends = [...started.map((n) => [n.child, n.exited] as const)];
    if (haproxy)
      ends.push([haproxy, new Promise((r) => (haproxy!.exitCode !== null ? r(null) : haproxy!.once('exit', r)))]);
    for (const [child] of ends) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(ends.map(([, exited]) => exited));
    if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
  };
  try {
    for (const [name, server] of [
      ['A', 'a'],
      ['B', 'b'],
    ] as const) {
      started.push(await startNode(bundle, name, server, env, record, opts.startTimeoutMs ?? 120_000));
    }
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-haproxy-'));
    const configFile = path.join(configDir, 'haproxy.cfg');
    fs.writeFileSync(
      configFile,
      haproxyConfig({ host, port, nodes: started.map((n) => ({ server: n.server, port: n.port })) }),
    );
    const check = spawnSync(haproxyBin, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}${check.stdout}`);
    // -db: in the foreground, stopped with the cluster.
    haproxy = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    killOnExit(haproxy);
    pipeLines(haproxy, 'haproxy', record);
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    await waitForBothNodes(url, haproxy, () => lines.join('\n'));
    return {
      url,
      port,
      nodes: started as [ClusterNode, ClusterNode],
      haproxy,
      output: () => lines.join('\n'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A process of the cluster does not outlive the process that started it, however that one ends. */
const running = new Set<ChildProcess>();
let exitHook = false;
function killOnExit(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

function pipeLines(child: ChildProcess, name: string, record: (name: string, line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) record(name, line);
    });
    stream?.on('end', () => rest && record(name, rest));
  }
}

/** One node: the real server, started as `npm start` starts it; resolves once it listens (its banner). */
async function startNode(
  bundle: string,
  name: 'A' | 'B',
  server: 'a' | 'b',
  env: NodeJS.ProcessEnv,
  record: (name: string, line: string) => void,
  timeoutMs: number,
): Promise<ClusterNode> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches the cluster script, which stops the
    // nodes and HAProxy in order, not each process at once.
    detached: true,
  });
  killOnExit(child);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  let output = '';
  let listening: ((port: number) => void) | null = null;
  pipeLines(child, name, (n, line) => {
    record(n, line);
    if (!listening) return;
    output += `${line}\n`;
    // The banner's API docs line names the port the node listens on.
    const m = /API docs http:\/\/localhost:(\d+)/.exec(line);
    if (m) listening(Number(m[1]));
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node ${name} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    listening = (p) => {
      listening = null;
      clearTimeout(timer);
      resolve(p);
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`node ${name} exited (${code}) before it listened:\n${output}`));
    });
  });
  return { name, server, port, url: `http://127.0.0.1:${port}`, child, exited };
}

/** Until HAProxy has answered through each node (its health checks passed on both). */
async function waitForBothNodes(url: string, haproxy: ChildProcess, output: () => string): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + 20_000;
  while (seen.size < 2) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited (${haproxy.exitCode}):\n${output()}`);
    if (Date.now() > deadline) {
      throw new Error(
        `HAProxy did not reach both nodes within 20 s (seen: ${[...seen].join(', ') || 'none'}):\n${output()}`,
      );
    }
    const res = await fetch(`${url}/api/health`).catch(() => null);
    const node = res?.ok ? res.headers.get(NODE_HEADER) : null;
    if (node) seen.add(node);
    else await new Promise((r) => setTimeout(r, 100));
  }
}
