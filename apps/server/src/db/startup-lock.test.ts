import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

/**
 * Nodes of one PostgreSQL database starting together (apps/server/src/server.ts): the start-up
 * work (migrations, demo data) of one runs while the others wait for it, never side by side.
 */
const onPostgres = !!process.env.DATABASE_URL;

let t: TestApp;
let other: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) other = await openDatabase({ databaseUrl: t.database.url, dataDir: null });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** Resolves once `check` holds (polled), or fails after 5 s. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!onPostgres)('start-up work on PostgreSQL', () => {
  it("a second node's start-up waits until the first one's is done", async () => {
    const order: string[] = [];
    let finishFirst!: () => void;
    const held = new Promise<void>((resolve) => (finishFirst = resolve));
    const first = t.database.exclusive(async () => {
      order.push('first starts');
      await held;
      order.push('first ends');
    });
    await until(() => order.length === 1);
    const second = other!.exclusive(async () => {
      order.push('second starts');
      return 'second done';
    });
    // The second node is given every chance to start while the first still works: it must not.
    await new Promise((r) => setTimeout(r, 300));
    expect(order).toEqual(['first starts']);
    finishFirst();
    await first;
    expect(await second).toBe('second done');
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('a start-up that fails lets the next node start (the lock goes with it)', async () => {
    await expect(t.database.exclusive(() => Promise.reject(new Error('migration failed')))).rejects.toThrow(
      'migration failed',
    );
    await expect(other!.exclusive(async () => 'started')).resolves.toBe('started');
  });
});

describe.skipIf(onPostgres)('start-up work on PGlite', () => {
  it('runs at once: a data folder belongs to one process', async () => {
    await expect(t.database.exclusive(async () => 42)).resolves.toBe(42);
  });
});
