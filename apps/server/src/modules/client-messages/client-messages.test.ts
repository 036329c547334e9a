import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { clientMessageLead, type LeadStatus, type PlatformKey } from '@agrihub/contract';
import { activity, clientMessages, notifications } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildActors, checkMachine, type ActorKind } from '../../../test/machine-table.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/**
 * Client messages (leads, DESIGN §5.4): the public contact form (validation in the caller's
 * language, consent required, honeypot, rate limit, staff notified), the back office's list,
 * detail and update (abilities, platform scope, the lead table by actor).
 */
let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATION_RATE_LIMIT_PER_HOUR: '3' });
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Nguyễn Thị Lan',
  phone: '0912345678',
  email: 'lan@example.vn',
  company: 'HTX Rau sạch Đà Lạt',
  topic: 'service_advice',
  message: 'Tôi cần tư vấn đăng ký mã số mã vạch cho sản phẩm rau.',
  consent: true,
  ...over,
});

const send = (
  platform: PlatformKey,
  payload: object,
  locale = 'vi',
  remoteAddress = `10.52.${Math.floor(++ip / 250)}.${ip % 250}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client/messages',
    headers: { platform, locale },
    payload,
    remoteAddress,
  });

const countOn = async (platform: string) =>
  (await t.db.select({ id: clientMessages.id }).from(clientMessages).where(eq(clientMessages.platform, platform)))
    .length;

/** Sends a message and answers its id (the newest of the platform). */
async function lead(platform: PlatformKey, over: Record<string, unknown> = {}): Promise<number> {
  const res = await send(platform, valid(over));
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select({ id: clientMessages.id })
    .from(clientMessages)
    .where(eq(clientMessages.platform, platform))
    .orderBy(desc(clientMessages.id))
    .limit(1);
  return row.id;
}

describe('POST /api/v1/client/messages', () => {
  it('keeps a valid message as a pending lead of the platform and thanks the visitor in its language', async () => {
    const before = await countOn('foodmap');
    const res = await send('foodmap', valid({ email: ' LAN@Example.VN ' }), 'en');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toEqual({
      data: { sent: true },
      meta: { message: 'Thank you for contacting us! We will call you back as soon as possible.' },
    });
    expect(await countOn('foodmap')).toBe(before + 1);
    const [row] = await t.db
      .select()
      .from(clientMessages)
      .where(eq(clientMessages.platform, 'foodmap'))
      .orderBy(desc(clientMessages.id))
      .limit(1);
    expect(row).toMatchObject({
      status: 'pending',
      email: 'lan@example.vn',
      topic: 'service_advice',
      assigneeId: null,
    });
    expect(row.consentAt).toBeInstanceOf(Date);
  });

  it('refuses bad fields with a 422 per field, in Vietnamese and in English', async () => {
    const cases: [object, string, string, string][] = [
      [valid({ name: ' ' }), 'name', 'Vui lòng nhập tên.', 'Please enter a name.'],
      [valid({ phone: '12345' }), 'phone', 'Số điện thoại không hợp lệ.', 'Invalid phone number.'],
      [valid({ phone: '' }), 'phone', 'Vui lòng nhập số điện thoại.', 'Please enter a phone number.'],
      [valid({ email: 'lan@' }), 'email', 'Email không hợp lệ.', 'Invalid email address.'],
      [valid({ topic: 'spam' }), 'topic', 'Vui lòng chọn chủ đề.', 'Please choose a topic.'],
      [
        valid({ message: '' }),
        'message',
        'Vui lòng nhập nội dung cần tư vấn.',
        'Please write what you need advice on.',
      ],
      [
        valid({ message: 'x'.repeat(3001) }),
        'message',
        'Nội dung quá dài: tối đa 3000 ký tự.',
        'The message is too long: at most 3000 characters.',
      ],
      [
        valid({ service_slug: 'no-such-service' }),
        'service_slug',
        'Dịch vụ này không tồn tại.',
        'This service does not exist.',
      ],
    ];
    const before = await countOn('agrihub');
    for (const [payload, field, vi, en] of cases) {
      for (const [locale, message] of [
        ['vi', vi],
        ['en', en],
      ] as const) {
        const res = await send('agrihub', payload, locale);
        expect(res.statusCode, `${field} ${locale}: ${res.body}`).toBe(422);
        const errors = json(res).meta.errors as { field: string; message: string }[];
        expect(errors.find((e) => e.field === field)?.message.replace(/\.$/, ''), `${field} ${locale}`).toBe(
          message.replace(/\.$/, ''),
        );
      }
    }
    expect(await countOn('agrihub')).toBe(before);
  });

  it('needs the consent to personal-data processing (422 in the caller’s language), nothing kept', async () => {
    const before = await countOn('agrihub');
    for (const consent of [undefined, false, 'true', null]) {
      const payload = valid({ consent });
      if (consent === undefined) delete (payload as Record<string, unknown>).consent;
      const vi = await send('agrihub', payload, 'vi');
      expect(vi.statusCode).toBe(422);
      expect(json(vi).meta.errors).toContainEqual({
        field: 'consent',
        message: 'Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.',
      });
      const en = await send('agrihub', payload, 'en');
      expect(json(en).meta.errors).toContainEqual({
        field: 'consent',
        message: 'Please agree to the processing of your personal data so that we can contact you.',
      });
    }
    expect(await countOn('agrihub')).toBe(before);
  });

  it('answers a filled honeypot like a success but keeps nothing and tells nobody', async () => {
    const admin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
    const before = await countOn('dtrack');
    const res = await send('dtrack', valid({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toEqual({ sent: true });
    await t.app.events.drain();
    expect(await countOn('dtrack')).toBe(before);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, admin.user.id))).toEqual([]);
  });

  it('keeps the service the form was sent from when it is one of the platform', async () => {
    const res = await send('agrihub', valid({ service_slug: 'barcode_registration' }));
    if (res.statusCode === 422) {
      // The seed-free test database has no services: the slug is refused as unknown.
      expect(json(res).meta.errors).toContainEqual({ field: 'service_slug', message: 'Dịch vụ này không tồn tại.' });
    } else expect(res.statusCode).toBe(201);
  });

  it('is rate-limited per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send('agrihub', valid(), 'vi', '10.53.0.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("tells the platform's admins and customer support who handle messages, in-app and by mail", async () => {
    const admin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'], locale: 'en' });
    const support = await buildUser(t.db, {
      platform: 'foodmap',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'message' }],
    });
    const supportWithout = await buildUser(t.db, { platform: 'foodmap', roles: ['customer_support'], abilities: [] });
    const producer = await buildUser(t.db, { platform: 'foodmap' });
    const otherAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    const id = await lead('foodmap', { name: 'Trần Văn Tú', phone: '0987654321', topic: 'partnership' });
    await t.app.events.drain();
    const mineOf = async (u: Built) =>
      json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(u, 'en') })).data
        .notifications as {
        type: string;
        title: string;
        body: string;
        link: string | null;
      }[];
    const forAdmin = (await mineOf(admin)).filter((n) => n.type === 'client_message.received');
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).toMatchObject({ title: 'New message from a client', link: `/admin/client-messages/${id}` });
    expect(forAdmin[0].body).toContain('Trần Văn Tú (0987 654 321) sent a message about "Partnership"');
    expect((await mineOf(support)).filter((n) => n.type === 'client_message.received')).toHaveLength(1);
    for (const u of [supportWithout, producer, otherAdmin]) {
      expect((await mineOf(u)).filter((n) => n.type === 'client_message.received')).toEqual([]);
    }
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to).sort()).toEqual([admin.user.email, support.user.email].sort());
    expect(mails.find((m) => m.to === support.user.email)?.subject).toContain('Liên hệ mới từ khách hàng');
  });
});

describe('admin messages', () => {
  let support: Built;
  let admin: Built;
  beforeAll(async () => {
    support = await buildUser(t.db, {
      platform: 'dtrack',
      roles: ['customer_support'],
      abilities: [
        { action: 'read', subject: 'message' },
        { action: 'update', subject: 'message' },
      ],
    });
    admin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
  });

  const list = (u: Built, query = '', locale = 'vi') =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/messages${query}`, headers: as(u, locale) });
  const put = (u: Built, id: number, payload: object, locale = 'vi') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/messages/${id}`, headers: as(u, locale), payload });

  it('support reads and updates; staff without the ability and producers get 403', async () => {
    const id = await lead('dtrack');
    const producer = await buildUser(t.db, { platform: 'dtrack' });
    const readerOnly = await buildUser(t.db, {
      platform: 'dtrack',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'message' }],
    });
    const other = await buildUser(t.db, {
      platform: 'dtrack',
      roles: ['purchasing'],
      abilities: [{ action: 'read', subject: 'purchase_order' }],
    });
    expect((await list(support)).statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: `/api/v1/admin/messages/${id}`, headers: as(support) });
    expect(got.statusCode).toBe(200);
    expect(json(got).data.message.moves.map((m: { to: string }) => m.to)).toEqual(['no_contact_yet', 'done']);
    expect((await put(support, id, { note: { body: 'Đã nhắn Zalo' } })).statusCode).toBe(200);
    for (const u of [producer, other]) {
      expect((await list(u)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/admin/messages/${id}`, headers: as(u) })).statusCode,
      ).toBe(403);
      expect((await put(u, id, { move: { to: 'no_contact_yet' } })).statusCode).toBe(403);
    }
    expect((await list(readerOnly)).statusCode).toBe(200);
    expect((await put(readerOnly, id, { move: { to: 'no_contact_yet' } })).statusCode).toBe(403);
    const detail = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/messages/${id}`, headers: as(readerOnly) }),
    ).data;
    expect(detail.message.moves).toEqual([]);
  });

  it("another platform's message is not found", async () => {
    const id = await lead('agrihub');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/messages/${id}`, headers: as(support) })).statusCode,
    ).toBe(404);
    expect((await put(support, id, { move: { to: 'no_contact_yet' } })).statusCode).toBe(404);
    expect((await put(admin, id, { note: { body: 'x' } })).statusCode).toBe(404);
    const ids = (json(await list(admin, '?per_page=100')).data.messages as { id: number }[]).map((m) => m.id);
    expect(ids).not.toContain(id);
  });

  it('moves, assigns and notes in one transaction, with history; a refused part writes nothing', async () => {
    const id = await lead('dtrack');
    const res = await put(support, id, {
      move: { to: 'no_contact_yet' },
      assign: { assignee_id: support.user.id },
      note: { body: 'Gọi lại lúc 14h' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data;
    expect(d.message).toMatchObject({ status: 'no_contact_yet', assignee: { id: support.user.id } });
    expect(d.notes.map((n: { body: string }) => n.body)).toEqual(['Gọi lại lúc 14h']);
    expect(d.history.map((h: { action: string }) => h.action).sort()).toEqual(['advance', 'assign', 'note']);
    expect(json(res).meta.message).toBe('Đã cập nhật liên hệ.');

    // Going back needs a reason (422, in the caller's language); with one, the history keeps it.
    const back = await put(support, id, { move: { to: 'pending' } }, 'en');
    expect(back.statusCode).toBe(422);
    // A valid move with an assignee who is no administrator: nothing of it is kept.
    const producer = await buildUser(t.db, { platform: 'dtrack' });
    const refused = await put(support, id, { move: { to: 'made_call' }, assign: { assignee_id: producer.user.id } });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).meta.errors).toContainEqual({
      field: 'assign.assignee_id',
      message: 'Người phụ trách phải là quản trị viên của nền tảng này.',
    });
    const [row] = await t.db.select().from(clientMessages).where(eq(clientMessages.id, id));
    expect(row.status).toBe('no_contact_yet');
    // A move the table does not have: 409 naming the allowed ones.
    const skip = await put(support, id, { move: { to: 'sample_sent' } });
    expect(skip.statusCode).toBe(409);
    const withReason = await put(support, id, { move: { to: 'pending', reason: 'Khách nhờ gọi lại tuần sau' } });
    expect(withReason.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'client_message'), eq(activity.subjectId, id)));
    expect(rows.find((r) => r.toStatus === 'pending')?.note).toBe('Khách nhờ gọi lại tuần sau');
    expect((await put(support, id, {})).statusCode).toBe(422);
  });

  it('lists with filters (status, topic, created between, accent-free q), paging and counts per status', async () => {
    const platform = 'dtrack';
    const a = await lead(platform, {
      name: 'Đặng Thị Hương',
      topic: 'traceability',
      message: 'Truy xuất cà phê Đắk Lắk',
    });
    const b = await lead(platform, { name: 'Lê Văn Bình', topic: 'traceability', message: 'Tem QR cho mật ong' });
    await put(admin, b, { move: { to: 'no_contact_yet' } });
    const ids = (res: Awaited<ReturnType<typeof list>>) =>
      (json(res).data.messages as { id: number }[]).map((m) => m.id);

    const q = await list(admin, '?q=dak%20lak');
    expect(ids(q)).toEqual([a]);
    const byTopic = await list(admin, '?topic=traceability&per_page=100');
    expect(ids(byTopic)).toEqual(expect.arrayContaining([a, b]));
    const traceTotal = json(byTopic).meta.total_count as number;
    const pending = await list(admin, '?topic=traceability&status=pending&per_page=100');
    expect(ids(pending)).toContain(a);
    expect(ids(pending)).not.toContain(b);
    // Counts per status leave the status filter out.
    expect(json(pending).meta.counts).toEqual(json(byTopic).meta.counts);
    const counts = json(byTopic).meta.counts as Record<string, number>;
    expect(Object.values(counts).reduce((s, n) => s + n, 0)).toBe(traceTotal);
    expect(counts.no_contact_yet).toBeGreaterThanOrEqual(1);

    // Paging: two pages of one, newest first, no overlap.
    const p1 = await list(admin, '?topic=traceability&per_page=1&page=1');
    const p2 = await list(admin, '?topic=traceability&per_page=1&page=2');
    expect(ids(p1)).toEqual([b]);
    expect(ids(p2)).toEqual([a]);
    expect(json(p1).meta).toMatchObject({ total_count: traceTotal, current_page: 1, per_page: 1 });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect(ids(await list(admin, `?created_from=${today}&created_to=${today}&q=dak%20lak`))).toEqual([a]);
    expect(ids(await list(admin, `?created_to=2020-01-01&q=dak%20lak`))).toEqual([]);

    const bad = await list(admin, '?status=closed');
    expect(bad.statusCode).toBe(422);
    expect(json(bad).meta.errors).toContainEqual({ field: 'status', message: 'Trạng thái không hợp lệ.' });
    expect((await list(admin, '?topic=x')).statusCode).toBe(422);
    expect((await list(admin, '?created_from=2025-13-01')).statusCode).toBe(422);
    expect((await list(admin, '?sort=name')).statusCode).toBe(422);
  });

  it('the lead table by actor: every move answers as the contract says, with one history row', async () => {
    const actors = await buildActors(t, { action: 'update', subject: 'message' });
    const id = await lead(actors.admin.platform);
    const refusedBefore = (kind: ActorKind) =>
      kind === 'owner' || kind === 'other_producer' || kind === 'support_without' ? 403 : null;
    const move = (to: LeadStatus) => ({
      send: (u: Built, reason: string | undefined) => put(u, id, { move: { to, ...(reason ? { reason } : {}) } }),
      refusedBefore,
    });
    const cases = await checkMachine({
      t,
      machine: clientMessageLead,
      subject: 'client_message',
      subjectId: id,
      actors,
      routes: Object.fromEntries(clientMessageLead.states.map((s) => [s, move(s)])),
      reset: async (state) => {
        await t.db.update(clientMessages).set({ status: state }).where(eq(clientMessages.id, id));
      },
      stateOf: async () => (await t.db.select().from(clientMessages).where(eq(clientMessages.id, id)))[0].status,
    });
    expect(cases).toBeGreaterThan(200);
  }, 180_000);
});
