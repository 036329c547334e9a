import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTrace } from '@agrihub/contract';
import { seedDemo } from '../../db/seed/index.js';
import { DEMO_TRACE_CODES } from '../../db/seed/batches.js';
import { SUPPLY_CHAIN_LOTS, supplyChainCode } from '../../db/seed/supply-chain.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';

/**
 * Circular 02/2024/TT-BKHCN (ADR 043) on the demo data (README): the public trace JSON of the
 * demo batch and of the demo roasted lot carries every item the circular lists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { uploadDir: t.config.uploadDir });
}, 300_000);
afterAll(() => t.close());

const lookup = async (code: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${code}`,
    headers: headers('dtrack'),
  });
  expect(res.statusCode).toBe(200);
  const d = json(res).data.traceability;
  expect(publicTrace.safeParse(d).success).toBe(true);
  return d;
};

describe('the demo trace pages (Circular 02/2024)', () => {
  it('the demo batch: name, image, producer and address, stages with times, trace code, brand, trademark, codes, dates, shelf life, standards', async () => {
    const d = await lookup(DEMO_TRACE_CODES.dtrack);
    expect(d.code).toBe(DEMO_TRACE_CODES.dtrack);
    expect(d.product.name).toBe('Chè Shan Tuyết Mộc Châu');
    expect(d.product.images.length).toBeGreaterThan(0);
    expect(d.producer.name).toBeTruthy();
    expect(d.producer.address).toBe('Tiểu khu 4, xã Mộc Châu, tỉnh Sơn La');
    expect(d.events.length).toBeGreaterThan(2);
    for (const e of d.events) expect(Date.parse(e.occurred_at)).not.toBeNaN();
    expect(d.product).toMatchObject({
      brand: 'Tà Phình Shan Tuyết',
      trademark: 'Tà Phình (GCN nhãn hiệu số 356789)',
      sku: expect.any(String),
      gtin: expect.stringMatching(/^893/),
      shelf_life_days: 540,
    });
    expect(d.production_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.standards).toEqual(expect.arrayContaining(['VietGAP', 'QCVN 8-2:2011/BYT', 'OCOP']));
  });

  it('the demo roasted lot: chain stages, declared standards and the farms’ certifications', async () => {
    const d = await lookup(supplyChainCode('dtrack', SUPPLY_CHAIN_LOTS.roasted.code));
    expect(d.lot_code).toBe(SUPPLY_CHAIN_LOTS.roasted.lotCode);
    expect(d.product).toMatchObject({
      brand: 'Cư M’gar Robusta',
      trademark: expect.stringContaining('Cư M’gar Robusta'),
      sku: 'CMG-RX-500',
      shelf_life_days: 365,
    });
    expect(d.producer.address).toContain('Cư M’gar');
    expect(d.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.standards).toEqual(expect.arrayContaining(['TCVN 5251:2015', 'QCVN 8-2:2011/BYT']));
    // Its own stages and the chain's upstream steps, with their times.
    expect(d.events.length).toBeGreaterThan(0);
    expect(d.origins.steps.length).toBeGreaterThan(0);
    for (const s of d.origins.steps) expect(Date.parse(s.occurred_at)).not.toBeNaN();
  });
});
