import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Who holds a data folder: written as JSON into the lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  started_at: string;
  token: string;
}

/** The lock file name, beside the embedded database's own folder. */
export const LOCK_FILE = 'pglite.lock';

/** A lock file this young with unreadable content is being written by its creator: treat it as held. */
const FRESH_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: Partial<LockHolder> | null,
  ) {
    const who = holder?.pid
      ? `process ${holder.pid}${holder.hostname && holder.hostname !== os.hostname() ? ` on host ${holder.hostname}` : ''}` +
        (holder.started_at ? `, started ${holder.started_at}` : '')
      : 'another process';
    super(
      `The data folder ${dir} is already in use by another AgriHub server (${who}).\n` +
        `Two servers on one embedded database lose data: stop the other one, or start with another DATA_DIR.\n` +
        `If no server uses it any more, delete ${path.join(dir, LOCK_FILE)}.`,
    );
  }
}

/** Locks taken by this process (a second open of the same folder in one process is refused too). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { holder: Partial<LockHolder> | null; raw: string | null; ageMs: number } {
  try {
    const raw = fs.readFileSync(file, 'utf8');
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    try {
      const parsed = JSON.parse(raw) as Partial<LockHolder>;
      return { holder: typeof parsed === 'object' && parsed ? parsed : null, raw, ageMs };
    } catch {
      return { holder: null, raw, ageMs };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { holder: null, raw: null, ageMs: 0 };
    throw err;
  }
}

/** True when the recorded holder is certainly gone: a dead pid on this host. */
function isStale(holder: Partial<LockHolder> | null, ageMs: number): boolean {
  if (!holder || typeof holder.pid !== 'number') return ageMs > FRESH_MS; // half-written by a crashed process
  if (holder.hostname !== os.hostname()) return false; // cannot tell: another machine may still use it
  if (holder.pid === process.pid) return !heldHere.has(holder.token ?? '');
  return !isAlive(holder.pid);
}

/**
 * Takes the exclusive lock of a data folder: a lock file created with O_EXCL holding the pid,
 * host name and start time. A lock left by a crashed process (its pid no longer runs on this
 * host) is taken over; a live holder makes this throw DataDirLockedError. Returns the release
 * function (also run when the process exits).
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    started_at: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const seen = readHolder(file);
      if (seen.raw === null) continue; // removed meanwhile: try again
      if (!isStale(seen.holder, seen.ageMs)) throw new DataDirLockedError(dir, seen.holder);
      takeOver(file, seen.raw);
      continue;
    }
    try {
      fs.writeSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    heldHere.add(me.token);
    const onExit = () => removeIfMine(file, content);
    process.once('exit', onExit);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      heldHere.delete(me.token);
      removeIfMine(file, content);
    };
  }
  throw new DataDirLockedError(dir, readHolder(file).holder);
}

/**
 * Removes a stale lock file, but only the one judged stale: it is moved aside first and put back
 * when a racing starter replaced it with a live lock in the meantime.
 */
function takeOver(file: string, staleRaw: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved !== staleRaw) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // Someone holds a newer lock already; the loop will read it.
    }
  }
  fs.rmSync(aside, { force: true });
}

function removeIfMine(file: string, content: string): void {
  try {
    if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
