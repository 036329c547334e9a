import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addCalendarDays, bookingEndDate, todayInVietnam } from '@agrihub/contract';
import { activity, bookingRooms, categories, userRegisterServices } from '../../db/schema/index.js';
import { seedServices } from '../../db/seed/services.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
let ip = 0;
let categoryId: number;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATION_RATE_LIMIT_PER_HOUR: '100' });
  await seedServices(t.db);
  const [cat] = await t.db.insert(categories).values({ name: 'Rau củ quả', nameEn: 'Vegetables' }).returning();
  categoryId = cat.id;
  admin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function form(fields: Record<string, string>) {
  const boundary = `----rooms${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="giay-phep.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

let n = 0;
/** Registers a booking of `roomId` for `months` from `start`. */
function book(roomId: number, start: string, months: number, { email = `phong${++n}@example.vn`, locale = 'vi' } = {}) {
  const body = form({
    business_name: 'Hợp tác xã Rau sạch Củ Chi',
    tax_code: '0312345678',
    representative: 'Trần Văn Bình',
    phone: '0912345678',
    email,
    province_code: '79',
    category_id: String(categoryId),
    room_id: String(roomId),
    months: String(months),
    start_date: start,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations/register_department',
    headers: { platform: 'foodmap', locale, 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: `10.61.${Math.floor(++ip / 200)}.${ip % 200}`,
  });
}

async function room(over: Partial<typeof bookingRooms.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(bookingRooms)
    .values({ platform: 'foodmap', name: `Gian hàng B${++n}`, nameEn: `Booth B${n}`, location: 'Tầng 1', sizeM2: 12, pricePerMonth: 2_000_000, ...over })
    .returning();
  return row;
}

const publicRooms = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/booking_rooms${query}`, headers: { platform: 'foodmap' } });
  return { res, rooms: res.statusCode === 200 ? (json(res).data.booking_rooms as Record<string, unknown>[]) : [] };
};
const vn = (d: string) => d.split('-').reverse().join('/');
const liveBookings = (roomId: number) =>
  t.db
    .select()
    .from(userRegisterServices)
    .then((rows) => rows.filter((r) => r.booking?.room_id === roomId && r.step !== 'cancelled'));

describe('room availability', () => {
  it('refuses an overlapping period naming the room and the next free date, allows the adjacent one, and a cancelled request frees its period', async () => {
    const r = await room({ name: 'Gian hàng Chợ Lớn', nameEn: 'Cho Lon booth' });
    const owner = await buildUser(t.db, { platform: 'foodmap' });
    const start = addCalendarDays(todayInVietnam(), 10);
    const end = bookingEndDate(start, 2);

    const first = await book(r.id, start, 2, { email: owner.user.email });
    expect(first.statusCode).toBe(201);

    // Overlapping by a day at either end, or inside: refused on the room field, in the caller's language.
    for (const [s, m] of [
      [end, 1],
      [addCalendarDays(start, -5), 1],
      [addCalendarDays(start, 7), 1],
    ] as const) {
      const res = await book(r.id, s, m);
      expect(res.statusCode, `${s} +${m}`).toBe(409);
      expect(json(res).meta.code).toBe('roomBooked');
    }
    const refused = await book(r.id, addCalendarDays(start, 3), 1);
    const next = addCalendarDays(end, 1);
    const message = `Gian hàng Gian hàng Chợ Lớn đã được đặt đến ngày ${vn(end)}; gian hàng trống lại từ ngày ${vn(next)}. Vui lòng chọn thời gian hoặc gian hàng khác.`;
    expect(json(refused).meta.message).toBe(message);
    expect(json(refused).meta.errors).toEqual([{ field: 'room_id', message }]);
    const english = await book(r.id, start, 1, { locale: 'en' });
    expect(json(english).meta.message).toBe(
      `The space Cho Lon booth is booked until ${vn(end)}; it is free again from ${vn(next)}. Please choose another period or space.`,
    );

    // The day after the end: adjacent, allowed.
    const adjacent = await book(r.id, next, 1);
    expect(adjacent.statusCode).toBe(201);
    expect(await liveBookings(r.id)).toHaveLength(2);

    // The list tells the periods (never who) and, for a period asked, when the months fit: after both bookings.
    const afterSecond = addCalendarDays(bookingEndDate(next, 1), 1);
    const { rooms } = await publicRooms(`?start_date=${start}&months=1`);
    const listed = rooms.find((x) => x.id === r.id)!;
    expect(listed).toMatchObject({
      free: false,
      booked_until: bookingEndDate(next, 1),
      next_free_date: afterSecond,
      booked: [
        { start_date: start, end_date: end },
        { start_date: next, end_date: bookingEndDate(next, 1) },
      ],
    });
    expect(Object.keys((listed.booked as object[])[0]).sort()).toEqual(['end_date', 'start_date']);
    const later = (await publicRooms(`?start_date=${afterSecond}&months=3`)).rooms.find((x) => x.id === r.id)!;
    expect(later).toMatchObject({ free: true, booked_until: null, next_free_date: null });
    const noPeriod = (await publicRooms()).rooms.find((x) => x.id === r.id)!;
    expect(noPeriod).toMatchObject({ free: null, booked_until: null, next_free_date: null });

    // Cancelling the first request frees its period.
    const [mine] = (await liveBookings(r.id)).filter((x) => x.userId === owner.user.id);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user_register_services/${mine.id}?reason=${encodeURIComponent('Đổi kế hoạch kinh doanh')}`,
      headers: as(owner),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await publicRooms(`?start_date=${start}&months=2`)).rooms.find((x) => x.id === r.id)).toMatchObject({ free: true });
    expect((await book(r.id, addCalendarDays(start, 3), 1)).statusCode).toBe(201);
  });

  it('checks the period asked: both fields or neither, real dates, 1–36 months', async () => {
    const today = todayInVietnam();
    for (const q of [`?start_date=${today}`, '?months=3', `?start_date=2025-02-30&months=1`, `?start_date=${today}&months=37`, `?start_date=${today}&months=abc`]) {
      const { res } = await publicRooms(q);
      expect(res.statusCode, q).toBe(422);
    }
    const { res } = await publicRooms('?months=3');
    expect(json(res).meta.errors).toEqual([{ field: 'months', message: 'Hãy chọn cả ngày bắt đầu và số tháng thuê.' }]);
  });

  it('lets only one of several concurrent registrations of one room and period win', async () => {
    const r = await room();
    const start = addCalendarDays(todayInVietnam(), 30);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => book(r.id, addCalendarDays(start, i), 2)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await liveBookings(r.id)).toHaveLength(1);
    // Two concurrent registrations of different periods of the room both pass.
    const other = await room();
    const both = await Promise.all([book(other.id, start, 1), book(other.id, addCalendarDays(bookingEndDate(start, 1), 1), 1)]);
    expect(both.map((a) => a.statusCode)).toEqual([201, 201]);
  });
});

describe('rooms admin /api/v1/admin/booking_rooms', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Built | null, payload?: object, locale = 'vi') =>
    t.app.inject({
      method,
      url,
      headers: who ? as(who, locale) : { platform: 'foodmap', locale },
      ...(payload ? { payload } : {}),
    });
  const body = { name: 'Gian hàng Góc phố', name_en: 'Street corner booth', location: 'Tầng trệt, cổng chính', size_m2: 15, price_per_month: 4_500_000 };

  it('creates, lists, edits and deletes a room, each change in the activity log', async () => {
    const created = await call('POST', '/api/v1/admin/booking_rooms', admin, { ...body, position: 3 });
    expect(created.statusCode).toBe(201);
    const id = json(created).data.booking_room.id;
    expect(json(created)).toMatchObject({
      data: { booking_room: { ...body, available: true, position: 3, bookings_count: 0, next_booking: null } },
      meta: { message: 'Đã thêm gian hàng.' },
    });

    // Booked: the list counts it and names the next booking; the public list shows it.
    const start = addCalendarDays(todayInVietnam(), 5);
    expect((await book(id, start, 3)).statusCode).toBe(201);
    const listed = json(await call('GET', '/api/v1/admin/booking_rooms', admin)).data.booking_rooms.find((x: { id: number }) => x.id === id);
    expect(listed).toMatchObject({ bookings_count: 1, next_booking: { start_date: start, end_date: bookingEndDate(start, 3) } });

    const edited = await call('PUT', `/api/v1/admin/booking_rooms/${id}`, admin, { price_per_month: 5_000_000, available: false });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data.booking_room).toMatchObject({ price_per_month: 5_000_000, available: false, bookings_count: 1 });
    // Unavailable: out of the public list, and a registration is refused.
    expect((await publicRooms()).rooms.map((x) => x.id)).not.toContain(id);
    const refused = await book(id, addCalendarDays(start, 200), 1);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).meta.errors[0].field).toBe('room_id');

    // A room with a current or future booking cannot be deleted.
    const kept = await call('DELETE', `/api/v1/admin/booking_rooms/${id}`, admin);
    expect(kept.statusCode).toBe(409);
    expect(json(kept).meta.message).toBe(
      'Gian hàng Gian hàng Góc phố đang có 1 lượt đặt hiện tại hoặc sắp tới nên không thể xóa. Hãy tắt "Còn nhận đặt" để ngừng nhận đặt thay vì xóa.',
    );

    const empty = json(await call('POST', '/api/v1/admin/booking_rooms', admin, body)).data.booking_room.id;
    const deleted = await call('DELETE', `/api/v1/admin/booking_rooms/${empty}`, admin, undefined, 'en');
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted).meta.message).toBe('Space deleted.');
    expect(await t.db.select().from(bookingRooms).where(eq(bookingRooms.id, empty))).toEqual([]);

    const history = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'booking_room'), eq(activity.platform, 'foodmap')));
    expect(history.filter((h) => h.subjectId === id).map((h) => [h.action, h.actorId])).toEqual([
      ['create', admin.user.id],
      ['update', admin.user.id],
    ]);
    expect(history.find((h) => h.subjectId === id && h.action === 'update')!.diff).toEqual({
      fields: ['price_per_month', 'available'],
      changes: { price_per_month: [4_500_000, 5_000_000], available: [true, false] },
    });
    expect(history.filter((h) => h.subjectId === empty).map((h) => h.action)).toEqual(['create', 'delete']);
  });

  it('refuses bad input field by field in the caller’s language', async () => {
    const res = await call('POST', '/api/v1/admin/booking_rooms', admin, {
      name: '  ',
      name_en: 'x'.repeat(121),
      location: '',
      size_m2: 0,
      price_per_month: 1e12,
      position: -1,
    });
    expect(res.statusCode).toBe(422);
    const errors = Object.fromEntries((json(res).meta.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(errors).toMatchObject({
      name: 'Vui lòng nhập tên gian hàng.',
      name_en: 'Tối đa 120 ký tự.',
      location: 'Vui lòng nhập vị trí gian hàng.',
      size_m2: 'Diện tích phải là số nguyên từ 1 đến 100.000 m².',
      price_per_month: 'Giá thuê phải là số nguyên VND từ 0 đến 100.000.000.000.',
    });
    const put = await call('PUT', '/api/v1/admin/booking_rooms/1', admin, { size_m2: 2.5 }, 'en');
    expect(put.statusCode).toBe(422);
    expect(json(put).meta.errors).toEqual([{ field: 'size_m2', message: 'The size is a whole number from 1 to 100,000 m².' }]);
  });

  it('needs the settings ability (register_service): read to list, update to change', async () => {
    const r = await room();
    const producer = await buildUser(t.db, { platform: 'foodmap' });
    const support = await buildUser(t.db, { platform: 'foodmap', roles: ['customer_support'] });
    const reader = await buildUser(t.db, {
      platform: 'foodmap',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'register_service' }],
    });
    const editor = await buildUser(t.db, {
      platform: 'foodmap',
      roles: ['customer_support'],
      abilities: [{ action: 'update', subject: 'register_service' }],
    });
    expect((await call('GET', '/api/v1/admin/booking_rooms', null)).statusCode).toBe(401);
    for (const who of [producer, support]) {
      expect((await call('GET', '/api/v1/admin/booking_rooms', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/admin/booking_rooms', who, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/admin/booking_rooms/${r.id}`, who, { position: 1 })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/admin/booking_rooms/${r.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/admin/booking_rooms', reader)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/admin/booking_rooms/${r.id}`, reader, { position: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/admin/booking_rooms/${r.id}`, reader)).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/admin/booking_rooms/${r.id}`, editor, { position: 1 })).statusCode).toBe(200);
  });

  it("keeps each platform's rooms apart: another platform's room is not found", async () => {
    const r = await room();
    const dtrackAdmin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
    const listed = json(await call('GET', '/api/v1/admin/booking_rooms', dtrackAdmin)).data.booking_rooms;
    expect(listed.map((x: { id: number }) => x.id)).not.toContain(r.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, `/api/v1/admin/booking_rooms/${r.id}`, dtrackAdmin, method === 'PUT' ? { position: 2 } : undefined);
      expect(res.statusCode, method).toBe(404);
      expect(json(res).meta.message).toBe('Không tìm thấy gian hàng.');
    }
    // A DTrack room is DTrack's own, out of Foodmap's lists.
    const made = json(await call('POST', '/api/v1/admin/booking_rooms', dtrackAdmin, body)).data.booking_room;
    expect(json(await call('GET', '/api/v1/admin/booking_rooms', admin)).data.booking_rooms.map((x: { id: number }) => x.id)).not.toContain(made.id);
    expect((await call('DELETE', `/api/v1/admin/booking_rooms/${made.id}`, admin)).statusCode).toBe(404);
    expect(await t.db.select().from(bookingRooms).where(eq(bookingRooms.id, r.id))).toHaveLength(1);
  });

  it('answers a room\'s history, newest first and paged; 404 for another platform\'s room, 403 for a producer', async () => {
    const id = json(await call('POST', '/api/v1/admin/booking_rooms', admin, body)).data.booking_room.id;
    expect((await call('PUT', `/api/v1/admin/booking_rooms/${id}`, admin, { size_m2: 20, name_en: 'Corner booth' })).statusCode).toBe(200);
    // An edit that changes nothing writes no row.
    expect((await call('PUT', `/api/v1/admin/booking_rooms/${id}`, admin, { size_m2: 20 })).statusCode).toBe(200);
    const res = await call('GET', `/api/v1/admin/booking_rooms/${id}/history`, admin);
    expect(res.statusCode).toBe(200);
    const { data, meta } = json(res);
    expect(meta).toMatchObject({ total_count: 2, current_page: 1 });
    expect(data.history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(data.history[0]).toMatchObject({
      user: { id: admin.user.id, staff: true },
      detail: { fields: ['name_en', 'size_m2'], changes: { name_en: ['Street corner booth', 'Corner booth'], size_m2: [15, 20] } },
    });
    const paged = json(await call('GET', `/api/v1/admin/booking_rooms/${id}/history?page=2&per_page=1`, admin));
    expect(paged.data.history.map((h: { action: string }) => h.action)).toEqual(['create']);

    const dtrackAdmin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
    expect((await call('GET', `/api/v1/admin/booking_rooms/${id}/history`, dtrackAdmin)).statusCode).toBe(404);
    const producer = await buildUser(t.db, { platform: 'foodmap' });
    expect((await call('GET', `/api/v1/admin/booking_rooms/${id}/history`, producer)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/admin/booking_rooms/${id}/history`, null)).statusCode).toBe(401);
  });
});
