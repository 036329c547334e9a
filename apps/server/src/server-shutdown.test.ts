import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { buildBatch, buildUser, TEST_PASSWORD } from '../test/factories.js';
import { storedScans } from './modules/trace-public/scans.js';

/**
 * SIGTERM (a deploy, `docker stop`): the server stops taking connections, lets the requests in
 * flight finish, writes the scan counts still buffered, and only then closes the database and exits 0.
 * The real server process on the embedded database in a folder of its own.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-stop-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A published batch and a user with a password, written before the server starts on the folder. */
async function prepare() {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const batch = await buildBatch(database.db);
    const { user } = await buildUser(database.db);
    return { batch, email: user.email };
  } finally {
    await database.close();
  }
}

function startServer() {
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' },
  });
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const port = new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /localhost:(\d+)\/api\/docs/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`the server exited early:\n${output}`)));
  });
  return { child, port, exited, output: () => output };
}

/** A raw HTTP/1.1 request whose body is sent in two parts, `second()` sending the rest. */
function slowRequest(port: number, head: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString()));
  const done = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  socket.write(`${head}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, half)}`);
  return { second: () => socket.write(body.slice(half)), done };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM', () => {
  it('finishes the request in flight and stores the buffered scan counts before the process exits, also when SIGTERM comes twice', async () => {
    const { batch, email } = await prepare();
    const server = startServer();
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 90_000);
    try {
      const port = await server.port;
      // A login whose body is still arriving when SIGTERM comes.
      const body = new URLSearchParams({ grant_type: 'password', username: email, password: TEST_PASSWORD }).toString();
      const login = slowRequest(
        port,
        'POST /oauth/token HTTP/1.1\r\nhost: dtrack.localhost\r\nplatform: dtrack\r\ncontent-type: application/x-www-form-urlencoded\r\n',
        body,
      );
      // Scans from 5 sources, buffered in memory (written every second, and at the stop).
      for (let i = 1; i <= 5; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/client/traceabilities/${batch.publicCode}`, {
          headers: { platform: 'dtrack', 'x-forwarded-for': `10.61.${i}.1` },
        });
        expect(res.status).toBe(200);
      }
      server.child.kill('SIGTERM');
      await sleep(100);
      // Sent again (a wrapper passing on the signal its process group had too): nothing changes.
      server.child.kill('SIGTERM');
      await sleep(400);
      expect(server.child.exitCode).toBeNull(); // waiting for the login
      login.second();
      const response = await login.done;
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain('"access_token"');
      expect(await server.exited).toBe(0);
    } finally {
      clearTimeout(killer);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
    expect(server.output()).toContain('SIGTERM: finishing the requests in flight');
    const database = await openDatabase({ dataDir });
    try {
      const row = await storedScans(database.db, batch.id);
      expect(row.scans).toBe(5);
    } finally {
      await database.close();
    }
  }, 120_000);
});
