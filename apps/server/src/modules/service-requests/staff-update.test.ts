import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformKey, ServiceRequestState } from '@agrihub/contract';
import { producers, userRegisterServices } from '../../db/schema/index.js';
import { as, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildUser, type BuildUserOptions } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { demoAccounts } from '../../db/seed/accounts.js';
import { buildService, register, setStep, uploadPdf } from './test-support.js';

/** The staff update of a service request (PUT /api/v1/admin/user_register_services/:id) beyond admin.test.ts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const BASE = '/api/v1/admin/user_register_services';
const admin = (platform: PlatformKey = 'agrihub', o: Partial<BuildUserOptions> = {}) =>
  buildUser(t.db, { platform, roles: ['admin'], ...o });

async function request(u: Built, slug: string, step: ServiceRequestState = 'fill_info') {
  const res = await register(t, u, slug);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const id = json(res).data.urs.id as number;
  if (step !== 'fill_info') await setStep(t.db, id, step);
  return id;
}
const update = (id: number, payload: object, hh: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: hh, payload });
const stepOf = async (id: number) =>
  (await t.db.select({ s: userRegisterServices.step }).from(userRegisterServices).where(eq(userRegisterServices.id, id)))[0]
    ?.s;
const notificationsOf = async (u: Built, locale = 'vi') =>
  json(await t.app.inject({ url: '/api/v1/notifications', headers: as(u, locale) })).data.notifications as {
    type: string;
    title: string;
    body: string;
    link: string | null;
  }[];

describe('a move whose reason is internal', () => {
  const REASON = 'NỘI BỘ: kế toán chưa xác nhận chuyển khoản';
  it('shows the producer the step change (from → to, by staff, when) without the reason, anywhere', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const staff = await admin('agrihub', { name: 'Anh Bình Quản trị' });
    const id = await request(producer, slug, 'contract');
    const res = await update(id, { move: { to: 'advice', reason: REASON, internal: true } }, as(staff));
    expect(res.statusCode, res.body).toBe(200);
    // The back office reads the reason, marked internal.
    expect(json(res).data.history[0]).toMatchObject({
      action: 'send_back',
      from: 'contract',
      to: 'advice',
      note: REASON,
      internal: false,
      note_internal: true,
      user: { id: staff.user.id, staff: true },
    });

    const history = await t.app.inject({ url: `/api/v1/user_register_services/${id}/history`, headers: as(producer) });
    expect(history.statusCode, history.body).toBe(200);
    const rows = json(history).data.history as { action: string; from: string; to: string; note: string | null; created_at: string; user: unknown }[];
    expect(rows[0]).toMatchObject({
      action: 'send_back',
      from: 'contract',
      to: 'advice',
      note: null,
      note_internal: false,
      user: { id: staff.user.id, name: 'Anh Bình Quản trị', staff: true },
    });
    expect(Date.parse(rows[0].created_at)).toBeGreaterThan(Date.now() - 60_000);

    const own = await t.app.inject({ url: `/api/v1/user_register_services/${id}`, headers: as(producer) });
    const ownList = await t.app.inject({ url: '/api/v1/user_register_services', headers: as(producer) });
    expect(json(own).data.urs.step).toBe('advice');
    await t.app.events.drain();
    const mails = readOutbox(t.config.outboxDir).filter((m) => m.to === producer.user.email);
    expect(mails).toHaveLength(1);
    const told = await notificationsOf(producer);
    expect(told[0].type).toBe('service_request.step_changed');
    for (const text of [history.body, own.body, ownList.body, JSON.stringify(mails), JSON.stringify(told)]) {
      expect(text).not.toContain(REASON);
    }
  });

  it('an internal cancel reason is not the producer’s cancel_reason; a visible one is', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const staff = as(await admin());
    const hidden = await request(producer, slug, 'contract');
    expect((await update(hidden, { move: { to: 'cancelled', reason: REASON, internal: true } }, staff)).statusCode).toBe(200);
    const own = await t.app.inject({ url: `/api/v1/user_register_services/${hidden}`, headers: as(producer) });
    expect(json(own).data.urs).toMatchObject({ step: 'cancelled', cancel_reason: null });
    expect(own.body).not.toContain(REASON);
    const ownHistory = await t.app.inject({ url: `/api/v1/user_register_services/${hidden}/history`, headers: as(producer) });
    expect(json(ownHistory).data.history[0]).toMatchObject({ action: 'cancel', from: 'contract', to: 'cancelled', note: null });

    const shown = await request(producer, slug, 'contract');
    const VISIBLE = 'Khách hàng không ký hợp đồng';
    expect((await update(shown, { move: { to: 'cancelled', reason: VISIBLE } }, staff)).statusCode).toBe(200);
    const own2 = await t.app.inject({ url: `/api/v1/user_register_services/${shown}`, headers: as(producer) });
    expect(json(own2).data.urs.cancel_reason).toBe(VISIBLE);
    const h2 = await t.app.inject({ url: `/api/v1/user_register_services/${shown}/history`, headers: as(producer) });
    expect(json(h2).data.history[0]).toMatchObject({ action: 'cancel', note: VISIBLE, note_internal: false });
  });

  it('a visible reason is shown to the producer in its history', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, slug, 'advice');
    const VISIBLE = 'Vui lòng bổ sung mã số thuế';
    expect((await update(id, { move: { to: 'fill_info', reason: VISIBLE } }, as(await admin()))).statusCode).toBe(200);
    const h = await t.app.inject({ url: `/api/v1/user_register_services/${id}/history`, headers: as(producer) });
    expect(json(h).data.history[0]).toMatchObject({ from: 'advice', to: 'fill_info', note: VISIBLE, note_internal: false });
  });
});

describe('the staff update is one transaction', () => {
  it('a note refused after a move leaves the step, the history and the producer untold', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const staff = await admin();
    const id = await request(producer, slug, 'advice');
    const theirs = await uploadPdf(t, producer, 'cua-nha-san-xuat.pdf');
    const before = json(await t.app.inject({ url: `${BASE}/${id}`, headers: as(staff) })).data;
    const bad = await update(id, { move: { to: 'contract' }, note: { body: 'Hợp đồng', attachments: [theirs] } }, as(staff, 'en'));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(json(bad).meta.errors[0].field).toBe('note.attachments.0');
    expect(await stepOf(id)).toBe('advice');
    const after = json(await t.app.inject({ url: `${BASE}/${id}`, headers: as(staff) })).data;
    expect(after.history).toEqual(before.history);
    expect(after.urs.step_changed_at).toBe(before.urs.step_changed_at);
    // A file id that does not exist is refused the same way.
    const missing = await update(id, { move: { to: 'contract' }, note: { body: 'Hợp đồng', attachments: [987654321] } }, as(staff));
    expect(missing.statusCode).toBe(422);
    expect(await stepOf(id)).toBe('advice');
    await t.app.events.drain();
    expect(await notificationsOf(producer)).toEqual([]);
    expect(readOutbox(t.config.outboxDir).filter((m) => m.to === producer.user.email)).toEqual([]);
  });

  it('an assignee refused after a move leaves the step unchanged', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, slug, 'advice');
    const bad = await update(id, { move: { to: 'contract' }, assign: { assignee_id: producer.user.id } }, as(await admin()));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(json(bad).meta.errors[0].field).toBe('assign.assignee_id');
    expect(await stepOf(id)).toBe('advice');
  });

  it('move, assignment and note commit together, and the producer is told after commit', async () => {
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const staff = await admin();
    const id = await request(producer, slug, 'advice');
    const file = await uploadPdf(t, staff, 'hop-dong.pdf');
    const res = await update(
      id,
      { move: { to: 'contract' }, assign: { assignee_id: staff.user.id }, note: { body: 'Hợp đồng đính kèm', attachments: [file] } },
      as(staff),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs).toMatchObject({ step: 'contract', assignee: { id: staff.user.id } });
    expect(json(res).data.history.slice(0, 3).map((a: { action: string }) => a.action).sort()).toEqual(['advance', 'assign', 'note']);
    await t.app.events.drain();
    expect((await notificationsOf(producer)).map((n) => n.type).sort()).toEqual([
      'service_request.note_added',
      'service_request.step_changed',
    ]);
  });
});

describe('assigning a request tells the assignee', () => {
  it('in-app and by mail in the assignee’s language, with a link to the request; not when assigning oneself', async () => {
    const service = await buildService(t.db, { type: 1 });
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const id = await request(producer, service.slug, 'advice');
    const boss = await admin('agrihub', { name: 'Chị Mai Quản trị' });
    const support = await buildUser(t.db, {
      platform: 'agrihub',
      roles: ['customer_support'],
      locale: 'en',
      abilities: [
        { action: 'read', subject: 'user_register_service' },
        { action: 'update', subject: 'user_register_service' },
      ],
    });
    expect((await update(id, { assign: { assignee_id: support.user.id } }, as(boss))).statusCode).toBe(200);
    await t.app.events.drain();
    const told = await notificationsOf(support, 'en');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'service_request.assigned',
      title: 'A service request was assigned to you',
      link: `/admin/services-approval/${id}`,
    });
    const [{ name }] = await t.db.select({ name: producers.name }).from(producers).where(eq(producers.id, producer.producerId!));
    expect(told[0].body).toBe(`Chị Mai Quản trị assigned you the service request "${service.titleEn}" (no. ${id}) of ${name}.`);
    const mails = readOutbox(t.config.outboxDir).filter((m) => m.to === support.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('A service request was assigned to you');
    expect(mails[0].text).toContain(`/admin/services-approval/${id}`);

    // The same assignee again changes nothing and tells nobody; assigning oneself tells nobody.
    await clearOutbox(t);
    expect((await update(id, { assign: { assignee_id: support.user.id } }, as(boss))).statusCode).toBe(200);
    expect((await update(id, { assign: { assignee_id: boss.user.id } }, as(boss))).statusCode).toBe(200);
    await t.app.events.drain();
    expect(await notificationsOf(boss)).toEqual([]);
    expect(await notificationsOf(support)).toHaveLength(1);
    expect(readOutbox(t.config.outboxDir)).toEqual([]);
    // Unassigning tells nobody; the producer never hears of assignments.
    expect((await update(id, { assign: { assignee_id: null } }, as(boss))).statusCode).toBe(200);
    await t.app.events.drain();
    expect((await notificationsOf(producer)).filter((n) => n.type === 'service_request.assigned')).toEqual([]);
  });
});

describe('the demo approver account', () => {
  const seeded = (local: string) => demoAccounts('agrihub').find((a) => a.local === local)!;
  it('approves a submitted dossier; cannot move advice → contract; support cannot approve the dossier', async () => {
    const approverAccount = seeded('approver');
    expect(approverAccount.roles).toEqual(['approver']);
    const approver = await buildUser(t.db, { platform: 'agrihub', roles: approverAccount.roles, abilities: approverAccount.abilities });
    const support = await buildUser(t.db, { platform: 'agrihub', roles: seeded('support').roles, abilities: seeded('support').abilities });
    const slug = (await buildService(t.db, { type: 1 })).slug;
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const dossier = await request(producer, slug, 'submitted_profile');
    const atAdvice = await request(await buildUser(t.db, { platform: 'agrihub' }), slug, 'advice');

    // The approvals list and detail, with approve as its only move on the dossier.
    const list = await t.app.inject({ url: `${BASE}?slug=${slug}`, headers: as(approver) });
    expect(list.statusCode, list.body).toBe(200);
    const detail = await t.app.inject({ url: `${BASE}/${dossier}`, headers: as(approver) });
    expect(json(detail).data.urs.allowed_moves).toEqual([{ to: 'approved_profile', reason: false }]);

    const refused = await update(dossier, { move: { to: 'approved_profile' } }, as(support, 'en'));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta.message).toBeTruthy();
    expect(await stepOf(dossier)).toBe('submitted_profile');

    const approved = await update(dossier, { move: { to: 'approved_profile' } }, as(approver));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stepOf(dossier)).toBe('approved_profile');

    const notTheirs = await update(atAdvice, { move: { to: 'contract' } }, as(approver, 'en'));
    expect([403, 409]).toContain(notTheirs.statusCode);
    expect(json(notTheirs).meta.message).toBeTruthy();
    expect(await stepOf(atAdvice)).toBe('advice');
  });
});
