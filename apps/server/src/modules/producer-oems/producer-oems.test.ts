import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { addDays, todayInVietnam, type ProducerOem } from '@agrihub/contract';
import { activity, categories, notifications, producerOems, uploads } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/**
 * OEM producers (DESIGN §5.5, spec §7 admin producer_oems): CRUD and history, the contract's
 * rules as 422s in Vietnamese, abilities on producer_oem, the platform scope (DTrack only; another
 * platform's row not found), the list's filters, the XLSX export, and the job that tells the staff
 * once of a certificate expiring in 30 days.
 */
let t: TestApp;
let admin: Built;
let reader: Built;
let editor: Built;
let supportWithout: Built;
let producer: Built;
let agrihubAdmin: Built;
let root: number;
let leaf: number;
let otherLeaf: number;
let file: number;
const URL = '/api/v1/admin/producer_oems';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'], name: 'Quản trị DTrack' });
  reader = await buildUser(t.db, {
    roles: ['purchasing'],
    abilities: [{ action: 'read', subject: 'producer_oem' }],
    locale: 'en',
  });
  editor = await buildUser(t.db, {
    roles: ['purchasing'],
    abilities: [
      { action: 'read', subject: 'producer_oem' },
      { action: 'create', subject: 'producer_oem' },
      { action: 'update', subject: 'producer_oem' },
    ],
  });
  supportWithout = await buildUser(t.db, {
    roles: ['customer_support'],
    abilities: [{ action: 'read', subject: 'producer' }],
  });
  producer = await buildUser(t.db);
  agrihubAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  const [r] = await t.db
    .insert(categories)
    .values({ name: 'Thực phẩm chế biến', nameEn: 'Processed food' })
    .returning();
  const [l] = await t.db
    .insert(categories)
    .values({ name: 'Bánh kẹo', nameEn: 'Confectionery', parentId: r.id })
    .returning();
  const [o] = await t.db.insert(categories).values({ name: 'Đồ uống', nameEn: 'Drinks' }).returning();
  [root, leaf, otherLeaf] = [r.id, l.id, o.id];
  file = await uploadedBy(admin);
}, 120_000);
afterAll(() => t.close());

/** A certificate scan uploaded by `who` (a private file of no record yet). */
async function uploadedBy(who: Built): Promise<number> {
  const [u] = await t.db
    .insert(uploads)
    .values({
      platform: 'dtrack',
      userId: who.user.id,
      kind: 'attachment',
      storageKey: `dtrack/test/iso-22000-${who.user.id}-${Math.random().toString(36).slice(2)}.pdf`,
      contentType: 'application/pdf',
      byteSize: 10,
      filename: 'iso-22000.pdf',
    })
    .returning();
  return u.id;
}

const today = () => todayInVietnam();
const send = (method: 'POST' | 'PUT' | 'GET', url: string, u: Built, payload?: object, locale = 'vi') =>
  t.app.inject({ method, url, headers: as(u, locale), ...(payload ? { payload } : {}) });

async function create(body: object, u: Built = admin): Promise<ProducerOem> {
  const res = await send('POST', URL, u, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.producer_oem as ProducerOem;
}

async function list(query: string, u: Built = admin): Promise<{ rows: ProducerOem[]; total: number }> {
  const res = await send('GET', `${URL}?per_page=100&${query}`, u);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: json(res).data.producer_oems as ProducerOem[], total: json(res).meta.total_count as number };
}

const full = (fileId = file) => ({
  name: 'Công ty TNHH Thực phẩm Sao Mai',
  tax_code: '0101234567',
  contact_name: 'Nguyễn Thị Hạnh',
  phone: '0912345678',
  email: 'Hanh@SaoMai.vn',
  website: 'https://saomai.vn',
  province_code: '01',
  address: 'Khu công nghiệp Phú Nghĩa, Chương Mỹ, Hà Nội',
  category_ids: [leaf],
  monthly_capacity: 20000,
  capacity_unit: 'Kg',
  moq: 500,
  moq_unit: 'Thùng',
  certificates: [
    {
      name: 'ISO 22000:2018',
      issuer: 'Bureau Veritas',
      number: 'VN-123',
      valid_until: addDays(today(), 200),
      file_id: fileId,
    },
  ],
  note: 'Nhận gia công bánh quy, bánh mềm.',
});

describe('OEM producers: create, read, change, history', () => {
  it('creates an OEM with every field, reads it back, and lists its creation in the history', async () => {
    const res = await send('POST', URL, admin, full());
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).meta.message).toBe('Đã thêm nhà sản xuất OEM.');
    const oem = json(res).data.producer_oem as ProducerOem;
    expect(oem).toMatchObject({
      name: 'Công ty TNHH Thực phẩm Sao Mai',
      tax_code: '0101234567',
      email: 'hanh@saomai.vn',
      province_code: '01',
      category_ids: [leaf],
      monthly_capacity: 20000,
      capacity_unit: 'Kg',
      moq: 500,
      moq_unit: 'Thùng',
      active: true,
      certificate_status: 'valid',
      next_expiry: addDays(today(), 200),
      created_by: { id: admin.user.id, name: 'Quản trị DTrack' },
    });
    expect(oem.certificates[0]).toMatchObject({
      name: 'ISO 22000:2018',
      number: 'VN-123',
      validity: 'valid',
      days_left: 200,
      file: { id: file, filename: 'iso-22000.pdf' },
    });
    const got = await send('GET', `${URL}/${oem.id}`, reader);
    expect(got.statusCode).toBe(200);
    expect(json(got).data.producer_oem).toEqual(oem);
    const history = json(await send('GET', `${URL}/${oem.id}/history`, admin)).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create']);
  });

  it('changes only the fields sent, records them before → after, and records nothing when nothing changed', async () => {
    // The editor's own scan (a file is attached by whoever uploaded it, and belongs to one OEM).
    const scan = await uploadedBy(editor);
    const oem = await create(full(scan), editor);
    const res = await send('PUT', `${URL}/${oem.id}`, editor, {
      monthly_capacity: 30000,
      capacity_unit: 'Kg',
      certificates: [{ ...full(scan).certificates[0], valid_until: addDays(today(), 20) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json(res).data.producer_oem as ProducerOem;
    expect(after).toMatchObject({ name: oem.name, monthly_capacity: 30000, certificate_status: 'expiring' });
    expect(after.certificates[0]).toMatchObject({ validity: 'expiring', days_left: 20 });
    expect(json(res).meta.message).toBe('Đã cập nhật nhà sản xuất OEM.');
    expect(
      (await send('PUT', `${URL}/${oem.id}`, editor, { monthly_capacity: 30000, capacity_unit: 'Kg' })).statusCode,
    ).toBe(200);
    const history = json(await send('GET', `${URL}/${oem.id}/history`, admin)).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0].detail.fields).toEqual(['monthly_capacity', 'certificates']);
    expect(history[0].detail.changes.certificates[1]).toContain(addDays(today(), 20));
    expect(history[0].detail.changes.monthly_capacity).toEqual([20000, 30000]);
    await send('PUT', `${URL}/${oem.id}`, editor, { category_ids: [leaf, otherLeaf] });
    const renamed = json(await send('GET', `${URL}/${oem.id}/history`, admin)).data.history[0];
    expect(renamed.detail.changes.category_ids).toEqual(['Bánh kẹo', 'Bánh kẹo, Đồ uống']);
    expect(history[0].user).toMatchObject({ id: editor.user.id });
  });

  it('switches an OEM off with { active } alone', async () => {
    const oem = await create({ name: 'Xưởng tạm ngừng' });
    const res = await send('PUT', `${URL}/${oem.id}`, admin, { active: false });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.producer_oem).toMatchObject({ active: false, name: 'Xưởng tạm ngừng' });
  });
});

describe('OEM producers: validation (422, in the request language)', () => {
  const fieldsOf = (res: LightMyRequestResponse) =>
    Object.fromEntries(
      (json(res).meta.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );

  it('refuses bad fields with the contract’s Vietnamese messages', async () => {
    const res = await send('POST', URL, admin, {
      name: '  ',
      tax_code: '12345',
      phone: '12ab',
      email: 'khong-phai-email',
      website: 'javascript:alert(1)',
      province_code: '99',
      monthly_capacity: -5,
      moq: 100,
      certificates: [{ name: '', valid_until: '2026-02-30' }],
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toMatchObject({
      name: 'Vui lòng nhập tên nhà sản xuất OEM.',
      tax_code: 'Mã số thuế phải gồm 10 hoặc 13 chữ số.',
      phone: 'Số điện thoại không hợp lệ.',
      email: 'Email không hợp lệ.',
      website: 'Website phải là một địa chỉ web, ví dụ https://tenmien.vn.',
      province_code: 'Tỉnh/thành phố không hợp lệ.',
      monthly_capacity: 'Công suất phải là số nguyên không âm.',
      'certificates.0.name': 'Vui lòng nhập tên chứng nhận.',
      'certificates.0.valid_until': expect.any(String),
    });
  });

  it('asks for the unit of a capacity and of an MOQ', async () => {
    const res = await send('POST', URL, admin, { name: 'Xưởng A', monthly_capacity: 100, moq: 10 });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual({
      capacity_unit: 'Vui lòng chọn đơn vị tính.',
      moq_unit: 'Vui lòng chọn đơn vị tính.',
    });
    const oem = await create({ name: 'Xưởng B', monthly_capacity: 100, capacity_unit: 'Kg' });
    const cleared = await send('PUT', `${URL}/${oem.id}`, admin, { capacity_unit: null });
    expect(cleared.statusCode).toBe(422);
    expect(fieldsOf(cleared)).toEqual({ capacity_unit: 'Vui lòng chọn đơn vị tính.' });
  });

  it('refuses a category that does not exist and a file of another platform', async () => {
    const [foreign] = await t.db
      .insert(uploads)
      .values({
        platform: 'agrihub',
        userId: agrihubAdmin.user.id,
        kind: 'attachment',
        storageKey: 'agrihub/test/other.pdf',
        contentType: 'application/pdf',
        byteSize: 10,
        filename: 'other.pdf',
      })
      .returning();
    const res = await send('POST', URL, admin, { name: 'Xưởng C', category_ids: [leaf, 99_999] });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual({ 'category_ids.1': 'Danh mục không tồn tại.' });
    const bad = await send('POST', URL, admin, {
      name: 'Xưởng D',
      certificates: [{ name: 'HACCP', file_id: foreign.id }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(fieldsOf(bad))).toEqual(['certificates.0.file_id']);
  });

  it('answers in Vietnamese, DTrack’s only language, even to an English request', async () => {
    const res = await send('POST', URL, admin, { name: '' }, 'en');
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res).name).toBe('Vui lòng nhập tên nhà sản xuất OEM.');
  });
});

describe('OEM producers: abilities and platform scope', () => {
  it('lets a reader list and read but not create or change; refuses support without the ability and producers', async () => {
    const oem = await create({ name: 'Xưởng quyền hạn' });
    expect((await send('GET', URL, reader)).statusCode).toBe(200);
    expect((await send('GET', `${URL}/${oem.id}`, reader)).statusCode).toBe(200);
    expect((await send('GET', `${URL}/${oem.id}/history`, reader)).statusCode).toBe(200);
    expect((await send('POST', `${URL}/export`, reader, { mode: 'exportAllData' })).statusCode).toBe(200);
    const created = await send('POST', URL, reader, { name: 'Không được tạo' });
    expect(created.statusCode).toBe(403);
    expect((await send('PUT', `${URL}/${oem.id}`, reader, { active: false })).statusCode).toBe(403);
    for (const req of [
      send('GET', URL, supportWithout),
      send('GET', `${URL}/${oem.id}`, supportWithout),
      send('POST', URL, supportWithout, { name: 'X' }),
      send('POST', `${URL}/export`, supportWithout, { mode: 'exportAllData' }),
    ])
      expect((await req).statusCode).toBe(403);
    expect((await send('GET', URL, producer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: { platform: 'dtrack' } })).statusCode).toBe(401);
    expect((await t.db.select().from(producerOems).where(eq(producerOems.name, 'Không được tạo'))).length).toBe(0);
  });

  it('is refused on a platform without OEMs (feature_unavailable), and another platform’s row is not found on DTrack', async () => {
    for (const res of [
      await send('GET', URL, agrihubAdmin),
      await send('POST', URL, agrihubAdmin, { name: 'X' }),
      await send('POST', `${URL}/export`, agrihubAdmin, { mode: 'exportAllData' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).meta).toEqual({ code: 'feature_unavailable', message: 'Tính năng này không có trên AgriHub.' });
    }
    expect(await t.db.select().from(producerOems).where(eq(producerOems.name, 'X'))).toEqual([]);
    const [foreign] = await t.db
      .insert(producerOems)
      .values({ platform: 'agrihub', name: 'OEM của AgriHub' })
      .returning();
    expect((await send('GET', `${URL}/${foreign.id}`, admin)).statusCode).toBe(404);
    expect((await send('PUT', `${URL}/${foreign.id}`, admin, { name: 'Đổi tên' })).statusCode).toBe(404);
    expect((await send('GET', `${URL}/${foreign.id}/history`, admin)).statusCode).toBe(404);
    expect((await list('q=AgriHub')).rows).toEqual([]);
    const [row] = await t.db.select().from(producerOems).where(eq(producerOems.id, foreign.id));
    expect(row.name).toBe('OEM của AgriHub');
  });
});

describe('OEM producers: list filters', () => {
  let hanoi: ProducerOem;
  let hcm: ProducerOem;
  let idle: ProducerOem;
  beforeAll(async () => {
    hanoi = await create({
      name: 'Xưởng lọc Hà Nội',
      province_code: '01',
      address: 'Số 5 phố Huế, Hà Nội',
      category_ids: [leaf],
      monthly_capacity: 5000,
      capacity_unit: 'Kg',
      certificates: [{ name: 'HACCP', valid_until: addDays(today(), 45) }],
    });
    hcm = await create({
      name: 'Xưởng lọc Đồng Nai',
      province_code: '75',
      category_ids: [otherLeaf],
      monthly_capacity: 50000,
      capacity_unit: 'Chai',
      certificates: [
        { name: 'VietGAP', valid_until: addDays(today(), -3) },
        { name: 'ISO 9001', valid_until: addDays(today(), 400) },
      ],
    });
    idle = await create({ name: 'Xưởng lọc tạm nghỉ', province_code: '01', active: false });
  });
  const names = (rows: ProducerOem[]) => rows.map((r) => r.name).sort();

  it('finds "ha noi" in "Hà Nội" and "xuong loc" in every one, ignoring accents and case', async () => {
    expect(names((await list('q=ha%20noi')).rows)).toContain(hanoi.name);
    expect(names((await list('q=HA%20NOI')).rows)).not.toContain(hcm.name);
    expect(names((await list('q=xuong%20loc')).rows)).toEqual(names([hanoi, hcm, idle]));
  });

  it('filters by province, category (with its subtree), capacity range and active', async () => {
    const q = 'q=xuong%20loc';
    expect(names((await list(`${q}&province_code=01`)).rows)).toEqual(names([hanoi, idle]));
    expect(names((await list(`${q}&category_id=${root}`)).rows)).toEqual([hanoi.name]);
    expect(names((await list(`${q}&category_id=${otherLeaf}`)).rows)).toEqual([hcm.name]);
    expect(names((await list(`${q}&capacity_min=10000`)).rows)).toEqual([hcm.name]);
    expect(names((await list(`${q}&capacity_min=1000&capacity_max=5000`)).rows)).toEqual([hanoi.name]);
    expect(names((await list(`${q}&active=false`)).rows)).toEqual([idle.name]);
    expect(names((await list(`${q}&active=true`)).rows)).toEqual(names([hanoi, hcm]));
  });

  it('filters OEMs with a certificate expiring within 60 days, or expired', async () => {
    const expiring = await list('q=xuong%20loc&certificate=expiring');
    expect(names(expiring.rows)).toEqual([hanoi.name]);
    expect(expiring.rows[0]).toMatchObject({ certificate_status: 'expiring', next_expiry: addDays(today(), 45) });
    const expired = await list('q=xuong%20loc&certificate=expired');
    expect(names(expired.rows)).toEqual([hcm.name]);
    expect(expired.rows[0].certificate_status).toBe('expired');
    expect(expired.rows[0].certificates.map((c) => c.validity)).toEqual(['expired', 'valid']);
  });

  it('sorts by next expiry and capacity, pages, and refuses a bad range or sort', async () => {
    const byExpiry = await list('q=xuong%20loc&sort=next_expiry');
    expect(byExpiry.rows.map((r) => r.name)).toEqual([hanoi.name, hcm.name, idle.name]);
    const byCapacity = await list('q=xuong%20loc&sort=-monthly_capacity');
    expect(byCapacity.rows.map((r) => r.name)).toEqual([hcm.name, hanoi.name, idle.name]);
    const page = json(await send('GET', `${URL}?q=xuong%20loc&per_page=2&page=2`, admin));
    expect(page.meta).toEqual({ total_count: 3, current_page: 2, per_page: 2 });
    expect(page.data.producer_oems).toHaveLength(1);
    const bad = await send('GET', `${URL}?capacity_min=10&capacity_max=5`, admin);
    expect(bad.statusCode).toBe(422);
    expect(json(bad).meta.errors).toEqual([
      { field: 'capacity_max', message: 'Công suất tối đa phải lớn hơn hoặc bằng công suất tối thiểu.' },
    ]);
    expect((await send('GET', `${URL}?sort=tax_code`, admin)).statusCode).toBe(422);
  });

  it('exports every OEM, or the filtered ones, as XLSX with Vietnamese headers', async () => {
    async function rowsOf(payload: object) {
      const res = await send('POST', `${URL}/export`, admin, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="nha-san-xuat-oem-\d{4}-\d{2}-\d{2}\.xlsx"/,
      );
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0].name).toBe('Nhà sản xuất OEM');
      const rows: unknown[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    }
    const all = await rowsOf({ mode: 'exportAllData' });
    expect(all[0].slice(0, 4)).toEqual(['STT', 'Mã', 'Tên nhà sản xuất', 'Mã số thuế']);
    const n = (await t.db.select({ id: producerOems.id }).from(producerOems).where(eq(producerOems.platform, 'dtrack')))
      .length;
    expect(all).toHaveLength(n + 1);
    expect(all.some((r) => r[2] === 'OEM của AgriHub')).toBe(false);

    const filtered = await rowsOf({ mode: 'exportAsFilter', q: 'xuong loc ha noi', certificate: 'expiring' });
    expect(filtered).toHaveLength(2);
    const header = filtered[0] as string[];
    const row = Object.fromEntries(header.map((h, i) => [h, filtered[1][i]]));
    expect(row).toMatchObject({
      'Tên nhà sản xuất': hanoi.name,
      'Tỉnh/thành phố': 'Thành phố Hà Nội',
      'Danh mục sản xuất': 'Thực phẩm chế biến > Bánh kẹo',
      'Công suất/tháng': 5000,
      'Đơn vị công suất': 'Kg',
      'Tình trạng chứng nhận': 'Sắp hết hạn',
      'Đang hợp tác': 'Có',
    });
    expect(String(row['Chứng nhận'])).toContain('HACCP');

    const picked = await rowsOf({ mode: 'exportAsFilter', ids: [idle.id, hcm.id] });
    expect(picked.slice(1).map((r) => r[2])).toEqual([hcm.name, idle.name]);
    expect((await send('POST', `${URL}/export`, admin, { mode: 'toutes' })).statusCode).toBe(422);
  });
});

describe('OEM producers: certificate expiry notices', () => {
  // A fixed clock: 1 March 2031, 10:00 in Vietnam.
  const now = new Date('2031-03-01T03:00:00Z');
  const day = (n: number) => addDays('2031-03-01', n);
  beforeEach(() => clearOutbox(t));

  const noticesOf = async (u: Built) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).filter(
      (n) => n.type === 'producer_oem.certificate_expiring',
    );

  it('tells the admins and the readers of OEMs once per certificate 30 days ahead, in-app and by mail', async () => {
    const due = await create({
      name: 'Nhà máy nước mắm Phú Quốc',
      certificates: [
        { name: 'HACCP', number: 'HC-77', valid_until: day(30) },
        { name: 'ISO 22000', valid_until: day(31) },
        { name: 'Halal', valid_until: day(-1) },
      ],
    });
    await create({ name: 'OEM đã ngừng', active: false, certificates: [{ name: 'GMP', valid_until: day(5) }] });
    await t.db.insert(producerOems).values({
      platform: 'agrihub',
      name: 'OEM ngoài DTrack',
      certificates: [{ name: 'GMP', issuer: '', number: '', valid_until: day(5), file: null }],
    });

    const sent = await t.app.oemCertificateExpiry.runOnce(now);
    expect(sent.map((n) => [n.oemName, n.certificate.name, n.daysLeft])).toEqual([
      ['Nhà máy nước mắm Phú Quốc', 'HACCP', 30],
    ]);

    const forAdmin = await noticesOf(admin);
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).toMatchObject({ link: `/admin/oems/${due.id}` });
    const inApp = json(await send('GET', '/api/v1/notifications', reader, undefined, 'en')).data.notifications as {
      type: string;
      title: string;
      body: string;
    }[];
    const mine = inApp.filter((n) => n.type === 'producer_oem.certificate_expiring');
    expect(mine).toHaveLength(1);
    // DTrack speaks Vietnamese only: a reader who chose English reads it in Vietnamese.
    expect(mine[0].title).toBe('Chứng nhận của nhà sản xuất OEM sắp hết hạn');
    expect(mine[0].body).toBe(
      'Chứng nhận "HACCP" (số HC-77) của Nhà máy nước mắm Phú Quốc hết hạn ngày 31/03/2031 (còn 30 ngày). ' +
        'Vui lòng liên hệ nhà sản xuất để cập nhật chứng nhận mới.',
    );
    expect(await noticesOf(editor)).toHaveLength(1);
    for (const u of [supportWithout, producer, agrihubAdmin]) expect(await noticesOf(u)).toEqual([]);

    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to).sort()).toEqual([admin.user.email, reader.user.email, editor.user.email].sort());
    expect(mails.find((m) => m.to === admin.user.email)?.subject).toContain(
      'Chứng nhận của nhà sản xuất OEM sắp hết hạn',
    );
    expect(mails.find((m) => m.to === admin.user.email)?.text).toContain('hết hạn ngày 31/03/2031 (còn 30 ngày)');

    // Once: the next runs, the same day or later, tell nobody again of that certificate.
    expect(await t.app.oemCertificateExpiry.runOnce(now)).toEqual([]);
    expect(
      (await t.app.oemCertificateExpiry.runOnce(new Date('2031-03-02T03:00:00Z'))).map((n) => n.certificate.name),
    ).toEqual(['ISO 22000']);
    expect(await noticesOf(admin)).toHaveLength(2);
    const history = json(await send('GET', `${URL}/${due.id}/history`, admin)).data.history;
    expect(history.filter((h: { action: string }) => h.action === 'certificate_notice')).toHaveLength(2);
    expect(history[0]).toMatchObject({ user: null, detail: { certificate: 'ISO 22000', days_left: 30 } });
  });

  it('keeps the notice sent through an edit of other fields, and tells again of a renewed date', async () => {
    const oem = await create({
      name: 'Xưởng bao bì Tân Phú',
      certificates: [{ name: 'FSC', number: 'F-1', valid_until: day(10) }],
    });
    expect((await t.app.oemCertificateExpiry.runOnce(now)).map((n) => n.oemId)).toEqual([oem.id]);
    const cert = { name: 'FSC', number: 'F-1', valid_until: day(10) };
    expect(
      (await send('PUT', `${URL}/${oem.id}`, admin, { note: 'Đã nhắc gia hạn', certificates: [cert] })).statusCode,
    ).toBe(200);
    expect(await t.app.oemCertificateExpiry.runOnce(now)).toEqual([]);
    // Another date (20 days ahead) is another notice.
    await send('PUT', `${URL}/${oem.id}`, admin, { certificates: [{ ...cert, valid_until: day(20) }] });
    expect((await t.app.oemCertificateExpiry.runOnce(now)).map((n) => n.daysLeft)).toEqual([20]);
    const [row] = await t.db.select().from(producerOems).where(eq(producerOems.id, oem.id));
    expect(row.certificates[0].expiry_notified_for).toBe(day(20));
    const notices = await t.db.select().from(activity).where(eq(activity.subjectId, oem.id));
    expect(notices.filter((a) => a.subjectType === 'producer_oem' && a.action === 'certificate_notice')).toHaveLength(
      2,
    );
  });
});
