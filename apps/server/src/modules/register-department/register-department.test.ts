import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, addCalendarDays, todayInVietnam } from '@agrihub/contract';
import {
  activity,
  bookingRooms,
  categories,
  producers,
  uploads,
  userRegisterServices,
  users,
} from '../../db/schema/index.js';
import { seedBookingRooms } from '../../db/seed/booking-rooms.js';
import { seedServices } from '../../db/seed/services.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, TEST_PASSWORD } from '../../../test/factories.js';
import { readOutbox } from '../../../test/outbox.js';

let t: TestApp;
let ip = 0;
let roomId: number;
let hiddenRoomId: number;
let dtrackRoomId: number;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATION_RATE_LIMIT_PER_HOUR: '3' });
  await seedServices(t.db);
  await seedBookingRooms(t.db);
  const rooms = await t.db.select().from(bookingRooms).where(eq(bookingRooms.platform, 'foodmap'));
  roomId = rooms[0].id;
  const [hidden] = await t.db
    .insert(bookingRooms)
    .values({ platform: 'foodmap', name: 'Gian hàng đã thuê', nameEn: 'Taken', location: 'Tầng 3', sizeM2: 8, pricePerMonth: 1_000_000, available: false })
    .returning();
  hiddenRoomId = hidden.id;
  const [other] = await t.db
    .insert(bookingRooms)
    .values({ platform: 'dtrack', name: 'Phòng DTrack', nameEn: 'DTrack room', location: 'Hà Nội', sizeM2: 8, pricePerMonth: 1_000_000 })
    .returning();
  dtrackRoomId = other.id;
  const [cat] = await t.db.insert(categories).values({ name: 'Đặc sản vùng miền', nameEn: 'Regional specialities' }).returning();
  categoryId = cat.id;
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
type FilePart = { filename: string; data: Buffer; field?: string };

/** A multipart body with text fields and any number of files. */
function form(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----dept${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'documents'}"; filename="${f.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

let n = 0;
const valid = (over: Record<string, string> = {}) => ({
  business_name: 'Công ty TNHH Thực phẩm Sạch Đà Lạt',
  tax_code: '0312345678',
  representative: 'Nguyễn Thị Lan',
  phone: '0912345678',
  email: `gianhang${++n}@example.vn`,
  province_code: '68',
  category_id: String(categoryId),
  room_id: String(roomId),
  months: '6',
  // Each registration its own period: a room is booked once per period (booking-rooms.test.ts).
  start_date: addCalendarDays(todayInVietnam(), 200 * n),
  ...over,
});

const send = (
  fields: Record<string, string>,
  files: FilePart[] = [{ filename: 'giấy phép.pdf', data: PDF }],
  { platform = 'foodmap', locale = 'vi', remoteAddress = `10.60.0.${++ip}` } = {},
) => {
  const body = form(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations/register_department',
    headers: { platform, locale, 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress,
  });
};

const errorsOf = (res: Parameters<typeof json>[0]) =>
  Object.fromEntries((json(res).meta.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));

const requestsOf = (producerId: number) =>
  t.db.select().from(userRegisterServices).where(eq(userRegisterServices.producerId, producerId));

describe('GET /api/v1/booking_rooms', () => {
  it("lists the platform's available rooms in order, with size and monthly VND price", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/booking_rooms', headers: { platform: 'foodmap' } });
    expect(res.statusCode).toBe(200);
    const rooms = json(res).data.booking_rooms;
    expect(rooms).toHaveLength(5);
    expect(rooms[0]).toEqual({
      id: roomId,
      name: 'Gian hàng tiêu chuẩn A1',
      name_en: 'Standard booth A1',
      location: expect.stringContaining('Gò Vấp'),
      size_m2: 9,
      price_per_month: 3_500_000,
      booked: [],
      free: null,
      booked_until: null,
      next_free_date: null,
    });
    expect(rooms.map((r: { id: number }) => r.id)).not.toContain(hiddenRoomId);
    expect(rooms.map((r: { id: number }) => r.id)).not.toContain(dtrackRoomId);
    const agrihub = await t.app.inject({ method: 'GET', url: '/api/v1/booking_rooms', headers: { platform: 'agrihub' } });
    expect(json(agrihub).data.booking_rooms).toEqual([]);
  });
});

describe('POST /api/v1/registrations/register_department', () => {
  it('creates a pending producer, an account without a known password, and a submitted request with its booking and documents', async () => {
    const fields = valid({ email: ' Lan.Nguyen@Example.VN ', months: '3', note: 'Cần gian hàng gần lối vào' });
    const res = await send(fields);
    expect(res.statusCode).toBe(201);
    const out = json(res);
    expect(out.meta.message).toBe(
      'Đã gửi đăng ký gian hàng. Chúng tôi sẽ liên hệ với bạn sớm; hãy kiểm tra email để theo dõi đăng ký.',
    );
    expect(out.data.booking).toMatchObject({ room_id: roomId, months: 3, price_per_month: 3_500_000, total: 10_500_000 });

    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.platform, 'foodmap'), eq(users.email, 'lan.nguyen@example.vn')));
    expect(user).toMatchObject({ name: 'Nguyễn Thị Lan', roles: [], locale: 'vi' });
    const [producer] = await t.db.select().from(producers).where(eq(producers.id, user.producerId!));
    expect(producer).toMatchObject({
      platform: 'foodmap',
      status: 'pending',
      name: 'Công ty TNHH Thực phẩm Sạch Đà Lạt',
      producerType: 'enterprise',
      taxCode: '0312345678',
      representative: 'Nguyễn Thị Lan',
      provinceCode: '68',
    });

    const [request] = await requestsOf(producer.id);
    expect(request).toMatchObject({ platform: 'foodmap', userId: user.id, step: 'advice', status: 'processing' });
    expect(request.booking).toEqual(out.data.booking);
    expect(request.form).toMatchObject({
      contact_name: 'Nguyễn Thị Lan',
      company: 'Công ty TNHH Thực phẩm Sạch Đà Lạt',
      note: 'Cần gian hàng gần lối vào',
      fields: { tax_code: '0312345678', category: 'Đặc sản vùng miền' },
    });
    expect(request.attachments).toHaveLength(1);
    expect(request.attachments[0]).toMatchObject({ filename: 'giấy phép.pdf', content_type: 'application/pdf' });
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, request.attachments[0].id));
    expect(upload).toMatchObject({ userId: user.id, platform: 'foodmap', kind: 'attachment' });
    const history = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'service_request'), eq(activity.subjectId, request.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['register', null, 'fill_info'],
      ['advance', 'fill_info', 'advice'],
    ]);

    // The back office finds it with its booking and documents.
    const admin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/user_register_services?slug=department-registration&q=Da Lat',
      headers: as(admin),
    });
    expect(json(listed).data.urss).toEqual([
      expect.objectContaining({ id: request.id, step: 'advice', booking: out.data.booking, producer: { id: producer.id, name: producer.name } }),
    ]);

    // The mail carries a single-use link to choose a password, never a password.
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to.includes('lan.nguyen@example.vn'))!;
    expect(mail.subject).toBe('[Foodmap] Tài khoản đăng ký gian hàng của Công ty TNHH Thực phẩm Sạch Đà Lạt');
    const token = /\/reset\?token=([\w-]+)/.exec(mail.text)![1];
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { platform: 'foodmap', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: 'lan.nguyen@example.vn', password }).toString(),
      });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password',
      headers: { platform: 'foodmap' },
      payload: { token, password: 'GianHang@1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('GianHang@1')).statusCode).toBe(200);
  });

  it('attaches the request to the producer of a known e-mail without touching the account, answering the same', async () => {
    const owner = await buildUser(t.db, { platform: 'foodmap' });
    const [before] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    const producersBefore = (await t.db.select().from(producers)).length;
    const res = await send(valid({ email: owner.user.email.toUpperCase(), business_name: 'Tên khác' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).meta.message).toBe(
      'Đã gửi đăng ký gian hàng. Chúng tôi sẽ liên hệ với bạn sớm; hãy kiểm tra email để theo dõi đăng ký.',
    );
    expect(Object.keys(json(res).data)).toEqual(['booking']);
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(after).toEqual(before);
    expect((await t.db.select().from(producers)).length).toBe(producersBefore);
    const [p] = await t.db.select().from(producers).where(eq(producers.id, owner.producerId!));
    expect(p.name).not.toBe('Tên khác');
    const requests = await requestsOf(owner.producerId!);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ userId: owner.user.id, step: 'advice' });
    // A receipt, with no link that sets a password.
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to.includes(owner.user.email))!;
    expect(mail.text).not.toContain('/reset?token=');
    // The old password still logs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { platform: 'foodmap', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: owner.user.email, password: TEST_PASSWORD }).toString(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("attaches nothing to a staff account's e-mail, and answers the same", async () => {
    const staff = await buildUser(t.db, { platform: 'foodmap', roles: ['customer_support'] });
    const requestsBefore = (await t.db.select().from(userRegisterServices)).length;
    const res = await send(valid({ email: staff.user.email }));
    expect(res.statusCode).toBe(201);
    expect(Object.keys(json(res).data)).toEqual(['booking']);
    expect((await t.db.select().from(userRegisterServices)).length).toBe(requestsBefore);
    const [after] = await t.db.select().from(users).where(eq(users.id, staff.user.id));
    expect(after.producerId).toBeNull();
  });

  it('names every missing field at once, in the asked language', async () => {
    const res = await send({}, [], { locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.code).toBe('validation_failed');
    expect(errorsOf(res)).toEqual({
      business_name: 'Please enter the business name.',
      tax_code: 'Please enter the tax code.',
      representative: 'Please enter the legal representative.',
      phone: 'Please enter a phone number.',
      email: 'Please enter an email.',
      province_code: 'Please select a province or city.',
      category_id: 'Please select a goods category.',
      room_id: 'Please select a space.',
      months: 'The booking lasts 1 to 36 months.',
      start_date: 'Please choose the start date.',
      documents: 'Please attach at least one document (business licence…).',
    });
  });

  it.each([
    [{ tax_code: '031234567' }, 'tax_code', 'Mã số thuế phải gồm 10 hoặc 13 chữ số.'],
    [{ tax_code: '03123456781' }, 'tax_code', 'Mã số thuế phải gồm 10 hoặc 13 chữ số.'],
    [{ tax_code: '03123456AB' }, 'tax_code', 'Mã số thuế phải gồm 10 hoặc 13 chữ số.'],
    [{ phone: '12ab' }, 'phone', 'Số điện thoại không hợp lệ.'],
    [{ email: 'not-an-email' }, 'email', 'Email không hợp lệ.'],
    [{ business_name: 'x'.repeat(201) }, 'business_name', 'Tối đa 200 ký tự.'],
    [{ representative: '   ' }, 'representative', 'Vui lòng nhập người đại diện.'],
    [{ province_code: '99' }, 'province_code', 'Tỉnh/thành phố không hợp lệ.'],
    [{ producer_type: 'company' }, 'producer_type', 'Loại hình đơn vị không hợp lệ.'],
    [{ months: '0' }, 'months', 'Thời gian thuê từ 1 đến 36 tháng.'],
    [{ months: '37' }, 'months', 'Thời gian thuê từ 1 đến 36 tháng.'],
    [{ months: '2.5' }, 'months', 'Thời gian thuê từ 1 đến 36 tháng.'],
    [{ start_date: '2020-01-01' }, 'start_date', 'Ngày bắt đầu thuê không được trước hôm nay.'],
    [{ start_date: '2030-02-30' }, 'start_date', 'Ngày không hợp lệ (định dạng YYYY-MM-DD).'],
    [{ room_id: 'abc' }, 'room_id', 'Vui lòng chọn gian hàng.'],
  ])('refuses %o on its field', async (over, field, message) => {
    const res = await send(valid(over));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ [field]: message });
  });

  it("refuses a room that is taken or another platform's, and an unknown goods category", async () => {
    for (const id of [hiddenRoomId, dtrackRoomId, 999_999]) {
      const res = await send(valid({ room_id: String(id) }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ room_id: 'Gian hàng này không còn trống, vui lòng chọn gian hàng khác.' });
    }
    const res = await send(valid({ category_id: '999999' }));
    expect(errorsOf(res)).toEqual({ category_id: 'Ngành hàng không tồn tại.' });
  });

  it('checks documents by content and size, and their number; nothing is created on refusal', async () => {
    const email = 'tuchoi@example.vn';
    const fake = await send(valid({ email }), [{ filename: 'giay-phep.pdf', data: Buffer.from('MZ not really a pdf') }]);
    expect(fake.statusCode).toBe(422);
    expect(errorsOf(fake)).toEqual({
      'documents.0': 'giay-phep.pdf: Định dạng tệp không được hỗ trợ. Chấp nhận: PDF, JPEG, PNG, WebP, XLSX, DOCX.',
    });
    const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const large = await send(valid({ email }), [{ filename: 'ok.pdf', data: PDF }, { filename: 'lon.pdf', data: big }]);
    expect(errorsOf(large)).toEqual({ 'documents.1': 'lon.pdf: Tệp quá lớn: tối đa 20 MB.' });
    const many = await send(
      valid({ email }),
      Array.from({ length: 6 }, (_, i) => ({ filename: `tep${i}.pdf`, data: PDF })),
    );
    expect(errorsOf(many)).toEqual({ documents: 'Chỉ được đính kèm tối đa 5 tệp.' });
    const empty = await send(valid({ email }), [{ filename: 'rong.pdf', data: Buffer.alloc(0) }]);
    expect(errorsOf(empty)).toHaveProperty('documents.0');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('exists on Foodmap only: elsewhere the feature is refused before the form is read', async () => {
    const res = await send(valid(), undefined, { platform: 'agrihub' });
    expect(res.statusCode).toBe(403);
    expect(json(res).meta).toEqual({ code: 'feature_unavailable', message: 'Tính năng này không có trên AgriHub.' });
  });

  it('is rate limited per address like the other public sign-ups', async () => {
    const remoteAddress = '10.61.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await send({}, [], { remoteAddress })).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
  });
});
