import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s server process and collects what it prints until it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
    });
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

  it('stops with the list of bad variables', async () => {
    const { code, output } = await start({ PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment');
    expect(output).toContain('PORT');
  });
});
