import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import { userRegisterServices, users } from '../schema/index.js';
import { openSession } from '../../modules/auth/sessions.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { demoEmail, seedAccounts } from './accounts.js';
import { seedBookingRooms } from './booking-rooms.js';
import { seedServiceRequests } from './service-requests.js';
import { seedServices } from './services.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
  await seedServices(t.db);
  await seedBookingRooms(t.db);
  await seedServiceRequests(t.db);
});
afterAll(() => t.close());

async function demo(local: string, platform: PlatformKey) {
  const [u] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  return { u, h: headers(platform, (await openSession(t.db, u.id)).access_token) };
}

const get = async (url: string, h: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers: h });
  expect(res.statusCode).toBe(200);
  return json(res);
};

describe('demo service requests seed', () => {
  it('gives the Foodmap demo producer a request in every state, with history, notes and a booking', async () => {
    const admin = await demo('admin', 'foodmap');
    const list = (await get('/api/v1/admin/user_register_services?per_page=50', admin.h)).data.urss;
    const bySlug = Object.fromEntries(list.map((r: { service: { slug: string } }) => [r.service.slug, r]));
    expect(bySlug['gs1-barcode']).toMatchObject({ step: 'contract', status: 'processing', overdue: true });
    expect(bySlug['food-product-declaration']).toMatchObject({ step: 'done', status: 'approved' });
    expect(bySlug['logo-packaging-design']).toMatchObject({ step: 'inprogress', locked: true });
    expect(bySlug['e-invoice']).toMatchObject({ step: 'cancelled', status: 'cancelled', cancel_reason: expect.stringContaining('hóa đơn') });
    expect(bySlug['ecommerce-shop-design']).toMatchObject({ step: 'fill_info', status: 'pending' });
    expect(bySlug['department-registration'].booking).toMatchObject({ room_name: 'Gian hàng tiêu chuẩn A1', months: 6 });

    const detail = (await get(`/api/v1/admin/user_register_services/${bySlug['gs1-barcode'].id}`, admin.h)).data;
    expect(detail.urs.notes.map((n: { internal: boolean }) => n.internal).sort()).toEqual([false, true]);
    const done = bySlug['food-product-declaration'].id;
    const steps = (await get(`/api/v1/admin/user_register_services/${done}/history`, admin.h)).data.history as { to: string }[];
    expect(steps.map((s) => s.to)).toContain('approved_profile');

    // The producer sees its requests, never the internal note.
    const producer = await demo('producer', 'foodmap');
    const own = (await get(`/api/v1/user_register_services/${bySlug['gs1-barcode'].id}`, producer.h)).data.urs;
    expect(own.notes).toHaveLength(1);
    expect(own.notes[0].internal).toBe(false);
  });

  it('skips what a platform does not offer and locks nothing outside Foodmap', async () => {
    const producer = await demo('producer', 'dtrack');
    const rows = await t.db.select().from(userRegisterServices).where(eq(userRegisterServices.producerId, producer.u.producerId!));
    expect(rows.map((r) => r.step).sort()).toEqual(['cancelled', 'contract', 'done']);
    const agrihub = await demo('producer', 'agrihub');
    const ag = await t.db.select().from(userRegisterServices).where(eq(userRegisterServices.producerId, agrihub.u.producerId!));
    expect(ag).toHaveLength(5);
    expect(ag.every((r) => r.lockedAt === null)).toBe(true);
  });

  it('is idempotent', async () => {
    const before = (await t.db.select().from(userRegisterServices)).length;
    await seedServiceRequests(t.db);
    expect((await t.db.select().from(userRegisterServices)).length).toBe(before);
  });
});
