import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  ADMIN_PREFIX,
  GATES,
  MULTICHANNEL_SERVICE_SLUG,
  translate,
  type Gate,
  type PlatformKey,
} from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../test/factories.js';
import { buildService, register } from '../modules/service-requests/test-support.js';
import { apiKeys } from '../db/schema/index.js';
import { generateApiKey } from '../modules/api-keys/keys.js';

/**
 * The gates of spec §6 through the whole app (contract GATES, enforced by plugins/auth.ts from the
 * matched route): products behind the products entitlement on DTrack, batches behind DTrack's
 * tracking feature and the same entitlement, DTrack's OEMs and purchase orders, Foodmap's
 * department registration, and the admin routes closed to producers on every platform.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
const routes = () =>
  t.app.routeTable.flatMap((r) =>
    methodsOf(r).map((method) => ({ method, url: r.url, access: r.config?.access, gate: r.config?.gate })),
  );
const gatedBy = (gate: Gate) => routes().filter((r) => r.gate === gate);
/** The gated routes a signed-in account calls; the machine clients' (access apikey) take a key instead. */
const sessionGatedBy = (gate: Gate) => gatedBy(gate).filter((r) => r.access === 'user');
const keyGatedBy = (gate: Gate) => gatedBy(gate).filter((r) => r.access === 'apikey');

/** An API key of `u`'s producer (read and capture), stored as the account page stores one. */
async function keyOf(u: Built): Promise<string> {
  const made = generateApiKey();
  await t.db.insert(apiKeys).values({
    platform: u.platform,
    producerId: u.producerId!,
    name: 'Hệ thống đối tác',
    prefix: made.prefix,
    secretHash: made.hash,
    scopes: ['read', 'capture'],
  });
  return made.key;
}
/** A concrete path for a route pattern: each `:param` filled with a plausible value. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

const call = (method: string, url: string, h: Record<string, string>) =>
  t.app.inject({ method: method as never, url, headers: h, ...(method === 'GET' ? {} : { payload: {} }) });

/** Every route of the group answered 403 with this code for this caller; lists the ones that were not. */
async function refusedEverywhere(group: ReturnType<typeof routes>, h: Record<string, string>, code: string) {
  const leaks: string[] = [];
  for (const r of group) {
    const res = await call(r.method, concrete(r.url), h);
    // The EPCIS binding answers its refusals as RFC 7807 problems (ADR 040), the reason in `detail`.
    const body = json<{ meta?: { code?: string }; detail?: string }>(res);
    const said = (body.detail ?? '').startsWith(translate('vi', code, { platform: '' }).replace(/\.$/, ''));
    const got = body.meta?.code ?? (said ? code : body.detail);
    if (res.statusCode !== 403 || got !== code) leaks.push(`${r.method} ${r.url} → ${res.statusCode} ${got ?? ''}`);
  }
  return leaks;
}

const ENTITLEMENT_VI =
  'Sản phẩm và truy xuất nguồn gốc dành cho tài khoản đã đăng ký dịch vụ Bán hàng đa kênh. Vui lòng đăng ký dịch vụ (miễn phí) để sử dụng.';

describe('the route table declares the gates', () => {
  it('puts every product route behind GATES.products and every batch route behind GATES.batches', () => {
    const products = gatedBy(GATES.products).map((r) => `${r.method} ${r.url}`);
    const batches = gatedBy(GATES.batches).map((r) => `${r.method} ${r.url}`);
    expect(products).toEqual(
      expect.arrayContaining(['GET /api/v1/products', 'POST /api/v1/products', 'GET /api/v1/products/:id/qrcode']),
    );
    expect(products.length).toBeGreaterThanOrEqual(10);
    expect(batches).toEqual(
      expect.arrayContaining([
        'GET /api/v1/traceabilities',
        'POST /api/v1/traceabilities',
        'POST /api/v1/traceabilities/:id/events',
      ]),
    );
    expect(batches.length).toBeGreaterThanOrEqual(12);
    // The producer's own routes only: the admin review and the public pages are not behind them.
    // Batches include the supply chain that moves them (ADR 036), its standards' exports and the
    // machine clients' keys and EPCIS binding (ADR 039, 040), which a key opens instead of a session.
    const own = [
      'products',
      'traceabilities',
      'locations',
      'partners',
      'shipments',
      'transformations',
      'chain',
      'eudr',
      'national-portal',
      'api-keys',
      'diary',
    ];
    for (const r of [...gatedBy(GATES.products), ...gatedBy(GATES.batches)]) {
      if (r.access === 'apikey') {
        expect(r.url.startsWith('/epcis/') || r.url === '/api/v1/api-keys/whoami', r.url).toBe(true);
        continue;
      }
      expect(r.access, r.url).toBe('user');
      expect(
        own.some((area) => r.url.startsWith(`/api/v1/${area}`)),
        r.url,
      ).toBe(true);
    }
    expect(keyGatedBy(GATES.batches).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /epcis/capture', 'GET /epcis/events']),
    );
    for (const r of routes().filter((x) => x.access === 'public' && x.url.includes('/client/'))) {
      expect(r.gate, `${r.url} is public`).toBeUndefined();
    }
  });

  it('puts every OEM and purchase order route behind its DTrack feature', () => {
    const oems = gatedBy(GATES.oems);
    const orders = gatedBy(GATES.purchaseOrders);
    expect(oems.length).toBeGreaterThanOrEqual(6);
    expect(orders.length).toBeGreaterThanOrEqual(9);
    for (const r of [...oems, ...orders]) expect(r.url.startsWith(ADMIN_PREFIX), r.url).toBe(true);
    expect(
      routes()
        .filter((r) => r.url.startsWith('/api/v1/admin/producer_oems'))
        .every((r) => r.gate === GATES.oems),
    ).toBe(true);
    expect(
      routes()
        .filter((r) => r.url.startsWith('/api/v1/admin/purchase_orders'))
        .every((r) => r.gate === GATES.purchaseOrders),
    ).toBe(true);
  });
});

describe('products and batches on DTrack: the products entitlement', () => {
  let newcomer: Built;
  beforeAll(async () => {
    newcomer = await buildUser(t.db, {
      platform: 'dtrack',
      productAccess: false,
      createdAt: new Date('2025-06-01T03:00:00Z'),
    });
  });

  it('refuses a producer without it on every product and batch route: 403 entitlement_required, in Vietnamese', async () => {
    expect(await refusedEverywhere(sessionGatedBy(GATES.products), as(newcomer), 'entitlement_required')).toEqual([]);
    expect(await refusedEverywhere(sessionGatedBy(GATES.batches), as(newcomer), 'entitlement_required')).toEqual([]);
    // A machine client's key opens no more than its producer's accounts would.
    const key = {
      ...headers('dtrack'),
      host: 'dtrack.localhost:3000',
      authorization: `Bearer ${await keyOf(newcomer)}`,
    };
    expect(await refusedEverywhere(keyGatedBy(GATES.batches), key, 'entitlement_required')).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: as(newcomer) });
    expect(json(res).meta).toEqual({ code: 'entitlement_required', message: ENTITLEMENT_VI });
    // DTrack is Vietnamese only: an English request reads the same.
    const en = await t.app.inject({ method: 'GET', url: '/api/v1/traceabilities', headers: as(newcomer, 'en') });
    expect(json(en).meta.message).toBe(ENTITLEMENT_VI);
  });

  it('creates nothing for a producer without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: as(newcomer),
      payload: { name: 'Chè búp khô', category_id: 1, unit: 'Kg', price: { cents: 100000 } },
    });
    expect(res.statusCode).toBe(403);
    const own = await buildProduct(t.db, { producerId: newcomer.producerId! });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/products/${own.id}`, headers: as(newcomer) });
    expect(json(read).meta.code).toBe('entitlement_required');
  });

  it('lets a multi-channel selling subscriber and an old user through (200)', async () => {
    const subscriber = await buildUser(t.db, { platform: 'dtrack', registedServices: [MULTICHANNEL_SERVICE_SLUG] });
    const old = await buildUser(t.db, {
      platform: 'dtrack',
      productAccess: false,
      createdAt: new Date('2021-05-10T03:00:00Z'),
    });
    for (const u of [subscriber, old]) {
      for (const url of ['/api/v1/products', '/api/v1/traceabilities']) {
        const res = await t.app.inject({ method: 'GET', url, headers: as(u) });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const product = await buildProduct(t.db, { producerId: subscriber.producerId! });
    const batch = await buildBatch(t.db, { productId: product.id });
    expect((await t.app.inject({ url: `/api/v1/products/${product.id}`, headers: as(subscriber) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: `/api/v1/traceabilities/${batch.id}`, headers: as(subscriber) })).statusCode,
    ).toBe(200);
  });

  it('opens as soon as the producer registers multi-channel selling (a service request, no new login)', async () => {
    const u = await buildUser(t.db, { platform: 'dtrack', productAccess: false });
    await buildService(t.db, { platform: 'dtrack', type: 0, slug: MULTICHANNEL_SERVICE_SLUG });
    expect((await t.app.inject({ url: '/api/v1/products', headers: as(u) })).statusCode).toBe(403);
    expect((await register(t, u, MULTICHANNEL_SERVICE_SLUG)).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/v1/products', headers: as(u) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/traceabilities', headers: as(u) })).statusCode).toBe(200);
  });

  it('still answers 401 to a visitor, and a visitor still reads a public trace page', async () => {
    expect((await t.app.inject({ url: '/api/v1/products', headers: headers('dtrack') })).statusCode).toBe(401);
    const batch = await buildBatch(t.db, { platform: 'dtrack' });
    const page = await t.app.inject({
      url: `/api/v1/client/traceabilities/${batch.publicCode}`,
      headers: headers('dtrack'),
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('batches on AgriHub and Foodmap: no tracking', () => {
  for (const platform of ['agrihub', 'foodmap'] as const satisfies readonly PlatformKey[]) {
    it(`${platform}: refuses every batch route (403 feature_unavailable) while products stay open`, async () => {
      const producer = await buildUser(t.db, { platform, createdAt: new Date('2021-05-10T03:00:00Z') });
      expect(await refusedEverywhere(sessionGatedBy(GATES.batches), as(producer), 'feature_unavailable')).toEqual([]);
      // The EPCIS binding takes its platform from the host (ADR 040).
      const key = {
        ...headers(platform),
        host: `${platform}.localhost:3000`,
        authorization: `Bearer ${await keyOf(producer)}`,
      };
      expect(await refusedEverywhere(keyGatedBy(GATES.batches), key, 'feature_unavailable')).toEqual([]);
      const name = platform === 'agrihub' ? 'AgriHub' : 'Foodmap';
      const list = await t.app.inject({ url: '/api/v1/traceabilities', headers: as(producer) });
      expect(json(list).meta).toEqual({ code: 'feature_unavailable', message: `Tính năng này không có trên ${name}.` });
      const en = await t.app.inject({ url: '/api/v1/traceabilities', headers: as(producer, 'en') });
      expect(json(en).meta.message).toBe(`This feature is not available on ${name}.`);
      expect((await t.app.inject({ url: '/api/v1/products', headers: as(producer) })).statusCode).toBe(200);
      // A batch made before stays public: its trace page is no producer route.
      const batch = await buildBatch(t.db, { platform });
      const page = await t.app.inject({
        url: `/api/v1/client/traceabilities/${batch.publicCode}`,
        headers: headers(platform),
      });
      expect(page.statusCode).toBe(200);
    });
  }
});

describe('DTrack-only back office and Foodmap-only registration', () => {
  for (const platform of ['agrihub', 'foodmap'] as const) {
    it(`${platform}: refuses every OEM and purchase order route to its administrator (feature_unavailable)`, async () => {
      const admin = await buildUser(t.db, { platform, roles: ['admin'] });
      expect(await refusedEverywhere(gatedBy(GATES.oems), as(admin), 'feature_unavailable')).toEqual([]);
      expect(await refusedEverywhere(gatedBy(GATES.purchaseOrders), as(admin), 'feature_unavailable')).toEqual([]);
    });
  }

  it('DTrack: opens them to its administrator', async () => {
    const admin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
    expect((await t.app.inject({ url: '/api/v1/admin/producer_oems', headers: as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/admin/purchase_orders', headers: as(admin) })).statusCode).toBe(200);
  });

  it('refuses the department registration outside Foodmap, to visitors', async () => {
    for (const platform of ['dtrack', 'agrihub'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/registrations/register_department',
        headers: headers(platform),
      });
      expect(res.statusCode, platform).toBe(403);
      expect(json(res).meta.code).toBe('feature_unavailable');
    }
  });
});

describe('admin routes refuse producers on every platform', () => {
  for (const platform of ['dtrack', 'agrihub', 'foodmap'] as const) {
    it(`${platform}: 403 forbidden on each admin route, entitled or not`, async () => {
      const producer = await buildUser(t.db, { platform, createdAt: new Date('2021-05-10T03:00:00Z') });
      const admin = routes().filter((r) => r.access === 'admin');
      expect(admin.length).toBeGreaterThan(40);
      expect(await refusedEverywhere(admin, as(producer), 'forbidden')).toEqual([]);
    });
  }
});
