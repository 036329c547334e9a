import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { countDemoAccounts, seedAccounts } from './db/seed/accounts.js';
import { SERVER_NODE_FLAGS } from '../build.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The server on the embedded database in `dataDir` (the suite's own DATABASE_URL is not passed on). */
function spawnServer(env: Record<string, string>) {
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, inject('serverBundle')], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
  });
}

/** Runs `npm start`'s server process and collects what it prints until it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawnServer(env);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('starting the server', () => {
  it('npm start runs the bundle with the Node flags the benchmark and the cluster use (the heap cap, ADR 047)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe(`node build.mjs && node ${SERVER_NODE_FLAGS.join(' ')} dist/server.mjs`);
    expect(SERVER_NODE_FLAGS).toContain('--max-old-space-size=384');
  });

  it('stops with a clear message when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, output } = await start({ PORT: String(port) });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
    // A start is slow on a loaded machine (the first one compiles the server): 30 s was seen to run out.
  }, 90_000);

  it('stops with a clear message when PostgreSQL cannot be reached, without printing the password', async () => {
    const { code, output } = await start({ DATABASE_URL: 'postgres://agri:secret-pw@127.0.0.1:1/agrihub' });
    expect(code).toBe(1);
    expect(output).toContain('Cannot reach PostgreSQL');
    expect(output).not.toContain('secret-pw');
  });

  it('a second server on the same data folder stops with a message naming the folder and the holder; the first releases it on SIGTERM', async () => {
    const first = spawnServer({ PORT: '0' });
    let firstOutput = '';
    const firstExit = new Promise<number | null>((r) => first.on('exit', (code) => r(code)));
    const killer = setTimeout(() => first.kill('SIGKILL'), 90_000);
    try {
      await new Promise<void>((resolve, reject) => {
        const onData = (d: Buffer) => {
          firstOutput += d.toString();
          if (firstOutput.includes('AgriHub is running')) resolve();
        };
        first.stdout.on('data', onData);
        first.stderr.on('data', onData);
        first.on('exit', () => reject(new Error(`first server exited early:\n${firstOutput}`)));
      });
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'));
      expect(lock.pid).toBe(first.pid);
      const second = await start({ PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data folder ${dataDir} is already in use by another AgriHub server`);
      expect(second.output).toContain(`process ${first.pid}`);
      first.kill('SIGTERM');
      expect(await firstExit).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      clearTimeout(killer);
      if (first.exitCode === null) first.kill('SIGKILL');
    }
  }, 120_000);

  it('stops with the list of bad variables', async () => {
    const { code, output } = await start({ PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment');
    expect(output).toContain('PORT');
  });
});

/** Starts the server and resolves once its banner (ending with the line saying where it listens) is out. */
function startUntilListening(env: Record<string, string>) {
  const child = spawnServer(env);
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  child.on('exit', () => clearTimeout(killer));
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /Listening on .*:(\d+), /.exec(output);
      if (m) resolve({ port: Number(m[1]) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`the server exited early:\n${output}`)));
  });
  return {
    ready,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('safe by default: where the server listens', () => {
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-listen-'));
  afterAll(() => fs.rmSync(demoDir, { recursive: true, force: true }));
  let demoAccounts = 0;
  // A data folder holding the demo accounts, as after a first `npm start`.
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: demoDir });
    try {
      await database.migrate();
      await seedAccounts(database.db);
      demoAccounts = await countDemoAccounts(database.db);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('listens on 127.0.0.1 only when HOST is unset, saying so, with no warning even with the demo accounts', async () => {
    expect(demoAccounts).toBeGreaterThan(0);
    // HOST empty counts as unset (whatever the environment running the tests has).
    const server = startUntilListening({ DATA_DIR: demoDir, PORT: '0', HOST: '' });
    try {
      const { port } = await server.ready;
      expect(server.output()).toContain(`Listening on 127.0.0.1:${port}, this machine only`);
      expect(server.output()).not.toContain('WARNING');
      expect(await connects('127.0.0.1', port)).toBe(true);
      // An address of this machine on its network (when it has one) is refused.
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      if (external) expect(await connects(external.address, port)).toBe(false);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('warns at start when HOST opens it to the network and the demo accounts can sign in', async () => {
    expect(demoAccounts).toBeGreaterThan(0);
    const server = startUntilListening({ DATA_DIR: demoDir, PORT: '0', HOST: '0.0.0.0' });
    try {
      const { port } = await server.ready;
      expect(server.output()).toContain(`WARNING: ${demoAccounts} demo accounts`);
      expect(server.output()).toContain(`listens on 0.0.0.0:${port}`);
      expect(server.output()).toContain(`Listening on 0.0.0.0:${port}, open to the network.`);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
