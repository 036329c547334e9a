import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.js';
import { LOCK_FILE, lockDataDir } from './folder-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-counters-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('PGlite data folder lock', () => {
  it('a second open of the same folder is refused with the folder and the holding pid; close releases it', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
      expect(lock).toMatchObject({ pid: process.pid, hostname: os.hostname() });
      expect(Date.parse(lock.started_at)).not.toBeNaN();
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`The data folder ${dir} is already in use`);
      await expect(second).rejects.toThrow(`process ${process.pid}`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  }, 60_000);

  it('a lock left by a crashed process (pid no longer running) is taken over', () => {
    const dir = tempDir();
    const pid = deadPid();
    const stale = { pid, hostname: os.hostname(), started_at: '2025-01-01T00:00:00.000Z', token: 'crashed' };
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a live holder, a holder on another host and a lock being written are respected', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    // A live process on this host (the test runner's parent).
    fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, hostname: os.hostname(), started_at: 'x', token: 't' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // Another machine sharing the folder: its pid cannot be checked from here.
    fs.writeFileSync(file, JSON.stringify({ pid: deadPid(), hostname: 'other-host.example', started_at: 'x', token: 't' }));
    expect(() => lockDataDir(dir)).toThrow(/on host other-host\.example/);
    // Just created, content not written yet.
    fs.writeFileSync(file, '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // The same empty file long after: a crash between create and write.
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const release = lockDataDir(dir);
    release();
  });

  it('release removes only its own lock file', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const other = JSON.stringify({ pid: process.ppid, hostname: os.hostname(), started_at: 'x', token: 'other' });
    fs.writeFileSync(path.join(dir, LOCK_FILE), other);
    release();
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(other);
  });
});
