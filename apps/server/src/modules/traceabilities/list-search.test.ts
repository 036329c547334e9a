import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@agrihub/contract';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
let a: Built;
let b: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
});
afterAll(() => t.close());

type Listed = { data: { traceabilities: { id: number; lot_code: string }[] }; meta: Record<string, unknown> };
const list = async (u: Built, query: string): Promise<Listed> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities?${query}`, headers: as(u) });
  expect(res.statusCode).toBe(200);
  return json<Listed>(res);
};
const idsOf = (l: Listed) => l.data.traceabilities.map((x) => x.id);

describe('the producer’s batch list: q', () => {
  it('finds a batch by its lot or public code, or by its product’s name (no accents), English name, SKU or GTIN — only the owner’s', async () => {
    const rice = await buildProduct(t.db, {
      producerId: a.producerId!,
      name: 'Gạo ST25 Sóc Trăng',
      nameEn: 'Soc Trang fragrant rice',
      sku: 'ST25-5KG',
    });
    const tea = await buildProduct(t.db, { producerId: a.producerId! });
    const riceBatch = await buildBatch(t.db, { productId: rice.id, lotCode: 'LO-2025-11' });
    const teaBatch = await buildBatch(t.db, { productId: tea.id, lotCode: 'CHE-ĐẶC-BIỆT-01' });
    const othersRice = await buildProduct(t.db, { producerId: b.producerId!, name: 'Gạo nếp cái hoa vàng' });
    await buildBatch(t.db, { productId: othersRice.id });

    expect(idsOf(await list(a, 'q=gao'))).toEqual([riceBatch.id]);
    expect(idsOf(await list(a, `q=${encodeURIComponent('SÓC TRĂNG')}`))).toEqual([riceBatch.id]);
    expect(idsOf(await list(a, 'q=fragrant'))).toEqual([riceBatch.id]);
    expect(idsOf(await list(a, 'q=st25-5')).sort()).toEqual([riceBatch.id]);
    expect(idsOf(await list(a, `q=${rice.gtin}`))).toEqual([riceBatch.id]);
    expect(idsOf(await list(a, 'q=dac-biet'))).toEqual([teaBatch.id]);
    expect(idsOf(await list(a, `q=${teaBatch.publicCode.slice(3, 12).toLowerCase()}`))).toEqual([teaBatch.id]);
    // `%` and `_` are letters, not wildcards.
    expect(idsOf(await list(a, 'q=%25'))).toEqual([]);
    expect(idsOf(await list(a, 'q=lo_2025'))).toEqual([]);
  });
});

describe('the producer’s batch list: a producer with more batches than the count cap', () => {
  let c: Built;
  let riceId: number;
  let teaId: number;
  beforeAll(async () => {
    c = await buildUser(t.db);
    riceId = (await buildProduct(t.db, { producerId: c.producerId!, name: 'Gạo lứt đỏ Điện Biên' })).id;
    teaId = (await buildProduct(t.db, { producerId: c.producerId! })).id;
    // Most batches are of the rice; every 50th of the tea. created_at repeats, so ties are broken by id.
    await t.db.execute(sql`
      insert into traceabilities (platform, producer_id, product_id, lot_code, public_code, production_date,
        quantity, unit, status, created_at)
      select 'dtrack', ${c.producerId}::int, case when g % 50 = 0 then ${teaId}::int else ${riceId}::int end, 'CAP-' || g,
        'CAPTEST' || lpad(g::text, 9, '0'), date '2025-01-01' + (g % 200), 10, 'Kg', 'draft',
        timestamptz '2025-06-01 00:00+07' + (g / 3) * interval '1 minute'
      from generate_series(1, ${LIST_COUNT_CAP + 300}::int) g`);
    await t.db.execute(sql`analyze traceabilities`);
  });

  const expected = async (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, offset: number, limit = 20) =>
    (
      await t.db.execute<{ id: number }>(
        sql`select id from traceabilities where producer_id = ${c.producerId} and ${where} order by ${order} limit ${limit} offset ${offset}`,
      )
    ).rows.map((r) => Number(r.id));

  it(`counts up to ${LIST_COUNT_CAP} and says there are more; pages keep the sort order`, async () => {
    const plain = await list(c, 'per_page=20');
    expect(plain.meta).toEqual({ total_count: LIST_COUNT_CAP, total_capped: true, current_page: 1, per_page: 20 });
    expect(idsOf(plain)).toEqual(await expected(sql`true`, sql`created_at desc, id desc`, 0));
  });

  it('a q matching most batches reads the same pages, in every sort, as the plain order filtered', async () => {
    const rice = sql`product_id = ${riceId}`;
    const first = await list(c, 'q=gao&per_page=20');
    expect(first.meta).toMatchObject({ total_count: LIST_COUNT_CAP, total_capped: true });
    expect(idsOf(first)).toEqual(await expected(rice, sql`created_at desc, id desc`, 0));
    expect(idsOf(await list(c, 'q=gao&per_page=20&page=7'))).toEqual(
      await expected(rice, sql`created_at desc, id desc`, 120),
    );
    expect(idsOf(await list(c, 'q=gao&per_page=20&sort=lot_code'))).toEqual(
      await expected(rice, sql`lot_code asc, id asc`, 0),
    );
    expect(idsOf(await list(c, 'q=gao&per_page=20&sort=-production_date'))).toEqual(
      await expected(rice, sql`production_date desc, id desc`, 0),
    );
  });

  it('a q over the cap is capped whether its matches are of products or of lot codes', async () => {
    // No product is named "cap": every match is a lot code (the product count says nothing).
    const lots = await list(c, 'q=cap-&per_page=20');
    expect(lots.meta).toMatchObject({ total_count: LIST_COUNT_CAP, total_capped: true });
    expect(idsOf(lots)).toEqual(await expected(sql`true`, sql`created_at desc, id desc`, 0));
    // The rice alone is over the cap: capped without reading the matches (the same first page).
    const rice = await list(c, 'q=dien bien&per_page=20');
    expect(rice.meta).toMatchObject({ total_count: LIST_COUNT_CAP, total_capped: true });
    expect(idsOf(rice)).toEqual(await expected(sql`product_id = ${riceId}`, sql`created_at desc, id desc`, 0));
  });

  it('a q matching few of them counts them exactly', async () => {
    const tea = await list(c, 'q=che&per_page=100');
    expect(tea.meta).toEqual({ total_count: 206, current_page: 1, per_page: 100 });
    // Count and page come from one scan of the matches: every sort and page as the plain order filtered.
    const teaOnly = sql`(product_id = ${teaId} or lot_code ilike '%che%')`;
    expect(idsOf(tea)).toEqual(await expected(teaOnly, sql`created_at desc, id desc`, 0, 100));
    expect(idsOf(await list(c, 'q=che&per_page=100&page=3'))).toEqual(
      await expected(teaOnly, sql`created_at desc, id desc`, 200, 100),
    );
    expect(idsOf(await list(c, 'q=che&per_page=20&page=2&sort=lot_code'))).toEqual(
      await expected(teaOnly, sql`lot_code asc, id asc`, 20),
    );
    expect(idsOf(await list(c, 'q=che&per_page=20&sort=-production_date'))).toEqual(
      await expected(teaOnly, sql`production_date desc, id desc`, 0),
    );
    // 1 + 10 + 100 + 1,000 + 301 lots start with CAP-1: counted exactly, and paged, from the one scan of the matches.
    const cap1 = sql`lot_code like 'CAP-1%'`;
    const many = await list(c, 'q=cap-1&per_page=20&page=3&sort=lot_code');
    expect(many.meta).toEqual({ total_count: 1412, current_page: 3, per_page: 20 });
    expect(idsOf(many)).toEqual(await expected(cap1, sql`lot_code asc, id asc`, 40));
    const one = await list(c, 'q=cap-10250');
    expect(one.data.traceabilities.map((x) => x.lot_code)).toEqual(['CAP-10250']);
    expect(one.meta).toEqual({ total_count: 1, current_page: 1, per_page: 20 });
  });
});
