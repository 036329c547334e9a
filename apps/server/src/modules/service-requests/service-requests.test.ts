import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MULTICHANNEL_SERVICE_SLUG, hasProductAccess } from '@agrihub/contract';
import { serviceRequestNotes, userRegisterServices } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildService, FORM, register, setStep, uploadPdf } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const urs = (u: Built, id: number, locale = 'vi') =>
  t.app.inject({ method: 'GET', url: `/api/v1/user_register_services/${id}`, headers: as(u, locale) });
const whoami = async (u: Built) =>
  json(await t.app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: as(u) })).data.user;

async function registered(u: Built, opts: Parameters<typeof buildService>[1] = {}) {
  const service = await buildService(t.db, { platform: u.platform, ...opts });
  const res = await register(t, u, service.slug);
  expect(res.statusCode, res.body).toBe(201);
  return { service, id: json(res).data.urs.id as number, body: json(res) };
}

describe('registering to a service', () => {
  it('a paid service starts at fill_info (pending) with its files, its due date and a history row', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const file = await uploadPdf(t, producer);
    const service = await buildService(t.db, { targetDays: { fill_info: 2 } });
    const before = Date.now();
    const res = await register(t, producer, service.slug, [file]);
    expect(res.statusCode, res.body).toBe(201);
    const { urs: r } = json(res).data;
    expect(r).toMatchObject({
      step: 'fill_info',
      status: 'pending',
      registration_steps: ['fill_info', 'advice', 'contract', 'paid', 'profile_completed', 'submitted_profile', 'approved_profile', 'done'],
      // The contact phone is stored in E.164 (the contract's phone rule).
      form: { ...FORM, phone: '+84912345678' },
      editable: true,
      locked: false,
      overdue: false,
      allowed_moves: [{ to: 'advice', reason: false }, { to: 'cancelled', reason: true }],
      notes: [],
    });
    expect(r.attachments).toEqual([expect.objectContaining({ id: file, filename: 'ho-so.pdf' })]);
    const due = Date.parse(r.step_due_at) - before;
    expect(due).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(due).toBeLessThan(2 * 86_400_000 + 60_000);
    expect(json(res).meta.message).toBe('Đã gửi đăng ký dịch vụ.');
    const history = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/user_register_services/${r.id}/history`, headers: as(producer) }),
    ).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['register']);
    // The same answer on the second path of spec §7, and a second open request is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user_register_services',
      headers: as(producer, 'en'),
      payload: { slug: service.slug, form: FORM },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).meta.message).toContain('please follow your current request');
  });

  it('the overdue flag: an open request past its step due date', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await registered(producer);
    await t.db
      .update(userRegisterServices)
      .set({ stepDueAt: new Date(Date.now() - 3_600_000) })
      .where(eq(userRegisterServices.id, id));
    expect(json(await urs(producer, id)).data.urs.overdue).toBe(true);
    await setStep(t.db, id, 'cancelled');
    expect(json(await urs(producer, id)).data.urs.overdue).toBe(false);
  });

  it('refuses bad input with a clear 4xx: form, unknown or closed service, another producer’s file, no producer', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const other = await buildUser(t.db, { platform: 'agrihub' });
    const service = await buildService(t.db);
    const send = (u: Built, payload: object, locale = 'vi') =>
      t.app.inject({ method: 'POST', url: '/api/v1/registrations/register_service', headers: as(u, locale), payload });
    const noName = await send(producer, { slug: service.slug, form: { ...FORM, contact_name: ' ' } });
    expect(noName.statusCode).toBe(422);
    expect(json(noName).meta.errors).toContainEqual({ field: 'form.contact_name', message: 'Vui lòng nhập tên người liên hệ.' });
    expect((await send(producer, { slug: 'khong-co', form: FORM })).statusCode).toBe(404);
    const closed = await buildService(t.db, { available: false });
    const unavailable = await send(producer, { slug: closed.slug, form: FORM }, 'en');
    expect(unavailable.statusCode).toBe(409);
    expect(json(unavailable).meta.message).toBe('This service does not take registrations at the moment.');
    const theirs = await uploadPdf(t, other);
    const stolen = await send(producer, { slug: service.slug, form: FORM, attachments: [theirs] });
    expect(stolen.statusCode).toBe(422);
    expect(json(stolen).meta.errors[0].field).toBe('attachments.0');
    const admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    expect((await send(admin, { slug: service.slug, form: FORM })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/registrations/register_service', headers: { platform: 'agrihub' }, payload: { slug: service.slug, form: FORM } })).statusCode).toBe(401);
  });
});

describe('registed_services and the DTrack menus', () => {
  it('free and requested, or paid and at paid or later, never cancelled', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const free = await registered(producer, { type: 0 });
    expect(free.body.data.urs).toMatchObject({ step: 'done', status: 'approved', registration_steps: ['done'], allowed_moves: [], editable: false });
    expect(free.body.meta.message).toBe('Đăng ký dịch vụ thành công.');
    // Registered already: a free service is not requested twice.
    expect((await register(t, producer, free.service.slug)).statusCode).toBe(409);
    const paid = await registered(producer, { type: 2 });
    expect((await whoami(producer)).registed_services).toEqual([free.service.slug]);
    await setStep(t.db, paid.id, 'paid');
    expect((await whoami(producer)).registed_services).toEqual([free.service.slug, paid.service.slug]);
    await setStep(t.db, paid.id, 'cancelled');
    await setStep(t.db, free.id, 'cancelled');
    expect((await whoami(producer)).registed_services).toEqual([]);
  });

  it('a new DTrack producer who registers multi-channel selling gets the product menus on its next whoami', async () => {
    const newcomer = await buildUser(t.db, { platform: 'dtrack', productAccess: false });
    await buildService(t.db, { platform: 'dtrack', type: 0, slug: MULTICHANNEL_SERVICE_SLUG });
    expect(hasProductAccess('dtrack', await whoami(newcomer))).toBe(false);
    expect((await register(t, newcomer, MULTICHANNEL_SERVICE_SLUG)).statusCode).toBe(201);
    const user = await whoami(newcomer);
    expect(user.registed_services).toContain(MULTICHANNEL_SERVICE_SLUG);
    expect(hasProductAccess('dtrack', user)).toBe(true);
  });
});

describe('editing, locking and reading', () => {
  it('edits while filling in or preparing the dossier, not while staff hold it', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await registered(producer);
    const put = (payload: object, locale = 'vi') =>
      t.app.inject({ method: 'PUT', url: `/api/v1/user_register_services/${id}`, headers: as(producer, locale), payload });
    const edited = await put({ form: { ...FORM, note: 'Cần gấp' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).data.urs.form.note).toBe('Cần gấp');
    await setStep(t.db, id, 'advice');
    const refused = await put({ form: FORM }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta.message).toContain('"Advice"');
    await setStep(t.db, id, 'profile_completed');
    const file = await uploadPdf(t, producer);
    const withFile = await put({ attachments: [file] });
    expect(withFile.statusCode, withFile.body).toBe(200);
    expect(json(withFile).data.urs.attachments.map((f: { id: number }) => f.id)).toEqual([file]);
    // The dossier is submitted with a file; without any it is refused.
    await put({ attachments: [] });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user_register_services/${id}/move`,
      headers: as(producer),
      payload: { to: 'submitted_profile' },
    });
    expect(empty.statusCode).toBe(422);
    expect(json(empty).meta.errors[0]).toEqual({ field: 'attachments', message: 'Vui lòng đính kèm hồ sơ trước khi nộp.' });
  });

  it('a locked request refuses every write with 423 in the user’s language, and still reads', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await registered(producer);
    await setStep(t.db, id, 'fill_info', new Date());
    const writes = [
      { method: 'PUT' as const, url: `/api/v1/user_register_services/${id}`, payload: { form: FORM } },
      { method: 'POST' as const, url: `/api/v1/user_register_services/${id}/move`, payload: { to: 'advice' } },
      { method: 'DELETE' as const, url: `/api/v1/user_register_services/${id}`, payload: { reason: 'Đổi ý' } },
      { method: 'POST' as const, url: `/api/v1/user_register_services/${id}/notes`, payload: { body: 'Xin chào' } },
    ];
    for (const w of writes) {
      for (const [locale, text] of [
        ['vi', 'Yêu cầu dịch vụ đã bị khóa: chỉ quản trị viên mới có thể mở khóa.'],
        ['en', 'This service request is locked: only an administrator can unlock it.'],
      ]) {
        const res = await t.app.inject({ ...w, headers: as(producer, locale) });
        expect(res.statusCode, `${w.method} ${w.url}`).toBe(423);
        expect(json(res).meta).toMatchObject({ code: 'service_request_locked', message: text });
      }
    }
    const read = json(await urs(producer, id)).data.urs;
    expect(read).toMatchObject({ step: 'fill_info', locked: true, editable: false, allowed_moves: [] });
    const notes = await t.db.select().from(serviceRequestNotes).where(eq(serviceRequestNotes.requestId, id));
    expect(notes).toEqual([]);
  });

  it('internal notes and internal history never reach the producer', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const staff = await buildUser(t.db, { platform: 'agrihub', roles: ['customer_support'] });
    const { id } = await registered(producer);
    const INTERNAL = 'NỘI BỘ: khách hàng khó tính';
    await t.db.insert(serviceRequestNotes).values([
      { requestId: id, authorId: staff.user.id, body: INTERNAL, internal: true },
      { requestId: id, authorId: staff.user.id, body: 'Vui lòng bổ sung giấy phép kinh doanh', internal: false },
    ]);
    await recordActivity(t.db, {
      subjectType: 'service_request',
      subjectId: id,
      platform: 'agrihub',
      actorId: staff.user.id,
      action: 'note',
      note: INTERNAL,
      internal: true,
    });
    const detail = await urs(producer, id);
    expect(detail.body).not.toContain(INTERNAL);
    expect(json(detail).data.urs.notes).toEqual([
      expect.objectContaining({ body: 'Vui lòng bổ sung giấy phép kinh doanh', internal: false, author: expect.objectContaining({ staff: true }) }),
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/user_register_services', headers: as(producer) });
    expect(list.body).not.toContain(INTERNAL);
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/user_register_services/${id}/history`, headers: as(producer) });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(INTERNAL);
  });

  it('another producer, or another platform, finds nothing (404), and the list holds only its own', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const colleague = await buildUser(t.db, { platform: 'agrihub' });
    const foodmap = await buildUser(t.db, { platform: 'foodmap' });
    const { id } = await registered(producer);
    const theirs = await registered(foodmap);
    for (const [u, target] of [
      [colleague, id],
      [producer, theirs.id],
    ] as const) {
      for (const w of [
        { method: 'GET' as const, url: `/api/v1/user_register_services/${target}` },
        { method: 'GET' as const, url: `/api/v1/user_register_services/${target}/history` },
        { method: 'PUT' as const, url: `/api/v1/user_register_services/${target}`, payload: { form: FORM } },
        { method: 'POST' as const, url: `/api/v1/user_register_services/${target}/move`, payload: { to: 'advice' } },
        { method: 'DELETE' as const, url: `/api/v1/user_register_services/${target}`, payload: { reason: 'x' } },
        { method: 'POST' as const, url: `/api/v1/user_register_services/${target}/notes`, payload: { body: 'x' } },
      ]) {
        expect((await t.app.inject({ ...w, headers: as(u) })).statusCode, `${w.method} ${w.url}`).toBe(404);
      }
    }
    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/user_register_services', headers: as(producer) }));
    expect(list.data.urss.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(list.meta).toMatchObject({ total_count: 1, current_page: 1 });
    expect(list.data.urss[0]).not.toHaveProperty('notes');
  });

  it('cancels with a reason before the contract, kept on the request', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await registered(producer);
    const cancel = (reason?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user_register_services/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
        headers: as(producer),
      });
    expect((await cancel()).statusCode).toBe(422);
    await setStep(t.db, id, 'contract');
    expect((await cancel('Đổi ý')).statusCode).toBe(409);
    await setStep(t.db, id, 'advice');
    const res = await cancel('Đã tìm được đơn vị khác');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await urs(producer, id)).data.urs).toMatchObject({
      step: 'cancelled',
      status: 'cancelled',
      cancel_reason: 'Đã tìm được đơn vị khác',
    });
  });
});
