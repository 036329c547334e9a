import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_KEYS } from '@agrihub/contract';
import { appMeta, products, traceEvents, traceabilities, users } from '../schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { demoAccounts } from './accounts.js';
import { DEMO_SEED_KEY, seedDemoOnStart } from './index.js';
import { OLDUSER_PRODUCTS, PRODUCER_PRODUCTS } from './product-data.js';
import { SUPPLY_CHAIN_COUNTS, supplyChainPlatforms } from './supply-chain.js';

const DEMO_ACCOUNTS = PLATFORM_KEYS.reduce((n, p) => n + demoAccounts(p).length, 0);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mark = async (db = t.db) =>
  (await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY)))[0]?.value ?? null;

/** What the demo data holds, per table. */
async function census() {
  const n = async (table: typeof users | typeof products | typeof traceabilities | typeof traceEvents) =>
    Number((await t.db.select({ n: count() }).from(table))[0].n);
  const emails = await t.db.select({ platform: users.platform, email: users.email }).from(users);
  return {
    users: await n(users),
    distinctAccounts: new Set(emails.map((u) => `${u.platform} ${u.email}`)).size,
    products: await n(products),
    batches: await n(traceabilities),
    events: await n(traceEvents),
  };
}

describe('first-start demo seed', () => {
  it('a start that crashed halfway is finished by the next start, with nothing twice', async () => {
    // The first start dies in the products step (its image folder cannot be written).
    const notADir = path.join(t.config.dataDir, 'not-a-folder');
    fs.mkdirSync(t.config.dataDir, { recursive: true });
    fs.writeFileSync(notADir, 'x');
    await expect(seedDemoOnStart(t.db, { uploadDir: notADir })).rejects.toThrow();
    expect(await mark()).toBe('started');
    expect((await census()).users).toBe(DEMO_ACCOUNTS);
    expect((await census()).products).toBe(0);

    // The next start sees the seed was never finished and completes it.
    expect(await seedDemoOnStart(t.db, { uploadDir: t.config.uploadDir })).toBe('resumed');
    expect(await mark()).toBe('done');
    const full = await census();
    const productsPerPlatform = (p: (typeof PLATFORM_KEYS)[number]) =>
      PRODUCER_PRODUCTS[p].length + OLDUSER_PRODUCTS.length;
    expect(full).toMatchObject({
      users: DEMO_ACCOUNTS,
      distinctAccounts: DEMO_ACCOUNTS,
      // The supply chain demo adds its own on the platforms that show batches.
      products:
        PLATFORM_KEYS.reduce((sum, p) => sum + productsPerPlatform(p), 0) +
        SUPPLY_CHAIN_COUNTS.products * supplyChainPlatforms().length,
      batches: 4 * PLATFORM_KEYS.length + SUPPLY_CHAIN_COUNTS.lots * supplyChainPlatforms().length,
    });

    // Done: later starts leave the data alone.
    expect(await seedDemoOnStart(t.db, { uploadDir: t.config.uploadDir })).toBe('skipped');
    expect(await census()).toEqual(full);

    // A crash inside the batches step: its photos were stored, the batch itself never committed.
    const [lost] = await t.db
      .select({ id: traceabilities.id })
      .from(traceabilities)
      .where(and(eq(traceabilities.platform, 'dtrack'), eq(traceabilities.lotCode, 'DT-LOT-002')));
    await t.db.delete(traceabilities).where(eq(traceabilities.id, lost.id));
    await t.db.update(appMeta).set({ value: 'started' }).where(eq(appMeta.key, DEMO_SEED_KEY));
    expect(await seedDemoOnStart(t.db, { uploadDir: t.config.uploadDir })).toBe('resumed');
    expect(await census()).toEqual(full);
    const [back] = await t.db
      .select({ id: traceabilities.id })
      .from(traceabilities)
      .where(and(eq(traceabilities.platform, 'dtrack'), eq(traceabilities.lotCode, 'DT-LOT-002')));
    const events = await t.db.select().from(traceEvents).where(eq(traceEvents.traceabilityId, back.id));
    expect(events).toHaveLength(5);
    for (const e of events) expect(e.photos, e.step).toHaveLength(1);
  }, 300_000);

  it('a database with accounts but no seed mark (seeded before the mark, or a real one) gets no demo data', async () => {
    const other = await createTestApp();
    try {
      await buildUser(other.db, { roles: ['admin'] });
      expect(await seedDemoOnStart(other.db, { uploadDir: other.config.uploadDir })).toBe('skipped');
      expect(await mark(other.db)).toBeNull();
      const demo = await other.db.select().from(users).where(eq(users.email, 'admin@dtrack.demo'));
      expect(demo).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
