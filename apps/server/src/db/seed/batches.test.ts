import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { traceabilities } from '../schema/index.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { DEMO_TRACE_CODES, seedBatches } from './batches.js';
import { seedDemo } from './index.js';
import { localStorageDriver } from '../../plugins/storage.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { uploadDir: t.config.uploadDir });
}, 180_000);
afterAll(() => t.close());

describe('demo batches seed', () => {
  it('each platform has a published demo batch with a fixed code, 6 stages and real photos', async () => {
    for (const [platform, code] of Object.entries(DEMO_TRACE_CODES)) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/client/traceabilities/${code}`,
        headers: headers(platform as 'dtrack'),
      });
      expect(res.statusCode, platform).toBe(200);
      const d = json(res).data.traceability;
      expect(d.events.map((e: { step: string }) => e.step)).toEqual([
        'planting',
        'caring',
        'harvesting',
        'processing',
        'packing',
        'shipping',
      ]);
      expect(d.recall).toBeNull();
      expect(d.production_base.name.length).toBeGreaterThan(5);
      const photo = await t.app.inject({ method: 'GET', url: d.events[0].photos[0].url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('has one recalled and one draft batch per platform, and a second run adds nothing', async () => {
    // The demo producer's batches (the supply chain demo has its own lots on DTrack: supply-chain.test.ts).
    const before = (await t.db.select().from(traceabilities).where(eq(traceabilities.platform, 'dtrack'))).filter((b) =>
      b.lotCode.startsWith('DT-LOT-'),
    );
    expect(before.filter((b) => b.recalledAt && b.recallReason)).toHaveLength(1);
    expect(before.filter((b) => b.status === 'draft')).toHaveLength(1);
    expect(before.filter((b) => b.status === 'published').length).toBeGreaterThanOrEqual(3);
    await seedBatches(t.db, localStorageDriver(t.config.uploadDir));
    const after = await t.db.select().from(traceabilities).where(eq(traceabilities.platform, 'dtrack'));
    expect(after.filter((b) => b.lotCode.startsWith('DT-LOT-'))).toHaveLength(before.length);
  });
});
