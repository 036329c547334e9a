import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addCalendarDays, todayInVietnam } from '@agrihub/contract';
import { bookingRooms, categories, userRegisterServices } from '../../db/schema/index.js';
import { seedBookingRooms } from '../../db/seed/booking-rooms.js';
import { seedServices } from '../../db/seed/services.js';
import { as, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { multipart } from '../../../test/multipart.js';

/** A new department registration (Foodmap) tells the platform's admins and customer support. */
let t: TestApp;
let roomId: number;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedServices(t.db);
  await seedBookingRooms(t.db);
  const rooms = await t.db.select().from(bookingRooms).where(eq(bookingRooms.platform, 'foodmap'));
  roomId = rooms[0].id;
  const [cat] = await t.db.insert(categories).values({ name: 'Đặc sản', nameEn: 'Specialities' }).returning();
  categoryId = cat.id;
});
afterAll(() => t.close());

const URS_READ = [{ action: 'read' as const, subject: 'user_register_service' as const }];
const notificationsOf = async (u: Built, locale = 'vi') =>
  json(await t.app.inject({ url: '/api/v1/notifications', headers: as(u, locale) })).data.notifications as {
    type: string;
    title: string;
    body: string;
    link: string | null;
  }[];

function send(fields: Record<string, string>) {
  const body = multipart({ filename: 'giay-phep.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'), field: 'documents' }, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations/register_department',
    headers: { platform: 'foodmap', locale: 'vi', 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: '10.77.0.1',
  });
}

describe('a department registration tells the staff', () => {
  it('admins and customer support of the platform hear of it in-app and by mail (their language), with a link to the request', async () => {
    await clearOutbox(t);
    const admin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'], locale: 'en' });
    const support = await buildUser(t.db, { platform: 'foodmap', roles: ['customer_support'], abilities: URS_READ });
    const purchasing = await buildUser(t.db, { platform: 'foodmap', roles: ['purchasing'], abilities: URS_READ });
    const otherPlatform = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    const res = await send({
      business_name: 'Hợp tác xã Nấm Lâm Đồng',
      tax_code: '0319876543',
      representative: 'Trần Văn Nam',
      phone: '0987654321',
      email: 'nam.namlamdong@example.vn',
      province_code: '68',
      category_id: String(categoryId),
      room_id: String(roomId),
      months: '3',
      start_date: addCalendarDays(todayInVietnam(), 900),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.events.drain();
    const [request] = await t.db
      .select({ id: userRegisterServices.id })
      .from(userRegisterServices)
      .where(eq(userRegisterServices.platform, 'foodmap'));
    const link = `/admin/services-approval/${request.id}`;

    const toAdmin = await notificationsOf(admin, 'en');
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toMatchObject({ type: 'department_registration.received', title: 'New department registration', link });
    expect(toAdmin[0].body).toContain('Hợp tác xã Nấm Lâm Đồng');
    const toSupport = await notificationsOf(support);
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]).toMatchObject({ title: 'Đăng ký gian hàng mới', link });
    expect(await notificationsOf(purchasing)).toEqual([]);
    expect(await notificationsOf(otherPlatform)).toEqual([]);

    const mails = readOutbox(t.config.outboxDir);
    const adminMail = mails.find((m) => m.to === admin.user.email);
    const supportMail = mails.find((m) => m.to === support.user.email);
    expect(adminMail?.subject).toContain('New department registration');
    expect(adminMail?.text).toContain(link);
    expect(supportMail?.subject).toContain('Đăng ký gian hàng mới');
    expect(mails.some((m) => m.to === purchasing.user.email || m.to === otherPlatform.user.email)).toBe(false);
  });
});
