import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The server on the embedded database in `dataDir` (the suite's own DATABASE_URL is not passed on). */
function spawnServer(env: Record<string, string>) {
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
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
  });

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
