import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey, ServiceRequestState } from '@agrihub/contract';
import { userRegisterServices } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildUser, type BuildUserOptions } from '../../../test/factories.js';
import { readOutbox } from '../../../test/outbox.js';
import { buildService, register, setStep, uploadPdf } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/api/v1/admin/user_register_services';
const URS_ABILITIES: BuildUserOptions['abilities'] = [
  { action: 'read', subject: 'user_register_service' },
  { action: 'update', subject: 'user_register_service' },
];
const STAFF = {
  admin: { roles: ['admin'] },
  support: { roles: ['customer_support'], abilities: URS_ABILITIES },
  approver: { roles: ['approver'], abilities: URS_ABILITIES },
} satisfies Record<string, BuildUserOptions>;
const staff = new Map<string, Promise<Built>>();
/** One staff account per role and platform. */
function staffOf(role: keyof typeof STAFF, platform: PlatformKey = 'agrihub') {
  const key = `${role}@${platform}`;
  if (!staff.has(key)) staff.set(key, buildUser(t.db, { platform, ...STAFF[role] }));
  return staff.get(key)!;
}
const h = async (role: keyof typeof STAFF, platform: PlatformKey = 'agrihub') => as(await staffOf(role, platform));

/** A producer's request of `slug` made through the route, put at `step`. */
async function request(u: Built, slug: string, step: ServiceRequestState = 'fill_info') {
  const res = await register(t, u, slug);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const id = json(res).data.urs.id as number;
  if (step !== 'fill_info') await setStep(t.db, id, step);
  return id;
}

const list = async (query: string, hh: Record<string, string>) => t.app.inject({ url: `${BASE}?${query}`, headers: hh });
const ids = async (query: string, hh: Record<string, string>) => {
  const res = await list(query, hh);
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).data.urss as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};
const update = (id: number, payload: object, hh: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: hh, payload });
const detail = (id: number, hh: Record<string, string>) => t.app.inject({ url: `${BASE}/${id}`, headers: hh });
const stepOf = async (id: number) =>
  (await t.db.select({ s: userRegisterServices.step }).from(userRegisterServices).where(eq(userRegisterServices.id, id)))[0]
    ?.s;

describe('access to the admin service request routes', () => {
  it('a producer gets 403 and a visitor 401', async () => {
    const p = await buildUser(t.db, { platform: 'agrihub' });
    for (const res of [
      await list('', as(p)),
      await detail(1, as(p)),
      await update(1, { note: { body: 'x' } }, as(p)),
      await t.app.inject({ method: 'PUT', url: `${BASE}/lock_all`, headers: as(p) }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await list('', headers('agrihub'))).statusCode).toBe(401);
  });

  it('an administrator without the user_register_service ability gets 403 permission denied', async () => {
    const other = await buildUser(t.db, { platform: 'agrihub', roles: ['purchasing'] });
    expect((await list('', as(other))).statusCode).toBe(403);
  });
});

describe('GET /api/v1/admin/user_register_services filters (foodmap)', () => {
  const P: PlatformKey = 'foodmap';
  let r: Record<'fill' | 'advice' | 'paid' | 'cancelled', number>;
  let slugA: string;
  let supportId: number;

  beforeAll(async () => {
    const a = await buildService(t.db, { platform: P, type: 1 });
    const b = await buildService(t.db, { platform: P, type: 2 });
    slugA = a.slug;
    const p1 = await buildUser(t.db, { platform: P, producer: { name: 'Hợp tác xã Đắk Lắk Xanh' } });
    const p2 = await buildUser(t.db, { platform: P, producer: { name: 'Công ty Sen Hồng' } });
    supportId = (await staffOf('support', P)).user.id;
    r = {
      fill: await request(p1, a.slug),
      advice: await request(p2, a.slug, 'advice'),
      paid: await request(p2, b.slug, 'paid'),
      cancelled: await request(p1, b.slug, 'cancelled'),
    };
    await t.db.update(userRegisterServices).set({ assigneeId: supportId }).where(eq(userRegisterServices.id, r.advice));
    await t.db
      .update(userRegisterServices)
      .set({ stepDueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(userRegisterServices.id, r.paid));
    // Due yesterday but finished: never overdue.
    await t.db
      .update(userRegisterServices)
      .set({ stepDueAt: new Date(Date.now() - 86_400_000), createdAt: new Date('2025-01-10T03:00:00Z') })
      .where(eq(userRegisterServices.id, r.cancelled));
  });

  it('lists the platform with the list meta and counts per step', async () => {
    const res = await list('per_page=100', await h('admin', P));
    const body = json(res);
    expect(body.meta).toMatchObject({ total_count: 4, current_page: 1, per_page: 100 });
    expect(body.meta.counts).toEqual({ fill_info: 1, advice: 1, paid: 1, cancelled: 1 });
    expect(body.data.urss[0]).toMatchObject({ service: { slug: expect.any(String) }, producer: { name: expect.any(String) } });
  });

  it('filters by each filter', async () => {
    const hh = await h('admin', P);
    const sorted = (...xs: number[]) => xs.sort((a, b) => a - b);
    expect(await ids(`slug=${slugA}`, hh)).toEqual(sorted(r.fill, r.advice));
    expect(await ids('step=advice', hh)).toEqual([r.advice]);
    expect(await ids('status=pending', hh)).toEqual([r.fill]);
    expect(await ids('status=processing', hh)).toEqual(sorted(r.advice, r.paid));
    expect(await ids('status=cancelled', hh)).toEqual([r.cancelled]);
    expect(await ids(`assignee_id=${supportId}`, hh)).toEqual([r.advice]);
    expect(await ids('assignee_id=none', hh)).toEqual(sorted(r.fill, r.paid, r.cancelled));
    expect(await ids('overdue=true', hh)).toEqual([r.paid]);
    expect(await ids('overdue=false', hh)).toEqual(sorted(r.fill, r.advice, r.cancelled));
    expect(await ids('created_from=2025-01-10&created_to=2025-01-10', hh)).toEqual([r.cancelled]);
    expect(await ids('created_to=2025-01-09', hh)).toEqual([]);
    expect(await ids('created_from=2025-01-11', hh)).toEqual(sorted(r.fill, r.advice, r.paid));
    // q ignores accents and case.
    expect(await ids('q=dak lak', hh)).toEqual(sorted(r.fill, r.cancelled));
    expect(await ids('q=SEN HONG', hh)).toEqual(sorted(r.advice, r.paid));
    expect(await ids('locked=true', hh)).toEqual([]);
  });

  it('the counts per step follow the other filters, not the step filter', async () => {
    const body = json(await list(`slug=${slugA}&step=advice`, await h('admin', P)));
    expect(body.meta.total_count).toBe(1);
    expect(body.meta.counts).toEqual({ fill_info: 1, advice: 1 });
  });

  it('pages and sorts by the whitelist; bad paging, sort or filter is a 422 in the user language', async () => {
    const hh = await h('admin', P);
    const all = json(await list('sort=created_at&per_page=100', hh)).data.urss.map((x: { id: number }) => x.id);
    expect(all[0]).toBe(r.cancelled); // created in 2025
    const second = json(await list('sort=created_at&per_page=1&page=2', hh));
    expect(second.data.urss.map((x: { id: number }) => x.id)).toEqual([all[1]]);
    expect(second.meta).toMatchObject({ total_count: 4, current_page: 2, per_page: 1 });
    for (const q of [
      'page=0',
      'per_page=101',
      'sort=producer',
      'step=paying',
      'status=done',
      'overdue=yes',
      'created_from=2025-02-30',
      'assignee_id=abc',
      'assignee_id=2147483648',
    ]) {
      const res = await list(q, hh);
      expect(res.statusCode, q).toBe(422);
      // Refused by the query schema, never by the database (invalid_value).
      expect(json(res).meta.code, q).toBe('validation_failed');
    }
    expect(json(await list('sort=bogus', hh)).meta.message).toMatch(/[À-ỹ]/);
  });

  it('another platform sees none of them (cross-platform 404 on every route)', async () => {
    const hh = await h('admin', 'dtrack');
    expect(await ids(`slug=${slugA}`, hh)).toEqual([]);
    for (const res of [
      await detail(r.fill, hh),
      await t.app.inject({ url: `${BASE}/${r.fill}/history`, headers: hh }),
      await update(r.fill, { note: { body: 'Xin chào' } }, hh),
      await t.app.inject({ method: 'PUT', url: `${BASE}/${r.fill}/lock`, headers: hh }),
      await t.app.inject({ method: 'PUT', url: `${BASE}/${r.fill}/unlock`, headers: hh }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const locked = json(await t.app.inject({ method: 'PUT', url: `${BASE}/lock_all?slug=${slugA}`, headers: hh }));
    expect(locked.data.locked).toBe(0);
    expect(await ids('locked=true', await h('admin', P))).toEqual([]);
  });
});

describe('moves by role (full flow)', () => {
  let slug: string;
  let producer: Built;
  beforeAll(async () => {
    slug = (await buildService(t.db, { type: 1 })).slug;
    producer = await buildUser(t.db, { platform: 'agrihub' });
  });

  it('support moves advice → contract → paid → profile_completed, not the dossier approval; an approver approves; admin finishes', async () => {
    const id = await request(producer, slug, 'advice');
    const support = await h('support');
    for (const to of ['contract', 'paid', 'profile_completed'] as const) {
      const res = await update(id, { move: { to } }, support);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data.urs.step).toBe(to);
    }
    // The dossier upload is the producer's move.
    const refused = await update(id, { move: { to: 'submitted_profile' } }, support);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta.code).toBe('transition_not_allowed');
    await setStep(t.db, id, 'submitted_profile');
    expect((await update(id, { move: { to: 'approved_profile' } }, support)).statusCode).toBe(409);
    const approver = await h('approver');
    const approved = await update(id, { move: { to: 'approved_profile' } }, approver);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).data.urs).toMatchObject({ step: 'approved_profile', status: 'processing' });
    // An approver approves dossiers only.
    expect((await update(id, { move: { to: 'done' } }, approver)).statusCode).toBe(409);
    const done = await update(id, { move: { to: 'done' } }, await h('admin'));
    expect(json(done).data.urs).toMatchObject({ step: 'done', status: 'approved', allowed_moves: [] });
    const history = json(done).data.history as { action: string; to: string }[];
    expect(history.map((x) => x.to).slice(0, 2)).toEqual(['done', 'approved_profile']);
  });

  it('going back a step and cancelling need a reason (422), then move', async () => {
    const id = await request(producer, slug, 'contract');
    const support = await h('support');
    const noReason = await update(id, { move: { to: 'advice' } }, support);
    expect(noReason.statusCode).toBe(422);
    expect(json(noReason).meta.code).toBe('reason_required');
    expect((await update(id, { move: { to: 'advice', reason: 'Cần tư vấn lại giá' } }, support)).statusCode).toBe(200);
    expect((await update(id, { move: { to: 'cancelled' } }, support)).statusCode).toBe(422);
    const cancelled = await update(id, { move: { to: 'cancelled', reason: 'Khách hàng đổi ý' } }, support);
    expect(json(cancelled).data.urs).toMatchObject({ step: 'cancelled', status: 'cancelled', cancel_reason: 'Khách hàng đổi ý' });
  });

  it('a body with nothing to do is a 422', async () => {
    const id = await request(producer, slug);
    const res = await update(id, {}, await h('admin'));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors[0].message).toBe('Vui lòng chọn bước chuyển, người phụ trách hoặc nhập ghi chú.');
  });
});

describe('assign', () => {
  it('assigns an administrator of the platform, refuses anyone else, unassigns with null', async () => {
    const slug = (await buildService(t.db, { type: 2 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, slug, 'advice');
    const admin = await h('admin');
    const support = await staffOf('support');
    const res = await update(id, { assign: { assignee_id: support.user.id } }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs.assignee).toEqual({ id: support.user.id, name: support.user.name });
    expect(json(res).data.history[0]).toMatchObject({ action: 'assign', internal: true });
    for (const other of [producer.user.id, (await staffOf('admin', 'dtrack')).user.id, 999_999]) {
      const bad = await update(id, { assign: { assignee_id: other } }, admin);
      expect(bad.statusCode).toBe(422);
      expect(json(bad).meta.errors[0].field).toBe('assign.assignee_id');
    }
    expect(await ids(`assignee_id=${support.user.id}&slug=${slug}`, admin)).toEqual([id]);
    const cleared = await update(id, { assign: { assignee_id: null } }, admin);
    expect(json(cleared).data.urs.assignee).toBeNull();
  });
});

describe('internal notes never reach the producer', () => {
  it('shows staff both notes and the producer only the visible one, in answers, history and mails', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, slug, 'advice');
    const admin = await h('admin');
    const SECRET = 'Khách này hay trả giá, ưu tiên thấp';
    const INTERNAL_REASON = 'Lý do nội bộ: chờ kế toán';
    const internal = await update(id, { note: { body: SECRET, internal: true } }, admin);
    expect(internal.statusCode, internal.body).toBe(200);
    await update(id, { note: { body: 'Vui lòng gửi bản scan giấy phép kinh doanh.' } }, admin);
    await update(id, { move: { to: 'contract' } }, admin);
    await update(id, { move: { to: 'advice', reason: INTERNAL_REASON, internal: true } }, admin);

    const staffView = json(await detail(id, admin)).data;
    expect(staffView.urs.notes.map((n: { internal: boolean }) => n.internal)).toEqual([true, false]);
    expect(JSON.stringify(staffView)).toContain(SECRET);
    expect(JSON.stringify(staffView.history)).toContain(INTERNAL_REASON);

    const own = await t.app.inject({ url: `/api/v1/user_register_services/${id}`, headers: as(producer) });
    expect(own.statusCode, own.body).toBe(200);
    expect(json(own).data.urs.notes).toHaveLength(1);
    const ownList = await t.app.inject({ url: '/api/v1/user_register_services', headers: as(producer) });
    const ownHistory = await t.app.inject({ url: `/api/v1/user_register_services/${id}/history`, headers: as(producer) });
    for (const res of [own, ownList, ownHistory]) {
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain(INTERNAL_REASON);
    }
    await t.app.events.drain();
    const mails = readOutbox(t.config.outboxDir).filter((m) => m.to === producer.user.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(`${m.subject}${m.text}${m.html ?? ''}`).not.toContain(SECRET);
      expect(`${m.subject}${m.text}${m.html ?? ''}`).not.toContain(INTERNAL_REASON);
    }
    expect(mails.some((m) => m.text.includes('Vui lòng gửi bản scan giấy phép kinh doanh.'))).toBe(true);
  });
});

describe('locking', () => {
  let slug: string;
  let producer: Built;
  let pb: Built;
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    slug = (await buildService(t.db, { type: 1 })).slug;
    producer = await buildUser(t.db, { platform: 'agrihub' });
    pb = await buildUser(t.db, { platform: 'agrihub' });
    a = await request(producer, slug);
    b = await request(pb, slug, 'advice');
    c = await request(await buildUser(t.db, { platform: 'agrihub' }), slug, 'contract');
  });

  it('lock_all locks every unlocked request matching the filter and answers how many', async () => {
    const admin = await h('admin');
    await t.app.inject({ method: 'PUT', url: `${BASE}/${c}/lock`, headers: admin });
    const res = await t.app.inject({ method: 'PUT', url: `${BASE}/lock_all?slug=${slug}`, headers: await h('support') });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.locked).toBe(2);
    expect(json(res).meta.message).toBe('Đã khóa 2 yêu cầu dịch vụ.');
    expect(await ids(`slug=${slug}&locked=true`, admin)).toEqual([a, b, c].sort((x, y) => x - y));
    const again = await t.app.inject({ method: 'PUT', url: `${BASE}/lock_all?slug=${slug}`, headers: admin });
    expect(json(again).data.locked).toBe(0);
  });

  it('a locked request refuses every write, staff and producer, with a clear message', async () => {
    const admin = await h('admin');
    const before = json(await detail(b, admin)).data.urs;
    expect(before).toMatchObject({ locked: true, allowed_moves: [] });
    const writes = [
      await update(b, { move: { to: 'contract' } }, admin),
      await update(b, { assign: { assignee_id: (await staffOf('support')).user.id } }, admin),
      await update(b, { note: { body: 'Ghi chú', internal: true } }, admin),
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user_register_services/${a}`,
        headers: as(producer),
        payload: { form: { contact_name: 'Tên mới', phone: '0912345678' } },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/user_register_services/${a}/move`,
        headers: as(producer),
        payload: { to: 'advice' },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/user_register_services/${b}/notes`,
        headers: as(pb),
        payload: { body: 'Tôi gửi thêm hồ sơ' },
      }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user_register_services/${a}`,
        headers: as(producer),
        payload: { reason: 'Không cần nữa' },
      }),
    ];
    for (const res of writes) {
      expect(res.statusCode, res.body).toBe(423);
      expect(json(res).meta).toMatchObject({
        code: 'service_request_locked',
        message: 'Yêu cầu dịch vụ đã bị khóa: chỉ quản trị viên mới có thể mở khóa.',
      });
    }
    expect(await stepOf(b)).toBe('advice');
    expect(await stepOf(a)).toBe('fill_info');
    expect(json(await detail(b, admin)).data.urs.notes).toHaveLength(0);
  });

  it('only an admin unlocks; then the request moves again', async () => {
    const support = await t.app.inject({ method: 'PUT', url: `${BASE}/${b}/unlock`, headers: await h('support') });
    expect(support.statusCode).toBe(403);
    const admin = await h('admin');
    const res = await t.app.inject({ method: 'PUT', url: `${BASE}/${b}/unlock`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs.locked).toBe(false);
    expect(json(res).data.history[0]).toMatchObject({ action: 'unlock' });
    expect((await update(b, { move: { to: 'contract' } }, admin)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/admin/user_register_services/export', () => {
  it('exports the requests of the slug, without any note', async () => {
    const service = await buildService(t.db, { type: 2 });
    const other = await buildService(t.db, { type: 2 });
    const producer = await buildUser(t.db, { platform: 'agrihub', producer: { name: 'HTX Xuất Khẩu' } });
    const second = await buildUser(t.db, { platform: 'agrihub', producer: { name: 'HTX Xuất Khẩu' } });
    const mine = [await request(producer, service.slug), await request(second, service.slug, 'paid')];
    await request(producer, other.slug);
    const admin = await h('admin');
    const SECRET = 'Bí mật nội bộ không được xuất';
    await update(mine[1], { note: { body: SECRET, internal: true } }, admin);

    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/export?slug=${service.slug}`,
      headers: admin,
      payload: { mode: 'exportAsFilter' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Yêu cầu dịch vụ');
    expect(sheet.getRow(1).getCell(2).value).toBe('Mã yêu cầu');
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((x) => x[1]).sort()).toEqual([...mine].sort((x, y) => x - y));
    expect(rows.every((x) => x[2] === service.titleVi && x[3] === 'HTX Xuất Khẩu')).toBe(true);
    expect(rows.map((x) => x[7]).sort()).toEqual(['Điền thông tin', 'Đã thanh toán']);
    expect(JSON.stringify(rows)).not.toContain(SECRET);

    // exportAsFilter narrows further; exportAllData keeps only the slug.
    const filtered = await t.app.inject({
      method: 'POST',
      url: `${BASE}/export?slug=${service.slug}&step=paid`,
      headers: admin,
      payload: { mode: 'exportAsFilter' },
    });
    const all = await t.app.inject({
      method: 'POST',
      url: `${BASE}/export?slug=${service.slug}&step=paid`,
      headers: admin,
      payload: { mode: 'exportAllData' },
    });
    const count = async (payload: Buffer) => {
      const w = new ExcelJS.Workbook();
      await w.xlsx.load(payload as unknown as ArrayBuffer);
      return w.worksheets[0].rowCount - 1;
    };
    expect(await count(filtered.rawPayload)).toBe(1);
    expect(await count(all.rawPayload)).toBe(2);
    const bad = await t.app.inject({ method: 'POST', url: `${BASE}/export`, headers: admin, payload: { mode: 'everything' } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('notes with files', () => {
  it("attaches the staff member's own uploads; anyone else's file is a 422 on its field", async () => {
    const slug = (await buildService(t.db, { type: 2 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, slug, 'contract');
    const admin = await staffOf('admin');
    const file = await uploadPdf(t, admin, 'hop-dong.pdf');
    const res = await update(id, { note: { body: 'Hợp đồng đính kèm', attachments: [file] } }, as(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs.notes[0]).toMatchObject({
      body: 'Hợp đồng đính kèm',
      internal: false,
      attachments: [{ id: file, filename: 'hop-dong.pdf' }],
      author: { id: admin.user.id, staff: true },
    });
    const theirs = await uploadPdf(t, producer);
    const bad = await update(id, { note: { body: 'Tệp của người khác', attachments: [theirs] } }, as(admin, 'en'));
    expect(bad.statusCode).toBe(422);
    expect(json(bad).meta.errors[0].field).toBe('note.attachments.0');
    expect(json(await detail(id, as(admin))).data.urs.notes).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the admin service request routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json(res).paths);
    for (const p of ['', '/{id}', '/{id}/history', '/lock_all', '/{id}/lock', '/{id}/unlock', '/export']) {
      expect(paths).toContain(`${BASE}${p}`);
    }
  });
});
