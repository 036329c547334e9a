import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toGtin14, withCheckDigit, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { approvedSnapshot } from '../products/approval.js';
import { as, buildUser, json, type Built, type TestApp } from '../../../test/helper.js';

let gtinSeq = 0;
/** GTINs for test products, one per call: 8936000000011 first, then 8936000000028, … (a GTIN belongs to one product). */
export const nextTestGtin = () => withCheckDigit(`8936${String(++gtinSeq).padStart(8, '0')}`);

/** Approves a product as an administrator would: status approved, its current fields as the approved version. */
export async function approveInDb(db: Db, productId: number) {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  const now = new Date();
  const [approved] = await db
    .update(products)
    .set({ status: 'approved', reviewedAt: now, approvedAt: now, approvedSnapshot: await approvedSnapshot(db, row) })
    .where(eq(products.id, productId))
    .returning();
  return approved;
}

/**
 * Test data for batch tests: products are inserted directly (the products API is another module),
 * approved by default (only an approved product's batches are published), each with its own GTIN
 * unless one is given.
 */
export async function makeProduct(
  db: Db,
  owner: Built,
  opts: { gtin?: string | null; name?: string; variants?: boolean; approved?: boolean } = {},
) {
  const gtin = opts.gtin === undefined ? nextTestGtin() : opts.gtin;
  const [inserted] = await db
    .insert(products)
    .values({
      platform: owner.platform,
      producerId: owner.producerId!,
      name: opts.name ?? 'Chè Shan tuyết Mộc Châu',
      nameEn: 'Moc Chau Shan tuyet tea',
      unit: 'Kg',
      gtin,
      gtin14: gtin ? toGtin14(gtin) : null,
      images: [{ id: 1, url: '/uploads/p/cover.jpg', thumbnail_url: '/uploads/p/cover-thumb.webp' }],
      publicCode: randomBytes(8).toString('hex').toUpperCase(),
    })
    .returning();
  let variantId: number | null = null;
  if (opts.variants) {
    const [v] = await db
      .insert(productVariants)
      .values({ productId: inserted.id, types: [{ title: 'Khối lượng', value: '500 g' }] })
      .returning();
    variantId = v.id;
  }
  const p = opts.approved === false ? inserted : await approveInDb(db, inserted.id);
  return { product: p, variantId };
}

export async function producer(t: TestApp, platform: PlatformKey = 'dtrack') {
  return buildUser(t.db, { platform });
}

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
