import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  clientMessages,
  platformSettings,
  producerOems,
  producers,
  registerServices,
  userRegisterServices,
  users,
} from './schema/index.js';
import { normalizeStoredPhones } from './phones-e164.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { buildUser } from '../../test/factories.js';

/**
 * Phones saved before the contract's rule (any text the spec §5 pattern let through) are rewritten
 * in E.164 at migrate, so that lookups and comparisons see one form; what the rule cannot read stays.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the phone data step', () => {
  it('rewrites stored phones in E.164 everywhere, leaves unreadable text and E.164 alone, and is idempotent', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap', producer: { phone: '(028) 3823 4567' } });
    await t.db.update(users).set({ phone: '091-234-5678' }).where(eq(users.id, u.user.id));
    const kept = await buildUser(t.db, { platform: 'foodmap', producer: { phone: '+84912345678' } });
    await t.db.update(users).set({ phone: 'gọi văn phòng' }).where(eq(users.id, kept.user.id));
    const [oem] = await t.db
      .insert(producerOems)
      .values({ platform: 'dtrack', name: 'OEM cũ', phone: '0243.825.1234' })
      .returning();
    const [lead] = await t.db
      .insert(clientMessages)
      .values({
        platform: 'foodmap',
        name: 'Khách',
        phone: '84 912 345 678',
        topic: 'service_advice',
        message: 'Tư vấn',
        consentAt: new Date(),
      })
      .returning();
    await t.db
      .insert(platformSettings)
      .values({ platform: 'foodmap', hotline: '1800 1234' })
      .onConflictDoUpdate({ target: platformSettings.platform, set: { hotline: '1800 1234' } });
    const [service] = await t.db
      .insert(registerServices)
      .values({
        platform: 'foodmap',
        slug: 'phone-step-test',
        titleVi: 'Thử',
        titleEn: 'Test',
        type: 2,
        formFields: [
          { key: 'zalo', type: 'phone', label_vi: 'Zalo', label_en: 'Zalo', required: false },
          { key: 'note', type: 'text', label_vi: 'Ghi chú', label_en: 'Note', required: false },
        ],
      })
      .returning();
    const [request] = await t.db
      .insert(userRegisterServices)
      .values({
        platform: 'foodmap',
        producerId: u.producerId!,
        serviceId: service.id,
        step: 'fill_info',
        status: 'pending',
        form: { contact_name: 'An', phone: '0912 345 678', fields: { zalo: '0862.123.456', note: '0912 345 678' } },
      })
      .returning();

    expect(await normalizeStoredPhones(t.db)).toBeGreaterThanOrEqual(6);

    const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
    expect((await one(t.db.select().from(users).where(eq(users.id, u.user.id)))).phone).toBe('+84912345678');
    expect((await one(t.db.select().from(users).where(eq(users.id, kept.user.id)))).phone).toBe('gọi văn phòng');
    expect((await one(t.db.select().from(producers).where(eq(producers.id, u.producerId!)))).phone).toBe(
      '+842838234567',
    );
    expect((await one(t.db.select().from(producers).where(eq(producers.id, kept.producerId!)))).phone).toBe(
      '+84912345678',
    );
    expect((await one(t.db.select().from(producerOems).where(eq(producerOems.id, oem.id)))).phone).toBe(
      '+842438251234',
    );
    expect((await one(t.db.select().from(clientMessages).where(eq(clientMessages.id, lead.id)))).phone).toBe(
      '+84912345678',
    );
    expect(
      (await one(t.db.select().from(platformSettings).where(eq(platformSettings.platform, 'foodmap')))).hotline,
    ).toBe('+8418001234');
    // The contact phone and the answers to the service's phone fields; other answers untouched.
    expect(
      (await one(t.db.select().from(userRegisterServices).where(eq(userRegisterServices.id, request.id)))).form,
    ).toEqual({ contact_name: 'An', phone: '+84912345678', fields: { zalo: '+84862123456', note: '0912 345 678' } });

    // Done once: nothing left to change, also when the migrations run again.
    expect(await normalizeStoredPhones(t.db)).toBe(0);
    await t.database.migrate();
    expect((await one(t.db.select().from(users).where(eq(users.id, kept.user.id)))).phone).toBe('gọi văn phòng');
  });
});
