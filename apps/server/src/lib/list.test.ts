import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votes } from '../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../test/factories.js';

/**
 * Every list route goes through one list helper (lib/list + the contract's listQuery): a sort
 * outside the list's whitelist and per_page over 100 are refused with 422 in the caller's
 * language, and q ignores accents and case.
 */
let t: TestApp;
let producer: Built;
let admin: Built;
/** A DTrack producer: batches (tracking) are DTrack's, which answers in Vietnamese only. */
let tracker: Built;
beforeAll(async () => {
  t = await createTestApp();
  // AgriHub answers in English when asked (DTrack is Vietnamese only).
  const platform = 'agrihub';
  producer = await buildUser(t.db, {
    platform,
    name: 'Nguyễn Thị Đắk Lắk',
    producer: { name: 'HTX Cà phê Đắk Lắk' },
  });
  await buildUser(t.db, { platform, name: 'Trần Văn Bình', producer: { name: 'HTX Rau sạch Bình Dương' } });
  admin = await buildUser(t.db, { platform, roles: ['admin'] });
  const tea = await buildProduct(t.db, { producerId: producer.producerId!, name: 'Chè Shan Tuyết Mộc Châu' });
  await buildProduct(t.db, { producerId: producer.producerId!, name: 'Cà phê Robusta' });
  const teaBatch = await buildBatch(t.db, { productId: tea.id, lotCode: 'LO-CHE-01' });
  const other = await buildProduct(t.db, { producerId: producer.producerId!, name: 'Mật ong rừng' });
  const otherBatch = await buildBatch(t.db, { productId: other.id, lotCode: 'LO-MO-01' });
  await t.db.insert(votes).values([
    { platform, traceabilityId: teaBatch.id, rating: 5, comment: 'Chè Shan Tuyết thơm', clientKey: 'a' },
    { platform, traceabilityId: otherBatch.id, rating: 4, comment: 'Mật ong ngon', clientKey: 'b' },
  ]);
  tracker = await buildUser(t.db, { platform: 'dtrack', producer: { name: 'HTX Chè Mộc Châu' } });
  const dtrackTea = await buildProduct(t.db, { producerId: tracker.producerId!, name: 'Chè Shan Tuyết Mộc Châu' });
  await buildBatch(t.db, { productId: dtrackTea.id, lotCode: 'LO-CHE-01' });
  const honey = await buildProduct(t.db, { producerId: tracker.producerId!, name: 'Mật ong rừng' });
  await buildBatch(t.db, { productId: honey.id, lotCode: 'LO-MO-01' });
});
afterAll(() => t.close());

interface ListCase {
  url: string;
  who: () => Built;
  key: string;
  /** A search without accents and what it must find (and only it). */
  q: string;
  found: (row: Record<string, unknown>) => unknown;
  expected: string;
  sort: string;
  /** The caller's platform answers in Vietnamese whatever the locale (DTrack). */
  vietnameseOnly?: boolean;
}

const LISTS: ListCase[] = [
  {
    url: '/api/v1/products',
    who: () => producer,
    key: 'products',
    q: 'che shan tuyet',
    found: (r) => r.name,
    expected: 'Chè Shan Tuyết Mộc Châu',
    sort: 'name',
  },
  {
    url: '/api/v1/admin/products',
    who: () => admin,
    key: 'products',
    q: 'CHE SHAN tuyet',
    found: (r) => r.name,
    expected: 'Chè Shan Tuyết Mộc Châu',
    sort: '-name',
  },
  {
    url: '/api/v1/traceabilities',
    who: () => tracker,
    key: 'traceabilities',
    q: 'che shan tuyet',
    found: (r) => r.lot_code,
    expected: 'LO-CHE-01',
    sort: 'lot_code',
    vietnameseOnly: true,
  },
  {
    url: '/api/v1/admin/producers',
    who: () => admin,
    key: 'producers',
    q: 'dak lak',
    found: (r) => r.name,
    expected: 'HTX Cà phê Đắk Lắk',
    sort: 'name',
  },
  {
    url: '/api/v1/producers',
    who: () => admin,
    key: 'producers',
    q: 'dak lak',
    found: (r) => r.name,
    expected: 'HTX Cà phê Đắk Lắk',
    sort: '-created_at',
  },
  {
    url: '/api/v1/admin/users',
    who: () => admin,
    key: 'users',
    q: 'dak lak',
    found: (r) => r.name,
    expected: 'Nguyễn Thị Đắk Lắk',
    sort: 'email',
  },
  {
    url: '/api/v1/votes',
    who: () => producer,
    key: 'votes',
    q: 'che shan tuyet',
    found: (r) => r.lot_code,
    expected: 'LO-CHE-01',
    sort: '-rating',
  },
];

const get = (url: string, who: Built, locale = 'vi') => t.app.inject({ url, headers: as(who, locale) });

describe.each(LISTS)('$url', (list) => {
  it('finds with q whatever the accents and case', async () => {
    const res = await get(`${list.url}?q=${encodeURIComponent(list.q)}`, list.who());
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data[list.key].map(list.found)).toEqual([list.expected]);
    expect(body.meta).toEqual({ total_count: 1, current_page: 1, per_page: 20 });
  });

  it('takes a whitelisted sort and per_page 100', async () => {
    const res = await get(`${list.url}?sort=${list.sort}&per_page=100`, list.who());
    expect(res.statusCode).toBe(200);
    expect(json(res).meta.per_page).toBe(100);
  });

  it('refuses a sort outside the whitelist with 422 in the caller language', async () => {
    const vi = await get(`${list.url}?sort=password_hash`, list.who());
    expect(vi.statusCode).toBe(422);
    expect(json(vi).meta.errors).toEqual([{ field: 'sort', message: 'Cách sắp xếp không hợp lệ.' }]);
    const en = await get(`${list.url}?sort=-password_hash`, list.who(), 'en');
    expect(en.statusCode).toBe(422);
    const message = list.vietnameseOnly ? 'Cách sắp xếp không hợp lệ.' : 'Invalid sort order.';
    expect(json(en).meta.errors).toEqual([{ field: 'sort', message }]);
  });

  it('refuses per_page 101 and page 0 with 422', async () => {
    const res = await get(`${list.url}?per_page=101`, list.who());
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([
      { field: 'per_page', message: 'Số dòng mỗi trang phải là số nguyên từ 1 đến 100.' },
    ]);
    const en = await get(`${list.url}?page=0`, list.who(), 'en');
    expect(en.statusCode).toBe(422);
    const message = list.vietnameseOnly ? 'Số trang phải là số nguyên từ 1 trở lên.' : 'The page must be a whole number of 1 or more.';
    expect(json(en).meta.errors).toEqual([{ field: 'page', message }]);
  });
});

describe('histories (paged in a fixed order)', () => {
  it('page through the same bounds: per_page 101 and page 0 are 422', async () => {
    const [p] = json(await get('/api/v1/products?sort=name', producer)).data.products;
    const [b] = json(await get('/api/v1/traceabilities', tracker)).data.traceabilities;
    for (const [url, who, message] of [
      [`/api/v1/products/${p.id}/history`, producer, 'Rows per page must be a whole number from 1 to 100.'],
      // Batches are DTrack's, Vietnamese only.
      [`/api/v1/traceabilities/${b.id}/history`, tracker, 'Số dòng mỗi trang phải là số nguyên từ 1 đến 100.'],
    ] as const) {
      const ok = await get(`${url}?per_page=100`, who);
      expect(ok.statusCode, url).toBe(200);
      expect(json(ok).meta).toMatchObject({ current_page: 1, per_page: 100 });
      const over = await get(`${url}?per_page=101`, who, 'en');
      expect(over.statusCode, url).toBe(422);
      expect(json(over).meta.errors).toEqual([{ field: 'per_page', message }]);
      expect((await get(`${url}?page=0`, who)).statusCode, url).toBe(422);
    }
  });
});

describe('sorting', () => {
  it('orders by the whitelisted field both ways', async () => {
    const names = async (sort: string) =>
      json(await get(`/api/v1/products?sort=${sort}`, producer)).data.products.map((p: { name: string }) => p.name);
    const up = await names('name');
    expect(up).toHaveLength(3);
    expect(await names('-name')).toEqual([...up].reverse());
    const votes = async (sort: string) =>
      json(await get(`/api/v1/votes?sort=${sort}`, producer)).data.votes.map((v: { rating: number }) => v.rating);
    expect(await votes('rating')).toEqual([4, 5]);
    expect(await votes('-rating')).toEqual([5, 4]);
  });

  it('pages do not overlap and the meta counts the whole list', async () => {
    const page = async (n: number) => json(await get(`/api/v1/products?per_page=1&page=${n}&sort=name`, producer));
    const [one, two, three] = await Promise.all([page(1), page(2), page(3)]);
    const ids = [one, two, three].map((b) => b.data.products[0].id);
    expect(new Set(ids).size).toBe(3);
    expect(three.meta).toEqual({ total_count: 3, current_page: 3, per_page: 1 });
  });
});
