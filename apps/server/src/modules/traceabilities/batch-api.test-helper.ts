import { randomBytes } from 'node:crypto';
import { as, json, type TestApp } from '../../../test/helper.js';
import type { Built } from '../../../test/factories.js';

/**
 * The batch API as a producer calls it, for tests whose subject is that API (batch data for any
 * other test comes from the factories in test/factories.ts).
 */
export function batchBody(productId: number, extra: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    lot_code: `LO-${randomBytes(3).toString('hex').toUpperCase()}`,
    production_date: '2025-03-01',
    expiry_date: '2026-03-01',
    quantity: 100,
    unit: 'Kg',
    production_base: { name: 'Đồi chè Tân Lập', address: 'Xã Tân Lập', province_code: '14' },
    certificates: [{ name: 'VietGAP', issuer: 'Trung tâm Chứng nhận', number: 'VG-01', valid_until: '2030-01-01' }],
    ...extra,
  };
}

export const eventBody = (step = 'planting', extra: Record<string, unknown> = {}) => ({
  step,
  occurred_at: '2025-03-01T08:00:00+07:00',
  place: 'Đồi chè Tân Lập, Sơn La',
  description: 'Trồng cây chè giống',
  ...extra,
});

export async function createBatch(t: TestApp, u: Built, productId: number, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/traceabilities',
    headers: as(u),
    payload: batchBody(productId, extra),
  });
  if (res.statusCode !== 201) throw new Error(`create batch: ${res.statusCode} ${res.body}`);
  return json<{ data: { traceability: { id: number; public_code: string; lot_code: string } } }>(res).data.traceability;
}

export async function addEvent(
  t: TestApp,
  u: Built,
  id: number,
  step = 'planting',
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/traceabilities/${id}/events`,
    headers: as(u),
    payload: eventBody(step, extra),
  });
  if (res.statusCode !== 201) throw new Error(`add event: ${res.statusCode} ${res.body}`);
  return json<{ data: { traceability: { id: number; events: { id: number; step: string }[] } } }>(res).data
    .traceability;
}

/** A published batch with `steps` events. */
export async function publishedBatch(
  t: TestApp,
  u: Built,
  productId: number,
  steps = ['planting', 'harvesting'],
  extra: Record<string, unknown> = {},
) {
  const b = await createBatch(t, u, productId, extra);
  for (const s of steps) await addEvent(t, u, b.id, s);
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/traceabilities/${b.id}/publish`, headers: as(u) });
  if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return b;
}
