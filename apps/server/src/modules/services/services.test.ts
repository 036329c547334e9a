import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MULTICHANNEL_SERVICE_SLUG, SERVICE_SLUGS, type RegisterService } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { registerServices } from '../../db/schema/index.js';
import { seedServices } from '../../db/seed/services.js';

let t: TestApp;
let admin: Built;
let support: Built;
let producer: Built;
let dtrackAdmin: Built;

beforeAll(async () => {
  t = await createTestApp();
  await seedServices(t.db);
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  support = await buildUser(t.db, {
    platform: 'agrihub',
    roles: ['customer_support'],
    abilities: [{ action: 'read', subject: 'user_register_service' }],
  });
  producer = await buildUser(t.db, { platform: 'agrihub' });
  dtrackAdmin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
});
afterAll(() => t.close());

const list = async (platform: 'dtrack' | 'agrihub' | 'foodmap', locale = 'vi') =>
  json<{ data: { register_services: RegisterService[] }; meta: { total_count: number } }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/register_services', headers: headers(platform, undefined, locale) }),
  );
const bySlug = async (platform: 'agrihub' | 'foodmap', slug: string) =>
  (await list(platform)).data.register_services.find((s) => s.slug === slug)!;
const put = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/register_services/${id}`, headers: as(u, locale), payload });

describe('public catalogue', () => {
  it('lists each platform its own services in display order, without login', async () => {
    const dtrack = await list('dtrack');
    expect(dtrack.data.register_services.map((s) => s.slug)).toEqual([
      SERVICE_SLUGS.traceability,
      MULTICHANNEL_SERVICE_SLUG,
      SERVICE_SLUGS.gs1Barcode,
      SERVICE_SLUGS.foodDeclaration,
    ]);
    const agrihub = await list('agrihub');
    expect(agrihub.meta.total_count).toBe(22);
    const foodmap = await list('foodmap');
    expect(foodmap.meta.total_count).toBe(23);
    expect(foodmap.data.register_services.map((s) => s.slug)).toContain(SERVICE_SLUGS.departmentRegistration);
    expect(agrihub.data.register_services.map((s) => s.slug)).not.toContain(SERVICE_SLUGS.departmentRegistration);
    const positions = agrihub.data.register_services.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('carries the §9 prices, the flow type and its steps, texts in the caller language and both languages', async () => {
    const gs1 = await bySlug('agrihub', SERVICE_SLUGS.gs1Barcode);
    expect(gs1).toMatchObject({ type: 1, price_from: 2_500_000, title: 'Đăng ký mã số mã vạch GS1', available: true });
    expect(gs1.steps).toHaveLength(8);
    expect(gs1.target_days.approved_profile).toBeGreaterThan(0);
    expect((await bySlug('agrihub', 'logo-packaging-design')).price_from).toBe(1_500_000);
    expect((await bySlug('agrihub', 'ecommerce-shop-design')).price_from).toBe(500_000);
    expect((await bySlug('agrihub', 'digital-signature')).price_from).toBe(932_000);
    expect((await bySlug('agrihub', SERVICE_SLUGS.foodDeclaration)).price_from).toBe(3_000_000);
    expect((await bySlug('agrihub', 'ministry-website-registration')).price_from).toBe(499_000);
    expect((await bySlug('agrihub', 'e-invoice')).price_from).toBe(1_490_000);
    const free = await bySlug('agrihub', MULTICHANNEL_SERVICE_SLUG);
    expect(free).toMatchObject({ type: 0, price_from: 0, steps: [] });
    const short = await bySlug('foodmap', SERVICE_SLUGS.departmentRegistration);
    expect(short.type).toBe(2);
    expect(short.steps).toEqual(['fill_info', 'advice', 'contract', 'paid', 'inprogress', 'done']);
    const en = (await list('agrihub', 'en')).data.register_services.find((s) => s.slug === SERVICE_SLUGS.gs1Barcode)!;
    expect(en.title).toBe('GS1 barcode registration');
    expect(en.title_vi).toBe('Đăng ký mã số mã vạch GS1');
  });

  it('answers one service by slug, 404 for another platform’s service', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/register_services/${SERVICE_SLUGS.departmentRegistration}`,
      headers: headers('foodmap'),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.register_service.slug).toBe(SERVICE_SLUGS.departmentRegistration);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/register_services/${SERVICE_SLUGS.departmentRegistration}`,
      headers: headers('agrihub', undefined, 'en'),
    });
    expect(other.statusCode).toBe(404);
    expect(json(other).meta).toMatchObject({ code: 'service_not_found', message: 'Service not found.' });
  });

  it('seeding again adds nothing and keeps an administrator’s edits', async () => {
    const gs1 = await bySlug('agrihub', SERVICE_SLUGS.gs1Barcode);
    await t.db.update(registerServices).set({ available: false }).where(eq(registerServices.id, gs1.id));
    await seedServices(t.db);
    expect((await list('agrihub')).meta.total_count).toBe(22);
    expect((await bySlug('agrihub', SERVICE_SLUGS.gs1Barcode)).available).toBe(false);
    await t.db.update(registerServices).set({ available: true }).where(eq(registerServices.id, gs1.id));
  });
});

describe('admin update', () => {
  it('saves availability, prices, pricing rows and target days', async () => {
    const svc = await bySlug('agrihub', 'product-photography');
    const res = await put(admin, svc.id, {
      available: false,
      price_from: 800_000,
      price_unit_vi: 'sản phẩm',
      price_unit_en: 'product',
      pricing: [{ item_vi: 'Ảnh nền trắng', item_en: 'White background photo', unit_vi: 'ảnh', unit_en: 'photo', price: 80_000, note: '' }],
      target_days: { advice: 1, inprogress: 5 },
    });
    expect(res.statusCode).toBe(200);
    const saved = json(res).data.register_service;
    expect(saved).toMatchObject({ available: false, price_from: 800_000, price_unit: 'sản phẩm', target_days: { advice: 1, inprogress: 5 } });
    expect(saved.pricing[0]).toMatchObject({ item_vi: 'Ảnh nền trắng', price: 80_000, note: null });
    expect((await bySlug('agrihub', 'product-photography')).available).toBe(false);
  });

  it('refuses bad values field by field in the user language (422), nothing saved', async () => {
    const svc = await bySlug('agrihub', 'advertising');
    const res = await put(admin, svc.id, { price_from: -1, title_vi: '  ', pricing: [{ item_vi: '', item_en: 'x', price: 1.5 }] }, 'en');
    expect(res.statusCode).toBe(422);
    const fields = json(res).meta.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['price_from', 'title_vi', 'pricing.0.item_vi', 'pricing.0.price']));
    expect(json(res).meta.errors.find((e: { field: string }) => e.field === 'price_from').message).toBe(
      'A price is a whole, non-negative amount of VND.',
    );
    expect((await put(admin, svc.id, { icon: 'rocket' })).statusCode).toBe(422);
    expect((await put(admin, svc.id, { target_days: { advice: 400 } })).statusCode).toBe(422);
    expect((await put(admin, svc.id, { title_vi: 'x'.repeat(201) })).statusCode).toBe(422);
    expect((await bySlug('agrihub', 'advertising')).price_from).toBeNull();
  });

  it('accepts target days only for the steps of the service’s own flow', async () => {
    const short = await bySlug('agrihub', 'advertising');
    const res = await put(admin, short.id, { target_days: { approved_profile: 3 } });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors[0]).toMatchObject({ field: 'target_days.approved_profile' });
    const free = await bySlug('agrihub', MULTICHANNEL_SERVICE_SLUG);
    expect((await put(admin, free.id, { target_days: { advice: 1 } })).statusCode).toBe(422);
    const full = await bySlug('agrihub', 'trademark-registration');
    expect((await put(admin, full.id, { target_days: { approved_profile: 45 } })).statusCode).toBe(200);
  });

  it('is for administrators with the ability, of the service’s own platform', async () => {
    const svc = await bySlug('agrihub', 'advertising');
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/admin/register_services/${svc.id}`, headers: headers('agrihub'), payload: {} })).statusCode).toBe(401);
    expect((await put(producer, svc.id, { available: false })).statusCode).toBe(403);
    expect((await put(support, svc.id, { available: false })).statusCode).toBe(403);
    const editor = await buildUser(t.db, {
      platform: 'agrihub',
      roles: ['customer_support'],
      abilities: [{ action: 'update', subject: 'register_service' }],
    });
    expect((await put(editor, svc.id, { position: 3 })).statusCode).toBe(200);
    expect((await put(dtrackAdmin, svc.id, { available: false })).statusCode).toBe(404);
    expect((await bySlug('agrihub', 'advertising')).available).toBe(true);
  });
});
