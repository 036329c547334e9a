import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serviceRequestNotes, userRegisterServices } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { buildService, register, setStep } from './test-support.js';
import { moveRequest } from './workflow.js';

/** The producer hears of each step change and each visible note (in-app and mail); the assignee of each reply. */
let t: TestApp;
let staff: Built;
beforeAll(async () => {
  t = await createTestApp();
  staff = await buildUser(t.db, { platform: 'agrihub', roles: ['customer_support'], name: 'Chị Hoa CSKH' });
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const INTERNAL = 'NỘI BỘ: chưa xác minh được chuyển khoản';
const mine = async (u: Built, locale = 'vi') =>
  json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(u, locale) })).data
    .notifications as { type: string; title: string; body: string; link: string | null }[];

async function request(producer: Built) {
  const service = await buildService(t.db);
  const res = await register(t, producer, service.slug);
  return { id: json(res).data.urs.id as number, service };
}

/** A staff move as the admin routes make it (side 'platform'). */
const staffMove = (id: number, to: 'advice' | 'contract' | 'fill_info', reason: string | null, internal = false) =>
  moveRequest(t.app, {
    id,
    to,
    reason,
    internal,
    actor: {
      user: { ...staff.user, producerId: null },
      platform: 'agrihub',
      locale: 'vi',
      side: 'platform',
    },
  });

describe('service request notifications', () => {
  it('each step change reaches the producer in its language, with the visible reason only', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub', locale: 'en' });
    const { id, service } = await request(producer);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/user_register_services/${id}/move`,
        headers: as(producer),
        payload: { to: 'advice' },
      });
    expect((await submit()).statusCode).toBe(200);
    await staffMove(id, 'fill_info', 'Thiếu mã số thuế');
    expect((await submit()).statusCode).toBe(200);
    await staffMove(id, 'contract', INTERNAL, true);
    await t.app.events.drain();
    const got = await mine(producer, 'en');
    // Newest first.
    expect(got.map((n) => n.type)).toEqual([
      'service_request.step_changed',
      'service_request.step_changed',
      'service_request.step_changed_with_reason',
      'service_request.step_changed',
    ]);
    expect(got[2].body).toBe(
      `The service request "${service.titleEn}" (no. ${id}) moved to the step "Fill in information".\nNote: Thiếu mã số thuế`,
    );
    expect(got[0].body).toContain('"Contract"');
    expect(got[0].link).toBe(`/services/requests/${id}`);
    const mails = readOutbox(t.config.outboxDir);
    expect(mails).toHaveLength(4);
    expect(mails.every((m) => m.to === producer.user.email)).toBe(true);
    expect(JSON.stringify(mails)).not.toContain(INTERNAL);
    expect(JSON.stringify(got)).not.toContain(INTERNAL);
  });

  it('a visible staff note reaches the producer, an internal one nobody; a producer reply reaches the assignee', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await request(producer);
    await t.db.update(userRegisterServices).set({ assigneeId: staff.user.id }).where(eq(userRegisterServices.id, id));
    const [visible, internal] = await t.db
      .insert(serviceRequestNotes)
      .values([
        { requestId: id, authorId: staff.user.id, body: 'Vui lòng gửi bản scan CCCD', internal: false },
        { requestId: id, authorId: staff.user.id, body: INTERNAL, internal: true },
      ])
      .returning();
    const base = { platform: 'agrihub' as const, requestId: id, producerId: producer.producerId!, actorId: staff.user.id, byProducer: false };
    t.app.events.publish([
      { type: 'service_request.note_added', ...base, noteId: visible.id },
      // Even if an internal note were told, the subscriber reads the note and tells nobody.
      { type: 'service_request.note_added', ...base, noteId: internal.id },
    ]);
    await t.app.events.drain();
    const producerGot = await mine(producer);
    expect(producerGot.map((n) => n.type)).toEqual(['service_request.note_added']);
    expect(producerGot[0].body).toContain('Chị Hoa CSKH');
    expect(producerGot[0].body).toContain('Vui lòng gửi bản scan CCCD');

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user_register_services/${id}/notes`,
      headers: as(producer),
      payload: { body: 'Đã gửi bản scan, cảm ơn chị' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(json(reply).data.note).toMatchObject({ internal: false, author: { id: producer.user.id, staff: false } });
    await t.app.events.drain();
    const staffGot = await mine(staff);
    expect(staffGot.map((n) => n.type)).toEqual(['service_request.producer_replied']);
    expect(staffGot[0].body).toContain('Đã gửi bản scan, cảm ơn chị');
    expect(staffGot[0].link).toBe(`/admin/services-approval/${id}`);
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to).sort()).toEqual([producer.user.email, staff.user.email].sort());
    expect(JSON.stringify(mails)).not.toContain(INTERNAL);
    // The producer's own reply does not notify the producer.
    expect((await mine(producer)).length).toBe(1);
  });

  it('a reply on an unassigned request tells nobody; a locked request takes no staff move either', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await request(producer);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user_register_services/${id}/notes`,
      headers: as(producer),
      payload: { body: 'Có ai không?' },
    });
    expect(reply.statusCode).toBe(201);
    await t.app.events.drain();
    expect(readOutbox(t.config.outboxDir)).toEqual([]);
    await setStep(t.db, id, 'advice', new Date());
    await expect(staffMove(id, 'contract', null)).rejects.toMatchObject({ status: 423, code: 'service_request_locked' });
  });
});
